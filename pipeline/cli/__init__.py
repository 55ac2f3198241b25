"""The `carcdb` command: the Typer app, its command modules, and exit-code mapping.

Exit codes (docs/cli.md): 0 success, 1 checks failed, 2 bad input, usage or environment,
70 a bug in carcdb, 130 interrupted, 141 stdout closed by its reader. Command modules only parse
arguments, call the library and print; each registers its commands on `app`.
"""

from __future__ import annotations

import signal
import sys

try:
    from carcdb.pipeline.cli import contents as contents_cli
    from carcdb.pipeline.cli import (
        core,
        draw,
        engine,
        engine_config,
        export,
        extract,
        perf,
        report,
        tiles,
    )
    from carcdb.pipeline.cli import rules as rules_cli
    from carcdb.pipeline.cli.app import EXIT_INTERRUPTED, app, prepare_streams, run_app
except KeyboardInterrupt:  # Ctrl-C while the command is still starting: as quiet as later
    sys.stderr.write("interrupted\n")
    sys.exit(130)

__all__ = [
    "app",
    "contents_cli",
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
    prepare_streams()
    code = run_app()
    if code == EXIT_INTERRUPTED:
        # Interrupted already: a late second delivery of the signal (DuckDB re-raises the one
        # it saw during a query) must not turn the quiet exit into a death by signal.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.exit(code)
