"""Checks on rules records (no silent loss): every icon note written on a page is a stored rule
with text, and no stored sentence holds wiki markup."""

from __future__ import annotations

import json
from collections import Counter

import duckdb

from carcdb.pipeline.parse.rules.notes import ICON_KINDS
from carcdb.pipeline.parse.rules.plaintext import written_pattern
from carcdb.schemas.checks import CheckResult, CheckStatus
from carcdb.warehouse.revisions import current_text_matches
from carcdb.warehouse.rules import rules_per_template
from carcdb.warehouse.rules_quality import checked_texts, markup_in_sentences

CHECK = "rules_icon_notes_recorded"
MARKUP_CHECK = "rules_no_markup_in_text"
MARKUP_EXAMPLES = 20


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
    """Per page (current revision): `{{IconX` written in the wikitext == rules from IconX with
    text (a note stored with empty text is lost, not recorded)."""
    written = _written_icons(conn)
    recorded = rules_per_template(conn, sorted(ICON_KINDS), with_text=True)
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


def check_no_markup_in_text(conn: duckdb.DuckDBPyConnection) -> list[CheckResult]:
    """No stored rule text or claim sentence (current revisions) holds wiki markup."""
    found = markup_in_sentences(conn)
    return [
        CheckResult(
            check=MARKUP_CHECK,
            scope="all pages",
            status=CheckStatus.FAIL if found else CheckStatus.PASS,
            severity="error",
            expected="no wiki markup in stored sentences",
            actual=f"{len(found)} of {checked_texts(conn)} texts hold markup",
            message="" if not found else "plain text kept wiki markup; see evidence",
            evidence=json.dumps(
                [
                    {"title": t, "table": k, "at": f"{line}:{col}", "text": x[:200]}
                    for t, k, line, col, x in found[:MARKUP_EXAMPLES]
                ],
                ensure_ascii=False,
            ),
        )
    ]
