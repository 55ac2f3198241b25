"""The extraction log: each run's counts and the pages it could not fetch, kept in the warehouse.

Written once at the end of a run (complete, or stopped by an API that could not be used), so
`carcdb sql "SELECT * FROM api_page_problems"` answers "what is missing, and why" later.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from warehouse.connection import write_transaction
from warehouse.rows import insert_rows, scalar

if TYPE_CHECKING:
    from pipeline.extract.api.run import ExtractReport


def problem_rows(report: ExtractReport) -> list[tuple[str, str, str | None]]:
    rows: list[tuple[str, str, str | None]] = [(t, "missing", None) for t in report.missing]
    rows += [(t, "invalid", None) for t in report.invalid]
    rows += [(t, "deleted", "gone between the info sweep and the content request")
             for t in report.deleted]  # fmt: skip
    rows += [(t, "failed", reason) for t, reason in report.failed]
    return rows


def record_extraction(db: Path, report: ExtractReport, outcome: str) -> int:
    problems = problem_rows(report)
    with write_transaction(db) as conn:
        extraction_id = int(
            scalar(conn, "SELECT coalesce(max(extraction_id), 0) + 1 FROM api_extractions")
        )
        insert_rows(
            conn,
            "api_extractions",
            [
                {
                    "extraction_id": extraction_id,
                    "endpoint": report.endpoint,
                    "finished_at": datetime.now(UTC).replace(tzinfo=None),
                    "outcome": outcome,
                    "fetched": report.fetched,
                    "unchanged": report.unchanged + report.older_than_since,
                    "problems": len(problems),
                    "requests": report.requests,
                    "retries": report.retries,
                    "summary": json.dumps(report.summary(), sort_keys=True, default=str),
                }
            ],
        )
        insert_rows(
            conn,
            "api_page_problems",
            [
                {"extraction_id": extraction_id, "title": t, "problem": p, "detail": d}
                for t, p, d in problems
            ],
        )
    return extraction_id
