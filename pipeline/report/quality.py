"""The report's data-quality section: every finding with its page, revision, line and snippet,
findings per page as a chart, and the last check run (every failure in full)."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from typing import Any

import duckdb

from pipeline.report.html import Raw, bar_chart, esc, table
from warehouse.report_queries import check_results, findings

SEVERITY_COLOURS = {"error": "#b42318", "warning": "#b54708", "info": "#175cd3"}


def _badge(kind: str, value: str) -> Raw:
    return Raw(f'<span class="badge {kind}-{esc(value)}">{esc(value)}</span>')


def _snippet(text: str | None) -> Raw:
    if not text:
        return Raw("")
    shown = text if len(text) <= 400 else text[:400] + "…"
    return Raw(f'<code class="snippet">{esc(shown)}</code>')


def _revision(key: str | None) -> Raw:
    if not key:
        return Raw("")
    short = key if len(key) <= 20 else key[:16] + "…"
    return Raw(f'<code title="{esc(key)}">{esc(short)}</code>')


def findings_section(conn: duckdb.DuckDBPyConnection) -> tuple[str, dict[str, Any]]:
    rows = findings(conn)
    per_page: dict[str, Counter[str]] = defaultdict(Counter)
    for row in rows:
        per_page[row["title"] or "(input files)"][row["severity"]] += 1
    chart = bar_chart(
        "Findings per page",
        [
            (title, [(sev, counts[sev]) for sev in SEVERITY_COLOURS])
            for title, counts in sorted(per_page.items(), key=lambda kv: -sum(kv[1].values()))
        ],
        chart_id="chart-findings",
        colours=SEVERITY_COLOURS,
    )
    body = table(
        ["severity", "code", "page", "revision", "line", "col", "message", "snippet"],
        [
            (
                _badge("sev", r["severity"]),
                Raw(f"<code>{esc(r['code'])}</code>"),
                r["title"],
                _revision(r["revision_key"]),
                r["line"],
                r["col"],
                r["message"],
                _snippet(r["snippet"]),
            )
            for r in rows
        ],
        table_id="findings",
        row_attrs=[{"data-code": r["code"], "data-title": r["title"] or ""} for r in rows],
        empty="no findings",
    )
    counts = Counter(r["severity"] for r in rows)
    summary = ", ".join(f"{n} {sev}" for sev, n in sorted(counts.items())) or "none"
    return (
        f"<p>{len(rows)} findings ({esc(summary)}): what the parsers found odd in the wiki "
        f"data. Each names its page, revision, line:col and the raw text.</p>{chart}{body}",
        {"findings": len(rows)},
    )


def _evidence(text: str | None) -> Raw:
    if not text or text == "{}":
        return Raw("")
    try:
        compact = json.dumps(json.loads(text), ensure_ascii=False, sort_keys=True)
    except ValueError:
        compact = text
    return _snippet(compact)


def checks_section(conn: duckdb.DuckDBPyConnection) -> tuple[str, dict[str, Any]]:
    rows = check_results(conn)
    statuses = Counter(r["status"] for r in rows)
    failing = [r for r in rows if r["status"] == "fail"]
    skipped = [r for r in rows if r["status"] == "skip"]
    by_check: dict[str, Counter[str]] = defaultdict(Counter)
    for r in rows:
        by_check[r["check_name"]][r["status"]] += 1
    columns = ["check", "scope", "severity", "expected", "actual", "message", "evidence"]

    def as_rows(chosen: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
        return [
            (
                Raw(f"<code>{esc(r['check_name'])}</code>"),
                r["scope"],
                _badge("sev", r["severity"]),
                r["expected"],
                r["actual"],
                r["message"],
                _evidence(r["evidence"]),
            )
            for r in chosen
        ]

    summary = table(
        ["check", "pass", "fail", "skip"],
        [(name, c["pass"], c["fail"], c["skip"]) for name, c in sorted(by_check.items())],
        table_id="check-summary",
        empty="the checks have not run: carcdb check",
    )
    body = (
        f"<p>The last check run: {statuses['pass']} pass, {statuses['fail']} fail, "
        f"{statuses['skip']} skip (<code>carcdb check</code> runs them again).</p>{summary}"
        f"<h3>Failing checks ({len(failing)})</h3>"
        + table(columns, as_rows(failing), table_id="failing-checks", empty="no failing checks")
        + f"<details><summary>Skipped checks ({len(skipped)})</summary>"
        + table(columns, as_rows(skipped), table_id="skipped-checks")
        + "</details>"
    )
    return body, {"checks": dict(statuses)}
