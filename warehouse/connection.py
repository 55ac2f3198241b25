"""Opening the warehouse file: one writer at a time, readers never locked out, clear errors.

Every write goes through `open_writer` (a whole run) and `transaction` (one unit of work),
or `write_transaction` (both at once): a failure or a crash leaves the previous state intact
(DuckDB discards an uncommitted WAL).

DuckDB lets one process open a file for writing and then no other process may open it at all,
not even to read. So a writer first takes `<db>.lock` (an OS file lock, released when the
process ends however it ends; the writer removes the file when it is done), then publishes a
copy of the warehouse as it is, `<db>.reader` (written aside and renamed into place), and
only then opens the warehouse. A reader that finds the warehouse held opens that copy
instead: it sees the warehouse as it was before the running write, never a half-written
state, and is never refused. The writer removes the copy when it is done; one left by a
killed writer is replaced by the next writer and never read while the warehouse itself is
free.

A new warehouse file is written in DuckDB 1.4's storage format (`STORAGE_COMPATIBILITY`), the
oldest DuckDB carcdb supports, so any supported DuckDB (a user's CLI, another tool's Python)
can open it; without the setting DuckDB 2 writes a format DuckDB 1.x refuses ("version number
999"). A file created by an older carcdb keeps its format: `carcdb export --format duckdb`
writes a portable copy.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import duckdb

from carcdb.warehouse.errors import WarehouseError, WarehouseLockedError, WarehouseMissingError
from carcdb.warehouse.migrate import apply_migrations, require_current_schema
from carcdb.warehouse.rows import execute
from carcdb.warehouse.times import TIME_ZONE

DEFAULT_DB = Path("data/carcdb.duckdb")  # the CLI's default; `$CARCDB_DB` overrides it there
# The storage format of new files: DuckDB 1.4's, the oldest `duckdb` pyproject.toml allows.
STORAGE_COMPATIBILITY = "v1.4.0"


# The settings of a connection for SQL typed by a user (with read_only): no file but the
# warehouse, no extension loaded, and a configuration no statement can change afterwards
# (SET, PRAGMA, enable_logging: a file log once aborted the process, docs/hardening.md).
SANDBOX: dict[str, str | bool | int | float | list[str]] = {
    "enable_external_access": False,
    "autoload_known_extensions": False,
    "allow_community_extensions": False,
    "allow_unsigned_extensions": False,
    "lock_configuration": True,
}


# Writers that finish one after another can each remove the lock file a second writer had
# just opened: it starts again this many times before calling the warehouse locked.
_LOCK_ATTEMPTS = 20


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


def reader_copy_path(path: Path) -> Path:
    return path.with_name(path.name + ".reader")


def _locked_error(path: Path) -> WarehouseLockedError:
    return WarehouseLockedError(
        f"{path}: the warehouse is locked by another process - "
        "fix: wait for the other carcdb command to finish, or use --db OTHER.duckdb"
    )


def _connect(path: Path, *, read_only: bool, sandboxed: bool = False) -> duckdb.DuckDBPyConnection:
    # A sandboxed connection cannot touch other files (COPY TO, read_csv, ATTACH) nor change
    # its settings: for user SQL (`SANDBOX`).
    config: dict[str, str | bool | int | float | list[str]] = {
        "storage_compatibility_version": STORAGE_COMPATIBILITY,
        # carcdb needs no extension beyond the built-in ones and never downloads one. Replaying
        # a write-ahead log that altered a column to JSON otherwise tries to install the
        # built-in json extension from the network, and fails offline, after a crash.
        "autoinstall_known_extensions": False,
    }
    if sandboxed:
        config.update(SANDBOX)
    # Locked only once the time zone is set (below): DuckDB refuses `TimeZone` in the config
    # of a connection (its ICU extension, built in, is loaded after the config is read).
    lock = bool(config.pop("lock_configuration", False))
    try:
        conn = duckdb.connect(str(path), read_only=read_only, config=config)
    except duckdb.IOException as exc:
        text = str(exc)
        if "lock" in text.lower():
            raise _locked_error(path) from None
        raise WarehouseError(f"{path}: cannot open the warehouse ({text})") from None
    except duckdb.Error as exc:
        raise WarehouseError(
            f"{path}: not a usable DuckDB warehouse ({exc}) - fix: point --db at a carcdb "
            "warehouse or a new path"
        ) from None
    # Times are stored as TIMESTAMP WITH TIME ZONE; every connection shows them in UTC, so
    # what carcdb prints and exports does not depend on the machine's time zone.
    try:
        execute(conn, f"SET TimeZone = '{TIME_ZONE}'")
        if lock:
            execute(conn, "SET lock_configuration = true")
    except BaseException:
        conn.close()
        raise
    return conn


def storage_version(conn: duckdb.DuckDBPyConnection) -> str:
    """The storage format of the connection's main file, e.g. `v1.4.0+` (DuckDB's own tag)."""
    rows = conn.execute(
        "SELECT tags['storage_version'] FROM duckdb_databases() "
        "WHERE database_name = current_database()"
    ).fetchall()
    return str(rows[0][0]) if rows and rows[0][0] is not None else "unknown"


def _try_lock(handle: IO[bytes]) -> bool:
    """Take an exclusive, non-blocking OS lock on the open file; False when another holds it."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _still_there(handle: IO[bytes], path: Path) -> bool:
    """Whether `path` is still the file `handle` has open (not removed or replaced since)."""
    try:
        there = path.stat()
    except OSError:
        return False
    mine = os.fstat(handle.fileno())
    return (there.st_dev, there.st_ino) == (mine.st_dev, mine.st_ino)


@contextmanager
def _writer_lock(path: Path) -> Iterator[None]:
    """Hold `<db>.lock` for the block, and remove it after: a clean exit leaves no file.

    The lock is the file's, not the name's: a writer finishing removes the file while it
    still holds the lock, so a second writer that opened it before can lock it only after
    it is gone, and then sees that the name no longer leads to it and starts again with a
    new file. A writer killed leaves its file, unlocked: the next one takes it."""
    lock = lock_path(path)
    for _ in range(_LOCK_ATTEMPTS):
        handle = lock.open("ab")
        try:
            if not _try_lock(handle):
                raise _locked_error(path)
        except BaseException:
            handle.close()
            raise
        if _still_there(handle, lock):
            break
        handle.close()  # locked a file a finishing writer had removed: lock the new one
    else:
        raise _locked_error(path)
    try:
        yield
    finally:
        with contextlib.suppress(OSError):  # on Windows an open file cannot be removed: left
            lock.unlink()
        handle.close()  # the lock goes with the file's closing (or the process's end)


def _publish_reader_copy(path: Path) -> Path | None:
    """Copy the warehouse (and a WAL a crash left) for readers, renamed into place whole."""
    if not path.exists():
        return None
    target = reader_copy_path(path)
    staging = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    wal = path.with_name(path.name + ".wal")
    target_wal = target.with_name(target.name + ".wal")
    try:
        shutil.copyfile(path, staging)
        if wal.exists():
            shutil.copyfile(wal, target_wal)
        else:
            target_wal.unlink(missing_ok=True)
        staging.replace(target)
    except OSError:  # no room for a copy: readers wait for the writer, as before
        staging.unlink(missing_ok=True)
        return None
    return target


def _remove_reader_copy(path: Path) -> None:
    copy = reader_copy_path(path)
    for leftover in (copy, copy.with_name(copy.name + ".wal")):
        with contextlib.suppress(OSError):  # a reader on Windows still has it open: left
            leftover.unlink(missing_ok=True)


@contextmanager
def open_writer(path: Path) -> Iterator[duckdb.DuckDBPyConnection]:
    """The one writer of `path` for a whole run: locked, migrated, readers served a copy.

    Statements run in autocommit unless inside `transaction(conn)`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with _writer_lock(path):
        _publish_reader_copy(path)
        try:
            conn = _connect(path, read_only=False)
            try:
                if apply_migrations(conn, path):
                    # Into the file at once: DuckDB 2 cannot replay a column's change to JSON
                    # from a write-ahead log without downloading its json extension, so a
                    # process killed before the next checkpoint would leave a warehouse no
                    # machine without network could open.
                    checkpoint(conn)
                yield conn
            finally:
                conn.close()
        finally:
            _remove_reader_copy(path)


@contextmanager
def transaction(conn: duckdb.DuckDBPyConnection) -> Iterator[duckdb.DuckDBPyConnection]:
    """One unit of work: committed whole, or rolled back on any exception (Ctrl-C too)."""
    execute(conn, "BEGIN TRANSACTION")
    try:
        yield conn
    except BaseException:
        execute(conn, "ROLLBACK")
        raise
    execute(conn, "COMMIT")


def checkpoint(conn: duckdb.DuckDBPyConnection) -> None:
    """Write the committed transactions into the database file (and empty the WAL)."""
    execute(conn, "CHECKPOINT")


@contextmanager
def write_transaction(path: Path) -> Iterator[duckdb.DuckDBPyConnection]:
    """Open (creating and migrating as needed) and yield a connection inside one transaction."""
    with open_writer(path) as conn, transaction(conn):
        yield conn


@contextmanager
def read_only(path: Path, *, sandboxed: bool = False) -> Iterator[duckdb.DuckDBPyConnection]:
    """A read-only connection to an existing, fully migrated warehouse.

    While a carcdb writer holds the warehouse, the copy it published is read instead (the
    warehouse as it was before that write). `sandboxed` also forbids access to any other
    file, for SQL typed by a user.
    """
    if not path.exists():
        raise WarehouseMissingError(
            f"{path}: no warehouse here yet - fix: run 'carcdb build' (or 'carcdb import') first, "
            "or pass --db"
        )
    conn = _connect_for_reading(path, sandboxed)
    try:
        require_current_schema(conn, path)
        yield conn
    finally:
        conn.close()


def _connect_for_reading(path: Path, sandboxed: bool) -> duckdb.DuckDBPyConnection:
    for _ in range(3):  # the writer may finish (and remove its copy) between two attempts
        try:
            return _connect(path, read_only=True, sandboxed=sandboxed)
        except WarehouseLockedError:
            copy = reader_copy_path(path)
            if not copy.exists():
                raise
            with contextlib.suppress(WarehouseError):
                return _connect(copy, read_only=True, sandboxed=sandboxed)
    raise _locked_error(path)
