"""The report's data-quality sections: every finding with its page, revision, section, offset,
line and snippet, findings per page as a chart, and the last check run (every failure in
full). The data only: `findings.html.j2` and `checks.html.j2` draw it."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Any

import duckdb

from carcdb.pipeline.report.charts import Chart, bar_chart
from carcdb.pipeline.report.keys import series_keys
from carcdb.pipeline.report.locations import Place, locate
from carcdb.warehouse.report_queries import check_results, findings

SEVERITIES = series_keys(
    "severity-",
    [("error", "#b42318", "grid"), ("warning", "#b54708", "stripes"), ("info", "#175cd3", "plain")],
)


@dataclass(frozen=True)
class LocatedFinding:
    row: dict[str, Any]
    place: Place | None


@dataclass(frozen=True)
class FindingsData:
    rows: list[LocatedFinding]
    summary: str
    chart: Chart | None


def findings_data(conn: duckdb.DuckDBPyConnection) -> FindingsData:
    rows = findings(conn)
    per_page: dict[str, Counter[str]] = defaultdict(Counter)
    for row in rows:
        per_page[row["title"] or "(input files)"][row["severity"]] += 1
    chart = bar_chart(
        "Findings per page",
        [
            (title, [(severity, counts[severity]) for severity in SEVERITIES])
            for title, counts in sorted(per_page.items(), key=lambda kv: -sum(kv[1].values()))
        ],
        chart_id="chart-findings",
        keys=SEVERITIES,
    )
    counts = Counter(r["severity"] for r in rows)
    summary = ", ".join(f"{n} {severity}" for severity, n in sorted(counts.items())) or "none"
    located = [LocatedFinding(r, p) for r, p in zip(rows, locate(conn, rows), strict=True)]
    return FindingsData(located, summary, chart)


def evidence(text: str | None) -> str:
    """A check result's evidence as compact JSON ("" when it has none)."""
    if not text or text == "{}":
        return ""
    try:
        return json.dumps(json.loads(text), ensure_ascii=False, sort_keys=True)
    except ValueError:
        return text


@dataclass(frozen=True)
class ChecksData:
    statuses: Counter[str]
    by_check: list[tuple[str, Counter[str]]]
    failing: list[dict[str, Any]]
    skipped: list[dict[str, Any]]


def checks_data(conn: duckdb.DuckDBPyConnection) -> ChecksData:
    rows = [{**r, "evidence": evidence(r["evidence"])} for r in check_results(conn)]
    by_check: dict[str, Counter[str]] = defaultdict(Counter)
    for r in rows:
        by_check[r["check_name"]][r["status"]] += 1
    return ChecksData(
        statuses=Counter(r["status"] for r in rows),
        by_check=sorted(by_check.items()),
        failing=[r for r in rows if r["status"] == "fail"],
        skipped=[r for r in rows if r["status"] == "skip"],
    )
