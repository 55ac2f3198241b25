"""Options every command spells the same way (one flag name per idea; docs/cli.md lists them).

- `--db FILE` (or `$CARCDB_DB`): the warehouse;
- `--json`: machine-readable output;
- `--quiet`/`-q`: print nothing but errors (standard output is silenced for the command, and
  warnings and progress bars are not shown; exit codes say how it went);
- `--jobs N`/`-j`: parse worker processes;
- `--page-timeout S`: the parse time limit per page, in workers and with `--jobs 0` alike.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from pathlib import Path
from typing import Annotated, TextIO

import typer

DB_ENV = "CARCDB_DB"
# `warehouse.connection.DEFAULT_DB` (a test keeps them equal): here, so that showing a
# command's options does not import DuckDB.
DEFAULT_DB = Path("data/carcdb.duckdb")
CONTACT_ENV = "CARCDB_CONTACT"

_state = {"quiet": False}
_saved_stdout: list[TextIO] = []


def is_quiet() -> bool:
    return _state["quiet"]


def _silence(value: bool) -> bool:
    """`--quiet`'s callback: from here on standard output goes nowhere (see `restore_output`)."""
    if value and not _state["quiet"]:
        _state["quiet"] = True
        _saved_stdout.append(sys.stdout)
        sys.stdout = Path(os.devnull).open("w", encoding="utf-8")  # noqa: SIM115 (restored)
    return value


def restore_output() -> None:
    """Undo `--quiet` (the CLI calls it when a command ends, so tests can run another)."""
    if _saved_stdout:
        sys.stdout.close()
        sys.stdout = _saved_stdout.pop()
    _state["quiet"] = False


def output_path(value: str) -> Path:
    """The parser of every `--out`/`-o` option: an empty path is refused (as a path it would
    mean the working folder); the rest is checked where the output is written
    (`pipeline.outputs`)."""
    from carcdb.pipeline.outputs import output_path as checked

    return checked(value)


def db_path(value: Path) -> Path:
    """`--db`'s callback: a path the file system cannot hold, or that is a folder, device or
    FIFO (DuckDB would wait on a FIFO forever), is refused before any command runs."""
    from carcdb.pipeline.errors import InputError
    from carcdb.pipeline.outputs import shown

    try:
        found = value.stat()
    except FileNotFoundError:
        return value
    except OSError as exc:
        too_long = exc.errno == errno.ENAMETOOLONG
        reason = "the path is too long" if too_long else exc.strerror
        raise InputError(
            f"cannot use this warehouse path ({reason})",
            path=f"--db {shown(value)}",
            fix=f"pass --db with a {'shorter ' if too_long else ''}path to a warehouse file",
        ) from None
    if not stat.S_ISREG(found.st_mode):
        raise InputError(
            "not a regular file",
            path=f"--db {shown(value)}",
            fix="pass --db with a warehouse file (or a new file name)",
        )
    return value


def warn(message: str, *, label: str = "warning") -> None:
    """A warning (or a `note:`) on stderr, unless `--quiet`."""
    from carcdb.pipeline.cli.output import escape_controls

    if not is_quiet():
        print(escape_controls(f"{label}: {message}"), file=sys.stderr)


DbOption = Annotated[
    Path,
    typer.Option(
        "--db", envvar=DB_ENV, callback=db_path, help="Warehouse file (default: $CARCDB_DB)."
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
QuietOption = Annotated[
    bool,
    typer.Option("--quiet", "-q", callback=_silence, help="Print nothing but errors."),
]
JobsOption = Annotated[
    int | None,
    typer.Option(
        "--jobs", "-j", min=0, help="Parse worker processes (default: cores; 0: in-process)."
    ),
]
PageTimeoutOption = Annotated[
    float,
    typer.Option(
        "--page-timeout",
        min=0.1,
        help="Seconds a page's parse may take before it becomes a parse.timeout finding.",
    ),
]
DEFAULT_PAGE_TIMEOUT = 120.0
