"""Writing an output: through a temporary beside its target (`.NAME.partial-PID`), renamed
or swapped in at the end; the leftovers of killed writes removed (see the package docstring)."""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from carcdb.pipeline.errors import InputError
from carcdb.pipeline.outputs.paths import (
    MARKER,
    MARKER_FORMAT,
    OLD,
    PARTIAL,
    SUFFIX_ROOM,
    OutputKind,
    check_output,
    limits,
    lstat_or_none,
    os_refusal,
    refusal,
)


def _stem(path: Path) -> str:
    """The target's name as its temporaries hold it: cut to leave room for their suffix."""
    name_max, _ = limits(path.parent)
    stem = path.name
    while len(os.fsencode(stem)) + SUFFIX_ROOM > name_max:
        stem = stem[:-1]
    return stem


def temporary(path: Path, role: str = PARTIAL) -> Path:
    """`.NAME.partial-PID` (or `.NAME.old-PID`) beside `path`: recognisably carcdb's."""
    return path.with_name(f".{_stem(path)}.{role}-{os.getpid()}")


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return False  # an earlier process had this number: this one has written nothing yet
    if sys.platform == "win32":  # os.kill would end the process: never look
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


def _remove(path: Path) -> None:
    found = lstat_or_none(path)
    if found is None:
        return
    if stat.S_ISDIR(found.st_mode):
        shutil.rmtree(path, ignore_errors=True)
    else:
        with suppress(OSError):
            path.unlink()


def remove_leftovers(path: Path) -> list[Path]:
    """Remove the temporaries of killed writes to `path` and put back a previous output a
    killed swap left moved aside; return what was removed or put back."""
    parent = path.parent if str(path.parent) else Path()
    pattern = re.compile(rf"\.{re.escape(_stem(path))}\.({PARTIAL}|{OLD})-(\d+)(\..*)?")
    try:
        with os.scandir(parent) as entries:
            names = [entry.name for entry in entries]
    except OSError:
        return []
    handled = []
    for name in sorted(names):
        match = pattern.fullmatch(name)
        if match is None or _alive(int(match.group(2))):
            continue
        leftover = parent / name
        if match.group(1) == OLD and match.group(3) is None and lstat_or_none(path) is None:
            with suppress(OSError):
                leftover.rename(path)  # the swap's second step never ran
                handled.append(leftover)
                continue
        _remove(leftover)
        handled.append(leftover)
    return handled


def _make_parent(path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise os_refusal(path, exc) from None


def _write_failed(path: Path, exc: OSError) -> InputError:
    reason = exc.strerror or str(exc)
    return refusal(path, f"cannot write ({reason})", "free some space or pass another path")


def _clear_own(partial: Path) -> None:
    """Remove files of an earlier process that had this one's number (and DuckDB's)."""
    for name in [partial.name] + [f"{partial.name}{s}" for s in (".wal", ".tmp", ".wal.tmp")]:
        _remove(partial.with_name(name))


def _prepare(path: Path, kind: OutputKind, warehouse: Path | None, option: str) -> Path:
    """Check `path`, clear what killed writes left, make its folder: its temporary's path."""
    check_output(path, kind, warehouse=warehouse, option=option)
    remove_leftovers(path)
    _make_parent(path)
    partial = temporary(path)
    _clear_own(partial)
    return partial


@contextmanager
def file_output(
    path: Path, kind: OutputKind, *, warehouse: Path | None = None, option: str = "--out"
) -> Iterator[Path]:
    """A temporary path beside `path` (not created: the caller creates it) that becomes
    `path` when the block ends without an exception."""
    partial = _prepare(path, kind, warehouse, option)
    try:
        try:
            yield partial
            check_output(path, kind, warehouse=warehouse, option=option)  # still a file
            partial.replace(path)
        except OSError as exc:
            raise _write_failed(path, exc) from None
    finally:
        _clear_own(partial)


def write_file(
    path: Path,
    data: str | bytes,
    kind: OutputKind,
    *,
    warehouse: Path | None = None,
    option: str = "--out",
) -> None:
    """Write `data` (text as UTF-8) to `path` through a temporary beside it."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    with file_output(path, kind, warehouse=warehouse, option=option) as partial:
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
        handle = os.open(partial, flags | getattr(os, "O_BINARY", 0), 0o666)
        with os.fdopen(handle, "wb") as out:
            out.write(raw)


@contextmanager
def folder_output(
    path: Path, kind: OutputKind, *, warehouse: Path | None = None, option: str = "--out"
) -> Iterator[Path]:
    """An empty folder beside `path`, to fill; it replaces `path` as a whole when the block
    ends without an exception."""
    staging = _prepare(path, kind, warehouse, option)
    try:
        try:
            staging.mkdir()
            yield staging
            marker = {"format": MARKER_FORMAT, "kind": kind.key}
            (staging / MARKER).write_text(json.dumps(marker) + "\n", "utf-8")
            check_output(path, kind, warehouse=warehouse, option=option)  # still replaceable
            _swap(staging, path)
        except OSError as exc:
            raise _write_failed(path, exc) from None
    finally:
        _remove(staging)


def _swap(staging: Path, path: Path) -> None:
    if lstat_or_none(path) is None:
        staging.rename(path)
        return
    old = temporary(path, OLD)
    _remove(old)
    path.rename(old)
    try:
        staging.rename(path)
    except OSError:
        old.rename(path)
        raise
    _remove(old)
