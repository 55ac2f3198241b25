"""Numbered SQL migrations in `warehouse/migrations/NNN_name.sql`, applied once each, in order."""

from __future__ import annotations

import re
from importlib import resources

import duckdb

from warehouse.rows import execute

_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


def migration_files() -> list[tuple[int, str, str]]:
    folder = resources.files("warehouse").joinpath("migrations")
    found = []
    for entry in folder.iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text("utf-8")))
    found.sort()
    versions = [version for version, _, _ in found]
    if len(versions) != len(set(versions)):
        raise RuntimeError(f"two migrations share a number: {[name for _, name, _ in found]}")
    return found


def apply_migrations(conn: duckdb.DuckDBPyConnection) -> list[str]:
    """Apply every migration not applied yet, each in its own transaction; return their names."""
    execute(
        conn,
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version INTEGER PRIMARY KEY, name VARCHAR NOT NULL,"
        " applied_at TIMESTAMP DEFAULT current_timestamp)",
    )
    rows = conn.execute("SELECT version FROM schema_migrations").fetchall()
    done = {int(row[0]) for row in rows}
    applied = []
    for version, name, sql in migration_files():
        if version in done:
            continue
        execute(conn, "BEGIN TRANSACTION")
        try:
            execute(conn, sql)
            execute(
                conn, "INSERT INTO schema_migrations (version, name) VALUES (?, ?)", [version, name]
            )
        except BaseException:
            execute(conn, "ROLLBACK")
            raise
        execute(conn, "COMMIT")
        applied.append(name)
    return applied
