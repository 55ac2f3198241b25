"""A new revision that loses what its predecessor had: every tile list, or every rule.

A page can lose a list or two on purpose, but a revision that keeps none of its
predecessor's tile lists (or none of its rules blocks) is how a cut-short capture or a
vandalised page shows: its data silently disappears from every view of current revisions.
That is an error-level failure: `carcdb check` exits 1 until the page is fixed (import a
whole capture again, or fetch the page again).
"""

from __future__ import annotations

import json

import duckdb

from carcdb.schemas.checks import CheckResult, CheckStatus
from carcdb.warehouse.history import RevisionPair, current_and_previous

NAME = "history.no_lost_records"


def check_no_lost_records(conn: duckdb.DuckDBPyConnection) -> list[CheckResult]:
    """Per page with an earlier revision: the current one keeps some of its tile lists and
    rules if the earlier one had any."""
    return [_result(pair) for pair in current_and_previous(conn)]


def _result(pair: RevisionPair) -> CheckResult:
    lost = [
        what
        for what, before, now in (
            ("tile lists", pair.previous_lists, pair.current_lists),
            ("rules", pair.previous_rules, pair.current_rules),
        )
        if before > 0 and now == 0
    ]
    return CheckResult(
        check=NAME,
        scope=pair.title,
        status=CheckStatus.FAIL if lost else CheckStatus.PASS,
        severity="error",
        expected="the current revision keeps tile lists and rules its predecessor had",
        actual=(
            f"{pair.current_lists} tile lists, {pair.current_rules} rules "
            f"(before: {pair.previous_lists}, {pair.previous_rules})"
        ),
        message=(
            f"the current revision lost every one of its predecessor's {' and '.join(lost)}: "
            "a cut-short capture or a damaged page? import the whole page again"
            if lost
            else ""
        ),
        evidence=json.dumps({"current": pair.current, "previous": pair.previous}),
    )
