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
from warehouse.migrate import apply_migrations
from warehouse.rows import execute

DEFAULT_DB = Path("data/carcdb.duckdb")


def _connect(path: Path, *, read_only: bool) -> duckdb.DuckDBPyConnection:
    try:
        return duckdb.connect(str(path), read_only=read_only)
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
        apply_migrations(conn)
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
def read_only(path: Path) -> Iterator[duckdb.DuckDBPyConnection]:
    if not path.exists():
        raise WarehouseMissingError(
            f"{path}: no warehouse here yet - fix: run 'carcdb build' (or 'carcdb import') first, "
            "or pass --db"
        )
    conn = _connect(path, read_only=True)
    try:
        yield conn
    finally:
        conn.close()
