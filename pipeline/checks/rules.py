"""Checks on rules records: every icon note written on a page is a stored rule (no silent loss)."""

from __future__ import annotations

import json

import duckdb

from pipeline.parse.rules.notes import ICON_KINDS
from schemas.checks import CheckResult, CheckStatus

CHECK = "rules_icon_notes_recorded"


def check_icon_notes_recorded(conn: duckdb.DuckDBPyConnection) -> list[CheckResult]:
    """Per page (current revision): `{{IconX` written in the wikitext == rules from IconX."""
    results = []
    for icon in sorted(ICON_KINDS):
        rows = conn.execute(
            "SELECT c.title, len(regexp_extract_all(c.wikitext, ?)), "
            "(SELECT count(*) FROM rules r WHERE r.revision_key = c.revision_key "
            " AND r.template = ?) "
            "FROM current_revisions c ORDER BY c.title",
            [r"\{\{\s*" + icon + r"\s*[|}]", icon],
        ).fetchall()
        for title, written, recorded in rows:
            if not written and not recorded:
                continue
            ok = written == recorded
            results.append(
                CheckResult(
                    check=CHECK,
                    scope=f"{title} {icon}",
                    status=CheckStatus.PASS if ok else CheckStatus.FAIL,
                    severity="error",
                    expected=f"{written} {icon} notes (as written)",
                    actual=f"{recorded} rules",
                    message="" if ok else f"{icon} notes were lost or doubled; see rules findings",
                    evidence=json.dumps({"written": written, "recorded": recorded}),
                )
            )
    return results
