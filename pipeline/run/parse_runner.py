"""Parse the stored revisions that need it and replace their rows, inside the caller's transaction.

A revision needs parsing when it was never parsed or was parsed by another `PARSER_VERSION`
(text is content-addressed: a changed text is a new revision). Pending revisions are read from
the warehouse in chunks, parsed by `jobs` worker processes (`parse_pool`), and their rows are
streamed to this process, the single writer, which appends them in batches. `jobs=0` parses
in this process (for debugging and unpicklable stages): the time limit holds where
`page_parse.parse_in_process` can arm an interval timer; there is no memory guard.

A page the guards stop (time limit, memory, a crashed worker) becomes an error finding of the
`parse` stage and is marked parsed, so the next build does not hang on it again; a parser
version bump (or `force`) retries it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import duckdb

from carcdb.pipeline.parse.document import RevisionText
from carcdb.pipeline.parse.registry import PARSER_VERSION, registered_stages
from carcdb.pipeline.parse.stage import ParseStage
from carcdb.pipeline.progress import NoProgress, Progress
from carcdb.pipeline.run.early_parse import EarlyParse
from carcdb.pipeline.run.page_parse import PageFailure, PageRows, ParseLimits, parse_in_process
from carcdb.pipeline.run.workers import StartingPool, WorkerPool
from carcdb.schemas.findings import Finding, Severity
from carcdb.warehouse.parse_state import keys_to_parse, mark_parsed, marked_before
from carcdb.warehouse.revisions import revision_count, revision_identities, stored_texts
from carcdb.warehouse.rows import (
    ColumnRows,
    TableColumns,
    delete_where_in,
    insert_columns,
    record_row,
)

GUARD_STAGE = "parse"
# Revisions fetched from the warehouse at a time, and revisions buffered before a write:
# each write converts its columns to Arrow and runs one INSERT per table, so fewer, larger
# writes cost the single writer less (the build's memory peak, during the checks, does not
# move: docs/perf.md).
FETCH_CHUNK = 64
WRITE_EVERY = 256


@dataclass
class ParseReport:
    parsed: int = 0
    skipped: int = 0
    rows: dict[str, int] = field(default_factory=dict)
    findings: int = 0
    failed: int = 0  # pages the time limit, memory guard or a worker crash stopped
    jobs: int = 0
    seconds: float = 0.0  # the whole parse phase, wall clock (from the first early revision)
    write_seconds: float = 0.0  # of which appending rows to the warehouse
    # Summed over pages (in whichever process parsed them): building the trees alone.
    tree_seconds: float = 0.0


def pending_keys(conn: duckdb.DuckDBPyConnection, force: bool = False) -> list[str]:
    """Keys of the revisions to parse, in import order (reads no wikitext)."""
    return keys_to_parse(conn, PARSER_VERSION, force=force)


def revision_texts(conn: duckdb.DuckDBPyConnection, keys: Sequence[str]) -> list[RevisionText]:
    """The given revisions with their text, in the order of `keys`."""
    return [RevisionText(*row) for row in stored_texts(conn, keys)]


def _stream_texts(conn: duckdb.DuckDBPyConnection, keys: Sequence[str]) -> Iterator[RevisionText]:
    for start in range(0, len(keys), FETCH_CHUNK):
        yield from revision_texts(conn, keys[start : start + FETCH_CHUNK])


def guard_finding(failure: PageFailure) -> Finding:
    rev = failure.revision
    return Finding(
        severity=Severity.ERROR,
        code=f"parse.{failure.reason}",
        message=f"page not parsed: {failure.detail}; its tile and rule rows are missing",
        stage=GUARD_STAGE,
        title=rev.title,
        language=rev.language,
        revision_key=rev.revision_key,
        snippet=rev.wikitext[:200],
    )


class _Writer:
    """Buffers rows and appends them in batches; times the writes for the report."""

    def __init__(
        self,
        conn: duckdb.DuckDBPyConnection,
        report: ParseReport,
        columns: TableColumns | None = None,
    ) -> None:
        self._conn = conn
        self._report = report
        self._rows: dict[str, ColumnRows] = {}
        self._pages = 0
        self._columns = TableColumns() if columns is None else columns

    def add(self, page: PageRows) -> None:
        for table, rows in page.rows.items():
            self._rows.setdefault(table, ColumnRows()).extend(rows)
        self._rows.setdefault("findings", ColumnRows()).extend(page.findings)
        self._report.tree_seconds += page.tree_seconds
        self._pages += 1
        if self._pages >= WRITE_EVERY:
            self.flush()

    def add_finding(self, finding: Finding) -> None:
        self._rows.setdefault("findings", ColumnRows()).add_rows([record_row(finding)])

    def flush(self) -> None:
        started = time.perf_counter()
        for table, rows in self._rows.items():
            written = insert_columns(self._conn, table, rows, self._columns.of(self._conn, table))
            if table == "findings":
                self._report.findings += written
            else:
                self._report.rows[table] = self._report.rows.get(table, 0) + written
        self._rows = {}
        self._pages = 0
        self._report.write_seconds += time.perf_counter() - started


def _clear(conn: duckdb.DuckDBPyConnection, stages: Sequence[ParseStage], keys: list[str]) -> None:
    """Delete every row the revisions to re-parse left before (their findings included)."""
    for stage in stages:
        for table in stage.tables:
            delete_where_in(conn, table, "revision_key", keys)
        delete_where_in(conn, "findings", "revision_key", keys, stage=stage.name)
    delete_where_in(conn, "findings", "revision_key", keys, stage=GUARD_STAGE)
    delete_where_in(conn, "parsed_revisions", "revision_key", keys)


def start_workers(jobs: int, limits: ParseLimits | None = None) -> StartingPool:
    """`jobs` parse workers for an `EarlyParse`, starting in the background."""
    return StartingPool(registered_stages(), jobs, limits or ParseLimits())


def _parse_with(
    pool: WorkerPool,
    texts: Iterator[RevisionText],
    writer: _Writer,
    report: ParseReport,
    progress: Progress,
) -> None:
    for result in pool.parse(texts):
        _write(result, writer, report, progress)


def _write(
    result: PageRows | PageFailure, writer: _Writer, report: ParseReport, progress: Progress
) -> None:
    if isinstance(result, PageFailure):
        writer.add_finding(guard_finding(result))
        report.failed += 1
    else:
        writer.add(result)
    progress.advance("parse")


def parse_pending(
    conn: duckdb.DuckDBPyConnection,
    *,
    stages: Sequence[ParseStage] | None = None,
    progress: Progress | None = None,
    force: bool = False,
    jobs: int = 1,
    limits: ParseLimits | None = None,
    workers: Callable[[], StartingPool] | None = None,
    early: EarlyParse | None = None,
    columns: TableColumns | None = None,
) -> ParseReport:
    """Parse what needs it with `jobs` workers (0: in this process) and replace its rows.

    `workers`: the caller's `jobs` workers, started by the call when first needed (a store
    session's, kept for the whole run); without it, workers are started here and stopped when
    done. `early`: revisions sent to those workers before they were stored; their results
    are used where they stand (`EarlyParse.usable`), the rest go to the same workers.
    `columns`: the tables' columns, a cache the caller keeps for several calls on one
    connection."""
    started = time.perf_counter()
    stages = list(registered_stages() if stages is None else stages)
    progress = progress or NoProgress()
    keys = pending_keys(conn, force)
    total = revision_count(conn)
    report = ParseReport(skipped=total - len(keys))
    if not keys:
        return report
    progress.start("parse", len(keys))
    stale = marked_before(conn, keys)  # a new revision has no rows: nothing to delete
    if stale:
        _clear(conn, stages, stale)
    writer = _Writer(conn, report, columns)
    to_parse = keys
    if early is not None:
        usable = early.usable(revision_identities(conn, keys))
        for result in early.take(usable):
            _write(result, writer, report, progress)
        to_parse = [key for key in keys if key not in usable]
    texts = _stream_texts(conn, to_parse)
    limits = limits or ParseLimits()
    if jobs <= 0:
        for revision in texts:
            _write(parse_in_process(revision, stages, limits), writer, report, progress)
    else:
        report.jobs = min(jobs, len(keys))
        if workers is not None:
            _parse_with(workers().pool(), texts, writer, report, progress)
        else:
            with WorkerPool(stages, report.jobs, limits) as own:
                _parse_with(own, texts, writer, report, progress)
    writer.flush()
    mark_parsed(conn, keys, PARSER_VERSION)
    report.parsed = len(keys)
    report.seconds = time.perf_counter() - (started if early is None else early.started)
    return report
