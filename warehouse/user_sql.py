"""SQL typed by a user (`carcdb sql`, the Python API): one statement, its rows streamed.

The rows are fetched a batch at a time, so a query over the whole warehouse is printed as
it is read instead of being held in memory first. The connection is the caller's: a
sandboxed read-only one for the CLI (`warehouse.connection.read_only(db, sandboxed=True)`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import duckdb

BATCH_ROWS = 2048


@dataclass(frozen=True)
class SqlStream:
    """A running query: its column names and DuckDB type names, and its rows in batches.

    `batches` reads from the connection: consume it before the connection closes.
    """

    columns: list[str]
    types: list[str]
    batches: Iterator[list[tuple[Any, ...]]]


def stream_sql(
    conn: duckdb.DuckDBPyConnection, sql: str, batch_rows: int = BATCH_ROWS
) -> SqlStream:
    """Run one statement (writes fail inside DuckDB on a read-only connection)."""
    cursor = conn.execute(sql)
    description = cursor.description or []

    def batches() -> Iterator[list[tuple[Any, ...]]]:
        if not description:  # a statement without a result set
            return
        while rows := cursor.fetchmany(batch_rows):
            yield rows

    return SqlStream(
        columns=[str(d[0]) for d in description],
        types=[str(d[1]) for d in description],
        batches=batches(),
    )


def query_rows(
    conn: duckdb.DuckDBPyConnection, sql: str, params: Sequence[Any] = ()
) -> list[dict[str, Any]]:
    """All rows of one statement as dicts; JSON columns decoded to Python values."""
    cursor = conn.execute(sql, list(params))
    description = cursor.description or []
    names = [str(d[0]) for d in description]
    json_columns = {i for i, d in enumerate(description) if str(d[1]) == "JSON"}
    return [
        {
            name: json.loads(value) if i in json_columns and value is not None else value
            for i, (name, value) in enumerate(zip(names, row, strict=True))
        }
        for row in cursor.fetchall()
    ]
