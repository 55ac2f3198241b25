"""Scoring claims of each page's current revisions, read back for the engine configuration.

The rules stage stores `schemas.rules.ScoringClaim` records as `scoring_claims` rows; a
`StoredClaim` is such a row as the configuration generator and the engine checks read it:
its place in the wiki, what it states, and the counts of a worked example.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import duckdb

from carcdb.schemas.engine_config import ClaimRef
from carcdb.warehouse.pages import base_title_condition
from carcdb.warehouse.rows import execute


@dataclass(frozen=True)
class StoredClaim:
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
        """The claim as an engine configuration cites it (a claim that states points)."""
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


def claims_by_page(
    conn: duckdb.DuckDBPyConnection, base_titles: Sequence[str] | None = None
) -> dict[str, list[StoredClaim]]:
    """Base title -> its current revisions' scoring claims (of every page, or of
    `base_titles`), each page's by language, title, line, column and claim id.

    One scan for every page: reading page by page would scan the table once per page.
    """
    where, params = base_title_condition("p", base_titles)
    rows = execute(
        conn,
        "SELECT s.claim_id, s.title, s.language, s.revision_key, s.line, s.col, s.feature, "
        "s.state, s.unit, s.points, s.bonus, s.sentence, s.counts, p.base_title "
        "FROM scoring_claims s JOIN current_revisions c ON c.revision_key = s.revision_key "
        f"JOIN pages p ON p.title = s.title WHERE {where} "
        "ORDER BY p.base_title, s.language, s.title, s.line, s.col, s.claim_id",
        params,
    )
    by_page: dict[str, list[StoredClaim]] = defaultdict(list)
    for row in rows:
        by_page[str(row[13])].append(
            StoredClaim(
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


def pages_with_claims(conn: duckdb.DuckDBPyConnection) -> list[str]:
    """Base titles of the pages whose current revision holds a scoring claim, sorted."""
    rows = execute(
        conn,
        "SELECT DISTINCT p.base_title FROM scoring_claims s JOIN pages p ON p.title = s.title "
        "JOIN current_revisions c ON c.revision_key = s.revision_key ORDER BY 1",
    )
    return [str(row[0]) for row in rows]
