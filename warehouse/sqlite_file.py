"""Writing relations into one SQLite file (for datasette, sqlite-utils or any SQLite client).

DuckDB's own SQLite writer is an extension it downloads on first use; carcdb must work
offline, so the file is written with Python's `sqlite3`, fed the Arrow record batches
`warehouse.exports.sqlite_batches` reads (one batch in memory at a time). Views become
tables holding their rows, as DuckDB's view SQL is not SQLite's. Primary keys are kept,
so datasette links rows; JSON columns are TEXT holding JSON, which datasette renders.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from pathlib import Path

import pyarrow as pa

from carcdb.warehouse.exports import Relation


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def create_table(db: sqlite3.Connection, relation: Relation) -> None:
    columns = [f"{_quote(c.name)} {c.sqlite_type}" for c in relation.columns]
    if relation.primary_key:
        columns.append(f"PRIMARY KEY ({', '.join(map(_quote, relation.primary_key))})")
    db.execute(f"DROP TABLE IF EXISTS {_quote(relation.name)}")
    db.execute(f"CREATE TABLE {_quote(relation.name)} ({', '.join(columns)})")


def insert_batches(
    db: sqlite3.Connection, relation: Relation, batches: Iterable[pa.RecordBatch]
) -> int:
    """Append every batch's rows to the relation's table; return how many."""
    names = ", ".join(_quote(c.name) for c in relation.columns)
    marks = ", ".join("?" for _ in relation.columns)
    sql = f"INSERT INTO {_quote(relation.name)} ({names}) VALUES ({marks})"
    written = 0
    for batch in batches:
        columns = [column.to_pylist() for column in batch.columns]
        db.executemany(sql, zip(*columns, strict=True))
        written += batch.num_rows
    return written


def open_new(path: Path) -> sqlite3.Connection:
    """A new, empty SQLite file at `path` (replaced if it exists), writing in one transaction."""
    path.unlink(missing_ok=True)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = OFF")  # a fresh file written once: nothing to roll back to
    db.execute("PRAGMA synchronous = OFF")
    db.execute("BEGIN")
    return db


def finish(db: sqlite3.Connection) -> None:
    db.execute("COMMIT")
    db.close()
