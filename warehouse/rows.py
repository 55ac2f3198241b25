"""Records to table rows, and bulk writes through Arrow (never row-by-row executemany).

Convention for record tables: a record's nested `location` (a `SourceLocation`) becomes the
provenance columns `title, language, revision_key, line, col, snippet`; any other nested
value (list, dict, nested record) is stored as JSON text.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import duckdb
import pyarrow as pa
from pydantic import BaseModel

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


_ENCODER = json.JSONEncoder(ensure_ascii=False, sort_keys=True)
# `json.encoder`'s C encoder, made once: `json.dumps` makes one per call (its setup costs more
# than encoding a small value). No circular-reference check: a JSON-mode dump has no cycles.
_MAKE_C_ENCODER: Any = getattr(json.encoder, "c_make_encoder", None)  # None without the C module
_C_ENCODER = (
    None
    if _MAKE_C_ENCODER is None
    else _MAKE_C_ENCODER(
        None,
        _ENCODER.default,
        json.encoder.encode_basestring,
        None,
        _ENCODER.key_separator,
        _ENCODER.item_separator,
        True,
        False,
        True,
    )
)


def nested_json(value: dict[str, Any] | list[Any]) -> str:
    """`json.dumps(value, ensure_ascii=False, sort_keys=True)` of a JSON-mode dict or list."""
    if _C_ENCODER is None:
        return _ENCODER.encode(value)
    return "".join(_C_ENCODER(value, 0))


_MODEL_DUMP = BaseModel.model_dump


def record_row(record: BaseModel) -> dict[str, Any]:
    """The record as one table row: `location` flattened, nested values as JSON text."""
    if type(record).model_dump is _MODEL_DUMP:
        # What `model_dump(mode="json")` returns (it passes its defaults on to this call),
        # without its wrapper, which costs more than the serialisation of a small record.
        raw = record.__pydantic_serializer__.to_python(record, mode="json")
    else:  # a class with its own `model_dump`
        raw = record.model_dump(mode="json")
    row: dict[str, Any] = {}
    for key, value in raw.items():
        # A JSON-mode dump holds plain dicts and lists only, so exact type tests suffice.
        kind = type(value)
        if kind is dict or kind is list:
            if key == PROVENANCE_FIELD and kind is dict:
                row.update(value)
            elif value:
                row[key] = nested_json(value)
            else:  # empty, as many are: what the encoder would write
                row[key] = "{}" if kind is dict else "[]"
        else:
            row[key] = value
    return row


def table_columns(conn: duckdb.DuckDBPyConnection, table: str) -> list[str]:
    rows = conn.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = ? "
        "ORDER BY ordinal_position",
        [table],
    ).fetchall()
    if not rows:
        raise RuntimeError(f"warehouse has no table {table!r}; is its migration missing?")
    return [str(row[0]) for row in rows]


class ColumnRows:
    """Rows of one table held column by column: cheaper to send between processes (the
    column names are not repeated per row) and to turn into Arrow. A column some rows lack
    holds None for them, as `insert_rows` stores a missing key."""

    def __init__(self) -> None:
        self.columns: dict[str, list[Any]] = {}
        self.count = 0

    def add_rows(self, rows: Iterable[Mapping[str, Any]]) -> None:
        batch = list(rows)
        if not batch:
            return
        names = batch[0].keys()
        if all(row.keys() == names for row in batch):
            # The usual case (one record class per table): fill column by column.
            for name in names:
                column = self.columns.get(name)
                if column is None:
                    column = self.columns[name] = [None] * self.count
                column.extend([row[name] for row in batch])
            self.count += len(batch)
            for column in self.columns.values():
                if len(column) < self.count:
                    column.extend([None] * (self.count - len(column)))
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

    def extend(self, other: ColumnRows) -> None:
        for name, values in other.columns.items():
            column = self.columns.get(name)
            if column is None:
                column = self.columns[name] = [None] * self.count
            column.extend(values)
        self.count += other.count
        for column in self.columns.values():
            if len(column) < self.count:
                column.extend([None] * (self.count - len(column)))


def insert_rows(
    conn: duckdb.DuckDBPyConnection, table: str, rows: Sequence[Mapping[str, Any]]
) -> int:
    """Append rows (dicts keyed by column name) to `table` in one Arrow scan."""
    buffer = ColumnRows()
    buffer.add_rows(rows)
    return insert_columns(conn, table, buffer)


# Python types whose Arrow type needs no inference: given explicitly, pyarrow only converts.
_ARROW_TYPES: dict[type, pa.DataType] = {
    str: pa.string(),
    int: pa.int64(),
    float: pa.float64(),
    bool: pa.bool_(),
}


def arrow_array(values: Sequence[Any]) -> pa.Array:
    """`values` as an Arrow array, of the type pyarrow would infer.

    Inferring the type of long strings costs pyarrow as much as scanning every character
    (a second for the benchmark corpus's 62 MB of wikitext, against 0.02 s when told
    "string"); a column of one Python type (None aside) is given that type instead.
    """
    kinds = {type(value) for value in values}
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
    """`columns` as a temporary view `name` for the statements inside the block."""
    conn.register(
        name, pa.table({column: arrow_array(values) for column, values in columns.items()})
    )
    try:
        yield name
    finally:
        conn.unregister(name)


def insert_columns(conn: duckdb.DuckDBPyConnection, table: str, rows: ColumnRows) -> int:
    """Append rows held column by column to `table` in one Arrow scan."""
    if not rows.count:
        return 0
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
    return insert_rows(conn, table, [record_row(record) for record in records])


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
