"""Idempotent loads of imported page revisions, catalogs, findings and check results.

Re-importing what is already stored writes nothing: the same build twice gives the same
warehouse (the `runs` log aside, which records every run).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import duckdb

from carcdb.schemas.checks import CheckResult
from carcdb.schemas.fastpath import json_dumps
from carcdb.schemas.findings import Finding
from carcdb.schemas.pages import ImportBatch
from carcdb.warehouse.current import CurrentRevisions
from carcdb.warehouse.rows import (
    TableColumns,
    arrow_view,
    delete_where_in,
    execute,
    insert_records,
    insert_rows,
    scalar,
)


@dataclass(frozen=True)
class Conflict:
    """A revision brought with a revision key stored (or brought before) with another text:
    one wiki revision id, one page, two texts. Not stored; the caller decides what it means."""

    revision_key: str
    title: str
    revision_id: int | None
    source_path: str


@dataclass
class StoreCounts:
    revisions_new: int = 0
    revisions_known: int = 0
    pages_new: int = 0
    catalog_titles: int = 0
    catalog_languages: int = 0
    conflicts: list[Conflict] = field(default_factory=list)


def start_run(conn: duckdb.DuckDBPyConnection, command: str) -> int:
    run_id = int(scalar(conn, "SELECT coalesce(max(run_id), 0) + 1 FROM runs"))
    execute(
        conn,
        "INSERT INTO runs (run_id, command, started_at) VALUES (?, ?, ?)",
        [run_id, command, datetime.now(UTC)],
    )
    return run_id


def finish_run(conn: duckdb.DuckDBPyConnection, run_id: int, summary: dict[str, object]) -> None:
    execute(
        conn,
        "UPDATE runs SET finished_at = ?, summary = ? WHERE run_id = ?",
        [datetime.now(UTC), json.dumps(summary, sort_keys=True), run_id],
    )


def _existing(conn: duckdb.DuckDBPyConnection, sql: str) -> set[str]:
    return {str(row[0]) for row in conn.execute(sql).fetchall()}


def _pairs(conn: duckdb.DuckDBPyConnection, sql: str) -> set[tuple[str, str]]:
    return {(str(a), str(b)) for a, b in conn.execute(sql).fetchall()}


@dataclass
class KnownRows:
    """What `store_batches` must know of the warehouse before it stores: the keys stored so
    far, which revision of each page is current and the last import number, and each table's
    columns.

    `store_batches` reads them itself by default. A writer that stores group after group on
    one connection (an extraction's session) reads them once and passes them again: each call
    keeps them up to date, so a group costs no read of every key stored before it. After a
    failed transaction they are ahead of the warehouse: read them again (`known_rows`).
    """

    sources: set[str]
    pages: set[str]
    revisions: dict[str, str]  # revision_key -> sha256 of its text
    current: CurrentRevisions
    last_seq: int
    catalog_pages: set[tuple[str, str]]  # (title, source_sha256)
    catalog_languages: set[tuple[str, str]]  # (code, source_sha256)
    columns: TableColumns = field(default_factory=TableColumns)


def known_rows(conn: duckdb.DuckDBPyConnection) -> KnownRows:
    return KnownRows(
        sources=_existing(conn, "SELECT sha256 FROM source_files"),
        pages=_existing(conn, "SELECT title FROM pages"),
        revisions={
            str(k): str(h)
            for k, h in conn.execute("SELECT revision_key, sha256 FROM revisions").fetchall()
        },
        current=CurrentRevisions.read(conn),
        last_seq=int(scalar(conn, "SELECT coalesce(max(import_seq), 0) FROM revisions")),
        catalog_pages=_pairs(conn, "SELECT title, source_sha256 FROM catalog_page_sightings"),
        catalog_languages=_pairs(
            conn, "SELECT code, source_sha256 FROM catalog_language_sightings"
        ),
    )


def _renumber(conn: duckdb.DuckDBPyConnection, reimported: list[dict[str, Any]]) -> None:
    """Give re-imported revisions their new import_seq, in one statement."""
    # A revision re-imported twice in one run keeps its last number, as it was imported last.
    last = {item["revision_key"]: item["import_seq"] for item in reimported}
    if not last:
        return
    columns = {"revision_key": list(last), "import_seq": list(last.values())}
    with arrow_view(conn, "_reimported_revisions", columns) as view:
        execute(
            conn,
            f"UPDATE revisions SET import_seq = r.import_seq FROM {view} r "
            "WHERE revisions.revision_key = r.revision_key",
        )


def store_batches(
    conn: duckdb.DuckDBPyConnection,
    batches: Sequence[ImportBatch],
    known: KnownRows | None = None,
) -> StoreCounts:
    """Store sources, pages, revisions and catalog sightings not stored yet.

    A revision already stored is not written again; brought again without a revision id, it
    becomes its page's last imported (`warehouse.current`: which revision is current).
    A revision whose key is stored (or brought earlier) with another text is a conflict: not
    stored, listed in `StoreCounts.conflicts`.
    `known`: what this connection stored so far (`KnownRows`), updated here; read if None.
    """
    counts = StoreCounts()
    if known is None:
        known = known_rows(conn)
    current = known.current
    # `seq` numbers every revision brought; the warehouse's last number is the last one given
    # to a row written or renumbered (as `known_rows` would read it).
    seq = last = known.last_seq

    sources, pages, revisions, reimported = [], [], [], []
    for batch in batches:
        if batch.source.sha256 not in known.sources:
            known.sources.add(batch.source.sha256)
            sources.append(batch.source.model_dump(mode="json"))
        for rev in batch.revisions:
            stored_sha = known.revisions.get(rev.revision_key)
            if stored_sha is not None and stored_sha != rev.sha256:
                counts.conflicts.append(
                    Conflict(rev.revision_key, rev.title, rev.revision_id, rev.source_path)
                )
                continue
            if rev.title not in known.pages:
                known.pages.add(rev.title)
                pages.append(
                    {"title": rev.title, "base_title": rev.base_title, "language": rev.language}
                )
            key = rev.revision_key
            seq += 1
            if key in known.revisions:
                counts.revisions_known += 1
                if current.renumbers(rev.title, key, rev.revision_id):
                    reimported.append({"revision_key": key, "import_seq": seq})
                    current.imported(rev.title, key, rev.revision_id)
                    last = seq
                continue
            known.revisions[key] = rev.sha256
            current.imported(rev.title, key, rev.revision_id)
            revisions.append(
                {
                    "revision_key": key,
                    "title": rev.title,
                    "revision_id": rev.revision_id,
                    "timestamp": rev.timestamp,
                    "sha256": rev.sha256,
                    "wikitext": rev.wikitext,
                    "source_kind": rev.source_kind.value,
                    "source_path": rev.source_path,
                    "source_sha256": batch.source.sha256,
                    "import_seq": seq,
                }
            )
            last = seq
    known.last_seq = last
    _insert(conn, known, "source_files", sources)
    counts.pages_new = _insert(conn, known, "pages", pages)
    counts.revisions_new = _insert(conn, known, "revisions", revisions)
    _renumber(conn, reimported)
    counts.catalog_titles, counts.catalog_languages = _store_catalogs(conn, batches, known)
    replace_findings(
        conn,
        "import",
        [f"src:{batch.source.sha256}" for batch in batches],
        [finding for batch in batches for finding in batch.findings],
    )
    return counts


def _insert(
    conn: duckdb.DuckDBPyConnection, known: KnownRows, table: str, rows: list[dict[str, Any]]
) -> int:
    if not rows:
        return 0
    return insert_rows(conn, table, rows, known.columns.of(conn, table))


def _store_catalogs(
    conn: duckdb.DuckDBPyConnection, batches: Sequence[ImportBatch], known: KnownRows
) -> tuple[int, int]:
    page_rows, lang_rows = [], []
    for batch in batches:
        for page in batch.catalog_pages:
            if (page.title, page.seen_in) not in known.catalog_pages:
                known.catalog_pages.add((page.title, page.seen_in))
                page_rows.append({"title": page.title, "source_sha256": page.seen_in})
        for lang in batch.catalog_languages:
            if (lang.code, lang.seen_in) not in known.catalog_languages:
                known.catalog_languages.add((lang.code, lang.seen_in))
                lang_rows.append(
                    {"code": lang.code, "name": lang.name, "source_sha256": lang.seen_in}
                )
    return _insert(conn, known, "catalog_page_sightings", page_rows), _insert(
        conn, known, "catalog_language_sightings", lang_rows
    )


def keep_import_order(
    conn: duckdb.DuckDBPyConnection, order: Sequence[tuple[str, str, bool]], known: KnownRows
) -> int:
    """Make each page's last listed revision its last imported, as importing it would have.

    `order`: (title, revision_key, has a wiki revision id) of a run's inputs in import order,
    stored before or not; only revisions without an id follow import order
    (`warehouse.current`). `known`: as `store_batches` left it, kept up to date here.
    Returns how many revisions moved.
    """
    last: dict[str, tuple[str, bool]] = {}
    for title, key, has_id in order:
        last[title] = (key, has_id)
    current, seq, moved = known.current, known.last_seq, 0
    for title, (key, has_id) in last.items():
        revision_id = 0 if has_id else None  # only whether it has one counts here
        if not current.renumbers(title, key, revision_id):
            continue
        seq += 1
        execute(conn, "UPDATE revisions SET import_seq = ? WHERE revision_key = ?", [seq, key])
        current.imported(title, key, revision_id)
        moved += 1
    known.last_seq = seq
    return moved


def replace_findings(
    conn: duckdb.DuckDBPyConnection,
    stage: str,
    revision_keys: Sequence[str],
    findings: Sequence[Finding],
) -> None:
    """Replace `stage`'s findings for these revisions (a re-parse leaves no stale findings)."""
    delete_where_in(conn, "findings", "revision_key", revision_keys, stage=stage)
    insert_records(conn, "findings", findings)


def replace_check_results(conn: duckdb.DuckDBPyConnection, results: Sequence[CheckResult]) -> None:
    execute(conn, "DELETE FROM check_results")
    rows = json_dumps(results)  # schemas.fastpath's, beside its model_dump reference
    for position, row in enumerate(rows):
        row["check_name"] = row.pop("check")
        row["position"] = position
    insert_rows(conn, "check_results", rows)


__all__ = [
    "Conflict",
    "KnownRows",
    "StoreCounts",
    "delete_where_in",
    "finish_run",
    "keep_import_order",
    "known_rows",
    "replace_check_results",
    "replace_findings",
    "start_run",
    "store_batches",
]
