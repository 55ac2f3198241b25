"""Every shortcut around a pydantic model's own path gives what that path gives, on real data.

Records are built and dumped through their models. Where a hot path takes a shorter route,
it is compared here, call by call, with the model's route, while the bundled sample and a
generated corpus are parsed:
- `ParsedDocument.location`: `SourceLocation`'s validator on a dict, for `SourceLocation(...)`;
- the tiles stage: one `TypeAdapter(list[Model])` call per table and page, for `Model(...)`
  per record;
- `warehouse.rows` (`record_row`, `ColumnRows.add_records`): the model's serializer, for
  `model_dump(mode="json")`.
`ConfigData.tiles` (`ConfigTile`'s validator on a dict) is compared with the models on both
corpora in `tests/engine_config/test_shared_data.py`.
No path skips validation (no `model_construct`): a shortcut only leaves out Python calls.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, TypeAdapter

from pipeline.extract.corpus import read_corpus, read_sources, sample_corpus_dir
from pipeline.parse import document
from pipeline.parse.document import RevisionText
from pipeline.parse.registry import parse_revision, registered_stages
from pipeline.parse.tiles import stage as tiles_stage
from pipeline.progress import NoProgress
from pipeline.synth import generate_corpus
from schemas.base import SourceLocation
from schemas.tiles import TileEntry, TileFeature, TileIllustration
from warehouse.rows import ColumnRows, record_row

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


class _CheckedBatches:
    """A batch validator that also builds each record with its model and compares."""

    def __init__(self, adapter: TypeAdapter[list[Any]], model: type[BaseModel]) -> None:
        self.adapter = adapter
        self.model = model
        self.records = 0

    def validate_python(self, batch: list[dict[str, Any]]) -> list[BaseModel]:
        made: list[BaseModel] = self.adapter.validate_python(batch)
        expected = [self.model(**fields) for fields in batch]
        assert list(map(_as_built, made)) == list(map(_as_built, expected))
        self.records += len(made)
        return made


@pytest.fixture(scope="module")
def parsed(corpora: dict[str, list[RevisionText]]) -> dict[str, dict[str, Any]]:
    """Each corpus parsed with every shortcut checked against its model as it runs: the
    records made, and how many locations and batch records were compared."""
    patch = pytest.MonkeyPatch()
    try:
        assert set(tiles_stage._BATCHES) == set(BATCH_MODELS)
        real_location: Callable[[dict[str, Any]], SourceLocation] = document._validate_location
        out: dict[str, dict[str, Any]] = {}
        for name, revisions in corpora.items():
            locations = [0]

            def checked_location(fields: dict[str, Any]) -> SourceLocation:
                made = real_location(fields)
                assert _as_built(made) == _as_built(SourceLocation(**fields))
                locations[0] += 1  # noqa: B023 -- read before the next corpus starts
                return made

            batches = {
                table: _CheckedBatches(adapter, BATCH_MODELS[table])
                for table, adapter in tiles_stage._BATCHES.items()
            }
            patch.setattr(document, "_validate_location", checked_location)
            patch.setattr(tiles_stage, "_BATCHES", batches)
            records: dict[str, list[BaseModel]] = defaultdict(list)
            stages = registered_stages()
            for revision in revisions:
                for output in parse_revision(revision, stages).outputs.values():
                    for table, rows in output.rows.items():
                        records[table].extend(rows)
                    records["findings"].extend(output.findings)
            out[name] = {
                "records": dict(records),
                "locations": locations[0],
                "batch_records": {table: b.records for table, b in batches.items()},
            }
            patch.undo()
        return out
    finally:
        patch.undo()


@pytest.mark.parametrize("corpus", ["sample", "generated"])
def test_locations_and_batches_are_what_the_models_build(
    corpus: str, parsed: dict[str, dict[str, Any]]
) -> None:
    result = parsed[corpus]
    records = result["records"]
    # The comparisons ran inside the parse: a location for each rule and tile list (claims
    # share their rule's), and every record of the batch-validated tables.
    assert result["locations"] >= len(records["rules"]) + len(records["tile_lists"]) > 100
    for table, compared in result["batch_records"].items():
        assert compared == len(records[table]) > 10, table


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
def test_rows_are_what_the_model_dump_gives(corpus: str, parsed: dict[str, dict[str, Any]]) -> None:
    records: dict[str, list[BaseModel]] = parsed[corpus]["records"]
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
