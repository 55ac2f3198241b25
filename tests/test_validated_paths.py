"""Every shortcut around a pydantic model's own path gives what that path gives, on real data.

Records are built and dumped through their models. Where a hot path takes a shorter route
(`schemas.fastpath`), the bundled sample and a generated corpus are parsed twice, once with
`fastpath.FAST` off (every shortcut is then its reference: `model_validate`, `model_dump`,
`json.dumps`), and every record compared:
- `ParsedDocument.location`: `SourceLocation` validated from its fields;
- the tiles stage: one validation call per table and list (`Validator.many`), its location
  fields from `ParsedDocument.location_fields`;
- `warehouse.rows` (`record_row`, `ColumnRows.add_records`): the model's serializer and the
  C JSON encoder, for `model_dump(mode="json")` and `json.dumps`.
`ConfigData.tiles` (`ConfigTile` validated from dicts) is compared with the models on both
corpora in `tests/engine_config/test_shared_data.py`.
No path skips validation (no `model_construct`): a shortcut only leaves out Python calls.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from carcdb.pipeline.extract.corpus import read_corpus, read_sources, sample_corpus_dir
from carcdb.pipeline.parse.document import RevisionText
from carcdb.pipeline.parse.registry import parse_revision, registered_stages
from carcdb.pipeline.parse.tiles import stage as tiles_stage
from carcdb.pipeline.progress import NoProgress
from carcdb.pipeline.synth import generate_corpus
from carcdb.schemas import fastpath
from carcdb.schemas.base import SourceLocation
from carcdb.schemas.tiles import TileEntry, TileFeature, TileIllustration
from carcdb.warehouse.rows import ColumnRows, record_row

# The models the tiles stage validates in batches, by table.
BATCH_MODELS: dict[str, type[BaseModel]] = {
    "tiles": TileEntry,
    "tile_features": TileFeature,
    "tile_illustrations": TileIllustration,
}


def _revisions(corpus: Path) -> list[RevisionText]:
    batches = read_sources(read_corpus(corpus), NoProgress())
    return [
        RevisionText(rev.revision_key, rev.title, rev.base_title, rev.language, rev.wikitext)
        for batch in batches
        for rev in batch.revisions
    ]


@pytest.fixture(scope="module")
def corpora(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[RevisionText]]:
    generated = tmp_path_factory.mktemp("generated") / "corpus"
    generate_corpus(generated, pages=4, langs=2, seed=11, defect_rate=0.5)
    return {"sample": _revisions(sample_corpus_dir()), "generated": _revisions(generated)}


def _as_built(model: BaseModel) -> tuple[type[BaseModel], BaseModel, set[str]]:
    return type(model), model, model.model_fields_set


def _parse(revisions: list[RevisionText]) -> dict[str, list[BaseModel]]:
    records: dict[str, list[BaseModel]] = defaultdict(list)
    stages = registered_stages()
    for revision in revisions:
        for output in parse_revision(revision, stages).outputs.values():
            for table, rows in output.rows.items():
                records[table].extend(rows)
            records["findings"].extend(output.findings)
    return dict(records)


@pytest.fixture(scope="module")
def parsed(
    corpora: dict[str, list[RevisionText]],
) -> dict[str, tuple[dict[str, list[BaseModel]], dict[str, list[BaseModel]]]]:
    """Each corpus's records, parsed with the shortcuts and with `fastpath.FAST` off."""
    out = {}
    for name, revisions in corpora.items():
        fast = _parse(revisions)
        patch = pytest.MonkeyPatch()
        try:
            patch.setattr(fastpath, "FAST", False)
            plain = _parse(revisions)
        finally:
            patch.undo()
        out[name] = (fast, plain)
    return out


@pytest.mark.parametrize("corpus", ["sample", "generated"])
def test_records_are_what_the_models_build(
    corpus: str,
    parsed: dict[str, tuple[dict[str, list[BaseModel]], dict[str, list[BaseModel]]]],
) -> None:
    fast, plain = parsed[corpus]
    assert set(fast) == set(plain)
    assert set(tiles_stage._BATCHES) == set(BATCH_MODELS)
    for table in BATCH_MODELS:
        assert len(fast[table]) > 10, table
    for table, records in fast.items():
        assert list(map(_as_built, records)) == list(map(_as_built, plain[table])), table


def test_the_plain_path_is_the_models_own() -> None:
    """With `FAST` off a `Validator` never reaches the core validator it holds."""
    validator = fastpath.Validator(SourceLocation)
    fields = {
        "title": "T",
        "language": "en",
        "revision_key": "k",
        "line": 1,
        "col": 1,
        "snippet": "",
    }

    def not_called(_: object) -> SourceLocation:
        raise AssertionError("the core validator, with FAST off")

    patch = pytest.MonkeyPatch()
    try:
        patch.setattr(fastpath, "FAST", False)
        patch.setattr(validator, "_core", not_called)
        assert _as_built(validator.one(fields)) == _as_built(SourceLocation(**fields))
        assert list(map(_as_built, validator.many([fields]))) == [
            _as_built(SourceLocation(**fields))
        ]
        with pytest.raises(ValidationError):  # the same validation: a column starts at 1
            validator.one({**fields, "col": 0})
    finally:
        patch.undo()
    assert _as_built(validator.one(fields)) == _as_built(SourceLocation(**fields))
    with pytest.raises(ValidationError):
        validator.many([{**fields, "col": 0}])


def _reference_row(record: BaseModel) -> dict[str, Any]:
    """The row as the plain model dump gives it (see `warehouse.rows`)."""
    row: dict[str, Any] = {}
    for key, value in record.model_dump(mode="json").items():
        if key == "location" and isinstance(value, dict):
            row.update(value)
        elif isinstance(value, dict | list):
            row[key] = json.dumps(value, ensure_ascii=False, sort_keys=True)
        else:
            row[key] = value
    return row


@pytest.mark.parametrize("corpus", ["sample", "generated"])
def test_rows_are_what_the_model_dump_gives(
    corpus: str,
    parsed: dict[str, tuple[dict[str, list[BaseModel]], dict[str, list[BaseModel]]]],
) -> None:
    records = parsed[corpus][0]
    assert {"tile_lists", "tiles", "rules", "scoring_claims", "findings"} <= set(records)
    for table, rows in records.items():
        expected = [_reference_row(record) for record in rows]
        assert [record_row(record) for record in rows] == expected, table
        columns = ColumnRows()
        columns.add_records(rows)
        assert columns.count == len(rows) > 0
        names = list(expected[0])
        assert all(list(row) == names for row in expected), table  # one record class a table
        assert columns.columns == {name: [row[name] for row in expected] for name in names}
