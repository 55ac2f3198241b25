"""The shared Typer app and the one place where errors become exit codes.

0 success; 1 checks failed (or pages could not be fetched); 2 bad input or usage, one line on
stderr; 70 a bug in carcdb (one line and a request to report it; the traceback with `--debug`
or `CARCDB_DEBUG=1`); 130 interrupted (Ctrl-C), quietly, every write rolled back.
"""

from __future__ import annotations

import functools
import os
import signal
import sys
import threading
import traceback
from collections.abc import Callable
from typing import Annotated, Any

import typer
import typer.main

from pipeline.cli.options import restore_output
from pipeline.errors import CarcdbError
from warehouse.errors import WarehouseError

app = typer.Typer(
    name="carcdb",
    help="Canonical, checked database of Carcassonne tile sets and rules from Wikicarpedia.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # Plain help, as click prints it: rendering it with rich (boxes, markdown) took about a
    # third of `carcdb --help` (0.48 s -> 0.32 s median; docs/cli.md).
    rich_markup_mode=None,
)

EXIT_OK = 0
EXIT_CHECKS_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_BUG = 70  # EX_SOFTWARE (sysexits.h): an internal error
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report it
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


def run_app(argv: list[str] | None = None) -> int:
    """Run the CLI and return its exit code; nothing escapes as a traceback unless asked."""
    _debug["on"] = False
    _interrupt["seen"] = False
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGINT, _on_sigint)
    try:
        _command()(args=argv, prog_name="carcdb")
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except (CarcdbError, WarehouseError) as exc:
        # One plain line, never wrapped: scripts and people grep it.
        print(f"error: {_one_line(str(exc))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (Interrupted, KeyboardInterrupt):
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as exc:  # a bug in carcdb: say so in one line, and how to report it
        if _interrupt["seen"]:  # Ctrl-C, surfacing as another exception (DuckDB's own)
            print("interrupted", file=sys.stderr)
            return EXIT_INTERRUPTED
        if _debugging():
            traceback.print_exc()
        print(
            f"carcdb: internal error: {type(exc).__name__}: {_one_line(str(exc))[:300]} - "
            f"this is a bug in carcdb {version()}; please report it with the command you ran "
            f"(run it again with --debug or {DEBUG_ENV}=1 for the traceback)",
            file=sys.stderr,
        )
        return EXIT_BUG
    finally:
        restore_output()
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    return EXIT_OK


def _one_line(text: str) -> str:
    return " ".join(text.split())
