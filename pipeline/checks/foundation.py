"""Checks on what was imported: pages known to the wiki's catalog, import problems."""

from __future__ import annotations

import json

import duckdb

from schemas.checks import CheckResult, CheckStatus
from warehouse.rows import scalar


def check_pages_in_catalog(conn: duckdb.DuckDBPyConnection) -> list[CheckResult]:
    """Every stored page's base title is in the wiki's Group catalog (when there is one)."""
    if not scalar(conn, "SELECT count(*) FROM catalog_page_sightings"):
        return [
            CheckResult(
                check="pages_in_catalog",
                scope="warehouse",
                status=CheckStatus.SKIP,
                severity="warning",
                message="no page catalog imported yet",
            )
        ]
    rows = conn.execute(
        "SELECT p.title, p.base_title, c.title IS NOT NULL FROM pages p "
        "LEFT JOIN catalog_pages c ON c.title = p.base_title ORDER BY p.title"
    ).fetchall()
    return [
        CheckResult(
            check="pages_in_catalog",
            scope=str(title),
            status=CheckStatus.PASS if known else CheckStatus.FAIL,
            severity="warning",
            expected="listed in the wiki's page catalog",
            actual="listed" if known else "not listed",
            message="" if known else f"{base!r} is not a translatable page in any captured catalog",
            evidence=json.dumps({"base_title": base}),
        )
        for title, base, known in rows
    ]


def check_data_findings(conn: duckdb.DuckDBPyConnection) -> list[CheckResult]:
    """Per page (current revision) and per input file: how many error-level findings it has.

    A warning-level check: bad wiki data is reported, never fatal.
    """
    rows = conn.execute(
        "SELECT c.title, count(f.code) FILTER (WHERE f.severity = 'error'), "
        "count(f.code) FILTER (WHERE f.severity = 'warning') "
        "FROM current_revisions c LEFT JOIN findings f ON f.revision_key = c.revision_key "
        "GROUP BY c.title "
        "UNION ALL "
        "SELECT 'file ' || s.path, count(f.code) FILTER (WHERE f.severity = 'error'), "
        "count(f.code) FILTER (WHERE f.severity = 'warning') "
        "FROM findings f JOIN source_files s ON f.revision_key = 'src:' || s.sha256 "
        "GROUP BY s.path ORDER BY 1"
    ).fetchall()
    return [
        CheckResult(
            check="data_findings",
            scope=str(scope),
            status=CheckStatus.PASS if not errors else CheckStatus.FAIL,
            severity="warning",
            expected="0 error findings",
            actual=f"{errors} error findings, {warnings} warnings",
            message="" if not errors else 'see `carcdb sql "SELECT * FROM findings"`',
        )
        for scope, errors, warnings in rows
    ]
