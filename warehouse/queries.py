"""Read-only questions about the warehouse: status counts (user SQL: `warehouse.user_sql`)."""

from __future__ import annotations

from typing import Any

import duckdb

from carcdb.warehouse.rows import scalar


def _scalar(conn: duckdb.DuckDBPyConnection, sql: str) -> int:
    value = scalar(conn, sql)
    return int(value) if value is not None else 0


def status(conn: duckdb.DuckDBPyConnection) -> dict[str, Any]:
    """What the warehouse holds, as a JSON-ready dict."""
    languages = conn.execute(
        "SELECT language, count(*) FROM pages GROUP BY language ORDER BY language"
    ).fetchall()
    severities = conn.execute(
        "SELECT severity, count(*) FROM findings GROUP BY severity ORDER BY severity"
    ).fetchall()
    checks = conn.execute(
        "SELECT status, count(*) FROM check_results GROUP BY status ORDER BY status"
    ).fetchall()
    per_source = conn.execute(
        "SELECT f.path, count(*) FROM catalog_page_sightings s "
        "JOIN source_files f ON f.sha256 = s.source_sha256 GROUP BY f.path ORDER BY f.path"
    ).fetchall()
    tables = conn.execute(
        "SELECT table_name, estimated_size FROM duckdb_tables() ORDER BY table_name"
    ).fetchall()
    return {
        "pages": _scalar(conn, "SELECT count(*) FROM pages"),
        "pages_per_language": {str(lang): int(n) for lang, n in languages},
        "revisions": _scalar(conn, "SELECT count(*) FROM revisions"),
        "source_files": _scalar(conn, "SELECT count(*) FROM source_files"),
        "catalog_pages": _scalar(conn, "SELECT count(*) FROM catalog_pages"),
        "catalog_pages_per_source": {str(path): int(n) for path, n in per_source},
        "catalog_languages": _scalar(conn, "SELECT count(*) FROM catalog_languages"),
        "findings_by_severity": {str(sev): int(n) for sev, n in severities},
        "checks_by_status": {str(st): int(n) for st, n in checks},
        "runs": _scalar(conn, "SELECT count(*) FROM runs"),
        "table_rows": {
            str(name): _scalar(conn, f'SELECT count(*) FROM "{name}"') for name, _ in tables
        },
    }
