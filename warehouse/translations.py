"""Comparing the translations of one page: rules and scoring claims that one language has and
another lacks or states differently.

Translations keep the source page's structure, not its headings' words, so rules are aligned
by kind and position: the n-th scoring rule of one language with the n-th of the other. An
aligned pair whose claims differ, or a rule only one language has, is a difference; it is
reported under the section of the language that has the rule.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

import duckdb

RULES_SQL = (
    "SELECT r.language, r.rule_id, r.kind, r.section_path, coalesce(r.rule_title, ''), r.text, "
    "row_number() OVER (PARTITION BY r.language, r.kind ORDER BY r.ordinal) "
    "FROM rules r JOIN current_revisions c ON c.revision_key = r.revision_key "
    "JOIN pages p ON p.title = r.title "
    "WHERE p.base_title = ? AND list_contains(?, r.language) ORDER BY r.language, r.ordinal"
)
CLAIMS_SQL = (
    "SELECT s.rule_id, s.feature, s.state, s.unit, s.points, s.sign, s.multiplier "
    "FROM scoring_claims s JOIN current_revisions c ON c.revision_key = s.revision_key "
    "JOIN pages p ON p.title = s.title "
    "WHERE p.base_title = ? AND list_contains(?, s.language) "
    # rates only: a number kept but not understood (unit unknown) states nothing to compare
    "AND s.unit <> 'unknown' AND (s.points IS NOT NULL OR s.multiplier IS NOT NULL)"
)
LANGUAGES_SQL = (
    "SELECT DISTINCT p.language FROM pages p JOIN current_revisions c ON c.title = p.title "
    "WHERE p.base_title = ? ORDER BY 1"
)


@dataclass(frozen=True)
class AlignedRule:
    language: str
    kind: str
    nth: int
    section: str
    title: str
    text: str
    claims: tuple[str, ...]  # "feature state unit points [xM]", sorted


@dataclass(frozen=True)
class Difference:
    section: str
    kind: str
    nth: int
    left: AlignedRule | None
    right: AlignedRule | None
    only_left: tuple[str, ...]  # claims only the left language states
    only_right: tuple[str, ...]

    @property
    def what(self) -> str:
        if self.right is None:
            return "rule missing on the right"
        if self.left is None:
            return "rule missing on the left"
        return "claims differ"


def page_languages(conn: duckdb.DuckDBPyConnection, base_title: str) -> list[str]:
    return [str(row[0]) for row in conn.execute(LANGUAGES_SQL, [base_title]).fetchall()]


def _claim_text(row: tuple[Any, ...]) -> str:
    feature, state, unit, points, sign, multiplier = row
    amount = "?" if points is None else ("-" if sign == -1 else "") + str(points)
    return f"{feature} {state} {unit} {amount}" + ("" if multiplier is None else f" x{multiplier}")


def aligned_rules(
    conn: duckdb.DuckDBPyConnection, base_title: str, languages: list[str]
) -> dict[str, dict[tuple[str, int], AlignedRule]]:
    """Per language, its rules by (kind, n-th of that kind), each with its claims."""
    claims: dict[str, list[str]] = {}
    for row in conn.execute(CLAIMS_SQL, [base_title, languages]).fetchall():
        claims.setdefault(str(row[0]), []).append(_claim_text(tuple(row[1:])))
    found: dict[str, dict[tuple[str, int], AlignedRule]] = {lang: {} for lang in languages}
    for language, rule_id, kind, section, title, text, nth in conn.execute(
        RULES_SQL, [base_title, languages]
    ).fetchall():
        path = json.loads(section)
        found[str(language)][(str(kind), int(nth))] = AlignedRule(
            str(language),
            str(kind),
            int(nth),
            " > ".join(path) if path else "(top)",
            str(title),
            str(text),
            tuple(sorted(claims.get(str(rule_id), []))),
        )
    return found


def differences(
    left: dict[tuple[str, int], AlignedRule], right: dict[tuple[str, int], AlignedRule]
) -> list[Difference]:
    """Rules one side lacks, and aligned rules whose claims differ, in the left's order."""
    found = []
    order = sorted(set(left) | set(right), key=lambda key: (key[0], key[1]))
    for key in order:
        a, b = left.get(key), right.get(key)
        if a is not None and b is not None:
            only_a = Counter(a.claims) - Counter(b.claims)
            only_b = Counter(b.claims) - Counter(a.claims)
            if not only_a and not only_b:
                continue
            found.append(
                Difference(
                    a.section,
                    key[0],
                    key[1],
                    a,
                    b,
                    tuple(only_a.elements()),
                    tuple(only_b.elements()),
                )
            )
        else:
            side = a if a is not None else b
            assert side is not None
            found.append(
                Difference(
                    side.section,
                    key[0],
                    key[1],
                    a,
                    b,
                    a.claims if a is not None else (),
                    b.claims if b is not None else (),
                )
            )
    return found
