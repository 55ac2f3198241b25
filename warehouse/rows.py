"""Records to table rows, and bulk writes through Arrow (never row-by-row executemany).

Convention for record tables: a record's nested `location` (a `SourceLocation`) becomes the
provenance columns `title, language, revision_key, line, col, snippet`; any other nested
value (list, dict, nested record) is stored as JSON text. The dumps and JSON texts are
`schemas.fastpath`'s (the speed work, beside its `model_dump`/`json.dumps` reference).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from operator import itemgetter
from typing import Any

import duckdb
import pyarrow as pa
from pydantic import BaseModel

from carcdb.schemas.fastpath import json_dump, json_dumps, json_text, json_texts

PROVENANCE_FIELD = "location"


def execute(
    conn: duckdb.DuckDBPyConnection, sql: str, params: Sequence[Any] = ()
) -> list[tuple[Any, ...]]:
    """Run one statement and drain its result.

    DuckDB 2 refuses further work on a connection while a result is unread, and DML returns
    a row count, so every write goes through here.
    """
    return conn.execute(sql, list(params)).fetchall()


def scalar(conn: duckdb.DuckDBPyConnection, sql: str, params: Sequence[Any] = ()) -> Any:
    """The first column of the first row (None when there is no row), result drained."""
    rows = execute(conn, sql, params)
    return rows[0][0] if rows else None


def _as_json_text(value: Any) -> Any:
    """A nested value (dict or list) as JSON text; any other value as it is."""
    kind = type(value)
    if kind is dict or kind is list:
        if value:
            return json_text(value)
        return "{}" if kind is dict else "[]"  # empty, as many are: what the encoder writes
    return value


def _json_texts(values: list[Any], kinds: set[type]) -> list[Any]:
    """`[_as_json_text(value) for value in values]`, whose `kinds` are their types."""
    if len(kinds) != 1:  # e.g. a list or None
        return list(map(_as_json_text, values))
    return json_texts(values)  # one kind, dict or list


def _flat_row(raw: dict[str, Any]) -> dict[str, Any]:
    """A JSON-mode dump as one table row: `location` flattened, nested values as JSON text."""
    row: dict[str, Any] = {}
    for key, value in raw.items():
        # A JSON-mode dump holds plain dicts and lists only, so exact type tests suffice.
        kind = type(value)
        if kind is dict or kind is list:
            if key == PROVENANCE_FIELD and kind is dict:
                row.update(value)
            elif value:
                row[key] = json_text(value)
            else:  # empty, as many are: what the encoder would write
                row[key] = "{}" if kind is dict else "[]"
        else:
            row[key] = value
    return row


def record_row(record: BaseModel) -> dict[str, Any]:
    """The record as one table row: `location` flattened, nested values as JSON text."""
    return _flat_row(json_dump(record))


def _flat_columns(raws: list[dict[str, Any]]) -> dict[str, list[Any]] | None:
    """The rows `_flat_row` makes of `raws`, column by column, without a Python step per
    row for the plain columns; None unless every row has the same columns (then `raws` go
    row by row)."""
    names = raws[0].keys()
    if not all(map(names.__eq__, map(dict.keys, raws))):
        return None
    columns: dict[str, list[Any]] = {}
    for name in names:
        values = list(map(itemgetter(name), raws))
        kinds = set(map(type, values))
        if dict not in kinds and list not in kinds:
            columns[name] = values
        elif name != PROVENANCE_FIELD:
            columns[name] = _json_texts(values, kinds)
        elif kinds == {dict}:
            # `row.update(location)`: its keys become columns, overriding any column of the
            # same name made before, as later ones override them.
            inner = values[0].keys()
            if not all(map(inner.__eq__, map(dict.keys, values))):
                return None
            for key in inner:
                columns[key] = list(map(itemgetter(key), values))
        else:  # a location that is a dict in some rows only: rows of different columns
            return None
    return columns


def table_columns(conn: duckdb.DuckDBPyConnection, table: str) -> list[str]:
    # `pragma_table_info`, not `information_schema.columns`: much cheaper (docs/perf.md), and
    # an extraction asks for every table it appends to, batch by batch.
    try:
        rows = conn.execute(
            "SELECT name FROM pragma_table_info(?) ORDER BY cid", [table]
        ).fetchall()
    except duckdb.CatalogException:
        rows = []
    if not rows:
        raise RuntimeError(f"warehouse has no table {table!r}; is its migration missing?")
    return [str(row[0]) for row in rows]


class TableColumns:
    """Each table's columns, looked up once: for a writer that appends to the same tables many
    times on one connection (no migration runs meanwhile), where a lookup per write was a
    visible share of the single writer's time."""

    def __init__(self) -> None:
        self._columns: dict[str, list[str]] = {}

    def of(self, conn: duckdb.DuckDBPyConnection, table: str) -> list[str]:
        if table not in self._columns:
            self._columns[table] = table_columns(conn, table)
        return self._columns[table]


class ColumnRows:
    """Rows of one table held column by column: cheaper to send between processes (the
    column names are not repeated per row) and to turn into Arrow. A column some rows lack
    holds None for them, as `insert_rows` stores a missing key."""

    def __init__(self) -> None:
        self.columns: dict[str, list[Any]] = {}
        self.count = 0

    def add_records(self, records: Sequence[BaseModel]) -> None:
        """`add_rows(record_row(r) for r in records)`, column by column when the records are
        all of one class (the usual case: one record class per table)."""
        if not records:
            return
        raws = json_dumps(records)
        columns = _flat_columns(raws)
        if columns is not None:
            self._add_columns(columns, len(raws))
        else:
            self.add_rows(map(_flat_row, raws))

    def add_rows(self, rows: Iterable[Mapping[str, Any]]) -> None:
        batch = list(rows)
        if not batch:
            return
        names = batch[0].keys()
        if all(row.keys() == names for row in batch):
            # The usual case (one record class per table): fill column by column.
            self._add_columns({name: [row[name] for row in batch] for name in names}, len(batch))
            return
        for row in batch:
            for name, value in row.items():
                column = self.columns.get(name)
                if column is None:
                    column = self.columns[name] = [None] * self.count
                column.append(value)
            self.count += 1
            for column in self.columns.values():
                if len(column) < self.count:
                    column.append(None)

    def _add_columns(self, columns: Mapping[str, list[Any]], count: int) -> None:
        """Append `count` rows given as columns of that length."""
        for name, values in columns.items():
            column = self.columns.get(name)
            if column is None:
                column = self.columns[name] = [None] * self.count
            column.extend(values)
        self.count += count
        for column in self.columns.values():
            if len(column) < self.count:
                column.extend([None] * (self.count - len(column)))

    def extend(self, other: ColumnRows) -> None:
        self._add_columns(other.columns, other.count)


def insert_rows(
    conn: duckdb.DuckDBPyConnection,
    table: str,
    rows: Sequence[Mapping[str, Any]],
    columns: Sequence[str] | None = None,
) -> int:
    """Append rows (dicts keyed by column name) to `table` in one Arrow scan. `columns`: the
    table's columns, as in `insert_columns`."""
    buffer = ColumnRows()
    buffer.add_rows(rows)
    return insert_columns(conn, table, buffer, columns)


# Python types whose Arrow type needs no inference: given explicitly, pyarrow only converts.
_ARROW_TYPES: dict[type, pa.DataType] = {
    str: pa.string(),
    int: pa.int64(),
    float: pa.float64(),
    bool: pa.bool_(),
}


def arrow_array(values: Sequence[Any]) -> pa.Array:
    """`values` as an Arrow array, of the type pyarrow would infer.

    Inferring the type of long strings costs pyarrow as much as scanning every character,
    where being told "string" costs almost nothing; a column of one Python type (None aside)
    is given that type instead.
    """
    kinds = set(map(type, values))
    kinds.discard(type(None))
    if len(kinds) == 1:
        (kind,) = kinds
        explicit = _ARROW_TYPES.get(kind)
        if explicit is not None:
            return pa.array(values, type=explicit)
    return pa.array(values)


@contextmanager
def arrow_view(
    conn: duckdb.DuckDBPyConnection, name: str, columns: Mapping[str, Sequence[Any]]
) -> Iterator[str]:
    """`columns` as a temporary view `name` that ONE statement inside the block reads ONCE:
    an Arrow stream, not a table.

    Inside a transaction DuckDB keeps a registered Python object alive until the transaction
    ends, unregistered or not (the temporary view it creates holds it). A build appends every
    row and passes every key list in one transaction, so each table registered would stay in
    Arrow memory beside DuckDB's own copy until the commit. Only the stream is held instead:
    its batch is freed once read.
    """
    batch = pa.RecordBatch.from_pydict(
        {column: arrow_array(values) for column, values in columns.items()}
    )
    stream = pa.RecordBatchReader.from_batches(batch.schema, iter([batch]))
    del batch
    conn.register(name, stream)
    try:
        yield name
    finally:
        conn.unregister(name)


def insert_columns(
    conn: duckdb.DuckDBPyConnection,
    table: str,
    rows: ColumnRows,
    columns: Sequence[str] | None = None,
) -> int:
    """Append rows held column by column to `table` in one Arrow scan. `columns`: the table's
    columns, for a caller that appends to the same table many times (else looked up)."""
    if not rows.count:
        return 0
    if columns is None:
        columns = table_columns(conn, table)
    extra = set(rows.columns) - set(columns)
    if extra:
        raise RuntimeError(f"rows for {table!r} carry unknown columns {sorted(extra)}")
    present = [c for c in columns if c in rows.columns]
    quoted = ", ".join(f'"{c}"' for c in present)
    with arrow_view(conn, f"_arrow_{table}", {c: rows.columns[c] for c in present}) as view:
        execute(conn, f"INSERT INTO {table} ({quoted}) SELECT {quoted} FROM {view}")
    return rows.count


def insert_records(
    conn: duckdb.DuckDBPyConnection, table: str, records: Iterable[BaseModel]
) -> int:
    buffer = ColumnRows()
    buffer.add_records(list(records))
    return insert_columns(conn, table, buffer)


def delete_where_in(
    conn: duckdb.DuckDBPyConnection,
    table: str,
    column: str,
    keys: Sequence[str],
    **equal: str,
) -> None:
    """Delete the rows whose `column` is one of `keys` (and whose `equal` columns match).

    One statement whatever the number of keys: the keys go in through Arrow.
    """
    if not keys:
        return
    conditions = "".join(f' AND "{name}" = ?' for name in equal)
    with arrow_view(conn, f"_keys_{table}", {"k": list(keys)}) as view:
        execute(
            conn,
            f'DELETE FROM {table} WHERE "{column}" IN (SELECT k FROM {view}){conditions}',
            list(equal.values()),
        )
