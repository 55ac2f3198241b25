"""Checks on rules records: every icon note written on a page is a stored rule (no silent loss)."""

from __future__ import annotations

import json
from collections import Counter

import duckdb

from pipeline.parse.rules.notes import ICON_KINDS
from pipeline.parse.rules.plaintext import written_pattern
from schemas.checks import CheckResult, CheckStatus
from warehouse.revisions import current_text_matches
from warehouse.rules import rules_per_template

CHECK = "rules_icon_notes_recorded"


def _written_icons(conn: duckdb.DuckDBPyConnection) -> Counter[tuple[str, str]]:
    """(title, icon) -> `{{IconX` written in each page's current wikitext, in one scan.

    The icons' patterns all start at `{{`, so their matches never overlap: one alternation
    finds exactly the matches each pattern would find alone.
    """
    either = "|".join(f"(?:{written_pattern(icon)})" for icon in sorted(ICON_KINDS))
    written: Counter[tuple[str, str]] = Counter()
    for title, found in current_text_matches(conn, either):
        name = found.strip("{}|").strip()
        written[(title, name[:1].upper() + name[1:])] += 1
    return written


def check_icon_notes_recorded(conn: duckdb.DuckDBPyConnection) -> list[CheckResult]:
    """Per page (current revision): `{{IconX` written in the wikitext == rules from IconX."""
    written = _written_icons(conn)
    recorded = rules_per_template(conn, sorted(ICON_KINDS))
    results = []
    for title, icon in sorted(set(written) | set(recorded), key=lambda key: (key[1], key[0])):
        n_written, n_recorded = written.get((title, icon), 0), recorded.get((title, icon), 0)
        ok = n_written == n_recorded
        results.append(
            CheckResult(
                check=CHECK,
                scope=f"{title} {icon}",
                status=CheckStatus.PASS if ok else CheckStatus.FAIL,
                severity="error",
                expected=f"{n_written} {icon} notes (as written)",
                actual=f"{n_recorded} rules",
                message="" if ok else f"{icon} notes were lost or doubled; see rules findings",
                evidence=json.dumps({"written": n_written, "recorded": n_recorded}),
            )
        )
    return results
