"""The shared Typer app and the one place where errors become exit codes."""

from __future__ import annotations

import sys

import typer

from pipeline.errors import CarcdbError
from warehouse.errors import WarehouseError

app = typer.Typer(
    name="carcdb",
    help="Canonical, checked database of Carcassonne tile sets and rules from Wikicarpedia.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXIT_OK = 0
EXIT_CHECKS_FAILED = 1
EXIT_BAD_INPUT = 2


def run_app(argv: list[str] | None = None) -> int:
    """Run the CLI; expected errors print one line and return 2, bugs raise."""
    try:
        app(args=argv, prog_name="carcdb")
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except (CarcdbError, WarehouseError) as exc:
        # One plain line, never wrapped: scripts and people grep it.
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return EXIT_OK
