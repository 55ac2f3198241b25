"""The store-and-parse session: how build, import and extract put revisions in the warehouse.

One run opens one session, hands it batches, and the session does the rest, the same way for
every command:

    with StoreSession(db, command="build", whole_run=True) as session:
        counts = session.store(read_batches())     # any iterable: read as it is consumed
        results = session.check()                   # build: the checks, in the same unit
        session.finish(summary)

`store(batches)` is the unit of work. Each batch goes to the parse workers as soon as the
session has it (while later batches are still being read or fetched: `early_parse`); once
every batch is in, the session stores them (`warehouse.store.store_batches`: what becomes a
page's current revision is decided there, once), parses what is pending, using the
workers' results where the revision was stored as it was sent, and writes the rows.

Two ways to commit, and nothing else differs:
- `whole_run=True` (build, import): the run is one transaction. The warehouse is opened by
  the first `store`, once every batch it was given was read, so a bad input file stops the
  run before anything is opened; `finish` commits it, and any error rolls it all back.
- otherwise (extract): each `store` is its own transaction, so a run killed half-way keeps
  what it stored; the run's `runs` row is written when the session opens and finished at
  the end. Opening (the lock, migrations, the readers' copy, the workers) costs far more than
  one batch, so it happens once per run, in the background while the first batch is fetched.

The parse workers start when the session opens if `eager` (work is expected), otherwise at
the first revision to parse; they stop before the checks (which hold every tile row, the
build's memory peak) or when the session closes, killed if it closes on an error.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import ExitStack
from pathlib import Path
from types import TracebackType

import duckdb

from carcdb.pipeline.checks import CheckRun, checks_for_build
from carcdb.pipeline.errors import InputError
from carcdb.pipeline.parse.registry import PARSER_VERSION
from carcdb.pipeline.progress import NoProgress, Progress
from carcdb.pipeline.run.check_helper import check_helper
from carcdb.pipeline.run.early_parse import EarlyParse, already_parsed
from carcdb.pipeline.run.page_parse import ParseLimits
from carcdb.pipeline.run.parse_runner import ParseReport, parse_pending, start_workers
from carcdb.pipeline.run.tuning import (
    cap_build_memory,
    collector_paused,
    give_all_cores,
    leave_cores_to_workers,
    worker_count,
)
from carcdb.pipeline.run.workers import StartingPool
from carcdb.schemas.pages import ImportBatch
from carcdb.warehouse.connection import open_writer, transaction
from carcdb.warehouse.history import current_texts
from carcdb.warehouse.parse_state import parsed_keys
from carcdb.warehouse.store import (
    Conflict,
    KnownRows,
    StoreCounts,
    finish_run,
    keep_import_order,
    known_rows,
    start_run,
    store_batches,
)

# Given the batches of a unit, every revision of the run's inputs in the order given.
ImportOrder = Callable[[Sequence[ImportBatch]], Sequence[tuple[str, str, bool]]]


class StoreSession:
    """`with StoreSession(db, command=...) as session: session.store(batches)`."""

    def __init__(
        self,
        db: Path,
        *,
        command: str,
        whole_run: bool = False,
        eager: bool = True,
        jobs: int | None = None,
        limits: ParseLimits | None = None,
        progress: Progress | None = None,
    ) -> None:
        self.db = db
        self.command = command
        self.whole_run = whole_run
        self.eager = eager
        self.jobs = worker_count(jobs)
        self.limits = limits or ParseLimits()
        self.progress = progress or NoProgress()
        self.counts = StoreCounts()
        self.parse = ParseReport(jobs=self.jobs)
        self.store_seconds = 0.0  # storing the revisions and catalogs, over the run
        self.run_id = 0
        self.batches = 0  # given to `store`, over the run
        self._stack = ExitStack()
        self._conn: duckdb.DuckDBPyConnection | None = None
        self._pool: StartingPool | None = None
        # Revisions this parser version had parsed when the run started: not sent to the
        # workers again (a re-import, `extract --force`); those the run parses are new.
        self._parsed: set[str] | None = None
        # What the warehouse holds, read once and kept up to date by every store
        # (`warehouse.store.KnownRows`); None after a failed unit, to be read again.
        self._known: KnownRows | None = None

    def __enter__(self) -> StoreSession:
        try:
            if self.eager:
                self._workers()  # first: they boot while the warehouse opens
            if not self.whole_run:
                self._open()
        except BaseException:
            self._stack.close()
            raise
        return self

    @property
    def conn(self) -> duckdb.DuckDBPyConnection:
        assert self._conn is not None, "the session's warehouse is opened by `store`"
        return self._conn

    def store(
        self, batches: Iterable[ImportBatch], *, order: ImportOrder | None = None
    ) -> StoreCounts:
        """Store and parse `batches` as one unit of work; the counts of this call.

        `order`: given the batches read, (title, revision_key, has a wiki revision id) of
        every revision of the run's inputs in the order given, stored before or not, so that
        the last one imported stays its page's current (`warehouse.store.keep_import_order`).
        """
        early: EarlyParse | None = None
        try:
            given: list[ImportBatch] = []
            with collector_paused():  # reading allocates much and frees little: see tuning
                for batch in batches:
                    given.append(batch)
                    early = self._send(early, batch)
            if early is not None:
                early.finish()
            self.batches += len(given)
            conn = self._open()
            with collector_paused(), self._unit():
                known = self._known or known_rows(conn)
                self._known = None  # until the unit commits: it is ahead of the warehouse
                stored_at = time.perf_counter()
                refuse_cut_copies(conn, given)
                counts = store_batches(conn, given, known)
                if self.whole_run:
                    refuse_conflicts(counts.conflicts)
                if order is not None:
                    keep_import_order(conn, order(given), known)
                self.store_seconds += time.perf_counter() - stored_at
                report = parse_pending(
                    conn,
                    progress=self.progress,
                    jobs=self.jobs,
                    limits=self.limits,
                    workers=self._workers if self.jobs > 0 else None,
                    early=early,
                    columns=known.columns,
                )
            self._known = known
        except BaseException:
            if early is not None:  # the pages in flight are not awaited
                early.close(kill=True)
            raise
        finally:
            if early is not None:
                early.close()
        self._add(counts, report)
        return counts

    def check(self) -> CheckRun:
        """The build's checks, in the run's unit (reused when nothing they read changed)."""
        self._stop_workers()
        conn = self._open()
        give_all_cores(conn)
        with collector_paused(), check_helper(self.jobs) as helper:
            return checks_for_build(conn, run_id=self.run_id, helper=helper)

    def finish(self, summary: dict[str, object]) -> None:
        """Finish the run's `runs` row (a whole-run session commits when it closes)."""
        with self._unit():
            finish_run(self._open(), self.run_id, summary)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is not None and self._pool is not None:
            self._pool.kill()  # a failed or interrupted run: the pages in flight are dropped
        self._stack.__exit__(kind, error, trace)

    def _open(self) -> duckdb.DuckDBPyConnection:
        """The writer (opened once): locked, migrated, the run's row started."""
        if self._conn is not None:
            return self._conn
        conn = self._stack.enter_context(open_writer(self.db))
        cap_build_memory(conn)
        leave_cores_to_workers(conn, self.jobs)
        if self.whole_run:  # the run is one transaction, committed when the session closes
            self._stack.enter_context(transaction(conn))
        if not self.whole_run and self.jobs > 0:  # later units send what is not parsed
            self._parsed = parsed_keys(conn, PARSER_VERSION)
        with self._unit_on(conn):
            self.run_id = start_run(conn, self.command)
        self._conn = conn
        return conn

    def _unit(self) -> ExitStack:
        return self._unit_on(self.conn)

    def _unit_on(self, conn: duckdb.DuckDBPyConnection) -> ExitStack:
        """A transaction of its own, unless the whole run is one."""
        unit = ExitStack()
        if not self.whole_run:
            unit.enter_context(transaction(conn))
        return unit

    def _workers(self) -> StartingPool:
        """The run's parse workers, started at the first need."""
        if self._pool is None:
            self._pool = start_workers(self.jobs, self.limits)
            self._stack.callback(self._stop_workers)
        return self._pool

    def _stop_workers(self) -> None:
        if self._pool is not None:
            self._pool.close()

    def _send(self, early: EarlyParse | None, batch: ImportBatch) -> EarlyParse | None:
        """Hand the batch's revisions not parsed yet to the workers, at once."""
        if self.jobs <= 0:
            return early
        if self._parsed is None:  # before the warehouse opens: a read-only look
            self._parsed = already_parsed(self.db)
        if early is None:
            if all(rev.revision_key in self._parsed for rev in batch.revisions):
                return None
            early = EarlyParse(self._workers(), self._parsed, owns_pool=False)
        early.add(batch)
        return early

    def _add(self, counts: StoreCounts, report: ParseReport) -> None:
        for name, value in vars(counts).items():
            setattr(self.counts, name, getattr(self.counts, name) + value)
        if self.whole_run:  # one unit: its parse report is the run's
            self.parse = report
            return
        self.parse.parsed += report.parsed
        self.parse.failed += report.failed
        self.parse.findings += report.findings
        self.parse.seconds += report.seconds
        for table, rows in report.rows.items():
            self.parse.rows[table] = self.parse.rows.get(table, 0) + rows


def refuse_cut_copies(conn: duckdb.DuckDBPyConnection, batches: Sequence[ImportBatch]) -> None:
    """A capture whose text is the beginning of its page's stored current revision, and
    shorter, is a cut-short copy of it (a half-saved file that `pipeline.extract.truncation`
    could not recognise on its own): refused before it could replace the whole revision."""
    candidates = [
        (batch, rev)
        for batch in batches
        if not batch.ends_whole
        for rev in batch.revisions
        if rev.revision_id is None
    ]
    if not candidates:
        return
    stored = current_texts(conn, sorted({rev.title for _batch, rev in candidates}))
    for batch, rev in candidates:
        whole = stored.get(rev.title)
        if whole is None:
            continue
        text, whole = rev.wikitext.rstrip(), whole.rstrip()
        if len(text) < len(whole) and whole.startswith(text):
            raise InputError(
                f"its text is the first {len(text):,} of the {len(whole):,} characters of the "
                f"stored current revision of {rev.title!r}: a cut-short copy of it, not stored",
                path=batch.source.path,
                fix="save the whole page again",
            )


def refuse_conflicts(conflicts: Sequence[Conflict]) -> None:
    """One revision id of one page with two texts: the input was altered (or the stored one
    came from an altered input). Refused, naming the first, before anything is committed.
    (An extraction reports them as refused pages instead.)"""
    if conflicts:
        first = conflicts[0]
        more = f" (and {len(conflicts) - 1} more)" if len(conflicts) > 1 else ""
        raise InputError(
            f"revision {first.revision_id} of {first.title!r} comes with another text than the "
            f"one stored or read before it: one revision id with two texts, a conflict{more}; "
            "nothing was written",
            path=first.source_path,
            fix="export the page again; if the stored text is the wrong one, remove it first",
        )
