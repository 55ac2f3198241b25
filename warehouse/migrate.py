"""Numbered SQL migrations in `warehouse/migrations/NNN_name.sql`, applied once each, in order."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import duckdb

from carcdb.warehouse.errors import WarehouseError
from carcdb.warehouse.rows import execute

_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


def migration_files() -> list[tuple[int, str, str]]:
    folder = resources.files("carcdb.warehouse").joinpath("migrations")
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


def _user_tables(conn: duckdb.DuckDBPyConnection) -> set[str]:
    rows = conn.execute("SELECT table_name FROM duckdb_tables() WHERE NOT internal").fetchall()
    return {str(row[0]) for row in rows}


def applied_versions(conn: duckdb.DuckDBPyConnection) -> set[int] | None:
    """Versions applied to this database, or None when it is not a carcdb warehouse at all."""
    # Asked by name: listing every table costs a fresh connection several times as much, and
    # every command opens the warehouse through this question.
    found = conn.execute(
        "SELECT 1 FROM duckdb_tables() WHERE NOT internal AND table_name = 'schema_migrations'"
    ).fetchall()
    if not found:
        return None
    return {int(row[0]) for row in conn.execute("SELECT version FROM schema_migrations").fetchall()}


def require_current_schema(conn: duckdb.DuckDBPyConnection, path: Path) -> None:
    """Refuse to read a warehouse that this carcdb has not fully migrated (or a foreign file)."""
    versions = applied_versions(conn)
    if versions is None:
        raise WarehouseError(
            f"{path}: this DuckDB file is not a carcdb warehouse - fix: point --db at one"
        )
    missing = [name for version, name, _ in migration_files() if version not in versions]
    if missing:
        raise WarehouseError(
            f"{path}: the warehouse predates this carcdb (missing {', '.join(missing)}) - "
            "fix: run 'carcdb build' or 'carcdb import' once to migrate it"
        )


def apply_migrations(conn: duckdb.DuckDBPyConnection, path: Path) -> list[str]:
    """Apply every migration not applied yet, each in its own transaction; return their names.

    A DuckDB file holding other tables but no migration record is somebody else's database:
    it is refused, not migrated.
    """
    if applied_versions(conn) is None and _user_tables(conn):
        raise WarehouseError(
            f"{path}: this DuckDB file holds tables but is not a carcdb warehouse - "
            "fix: pass --db with a new path or an existing carcdb warehouse"
        )
    execute(
        conn,
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version INTEGER PRIMARY KEY, name VARCHAR NOT NULL,"
        " applied_at TIMESTAMPTZ DEFAULT current_timestamp)",
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
