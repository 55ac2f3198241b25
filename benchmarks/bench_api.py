"""API extraction against the local fake wiki: the sample plus 1,000 generated pages.

The fake wiki runs in its own process (`carcdb fake-wiki`), as a real wiki would, so the
extractor's process is measured alone. Throttle 0: this measures carcdb, not the politeness
delay.

- a fetch-only floor: the same requests as an extraction (listing, info sweep, content by
  revision id, sha1 checks) with nothing parsed or stored;
- extraction into a fresh warehouse (fetch, store and parse every batch); the floor and the
  extraction run alternately, floor / extract / extract / floor, and their means are
  compared, so a drift of the machine's speed during the benchmark falls on both;
- a second run on the same warehouse (nothing changed: no content requests);
- a run with 20% of requests failing (503, 429, maxlag, timeouts), and one with 25% HTML
  answers (a proxy's or maintenance page), both of which must still store every page once.
"""

from __future__ import annotations

import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from carcdb.pipeline.extract.api import ApiClient, ClientConfig, PageSelection
from carcdb.pipeline.extract.api.discovery import discover
from carcdb.pipeline.extract.api.fetch import fetch_batches
from carcdb.pipeline.extract.api.sweep import sweep
from carcdb.pipeline.run.extract import ExtractReport, extract_from_api

NAME = "api_extract"
GENERATED = 1000
TARGET_PAGES_PER_SECOND = 500
TARGET_FLOOR_RATIO = 1.3


@contextmanager
def fake_wiki(*extra: str) -> Iterator[str]:
    """`carcdb fake-wiki` in a child process; yields its api.php URL."""
    server = subprocess.Popen(
        [sys.executable, "-m", "carcdb.pipeline.cli", "fake-wiki", "--port", "0",
         "--generated", str(GENERATED), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        found = re.search(r"(http://127\.0\.0\.1:\d+/api\.php)", first)
        if found is None:
            raise RuntimeError(f"the fake wiki did not start: {first!r}")
        yield found.group(1)
    finally:
        server.terminate()
        server.communicate(timeout=30)


def fetch_only(config: ClientConfig) -> tuple[int, float]:
    """(pages, seconds) of the extraction's requests with nothing parsed or stored."""
    started = time.perf_counter()
    with ApiClient(config) as api:
        titles = discover(api, PageSelection(all_pages=True))
        swept = sweep(api, titles)
        pages = sum(len(batch.revisions) for batch in fetch_batches(api, swept.pages))
    return pages, time.perf_counter() - started


def _timed(db: Path, config: ClientConfig) -> tuple[ExtractReport, float]:
    started = time.perf_counter()
    report = extract_from_api(db, PageSelection(all_pages=True), config)
    return report, time.perf_counter() - started


def _row(metric: str, value: float | int, unit: str, note: str = "") -> dict[str, Any]:
    return {"benchmark": NAME, "metric": metric, "value": value, "unit": unit, "note": note}


def _stored_once(report: ExtractReport, pages: int) -> str:
    every = report.fetched + report.unchanged == pages and not report.failed
    return f"every page stored once: {'yes' if every else 'NO'}"


def run() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder, fake_wiki() as url:
        config = ClientConfig(endpoint=url, throttle=0, contact="bench@carcdb.invalid")
        floors: list[float] = []
        runs: list[float] = []
        reports: list[ExtractReport] = []
        pages = 0
        for index, kind in enumerate(("floor", "extract", "extract", "floor")):
            if kind == "floor":
                pages, seconds = fetch_only(config)
                floors.append(seconds)
            else:
                report, seconds = _timed(Path(folder) / f"clean{index}.duckdb", config)
                runs.append(seconds)
                reports.append(report)
        floor, extract = statistics.mean(floors), statistics.mean(runs)
        report = reports[-1]
        note = f"{pages} pages on 127.0.0.1, throttle 0, fake wiki in its own process"
        rows += [
            _row("fetch-only floor: pages/s", pages / floor, "pages/s",
                 f"same requests, nothing parsed or stored; {floor:.3f} s "
                 f"({', '.join(f'{s:.3f}' for s in floors)})"),
            _row("clean run: pages/s", report.fetched / extract, "pages/s",
                 f"{note}; {extract:.3f} s ({', '.join(f'{s:.3f}' for s in runs)}); "
                 f"target >= {TARGET_PAGES_PER_SECOND}"),
            _row("clean run / floor", extract / floor, "x",
                 f"target <= {TARGET_FLOOR_RATIO}"),
            _row("clean run: requests/page", report.requests / pages, "requests",
                 "retries included"),
            _row("clean run: content requests", report.content_requests, "requests",
                 f"minimum ceil({pages}/50) = {-(-pages // 50)}; {_stored_once(report, pages)}"),
        ]  # fmt: skip
        again, _seconds = _timed(Path(folder) / "clean2.duckdb", config)
        rows.append(
            _row("second run: content requests", again.content_requests, "requests",
                 f"{again.unchanged} unchanged, {again.requests} requests in all")
        )  # fmt: skip
    for label, extra in (
        ("20% faults", ["--fault-rate", "0.2", "--seed", "1", "--retry-after", "1",
                        "--slow-seconds", "1"]),
        ("25% HTML answers", ["--fault-rate", "0.25", "--fault-mix", "html", "--seed", "1"]),
    ):  # fmt: skip
        with tempfile.TemporaryDirectory() as folder, fake_wiki(*extra) as url:
            config = ClientConfig(
                endpoint=url, throttle=0, timeout=0.5, backoff_base=0.05, max_wait=0.2,
                contact="bench@carcdb.invalid",
            )  # fmt: skip
            report, seconds = _timed(Path(folder) / "faults.duckdb", config)
            faults = ", ".join(f"{kind} {n}" for kind, n in sorted(report.faults.items()))
            rows += [
                _row(f"{label}: pages/s", report.fetched / seconds, "pages/s",
                     _stored_once(report, report.discovered)),
                _row(f"{label}: retries", report.retries, "retries", faults),
            ]  # fmt: skip
    return rows
