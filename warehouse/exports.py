"""Copying the warehouse out: its tables and views as files, through DuckDB's own writers.

Owns the SQL of every export: which relations there are and their columns, the `COPY ... TO`
statements for CSV, Parquet and JSON lines, the SELECT that turns a relation's columns into
what SQLite stores (fed to `warehouse.sqlite_file` as Arrow record batches), the portable
DuckDB copy, and the page revisions an export was made from (its manifest's provenance).

Column conversions, per target:
- JSON lines and Parquet keep every type: JSON columns and lists stay nested;
- CSV has no nesting: lists and structs become their JSON text, JSON columns their text;
- SQLite has integers, reals, text and blobs: booleans become 0/1, times (TIMESTAMP WITH TIME
  ZONE) ISO 8601 text in UTC (`2024-05-01T12:00:00Z`), JSON and nested values JSON text.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import duckdb
import pyarrow as pa

from carcdb.warehouse.connection import STORAGE_COMPATIBILITY
from carcdb.warehouse.rows import execute, scalar
from carcdb.warehouse.times import TIMESTAMP_TZ, utc_text

CopyFormat = Literal["csv", "parquet", "jsonl"]
# DuckDB's names of the COPY formats, and their options.
_COPY_OPTIONS: dict[str, str] = {
    "csv": "FORMAT csv, HEADER true",
    "parquet": "FORMAT parquet, COMPRESSION zstd",
    "jsonl": "FORMAT json",
}
_NESTED_PREFIXES = ("STRUCT", "MAP", "UNION")
_INTEGER_TYPES = frozenset(
    {"TINYINT", "SMALLINT", "INTEGER", "BIGINT", "UTINYINT", "USMALLINT", "UINTEGER", "BOOLEAN"}
)
_REAL_TYPES = frozenset({"FLOAT", "DOUBLE", "REAL"})


@dataclass(frozen=True)
class Column:
    name: str
    type: str  # DuckDB's type name, e.g. VARCHAR, JSON, VARCHAR[], TIMESTAMP

    @property
    def nested(self) -> bool:
        return self.type.endswith("]") or self.type.startswith(_NESTED_PREFIXES)

    @property
    def sqlite_type(self) -> str:
        """The SQLite column type the value is stored as (see `sqlite_select`)."""
        if self.type in _INTEGER_TYPES:
            return "INTEGER"
        if self.type in _REAL_TYPES or self.type.startswith("DECIMAL"):
            return "REAL"
        if self.type == "BLOB":
            return "BLOB"
        return "TEXT"


@dataclass(frozen=True)
class Relation:
    """A table or a view of the warehouse."""

    name: str
    kind: Literal["table", "view"]
    columns: tuple[Column, ...]
    primary_key: tuple[str, ...]


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def relations(conn: duckdb.DuckDBPyConnection) -> list[Relation]:
    """Every table and view of the warehouse's main schema, by name."""
    kinds = execute(
        conn,
        "SELECT table_name, table_type FROM information_schema.tables "
        "WHERE table_schema = 'main' AND table_catalog = current_database() ORDER BY table_name",
    )
    columns: dict[str, list[Column]] = {}
    for table, column, data_type in execute(
        conn,
        "SELECT table_name, column_name, data_type FROM information_schema.columns "
        "WHERE table_schema = 'main' AND table_catalog = current_database() "
        "ORDER BY table_name, ordinal_position",
    ):
        columns.setdefault(str(table), []).append(Column(str(column), str(data_type)))
    keys = {
        str(table): tuple(str(name) for name in names)
        for table, names in execute(
            conn,
            "SELECT table_name, constraint_column_names FROM duckdb_constraints() "
            "WHERE constraint_type = 'PRIMARY KEY' AND database_name = current_database() "
            "AND schema_name = 'main'",
        )
    }
    return [
        Relation(
            name=str(name),
            kind="view" if kind == "VIEW" else "table",
            columns=tuple(columns.get(str(name), ())),
            primary_key=keys.get(str(name), ()),
        )
        for name, kind in kinds
    ]


def row_count(conn: duckdb.DuckDBPyConnection, relation: Relation) -> int:
    return int(scalar(conn, f"SELECT count(*) FROM {_quote(relation.name)}"))


def _csv_value(column: Column) -> str:
    quoted = _quote(column.name)
    if column.nested:
        return f"to_json({quoted})::VARCHAR AS {quoted}"
    return quoted


def _sqlite_value(column: Column) -> str:
    quoted = _quote(column.name)
    if column.nested:
        return f"to_json({quoted})::VARCHAR AS {quoted}"
    if column.type == "BOOLEAN":
        return f"{quoted}::INTEGER AS {quoted}"
    if column.type.startswith("DECIMAL"):
        return f"{quoted}::DOUBLE AS {quoted}"
    if column.type == TIMESTAMP_TZ:
        return f"{utc_text(quoted)} AS {quoted}"
    if column.sqlite_type == "TEXT" and column.type != "VARCHAR":
        return f"{quoted}::VARCHAR AS {quoted}"  # JSON, timestamps, UUIDs, huge integers
    return quoted


def copy_relation(
    conn: duckdb.DuckDBPyConnection, relation: Relation, path: Path, fmt: CopyFormat
) -> None:
    """Write one relation to `path` with DuckDB's writer for `fmt` (streamed by DuckDB)."""
    columns = relation.columns if fmt == "csv" else ()
    select = ", ".join(_csv_value(column) for column in columns) or "*"
    execute(
        conn,
        f"COPY (SELECT {select} FROM {_quote(relation.name)}) "
        f"TO {_literal(str(path))} ({_COPY_OPTIONS[fmt]})",
    )


def sqlite_batches(
    conn: duckdb.DuckDBPyConnection, relation: Relation, batch_rows: int = 10_000
) -> Iterator[pa.RecordBatch]:
    """The relation's rows as Arrow record batches of SQLite-ready values, read lazily."""
    select = ", ".join(_sqlite_value(column) for column in relation.columns)
    yield from arrow_reader(conn.sql(f"SELECT {select} FROM {_quote(relation.name)}"), batch_rows)


def arrow_reader(relation: duckdb.DuckDBPyRelation, batch_rows: int) -> pa.RecordBatchReader:
    """The relation's rows as a lazy Arrow reader (DuckDB 2 renamed the method 1.4 has)."""
    method = getattr(relation, "to_arrow_reader", None) or relation.fetch_arrow_reader
    return method(batch_rows)


def source_revisions(conn: duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
    """The current revision of every stored page: what the exported records were parsed from."""
    rows = execute(
        conn,
        f"SELECT title, revision_key, revision_id, {utc_text('timestamp')}, sha256, source_kind "
        "FROM current_revisions ORDER BY title",
    )
    names = ("title", "revision_key", "revision_id", "timestamp", "sha256", "source_kind")
    return [dict(zip(names, row, strict=True)) for row in rows]


def applied_migrations(conn: duckdb.DuckDBPyConnection) -> list[str]:
    return [str(row[0]) for row in execute(conn, "SELECT name FROM schema_migrations ORDER BY 1")]


def copy_database(source: Path, target: Path) -> None:
    """A copy of the warehouse `source` at `target` (a new file) in DuckDB 1.4's format."""
    conn = duckdb.connect()
    try:
        execute(conn, f"ATTACH {_literal(str(source))} AS src (READ_ONLY)")
        execute(
            conn,
            f"ATTACH {_literal(str(target))} AS dst "
            f"(STORAGE_VERSION {_literal(STORAGE_COMPATIBILITY)})",
        )
        execute(conn, "COPY FROM DATABASE src TO dst")
        execute(conn, "DETACH dst")
    finally:
        conn.close()
