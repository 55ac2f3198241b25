"""The extraction log: each API run's counts and the pages it could not fetch.

Written once at the end of a run (complete, or stopped by an API that could not be used), so
`carcdb sql "SELECT * FROM api_page_problems"` answers "what is missing, and why" later.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

import duckdb

from carcdb.warehouse.rows import insert_rows, scalar

# (title, problem, detail)
PageProblem = tuple[str, str, str | None]


def record_extraction(
    conn: duckdb.DuckDBPyConnection, counts: Mapping[str, object], problems: Sequence[PageProblem]
) -> int:
    """Append one `api_extractions` row (`counts`: its columns but the id, time and problems)
    and its `api_page_problems`, inside the caller's transaction; returns the new id."""
    extraction_id = int(
        scalar(conn, "SELECT coalesce(max(extraction_id), 0) + 1 FROM api_extractions")
    )
    row = {
        "extraction_id": extraction_id,
        "finished_at": datetime.now(UTC),
        "problems": len(problems),
        **counts,
    }
    insert_rows(conn, "api_extractions", [row])
    insert_rows(
        conn,
        "api_page_problems",
        [
            {"extraction_id": extraction_id, "title": t, "problem": p, "detail": d}
            for t, p, d in problems
        ],
    )
    return extraction_id
