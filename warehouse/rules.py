"""Read-only questions about rules records: which pages, their rules, their scoring claims,
how many rules each template gave.

Only each page's current revision is read (`current_revisions`), so an older imported
revision never mixes into the answer.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import duckdb

from carcdb.warehouse.rows import execute

RULE_COLUMNS = (
    "title",
    "language",
    "line",
    "col",
    "rule_id",
    "section_path",
    "ordinal",
    "kind",
    "form",
    "template",
    "rule_title",
    "text",
    "in_ref",
    "parent_id",
    "other_expansion",
    "ruling_dates",
)
CLAIM_COLUMNS = (
    "title",
    "language",
    "line",
    "col",
    "claim_id",
    "rule_id",
    "section_path",
    "feature",
    "state",
    "unit",
    "points",
    "bonus",
    "sentence",
    "counts",
    "sign",
    "multiplier",
)
JSON_COLUMNS = {"section_path", "ruling_dates", "counts"}


def _rows(
    conn: duckdb.DuckDBPyConnection, sql: str, params: list[Any], columns: tuple[str, ...]
) -> list[dict[str, Any]]:
    found = []
    for row in conn.execute(sql, params).fetchall():
        record = dict(zip(columns, row, strict=True))
        for key in JSON_COLUMNS & record.keys():
            record[key] = json.loads(record[key])
        found.append(record)
    return found


def rules_of(
    conn: duckdb.DuckDBPyConnection,
    titles: list[str],
    *,
    kind: str | None = None,
    search: str | None = None,
) -> list[dict[str, Any]]:
    """Rules of the pages' current revisions in page order; `search` matches text or title."""
    columns = ", ".join(f"r.{c}" for c in RULE_COLUMNS)
    sql = (
        f"SELECT {columns} FROM rules r "
        "JOIN current_revisions c ON c.revision_key = r.revision_key "
        "WHERE list_contains(?, r.title)"
    )
    params: list[Any] = [titles]
    if kind is not None:
        sql += " AND r.kind = ?"
        params.append(kind)
    if search:
        sql += " AND (r.text ILIKE ? OR coalesce(r.rule_title, '') ILIKE ?)"
        params += [f"%{search}%", f"%{search}%"]
    return _rows(conn, sql + " ORDER BY r.title, r.ordinal", params, RULE_COLUMNS)


def claims_of(conn: duckdb.DuckDBPyConnection, titles: list[str]) -> list[dict[str, Any]]:
    """Scoring claims of the pages' current revisions, in page order."""
    columns = ", ".join(f"s.{c}" for c in CLAIM_COLUMNS)
    sql = (
        f"SELECT {columns} FROM scoring_claims s "
        "JOIN current_revisions c ON c.revision_key = s.revision_key "
        "JOIN rules r ON r.rule_id = s.rule_id "
        "WHERE list_contains(?, s.title) ORDER BY s.title, r.ordinal, s.claim_id"
    )
    return _rows(conn, sql, [titles], CLAIM_COLUMNS)


def rules_per_template(
    conn: duckdb.DuckDBPyConnection, templates: Sequence[str], *, with_text: bool = False
) -> dict[tuple[str, str], int]:
    """(title, template) -> rules the current revision's `templates` gave (those with any);
    `with_text`: only rules whose text is not empty (a note stored without text was lost)."""
    if not templates:
        return {}
    marks = ", ".join("?" for _ in templates)
    rows = execute(
        conn,
        "SELECT c.title, r.template, count(*) FROM current_revisions c "
        "JOIN rules r ON r.revision_key = c.revision_key "
        f"WHERE r.template IN ({marks})"
        + (" AND r.text <> ''" if with_text else "")
        + " GROUP BY 1, 2",
        list(templates),
    )
    return {(str(title), str(template)): int(count) for title, template, count in rows}
