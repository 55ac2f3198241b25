"""Checks on what was imported: pages known to the wiki's catalog, import problems."""

from __future__ import annotations

import json

import duckdb

from carcdb.schemas.checks import CheckResult, CheckStatus, skip
from carcdb.warehouse.catalog import has_page_catalog, pages_in_catalog
from carcdb.warehouse.findings import finding_counts
from carcdb.warehouse.hints import FINDINGS, sql_command


def check_pages_in_catalog(conn: duckdb.DuckDBPyConnection) -> list[CheckResult]:
    """Every stored page's base title is in the wiki's Group catalog (when there is one)."""
    if not has_page_catalog(conn):
        return [skip("pages_in_catalog", "warehouse", "no page catalog imported yet", "warning")]
    return [
        CheckResult(
            check="pages_in_catalog",
            scope=title,
            status=CheckStatus.PASS if known else CheckStatus.FAIL,
            severity="warning",
            expected="listed in the wiki's page catalog",
            actual="listed" if known else "not listed",
            message="" if known else f"{base!r} is not a translatable page in any captured catalog",
            evidence=json.dumps({"base_title": base}),
        )
        for title, base, known in pages_in_catalog(conn)
    ]


def check_data_findings(conn: duckdb.DuckDBPyConnection) -> list[CheckResult]:
    """Per page (current revision) and per input file: how many error-level findings it has.

    A warning-level check: bad wiki data is reported, never fatal.
    """
    return [
        CheckResult(
            check="data_findings",
            scope=scope,
            status=CheckStatus.PASS if not errors else CheckStatus.FAIL,
            severity="warning",
            expected="0 error findings",
            actual=f"{errors} error findings, {warnings} warnings",
            message="" if not errors else f"see `{sql_command(FINDINGS)}`",
        )
        for scope, errors, warnings in finding_counts(conn)
    ]
