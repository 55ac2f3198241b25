"""Scoring claims as the engine configuration reads them: which value a claim states.

The rules stage stores sentences that state points as `scoring_claims` rows (feature, state,
unit, points, counts). Two kinds matter here:
- a *rate* claim states points per unit ("each tile of a completed city is worth 2 points"):
  `rate_key()` maps it to the configuration entry (feature, state, unit) it speaks about;
- a *worked example* pairs counts with a total ("a road of 3 tiles: 3 points"), unit
  `unknown`: `example_counts()` gives the counts the total should be recomputed from.

Mapping rules (why): the configuration has two states per feature, `completed` (scored
when finished) and `incomplete` (at game end); claim states `completed`/`during_game` are
the first, `incomplete`/`end_game` the second, `unknown` is not compared. Fields score only
at game end, so every field claim is `end_game`. A monastery scores 1 + 1 per surrounding
tile, which is the engine's "per tile of its 3x3 square"; claims with unit `fixed` or
`surrounding_tile` state that same per-tile value.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import duckdb

from schemas.engine_config import ClaimRef
from warehouse.rows import execute, scalar, table_columns

TABLE = "scoring_claims"
FEATURES = ("road", "city", "monastery", "field")
_COMPLETED = {"completed", "during_game"}
_INCOMPLETE = {"incomplete", "end_game"}
_MONASTERY_UNITS = {"tile", "surrounding_tile", "fixed"}
# Count units a worked example may be recomputed from, per feature.
EXAMPLE_UNITS = {
    "road": {"tile"},
    "city": {"tile", "coat_of_arms"},
    "monastery": {"surrounding_tile"},
    "field": {"completed_city"},
}

ScoringKey = tuple[str, str, str]  # feature, state, unit


@dataclass(frozen=True)
class Claim:
    claim_id: str
    title: str
    language: str
    revision_key: str
    line: int
    col: int
    feature: str
    state: str
    unit: str
    points: int | None
    bonus: bool
    sentence: str
    counts: tuple[tuple[int, str], ...]  # (number, unit) as the sentence pairs them

    def ref(self) -> ClaimRef:
        assert self.points is not None
        return ClaimRef(
            claim_id=self.claim_id,
            title=self.title,
            language=self.language,
            revision_key=self.revision_key,
            line=self.line,
            col=self.col,
            points=self.points,
        )

    @property
    def where(self) -> str:
        return f"{self.title} {self.line}:{self.col}"


def has_claims_table(conn: duckdb.DuckDBPyConnection) -> bool:
    return bool(
        scalar(conn, "SELECT count(*) FROM information_schema.tables WHERE table_name = ?", [TABLE])
    )


def read_claims(
    conn: duckdb.DuckDBPyConnection, page: str, languages: list[str] | None = None
) -> list[Claim]:
    """Scoring claims of the current revisions of `page` (a base title), in a stable order."""
    claims = read_claims_by_page(conn, [page]).get(page, [])
    if languages is None:
        return claims
    return [claim for claim in claims if claim.language in languages]


def read_claims_by_page(
    conn: duckdb.DuckDBPyConnection, pages: Sequence[str] | None = None
) -> dict[str, list[Claim]]:
    """Base title -> its current revisions' scoring claims, each page in a stable order.

    One scan for every page (or only `pages`): reading page by page would scan the table
    once per page.
    """
    if not has_claims_table(conn):
        return {}
    columns = set(table_columns(conn, TABLE))
    bonus = "s.bonus" if "bonus" in columns else "false"
    counts = "s.counts" if "counts" in columns else "'[]'"
    sql = (
        "SELECT s.claim_id, s.title, s.language, s.revision_key, s.line, s.col, s.feature, "
        f"s.state, s.unit, s.points, {bonus}, s.sentence, {counts}, p.base_title "
        f"FROM {TABLE} s JOIN current_revisions c ON c.revision_key = s.revision_key "
        "JOIN pages p ON p.title = s.title"
    )
    params: list[object] = []
    if pages is not None:
        if not pages:
            return {}
        sql += f" WHERE p.base_title IN ({', '.join('?' for _ in pages)})"
        params += list(pages)
    sql += " ORDER BY p.base_title, s.language, s.title, s.line, s.col, s.claim_id"
    by_page: dict[str, list[Claim]] = defaultdict(list)
    for row in execute(conn, sql, params):
        by_page[str(row[13])].append(
            Claim(
                claim_id=str(row[0]),
                title=str(row[1]),
                language=str(row[2]),
                revision_key=str(row[3]),
                line=int(row[4]),
                col=int(row[5]),
                feature=str(row[6]),
                state=str(row[7]),
                unit=str(row[8]),
                points=None if row[9] is None else int(row[9]),
                bonus=bool(row[10]),
                sentence=str(row[11]),
                counts=tuple(
                    (int(c["number"]), str(c["unit"])) for c in json.loads(row[12] or "[]")
                ),
            )
        )
    return dict(by_page)


def _state(claim: Claim) -> str | None:
    if claim.feature == "field":
        return "end_game"
    if claim.state in _COMPLETED:
        return "completed"
    if claim.state in _INCOMPLETE:
        return "incomplete"
    return None


def rate_key(claim: Claim) -> ScoringKey | None:
    """The configuration entry a rate claim states a value for, or None if it is no rate."""
    if claim.points is None or claim.bonus or claim.feature not in FEATURES:
        return None
    state = _state(claim)
    if state is None:
        return None
    unit = claim.unit
    if claim.feature == "monastery":
        unit = "tile" if unit in _MONASTERY_UNITS else ""
    known = {
        "road": {"tile"},
        "city": {"tile", "coat_of_arms"},
        "monastery": {"tile"},
        "field": {"completed_city"},
    }
    if unit not in known[claim.feature]:
        return None
    return (claim.feature, state, unit)


def example_counts(claim: Claim) -> dict[str, int] | None:
    """Counts of a worked example (unit -> number), or None if the claim is not one.

    A worked example states a total (unit `unknown`) and at least one count in a unit the
    feature scores by. Numbers in other units are left out: in the sample they are labels
    ("farm 3"), not quantities.
    """
    if claim.points is None or claim.bonus or claim.unit != "unknown":
        return None
    if claim.feature not in FEATURES or _state(claim) is None:
        return None
    counts: dict[str, int] = {}
    for number, unit in claim.counts:
        if unit in EXAMPLE_UNITS[claim.feature]:
            counts[unit] = counts.get(unit, 0) + number
    return counts or None


def example_state(claim: Claim) -> str:
    state = _state(claim)
    assert state is not None
    return state
