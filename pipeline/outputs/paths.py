"""What may be written where: the checks every output path gets before anything is written
(see the package docstring), and how carcdb knows an output it wrote (`OutputKind`)."""

from __future__ import annotations

import errno
import json
import os
import stat
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from carcdb.pipeline.errors import InputError

PARTIAL = "partial"
OLD = "old"
# The file a folder output holds to say which carcdb command wrote it.
MARKER = ".carcdb-output"
MARKER_FORMAT = "carcdb-output"
# Files beside a warehouse (`warehouse.connection`; a test keeps the two equal).
WAREHOUSE_COMPANIONS = (".wal", ".lock", ".reader", ".reader.wal")
KERNEL_FOLDERS = ("/proc", "/sys")
HEAD_BYTES = 4096
# Room kept in a file name for a temporary's suffix, DuckDB's `.wal` included.
SUFFIX_ROOM = len(".") + len(f".{PARTIAL}-") + 10 + len(".wal.tmp")
_SHOWN_CHARS = 120


@dataclass(frozen=True)
class OutputKind:
    """What a command writes, and how carcdb knows one it wrote before.

    `marks`: a file of this kind holds one of these within its first 4 KiB. `recognises`: a
    test of an existing file or folder (it overrides `marks`; for folders, one written before
    folders were marked)."""

    key: str
    name: str  # in messages: "an SVG drawing"
    folder: bool = False
    marks: tuple[bytes, ...] = ()
    recognises: Callable[[Path], bool] | None = None


def output_path(text: str | Path, option: str = "--out") -> Path:
    """The path given to an output option; an empty one is refused (it would mean `.`)."""
    if not str(text).strip():
        raise InputError(
            "an empty output path", path=option, fix=f"pass {option} with a file or folder name"
        )
    return Path(text)


def shown(path: Path | str) -> str:
    """A path as messages show it: a very long one is cut, keeping its length."""
    text = str(path)
    if len(text) <= _SHOWN_CHARS:
        return text
    return f"{text[:60]}...{text[-40:]} ({len(text)} characters)"


def refusal(path: Path | str, message: str, fix: str) -> InputError:
    return InputError(message, path=shown(path), fix=fix)


def lstat_or_none(path: Path) -> os.stat_result | None:
    """The path's own status (a link is not followed), None when nothing is there."""
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise os_refusal(path, exc) from None


def os_refusal(path: Path, exc: OSError) -> InputError:
    if exc.errno == errno.ENAMETOOLONG:
        return refusal(path, "the path is too long", "pass a shorter path")
    if exc.errno == errno.ENOTDIR:
        return refusal(
            path, "a part of the path is a file, not a folder", "pass a path inside a folder"
        )
    reason = exc.strerror or type(exc).__name__
    return refusal(path, f"cannot use this path ({reason})", "pass another path")


def limits(path: Path) -> tuple[int, int]:
    """(longest file name, longest path) on the file system of the nearest folder there is."""
    for probe in (path, *path.parents):
        try:
            if probe.is_dir():
                return os.pathconf(probe, "PC_NAME_MAX"), os.pathconf(probe, "PC_PATH_MAX")
        except OSError:  # too long to look at, or no answer here: ask its parent
            continue
        except (ValueError, AttributeError):  # no pathconf (Windows)
            break
    return 255, 4096


def _check_place(path: Path) -> None:
    """The checks every output path gets, whatever it is: length, kernel folders, parents."""
    absolute = Path(os.path.abspath(path))  # noqa: PTH100 (normalises "..": Path.absolute does not)
    name_max, path_max = limits(absolute.parent)
    too_long = [p for p in absolute.parts if len(os.fsencode(p)) > name_max]
    if too_long or len(os.fsencode(str(absolute))) + SUFFIX_ROOM > path_max:
        raise refusal(path, "the path is too long", "pass a shorter path")
    real = os.path.realpath(absolute)
    for kernel in KERNEL_FOLDERS:
        for candidate in (str(absolute), real):
            if candidate == kernel or candidate.startswith(kernel + os.sep):
                raise refusal(
                    path,
                    f"is in {kernel}, the kernel's own file system",
                    "pass a path in an ordinary folder",
                )
    for parent in absolute.parents:
        try:
            found = parent.stat()  # a link to a folder is a folder here
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise os_refusal(path, exc) from None
        if not stat.S_ISDIR(found.st_mode):
            raise refusal(
                path,
                f"{shown(parent)} is not a folder, so nothing can be written under it",
                "pass a path inside a folder",
            )
        return


def _same_file(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _warehouse_files(warehouse: Path) -> list[Path]:
    return [warehouse] + [warehouse.with_name(warehouse.name + s) for s in WAREHOUSE_COMPANIONS]


def _is_duckdb(path: Path) -> bool:
    found = lstat_or_none(path)
    return found is not None and stat.S_ISREG(found.st_mode) and head(path)[8:12] == b"DUCK"


def _check_not_companion(path: Path, option: str) -> None:
    """`X.wal` (or `.lock`, `.reader`) beside a DuckDB database X, whichever warehouse the
    command reads: DuckDB would replay a file named like its write-ahead log."""
    for suffix in WAREHOUSE_COMPANIONS:
        if path.name.endswith(suffix) and path.name != suffix:
            database = path.with_name(path.name[: -len(suffix)])
            if _is_duckdb(database):
                raise refusal(
                    path,
                    f"is the {suffix} file of the DuckDB database {shown(database)}: writing "
                    "it would damage that database",
                    f"pass {option} with another path",
                )


def _check_not_warehouse(path: Path, warehouse: Path | None, option: str) -> None:
    _check_not_companion(path, option)
    if warehouse is None:
        return
    real = os.path.realpath(path)
    target = None
    with suppress(OSError):
        target = path.stat()
    for part in _warehouse_files(warehouse):
        same = os.path.realpath(part) == real
        if not same and target is not None:
            with suppress(OSError):
                same = _same_file(part.stat(), target)
        if same:
            what = "the warehouse" if part == warehouse else f"the warehouse's {part.name}"
            raise refusal(
                path,
                f"is {what} (--db {shown(warehouse)}): writing it would destroy the warehouse",
                f"pass {option} with another path",
            )


def _kind_of_node(mode: int) -> str | None:
    """What a path that is neither a regular file nor a folder is, for messages."""
    for test, name in (
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISLNK, "a symbolic link"),
    ):
        if test(mode):
            return name
    return None


def head(path: Path) -> bytes:
    """The first bytes of a regular file (a link is not followed); b"" when unreadable."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        handle = os.open(path, flags)
    except OSError:
        return b""
    try:
        return os.read(handle, HEAD_BYTES)
    except OSError:
        return b""
    finally:
        os.close(handle)


def _what_file(data: bytes) -> str:
    if data[8:12] == b"DUCK":
        return "a DuckDB database"
    if data.startswith(b"SQLite format 3\x00"):
        return "a SQLite database"
    return "a file"


def _recognised(path: Path, kind: OutputKind) -> bool:
    if kind.recognises is not None:
        return kind.recognises(path)
    data = head(path)
    return any(mark in data for mark in kind.marks)


def folder_kind(path: Path) -> str | None:
    """The kind key a carcdb output folder was marked with, or None."""
    marker = path / MARKER
    found = lstat_or_none(marker)
    if found is None or not stat.S_ISREG(found.st_mode):
        return None
    try:
        data = json.loads(head(marker))
    except ValueError:
        return None
    if isinstance(data, dict) and data.get("format") == MARKER_FORMAT:
        kind = data.get("kind")
        return kind if isinstance(kind, str) else None
    return None


def _check_cwd(path: Path) -> None:
    real = Path(os.path.realpath(path))
    with suppress(OSError):
        if Path.cwd().resolve().is_relative_to(real):
            raise refusal(
                path,
                "is the working folder (or holds it): it cannot be replaced while in use",
                "pass another folder",
            )


def check_output(
    path: Path, kind: OutputKind, *, warehouse: Path | None = None, option: str = "--out"
) -> None:
    """Refuse `path` as the place for a `kind` output (see the module docstring); no side
    effects."""
    path = output_path(path, option)
    _check_place(path)
    _check_not_warehouse(path, warehouse, option)
    found = lstat_or_none(path)
    if found is None:
        return
    node = _kind_of_node(found.st_mode)
    if node is not None:
        raise refusal(
            path,
            f"is {node}: carcdb replaces only regular files and folders it wrote",
            f"pass {option} with a new path"
            + (" or the path the link points to" if stat.S_ISLNK(found.st_mode) else ""),
        )
    if kind.folder:
        _check_folder(path, kind, found, warehouse, option)
    elif stat.S_ISDIR(found.st_mode):
        raise refusal(
            path, f"is a folder where a file is written ({kind.name})", f"pass {option} FILE"
        )
    elif found.st_size and not _recognised(path, kind):
        raise refusal(
            path,
            f"is {_what_file(head(path))} that is not {kind.name} carcdb wrote: "
            "carcdb replaces only its own outputs",
            f"pass {option} with a new path, or remove the file first",
        )


def _check_folder(
    path: Path, kind: OutputKind, found: os.stat_result, warehouse: Path | None, option: str
) -> None:
    if not stat.S_ISDIR(found.st_mode):
        raise refusal(
            path,
            f"is a file where a folder is written ({kind.name})",
            f"pass {option} with a folder",
        )
    _check_cwd(path)
    if warehouse is not None and Path(os.path.realpath(warehouse)).is_relative_to(
        os.path.realpath(path)
    ):
        raise refusal(path, "holds the warehouse (--db)", f"pass {option} with another folder")
    try:
        with os.scandir(path) as entries:
            empty = next(entries, None) is None
    except OSError as exc:
        raise os_refusal(path, exc) from None
    if empty or folder_kind(path) == kind.key:
        return
    if folder_kind(path) is None and kind.recognises is not None and kind.recognises(path):
        return
    raise refusal(
        path,
        f"is a folder holding files that are not {kind.name} carcdb wrote: carcdb replaces "
        "only its own output folders",
        f"pass {option} with a new or empty folder, or remove this one first",
    )
