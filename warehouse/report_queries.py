"""Read queries behind the HTML report (`carcdb report`): findings, check results, per-page
and per-language coverage, translation alignment, and the warehouse's own facts.

Every query reads each page's current revision where records are concerned; the rows come
back as dicts keyed by column name, ordered so the report is the same for the same warehouse.
"""

from __future__ import annotations

from typing import Any

import duckdb

from carcdb.warehouse.rows import execute
from carcdb.warehouse.times import utc_text


def _dicts(
    conn: duckdb.DuckDBPyConnection, sql: str, params: list[Any] | None = None
) -> list[dict[str, Any]]:
    cursor = conn.execute(sql, params or [])
    names = [d[0] for d in cursor.description or []]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def findings(conn: duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
    """Every stored finding with its page, revision, line:col and snippet."""
    return _dicts(
        conn,
        "SELECT severity, code, stage, title, language, revision_key, line, col, message, "
        "snippet FROM findings ORDER BY CASE severity WHEN 'error' THEN 0 WHEN 'warning' "
        "THEN 1 ELSE 2 END, title, line, col, code",
    )


def check_results(conn: duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
    """The stored results of the last check run, in the order the checks returned them."""
    return _dicts(
        conn,
        "SELECT check_name, scope, status, severity, expected, actual, message, evidence "
        "FROM check_results ORDER BY position NULLS LAST, check_name, scope",
    )


def page_coverage(conn: duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
    """Per stored page: its base page and language, revisions stored, the current revision,
    and the records parsed from it (tile entries, rules, scoring claims)."""
    return _dicts(
        conn,
        """
        SELECT p.base_title, p.language, p.title,
               (SELECT count(*) FROM revisions r WHERE r.title = p.title) AS revisions,
               c.revision_key, c.revision_id, {timestamp} AS timestamp,
               (SELECT count(*) FROM tiles t WHERE t.revision_key = c.revision_key) AS tiles,
               (SELECT count(*) FROM rules r WHERE r.revision_key = c.revision_key) AS rules,
               (SELECT count(*) FROM scoring_claims s
                 WHERE s.revision_key = c.revision_key) AS claims,
               (SELECT count(*) FROM findings f WHERE f.title = p.title) AS findings
        FROM pages p LEFT JOIN current_revisions c ON c.title = p.title
        ORDER BY p.base_title, p.language
        """.format(timestamp=utc_text("c.timestamp")),
    )


def rules_by_kind(conn: duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
    """Rules per base page, kind and language, with whether the language is behind."""
    return _dicts(
        conn,
        "SELECT base_title, kind, language, rules, most, behind FROM translation_alignment "
        "ORDER BY base_title, kind, language",
    )


def catalog_counts(conn: duckdb.DuckDBPyConnection) -> dict[str, int]:
    """How many pages and languages the wiki's catalogs list (what could be stored)."""
    pages = execute(conn, "SELECT count(*) FROM catalog_pages")[0][0]
    languages = execute(conn, "SELECT count(*) FROM catalog_languages")[0][0]
    return {"pages": int(pages), "languages": int(languages)}


def last_run(conn: duckdb.DuckDBPyConnection) -> dict[str, Any] | None:
    rows = _dicts(
        conn,
        # Shown with "UTC" after them: the times without their zone.
        "SELECT run_id, command, timezone('UTC', started_at) AS started_at, "
        "timezone('UTC', finished_at) AS finished_at FROM runs ORDER BY run_id DESC LIMIT 1",
    )
    return rows[0] if rows else None
