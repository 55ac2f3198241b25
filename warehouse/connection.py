"""Opening the warehouse file: migrations on write, clear errors when it is locked or absent.

Every write goes through `write_transaction`: one transaction for the whole unit of work, so a
failure or a crash leaves the previous state intact (DuckDB discards an uncommitted WAL).
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


def _connect(path: Path, *, read_only: bool, sandboxed: bool = False) -> duckdb.DuckDBPyConnection:
    # A sandboxed connection cannot touch other files (COPY TO, read_csv, ATTACH): for user SQL.
    config: dict[str, str | bool | int | float | list[str]] = (
        {"enable_external_access": False} if sandboxed else {}
    )
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
