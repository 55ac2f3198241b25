"""Run every benchmark module, print one table, write `benchmarks/results.json`."""

from __future__ import annotations

import importlib
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

HERE = Path(__file__).parent


def discover(only: list[str]) -> list[str]:
    names = sorted(p.stem for p in HERE.glob("bench_*.py"))
    return [n for n in names if not only or any(o in n for o in only)]


def python_loop_seconds(runs: int = 3) -> float:
    """The best of `runs` timings of a fixed pure-Python loop: how fast this machine runs
    Python now, printed beside the results so runs on different days can be compared."""
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        total = 0
        for value in range(10_000_000):
            total += value
        best = min(best, time.perf_counter() - started)
    return best


def main(argv: list[str]) -> int:
    console = Console()
    rows: list[dict[str, Any]] = [
        {"benchmark": "machine", "metric": "python loop, 10^7 additions (best of 3)",
         "value": python_loop_seconds(), "unit": "s", "note": "before the benchmarks"},
    ]  # fmt: skip
    modules = discover(argv)
    if not modules:
        console.print("no benchmarks yet")
        return 0
    for name in modules:
        module = importlib.import_module(f"benchmarks.{name}")
        started = time.perf_counter()
        console.print(f"running {name} ...")
        rows.extend(module.run())
        console.print(f"  {name} took {time.perf_counter() - started:.1f}s")
    table = Table(title=f"carcdb benchmarks ({os.cpu_count()} cores)")
    for column in ("benchmark", "metric", "value", "unit", "note"):
        table.add_column(column)
    for row in rows:
        value = row["value"]
        shown = f"{value:,.3f}" if isinstance(value, float) else str(value)
        table.add_row(row["benchmark"], row["metric"], shown, row["unit"], row.get("note", ""))
    console.print(table)
    results = {
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "rows": rows,
    }
    (HERE / "results.json").write_text(json.dumps(results, indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
