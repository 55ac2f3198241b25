"""Findings counted per page (its current revision) and per input file."""

from __future__ import annotations

import duckdb

from carcdb.warehouse.rows import execute


def finding_counts(conn: duckdb.DuckDBPyConnection) -> list[tuple[str, int, int]]:
    """(scope, error findings, warning findings): one row per page (scope: its title, the
    findings of its current revision) and one per input file with findings (scope:
    `file <path>`), by scope."""
    rows = execute(
        conn,
        "SELECT c.title, count(f.code) FILTER (WHERE f.severity = 'error'), "
        "count(f.code) FILTER (WHERE f.severity = 'warning') "
        "FROM current_revisions c LEFT JOIN findings f ON f.revision_key = c.revision_key "
        "GROUP BY c.title "
        "UNION ALL "
        "SELECT 'file ' || s.path, count(f.code) FILTER (WHERE f.severity = 'error'), "
        "count(f.code) FILTER (WHERE f.severity = 'warning') "
        "FROM findings f JOIN source_files s ON f.revision_key = 'src:' || s.sha256 "
        "GROUP BY s.path ORDER BY 1",
    )
    return [(str(scope), int(errors), int(warnings)) for scope, errors, warnings in rows]
