"""Rows sent column by column (`ColumnRows`) store exactly what the same rows as dicts store."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.warehouse.rows import ColumnRows, arrow_array, insert_columns, insert_rows
from tests.lanes import examples

COLUMNS = ("a", "b", "c")
ROW = st.dictionaries(
    st.sampled_from(COLUMNS), st.one_of(st.none(), st.integers(-5, 5)), min_size=1
)


def _stored(conn: duckdb.DuckDBPyConnection, table: str) -> list[tuple[Any, ...]]:
    return conn.execute(f"SELECT a, b, c FROM {table} ORDER BY id").fetchall()


@pytest.mark.slow
@settings(max_examples=examples(40), deadline=None)
@given(st.lists(st.lists(ROW, max_size=4), max_size=4))
def test_columns_store_what_rows_store(
    tmp_path_factory: Any, pages: list[list[dict[str, int | None]]]
) -> None:
    db = Path(tmp_path_factory.mktemp("cols")) / "w.duckdb"
    with duckdb.connect(str(db)) as conn:
        for table in ("by_rows", "by_columns"):
            conn.execute(f"CREATE SEQUENCE {table}_id")
            conn.execute(
                f"CREATE TABLE {table} (id INTEGER DEFAULT nextval('{table}_id'), "
                "a INTEGER, b INTEGER, c INTEGER)"
            )
        # rows: one insert per page, in order (ids follow the order of the rows)
        every_row = [dict(row) for page in pages for row in page]
        assert insert_rows(conn, "by_rows", every_row) == len(every_row)
        # columns: pages built separately (as workers do), then merged (as the writer does)
        merged = ColumnRows()
        for page in pages:
            part = ColumnRows()
            part.add_rows(page)
            assert all(len(values) == part.count for values in part.columns.values())
            merged.extend(part)
        assert all(len(values) == merged.count for values in merged.columns.values())
        assert insert_columns(conn, "by_columns", merged) == len(every_row)
        assert _stored(conn, "by_columns") == _stored(conn, "by_rows")
        expected = [tuple(row.get(c) for c in COLUMNS) for row in every_row]
        assert _stored(conn, "by_rows") == expected


SCALAR = st.one_of(
    st.none(),
    st.text(max_size=8),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=False),
    st.booleans(),
)


@pytest.mark.slow
@settings(max_examples=examples(200), deadline=None)
@given(st.one_of(st.lists(SCALAR, max_size=6), st.lists(st.one_of(st.none(), st.text()))))
def test_arrow_columns_have_the_type_pyarrow_infers(values: list[Any]) -> None:
    """Columns are converted with an explicit type when they hold one Python type: the array
    is the one inference gives (same type, same values), only cheaper for long strings."""
    try:
        inferred = pa.array(values)
    except (pa.ArrowInvalid, pa.ArrowTypeError):  # mixed types: neither converts
        with pytest.raises((pa.ArrowInvalid, pa.ArrowTypeError)):
            arrow_array(values)
        return
    explicit = arrow_array(values)
    assert explicit.type == inferred.type
    assert explicit.equals(inferred)


def test_appends_inside_a_transaction_keep_no_arrow_memory(tmp_path: Path) -> None:
    """A build appends every row in one transaction: the Arrow copy of each append is freed
    once DuckDB has read it, not kept until the commit (`warehouse.rows.arrow_view`)."""
    conn = duckdb.connect(str(tmp_path / "w.duckdb"))
    conn.execute("CREATE TABLE t (id BIGINT, text VARCHAR)")
    conn.execute("BEGIN")
    before = pa.total_allocated_bytes()
    texts = [f"{n} " + "wikitext " * 400 for n in range(1000)]  # about 3.6 MB an append
    for part in range(5):
        rows = ColumnRows()
        rows.add_rows([{"id": part * 1000 + n, "text": t} for n, t in enumerate(texts)])
        insert_columns(conn, "t", rows)
    assert pa.total_allocated_bytes() - before < 1_000_000  # 18 MB appended
    assert conn.execute("SELECT count(*), sum(length(text)) FROM t").fetchall() == [
        (5000, 5 * sum(map(len, texts)))
    ]
    conn.execute("COMMIT")
    conn.close()
