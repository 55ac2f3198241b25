"""`record_row()` and `ColumnRows.add_rows()` give exactly what their reference versions gave.

The references are the straightforward versions they replaced: `json.dumps` per nested value,
and rows appended one by one. Checked on every record the parse stages make of the real
fixture pages, and on generated records with odd text.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from carcdb.pipeline.parse.document import RevisionText
from carcdb.pipeline.parse.registry import parse_revision, registered_stages
from carcdb.pipeline.run.page_parse import rows_of
from carcdb.schemas import fastpath
from carcdb.schemas.base import Record, SourceLocation
from carcdb.schemas.findings import Finding, Severity
from carcdb.schemas.tiles import EditionSources, FeatureKind, TileEntry, TileFeature
from carcdb.warehouse.connection import write_transaction
from carcdb.warehouse.rows import ColumnRows, insert_records, record_row, table_columns
from tests.lanes import examples

FIXTURES = Path(__file__).parent / "fixtures"


def _reference_row(record: BaseModel) -> dict[str, Any]:
    raw = record.model_dump(mode="json")
    row: dict[str, Any] = {}
    for key, value in raw.items():
        if key == "location" and isinstance(value, dict):
            row.update(value)
        elif isinstance(value, dict | list):
            row[key] = json.dumps(value, ensure_ascii=False, sort_keys=True)
        else:
            row[key] = value
    return row


def _reference_columns(rows: Sequence[Mapping[str, Any]], into: ColumnRows) -> None:
    for row in rows:
        for name, value in row.items():
            column = into.columns.get(name)
            if column is None:
                column = into.columns[name] = [None] * into.count
            column.append(value)
        into.count += 1
        for column in into.columns.values():
            if len(column) < into.count:
                column.append(None)


def _fixture_records() -> Iterator[BaseModel]:
    stages = registered_stages()
    for area in ("tiles", "rules"):
        for page in sorted((FIXTURES / area).glob("*.wiki")):
            revision = RevisionText("sha:x", f"{page.stem}/ro", page.stem, "ro", page.read_text())
            for output in parse_revision(revision, stages).outputs.values():
                for records in output.rows.values():
                    yield from records
                yield from output.findings


@pytest.mark.slow
def test_rows_of_the_fixture_records() -> None:
    records = list(_fixture_records())
    assert len({type(record) for record in records}) >= 6  # tiles, rules and findings
    for record in records:
        row = record_row(record)
        assert row == _reference_row(record)
        assert list(row) == list(_reference_row(record))  # the same column order too


def test_rows_of_a_page_are_the_reference_columns() -> None:
    page = FIXTURES / "tiles" / "base_game_ro.wiki"
    revision = RevisionText("sha:x", "Base/ro", "Base", "ro", page.read_text())
    stages = registered_stages()
    result = rows_of(revision, stages)
    parsed = parse_revision(revision, stages)
    for table, columns in result.rows.items():
        expected = ColumnRows()
        records = [r for out in parsed.outputs.values() for r in out.rows.get(table, [])]
        _reference_columns([_reference_row(r) for r in records], expected)
        assert columns.count == expected.count > 0
        assert columns.columns == expected.columns


TEXT = st.text(st.characters(codec="utf-8"), max_size=12)
LOCATION = st.builds(
    SourceLocation,
    title=TEXT,
    language=TEXT,
    revision_key=TEXT,
    line=st.integers(1, 10**6),
    col=st.integers(1, 10**4),
    snippet=TEXT,
)
ENTRY = st.builds(
    TileEntry,
    location=LOCATION,
    list_index=st.integers(0, 50),
    entry_index=st.integers(0, 50),
    image=TEXT,
    product=st.none() | TEXT,
    edition=st.none() | TEXT,
    code=TEXT,
    count=st.integers(0, 99),
    edition_sources=st.builds(
        EditionSources, image=st.none() | TEXT, features=st.lists(TEXT), heading=st.none() | TEXT
    ),
    features=st.dictionaries(TEXT, st.integers(0, 9)),
    illustrations=st.dictionaries(TEXT, st.integers(0, 9)),
)
FEATURE = st.builds(
    TileFeature,
    location=LOCATION,
    list_index=st.integers(0, 5),
    entry_index=st.integers(0, 5),
    code=TEXT,
    name=TEXT,
    kind=st.sampled_from(FeatureKind),
    multiplicity=st.integers(1, 9),
    edition=st.none() | TEXT,
)
FINDING = st.builds(
    Finding,
    severity=st.sampled_from(Severity),
    code=st.from_regex(r"[a-z0-9_.-]{1,8}", fullmatch=True),
    message=TEXT,
    stage=TEXT,
    title=st.none() | TEXT,
    line=st.none() | st.integers(1, 99),
    snippet=st.none() | TEXT,
)


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.one_of(ENTRY, FEATURE, FINDING), max_size=6), st.integers(0, 3))
def test_generated_records(records: list[BaseModel], split: int) -> None:
    for record in records:
        assert record_row(record) == _reference_row(record)
    # Two batches into one ColumnRows, uniform or mixed, as the reference appends them.
    rows = [record_row(record) for record in records]
    fast, reference = ColumnRows(), ColumnRows()
    for batch in (rows[:split], rows[split:]):
        fast.add_rows(iter(batch))
        _reference_columns(batch, reference)
    assert fast.count == reference.count == len(rows)
    assert fast.columns == reference.columns
    assert list(fast.columns) == list(reference.columns)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)


@pytest.mark.slow
@settings(max_examples=examples(150), deadline=None)
@given(st.lists(JSON_VALUES, max_size=4) | st.dictionaries(TEXT, JSON_VALUES, max_size=4))
def test_json_text_is_json_dumps(value: dict[str, Any] | list[Any]) -> None:
    expected = json.dumps(value, ensure_ascii=False, sort_keys=True)
    assert fastpath.json_text(value) == expected


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(st.dictionaries(TEXT, JSON_VALUES, max_size=3), max_size=4)
    | st.lists(st.lists(JSON_VALUES, max_size=3), max_size=4)
)
def test_json_texts_is_json_dumps_of_each(values: list[dict[str, Any]] | list[list[Any]]) -> None:
    expected = [json.dumps(value, ensure_ascii=False, sort_keys=True) for value in values]
    assert fastpath.json_texts(values) == expected


def test_json_text_without_the_c_encoder(monkeypatch: pytest.MonkeyPatch) -> None:
    value = {"b": [1, "é\n"], "a": {"z": None, "y": 1.5}}
    fast = fastpath.json_text(value)
    monkeypatch.setattr(fastpath, "_C_ENCODER", None)
    assert (
        fastpath.json_text(value) == fast == json.dumps(value, ensure_ascii=False, sort_keys=True)
    )


class _OwnDump(Record):
    """A record class with its own `model_dump`: `record_row` must go through it."""

    name: str

    def model_dump(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().model_dump(**kwargs), "name": self.name.upper()}


def test_a_class_with_its_own_model_dump() -> None:
    assert record_row(_OwnDump(name="abc")) == {"name": "ABC"}


def _reference_record_columns(batches: Sequence[Sequence[BaseModel]]) -> ColumnRows:
    reference = ColumnRows()
    for batch in batches:
        _reference_columns([_reference_row(record) for record in batch], reference)
    return reference


def _assert_same_columns(fast: ColumnRows, reference: ColumnRows) -> None:
    assert fast.count == reference.count
    assert fast.columns == reference.columns
    assert list(fast.columns) == list(reference.columns)  # the same column order too


@pytest.mark.slow
def test_add_records_of_the_fixture_records_is_the_reference() -> None:
    by_class: dict[type, list[BaseModel]] = {}
    for record in _fixture_records():
        by_class.setdefault(type(record), []).append(record)
    assert len(by_class) >= 6
    for records in by_class.values():
        fast = ColumnRows()
        fast.add_records(records[:3])  # two batches: the second appends to the first
        fast.add_records(records[3:])
        _assert_same_columns(fast, _reference_record_columns([records[:3], records[3:]]))


class _Odd(Record):
    """Columns a location would override (`title` before it) or that override it (`snippet`
    after it), an optional location and nested values of several kinds in one field."""

    title: str
    location: SourceLocation | None = None
    nested: list[int] | dict[str, int] | None = None
    snippet: str = "s"


ODD = st.builds(
    _Odd,
    title=TEXT,
    location=st.none() | LOCATION,
    nested=st.none() | st.lists(st.integers(0, 9)) | st.dictionaries(TEXT, st.integers(0, 9)),
    snippet=TEXT,
)


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(ENTRY, max_size=4) | st.lists(ODD, max_size=5) | st.lists(FINDING, max_size=4),
    st.lists(st.one_of(ENTRY, FEATURE, FINDING, ODD), max_size=4),
)
def test_add_records_is_the_reference(uniform: list[BaseModel], mixed: list[BaseModel]) -> None:
    # A batch of one class (the column-by-column path, or rows when the location is missing
    # from some), then a batch of mixed classes (row by row), into one ColumnRows.
    fast = ColumnRows()
    fast.add_records(uniform)
    fast.add_records(mixed)
    _assert_same_columns(fast, _reference_record_columns([uniform, mixed]))


@pytest.mark.slow
def test_add_records_without_the_c_encoder(monkeypatch: pytest.MonkeyPatch) -> None:
    records = [record for record in _fixture_records() if isinstance(record, TileEntry)]
    assert len(records) > 10
    monkeypatch.setattr(fastpath, "_C_ENCODER", None)
    fast = ColumnRows()
    fast.add_records(records)
    _assert_same_columns(fast, _reference_record_columns([records]))


@pytest.mark.slow
def test_add_records_without_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """`fastpath.FAST` off: `model_dump` and `json.dumps` themselves, the same columns."""
    by_class: dict[type, list[BaseModel]] = {}
    for record in _fixture_records():
        by_class.setdefault(type(record), []).append(record)
    fast: dict[type, ColumnRows] = {kind: ColumnRows() for kind in by_class}
    for kind, records in by_class.items():
        fast[kind].add_records(records)
    monkeypatch.setattr(fastpath, "FAST", False)
    for kind, records in by_class.items():
        plain = ColumnRows()
        plain.add_records(records)
        _assert_same_columns(fast[kind], plain)
        assert [record_row(r) for r in records] == [_reference_row(r) for r in records]


def test_add_records_of_a_class_with_its_own_model_dump() -> None:
    fast = ColumnRows()
    fast.add_records([_OwnDump(name="abc"), _OwnDump(name="d")])
    assert (fast.count, fast.columns) == (2, {"name": ["ABC", "D"]})


@pytest.mark.slow
def test_insert_records_stores_the_reference_rows(db_path: Path) -> None:
    findings = [r for r in _fixture_records() if isinstance(r, Finding)]
    findings.append(Finding(severity=Severity.ERROR, code="x.y", message="é", stage="s"))
    assert len(findings) > 2
    with write_transaction(db_path) as conn:
        assert insert_records(conn, "findings", iter(findings)) == len(findings)
        columns = table_columns(conn, "findings")
        stored = conn.execute("SELECT * FROM findings").fetchall()
    expected = [_reference_row(finding) for finding in findings]
    assert [{c: row[columns.index(c)] for c in expected[0]} for row in stored] == expected
