"""Opening the warehouse file: migrations on write, clear errors when it is locked or absent.

Every write goes through `write_transaction`: one transaction for the whole unit of work, so a
failure or a crash leaves the previous state intact (DuckDB discards an uncommitted WAL).

A new warehouse file is written in DuckDB 1.4's storage format (`STORAGE_COMPATIBILITY`), the
oldest DuckDB carcdb supports, so any supported DuckDB (a user's CLI, another tool's Python)
can open it; without the setting DuckDB 2 writes a format DuckDB 1.x refuses ("version number
999"). A file created by an older carcdb keeps its format: `carcdb export --format duckdb`
writes a portable copy.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import duckdb

from warehouse.errors import WarehouseError, WarehouseLockedError, WarehouseMissingError
from warehouse.migrate import apply_migrations, require_current_schema
from warehouse.rows import execute

DEFAULT_DB = Path("data/carcdb.duckdb")
# The storage format of new files: DuckDB 1.4's, the oldest `duckdb` pyproject.toml allows.
STORAGE_COMPATIBILITY = "v1.4.0"


def _connect(path: Path, *, read_only: bool, sandboxed: bool = False) -> duckdb.DuckDBPyConnection:
    # A sandboxed connection cannot touch other files (COPY TO, read_csv, ATTACH): for user SQL.
    config: dict[str, str | bool | int | float | list[str]] = {
        "storage_compatibility_version": STORAGE_COMPATIBILITY
    }
    if sandboxed:
        config["enable_external_access"] = False
    try:
        return duckdb.connect(str(path), read_only=read_only, config=config)
    except duckdb.IOException as exc:
        text = str(exc)
        if "lock" in text.lower():
            raise WarehouseLockedError(
                f"{path}: the warehouse is locked by another process - "
                "fix: wait for the other carcdb command to finish, or use --db OTHER.duckdb"
            ) from None
        raise WarehouseError(f"{path}: cannot open the warehouse ({text})") from None
    except duckdb.Error as exc:
        raise WarehouseError(
            f"{path}: not a usable DuckDB warehouse ({exc}) - fix: point --db at a carcdb "
            "warehouse or a new path"
        ) from None


def storage_version(conn: duckdb.DuckDBPyConnection) -> str:
    """The storage format of the connection's main file, e.g. `v1.4.0+` (DuckDB's own tag)."""
    rows = conn.execute(
        "SELECT tags['storage_version'] FROM duckdb_databases() "
        "WHERE database_name = current_database()"
    ).fetchall()
    return str(rows[0][0]) if rows and rows[0][0] is not None else "unknown"


@contextmanager
def write_transaction(path: Path) -> Iterator[duckdb.DuckDBPyConnection]:
    """Open (creating and migrating as needed) and yield a connection inside one transaction."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = _connect(path, read_only=False)
    try:
        apply_migrations(conn, path)
        execute(conn, "BEGIN TRANSACTION")
        try:
            yield conn
        except BaseException:
            execute(conn, "ROLLBACK")
            raise
        execute(conn, "COMMIT")
    finally:
        conn.close()


@contextmanager
def read_only(path: Path, *, sandboxed: bool = False) -> Iterator[duckdb.DuckDBPyConnection]:
    """A read-only connection to an existing, fully migrated warehouse.

    `sandboxed` also forbids access to any other file, for SQL typed by a user.
    """
    if not path.exists():
        raise WarehouseMissingError(
            f"{path}: no warehouse here yet - fix: run 'carcdb build' (or 'carcdb import') first, "
            "or pass --db"
        )
    conn = _connect(path, read_only=True, sandboxed=sandboxed)
    try:
        require_current_schema(conn, path)
        yield conn
    finally:
        conn.close()
