"""Parse the stored revisions that need it and replace their rows, inside the caller's transaction.

A revision needs parsing when it was never parsed or was parsed by another `PARSER_VERSION`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import duckdb

from pipeline.parse import PARSER_VERSION, ParseStage, parse_revision, registered_stages
from pipeline.parse.document import RevisionText
from pipeline.progress import NoProgress, Progress
from warehouse.rows import delete_where_in, insert_records, insert_rows, scalar
from warehouse.store import replace_findings


@dataclass
class ParseReport:
    parsed: int = 0
    skipped: int = 0
    rows: dict[str, int] = field(default_factory=dict)
    findings: int = 0


def pending_revisions(conn: duckdb.DuckDBPyConnection, force: bool = False) -> list[RevisionText]:
    sql = (
        "SELECT r.revision_key, r.title, p.base_title, p.language, r.wikitext "
        "FROM revisions r JOIN pages p USING (title) "
        "LEFT JOIN parsed_revisions s ON s.revision_key = r.revision_key "
    )
    params: list[str] = []
    if not force:
        sql += "WHERE s.parser_version IS NULL OR s.parser_version <> ? "
        params.append(PARSER_VERSION)
    sql += "ORDER BY r.import_seq"
    return [RevisionText(*row) for row in conn.execute(sql, params).fetchall()]


def parse_pending(
    conn: duckdb.DuckDBPyConnection,
    *,
    stages: Sequence[ParseStage] | None = None,
    progress: Progress | None = None,
    force: bool = False,
) -> ParseReport:
    stages = list(registered_stages() if stages is None else stages)
    progress = progress or NoProgress()
    todo = pending_revisions(conn, force)
    total = int(scalar(conn, "SELECT count(*) FROM revisions"))
    report = ParseReport(skipped=total - len(todo))
    if not todo:
        return report
    progress.start("parse", len(todo))
    results = []
    for revision in todo:
        results.append(parse_revision(revision, stages))
        progress.advance("parse")
    keys = [revision.revision_key for revision in todo]
    for stage in stages:
        for table in stage.tables:
            delete_where_in(conn, table, "revision_key", keys)
            records = [
                r for result in results for r in result.outputs[stage.name].rows.get(table, [])
            ]
            report.rows[table] = report.rows.get(table, 0) + insert_records(conn, table, records)
        findings = [f for result in results for f in result.outputs[stage.name].findings]
        replace_findings(conn, stage.name, keys, findings)
        report.findings += len(findings)
    delete_where_in(conn, "parsed_revisions", "revision_key", keys)
    insert_rows(
        conn,
        "parsed_revisions",
        [{"revision_key": k, "parser_version": PARSER_VERSION} for k in keys],
    )
    report.parsed = len(todo)
    return report
