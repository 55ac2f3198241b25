"""API extraction against the local fake wiki: the sample plus 1,000 generated pages.

Three runs on one server, each into a fresh or the same warehouse: a clean run, a second run
(nothing changed: no content requests), and a run with 20% of requests failing (503, 429,
maxlag, timeouts). Throttle 0: this measures carcdb, not the politeness delay.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from pipeline.extract.api import ClientConfig, PageSelection
from pipeline.extract.corpus import sample_corpus_dir
from pipeline.fakewiki.corpus import FakeCorpus, corpus_pages, generated_pages
from pipeline.fakewiki.server import FakeWiki, FaultPlan
from pipeline.run.extract import ExtractReport, extract_from_api

NAME = "api_extract"


def _rows(label: str, report: ExtractReport, seconds: float, pages: int) -> list[dict[str, Any]]:
    note = f"{pages} pages on 127.0.0.1, throttle 0"
    faults = ", ".join(f"{kind} {n}" for kind, n in sorted(report.faults.items()))
    return [
        {"benchmark": NAME, "metric": f"{label}: pages/s", "value": report.fetched / seconds,
         "unit": "pages/s", "note": note},
        {"benchmark": NAME, "metric": f"{label}: requests/page",
         "value": report.requests / pages, "unit": "requests", "note": "retries included"},
        {"benchmark": NAME, "metric": f"{label}: content requests",
         "value": report.content_requests, "unit": "requests",
         "note": f"minimum ceil({pages}/50) = {-(-pages // 50)}"},
        {"benchmark": NAME, "metric": f"{label}: retries", "value": report.retries,
         "unit": "retries", "note": faults},
    ]  # fmt: skip


def _timed(db: Path, config: ClientConfig) -> tuple[ExtractReport, float]:
    started = time.perf_counter()
    report = extract_from_api(db, PageSelection(all_pages=True), config)
    return report, time.perf_counter() - started


def run() -> list[dict[str, Any]]:
    pages = corpus_pages(sample_corpus_dir())
    pages.update(generated_pages(1000))
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder:
        with FakeWiki(FakeCorpus(pages)) as wiki:
            config = ClientConfig(endpoint=wiki.url, throttle=0)
            report, seconds = _timed(Path(folder) / "clean.duckdb", config)
            rows += _rows("clean run", report, seconds, len(pages))
            again, seconds = _timed(Path(folder) / "clean.duckdb", config)
            rows.append(
                {"benchmark": NAME, "metric": "second run: content requests",
                 "value": again.content_requests, "unit": "requests",
                 "note": f"{again.unchanged} unchanged, {again.requests} requests in all"}
            )  # fmt: skip
        faults = FaultPlan(rate=0.2, seed=1, retry_after=1, slow_seconds=1.0)
        with FakeWiki(FakeCorpus(pages), faults) as wiki:
            config = ClientConfig(
                endpoint=wiki.url, throttle=0, read_timeout=0.5, backoff_base=0.05, max_wait=0.2
            )
            report, seconds = _timed(Path(folder) / "faults.duckdb", config)
            rows += _rows("20% faults", report, seconds, len(pages))
    return rows
