"""The `carcdb` command: the Typer app, its command modules, and exit-code mapping.

Exit codes: 0 success, 1 checks failed, 2 bad input or usage. Command modules only parse
arguments, call the library and print; each registers its commands on `app`.
"""

from __future__ import annotations

import sys

from pipeline.cli import core, draw, engine, engine_config, export, extract, perf, report, tiles
from pipeline.cli import rules as rules_cli
from pipeline.cli.app import app, run_app

__all__ = [
    "app",
    "core",
    "draw",
    "engine",
    "engine_config",
    "export",
    "extract",
    "main",
    "perf",
    "report",
    "rules_cli",
    "tiles",
]


def main() -> None:
    sys.exit(run_app())
