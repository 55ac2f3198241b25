"""How long `carcdb --help` takes, start to exit, as a user waits for it (median of 15).

Measured as `python -m pipeline.cli --help` (the console script runs the same imports). The
commands import DuckDB, pyarrow, the parser and the engine
only when they run, so the help (and a mistyped command) answers at once.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from typing import Any

NAME = "cli"
RUNS = 15
TARGET_SECONDS = 0.3


def help_seconds(runs: int = RUNS) -> list[float]:
    command = [sys.executable, "-m", "carcdb.pipeline.cli", "--help"]
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - started)
    return times


def run() -> list[dict[str, Any]]:
    times = help_seconds()
    baseline = []
    for _ in range(5):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        baseline.append(time.perf_counter() - started)
    return [
        {"benchmark": NAME, "metric": "carcdb --help: median", "value": statistics.median(times),
         "unit": "s", "note": f"{RUNS} runs, min {min(times):.3f} s; target < {TARGET_SECONDS}"},
        {"benchmark": NAME, "metric": "bare python start: median",
         "value": statistics.median(baseline), "unit": "s", "note": "python -c pass"},
    ]  # fmt: skip
