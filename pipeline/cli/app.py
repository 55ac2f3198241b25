"""The shared Typer app and the one place where errors become exit codes.

0 success; 1 checks failed (or pages could not be fetched); 2 bad input or usage, or a fault
of the environment (a full disk, a closed stdin, a port out of range), one line on stderr; 70
a bug in carcdb only (one line and a request to report it; the traceback with `--debug` or
`CARCDB_DEBUG=1`); 130 interrupted (Ctrl-C), quietly, every write rolled back; 141 standard
output closed by its reader (`carcdb sql ... | head -1`), quietly, as a shell reports a
program ended by SIGPIPE.

Usage errors (an unknown option, a value out of range) are one line too, not click's usage
block. `-h` is `--help`.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import importlib
import importlib.util
import os
import signal
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TextIO, cast

import typer
import typer.core
import typer.main

from carcdb.pipeline.cli.options import restore_output
from carcdb.pipeline.cli.output import StdoutClosed, escape_controls
from carcdb.pipeline.errors import CarcdbError, InputError
from carcdb.warehouse.errors import WarehouseError

# Typer 0.2x carries its own copy of click; older releases use click itself.
_CLICK = "typer._click" if importlib.util.find_spec("typer._click") else "click"
_click: Any = importlib.import_module(f"{_CLICK}.exceptions")
_click_utils: Any = importlib.import_module(f"{_CLICK}.utils")


class _Group(typer.core.TyperGroup):
    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise StdoutClosed from None


app = typer.Typer(
    name="carcdb",
    cls=_Group,
    help="Canonical, checked database of Carcassonne tile sets and rules from Wikicarpedia.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    # Plain help, as click prints it: rendering it with rich (boxes, markdown) took about a
    # third of `carcdb --help` (0.48 s -> 0.32 s median; docs/cli.md).
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

EXIT_OK = 0
EXIT_CHECKS_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_BUG = 70  # EX_SOFTWARE (sysexits.h): an internal error
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report it
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE: the reader of stdout has gone
# Errors of the machine, not of carcdb: a full disk, no permission, too many open files.
_ENVIRONMENT = "ENOSPC EDQUOT EFBIG EIO EROFS EACCES EPERM EMFILE ENFILE ENAMETOOLONG ENXIO ENOMEM"
ENVIRONMENT_ERRNOS = frozenset(
    getattr(errno, name) for name in _ENVIRONMENT.split() if hasattr(errno, name)
)
DEBUG_ENV = "CARCDB_DEBUG"
_debug = {"on": False}


class Interrupted(BaseException):
    """Ctrl-C, raised by our SIGINT handler: not a KeyboardInterrupt, which the command-line
    library would turn into "Aborted!" and exit 1. Every `transaction` rolls back on it."""


_interrupt = {"seen": False}


def _on_sigint(signum: int, frame: object) -> None:
    # Remembered: code that catches the exception (DuckDB turns it into its own when a query
    # is running) still ends as an interruption, not as a bug.
    _interrupt["seen"] = True
    raise Interrupted


def version() -> str:
    from importlib import metadata  # (only when asked: it costs a noticeable part of --help)

    try:
        return metadata.version("carcdb")
    except metadata.PackageNotFoundError:  # run from a source tree that is not installed
        return "unknown (not installed)"


def _show_version(value: bool) -> bool:
    if value:
        print(f"carcdb {version()}")
        raise typer.Exit(EXIT_OK)
    return value


def _set_debug(value: bool) -> bool:
    _debug["on"] = _debug["on"] or value
    return value


@app.callback()
def main_options(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_show_version, is_eager=True, help="Print the version and stop."
        ),
    ] = False,
    debug: Annotated[
        bool,
        typer.Option(
            "--debug", callback=_set_debug, help=f"Show a traceback on a crash (or {DEBUG_ENV}=1)."
        ),
    ] = False,
) -> None:
    """Canonical, checked database of Carcassonne tile sets and rules from Wikicarpedia."""


def _debugging() -> bool:
    return _debug["on"] or os.environ.get(DEBUG_ENV, "").strip() not in ("", "0")


@functools.cache
def _click_command(registered: tuple[int, int]) -> Callable[..., Any]:
    """The click command Typer builds from `app`, built once per set of registered commands
    (Typer builds it again on every call, a tenth of a second for this many commands)."""
    return typer.main.get_command(app)


def _command() -> Callable[..., Any]:
    return _click_command((len(app.registered_commands), len(app.registered_groups)))


def _error(line: str) -> None:
    """One line on stderr, escaped (text for people, `pipeline.cli.output`)."""
    print(escape_controls(_one_line(line)), file=sys.stderr)


def _quiet_stdout() -> None:
    """Point standard output at nothing, so the interpreter's last flush of what could not
    be written raises no second error at exit."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (tests, embedding)
        return
    with contextlib.suppress(OSError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)


def _unwrap_pacified() -> bool:
    """Whether the command-line library met a closed pipe: it then wraps the standard
    streams in its `PacifyFlushWrapper` and exits 1. The streams are given back."""
    pacified = False
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if isinstance(stream, _click_utils.PacifyFlushWrapper):
            setattr(sys, name, stream.wrapped)
            pacified = True
    return pacified


def _usage_error(exc: Any) -> int:
    # `carcdb` alone: the help, as before (click 8.2 raises it; 8.1 prints and exits 0)
    no_args: Any = getattr(_click, "NoArgsIsHelpError", ())
    if isinstance(exc, no_args):
        exc.show()
        return int(exc.exit_code)
    context = getattr(exc, "ctx", None)
    where = context.command_path if context is not None else "carcdb"
    fix = f" - fix: see {where} --help" if isinstance(exc, _click.UsageError) else ""
    _error(f"error: {exc.format_message()}{fix}")
    return EXIT_BAD_INPUT


def _run(argv: list[str] | None) -> int:
    result = _command()(args=argv, prog_name="carcdb", standalone_mode=False)
    # What is still buffered is written here, where a full disk or a closed pipe can be
    # answered, not at the interpreter's exit.
    if sys.stdout is not None:
        sys.stdout.flush()
    return result if isinstance(result, int) else EXIT_OK


def run_app(argv: list[str] | None = None) -> int:
    """Run the CLI and return its exit code; nothing escapes as a traceback unless asked."""
    _debug["on"] = False
    _interrupt["seen"] = False
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGINT, _on_sigint)
    try:
        return _run(argv)
    except SystemExit as exc:
        if _unwrap_pacified():  # the library met a closed pipe (the top-level help) and said 1
            _quiet_stdout()
            return EXIT_BROKEN_PIPE
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except (CarcdbError, WarehouseError) as exc:
        # One plain line, never wrapped: scripts and people grep it.
        _error(f"error: {exc}")
        return EXIT_BAD_INPUT
    except _click.ClickException as exc:
        return _usage_error(exc)
    except (Interrupted, KeyboardInterrupt, typer.Abort):
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except (BrokenPipeError, StdoutClosed):
        _quiet_stdout()
        return EXIT_BROKEN_PIPE
    except OSError as exc:
        if exc.errno not in ENVIRONMENT_ERRNOS:
            return _bug(exc)
        _quiet_stdout()
        where = f"{exc.filename}: " if exc.filename else ""
        _error(
            f"error: {where}a write or read failed ({exc.strerror}) - fix: free some space, "
            "check the permissions, or send the output elsewhere"
        )
        return EXIT_BAD_INPUT
    except Exception as exc:
        return _bug(exc)
    finally:
        restore_output()
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def _bug(exc: Exception) -> int:
    """A bug in carcdb: say so in one line, and how to report it."""
    if _interrupt["seen"]:  # Ctrl-C, surfacing as another exception (DuckDB's own)
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    if _debugging():
        traceback.print_exc()
    _error(
        f"carcdb: internal error: {type(exc).__name__}: {_one_line(str(exc))[:300]} - "
        f"this is a bug in carcdb {version()}; please report it with the command you ran "
        f"(run it again with --debug or {DEBUG_ENV}=1 for the traceback)"
    )
    return EXIT_BUG


class _ClosedStdin:
    """Stands for a standard input that was closed (`<&-`): reading it is an input error."""

    def read(self, size: int = -1) -> str:
        raise InputError(
            "standard input is closed", path="<stdin>", fix="pipe the data in, or pass a file"
        )

    def isatty(self) -> bool:
        return False


def prepare_streams() -> None:
    """The process's standard streams made safe to use, once, before a command runs.

    A closed stdin reads as an input error; a closed stdout or stderr writes nowhere; a
    character the output's encoding cannot hold (`PYTHONIOENCODING=ascii`, a lone surrogate)
    is written as a backslash escape instead of ending the command."""
    if sys.stdin is None:
        sys.stdin = cast(TextIO, _ClosedStdin())
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:
            setattr(sys, name, Path(os.devnull).open("w", encoding="utf-8"))  # noqa: SIM115
            continue
        with contextlib.suppress(AttributeError, ValueError, OSError):
            stream.reconfigure(errors="backslashreplace")


def _one_line(text: str) -> str:
    return " ".join(text.split())
