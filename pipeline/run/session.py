"""A writer that stores batch after batch for a whole run: one connection, one worker pool.

An extraction stores every fetched batch in its own transaction (a run killed half-way keeps
what it stored), and parses it at once. Opening the warehouse, publishing the readers' copy
and starting parse workers cost far more than storing and parsing one batch of 50 pages, so
the session does them once per run: `store()` is one transaction on the open connection,
parsed by the workers started when the session began (in the background, while the first
batch is being fetched). The run's `runs` row is written at the start and finished at the end.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from types import TracebackType

import duckdb

from pipeline.parse.registry import PARSER_VERSION
from pipeline.progress import NoProgress, Progress
from pipeline.run.early_parse import EarlyParse, closed_after
from pipeline.run.parse_runner import ParseReport, parse_pending, start_workers
from pipeline.run.tuning import cap_build_memory, collector_paused, worker_count
from pipeline.run.workers import ParseLimits, StartingPool
from schemas.pages import ImportBatch
from warehouse.connection import open_writer, transaction
from warehouse.parse_state import parsed_keys
from warehouse.store import (
    KnownRows,
    StoreCounts,
    finish_run,
    known_rows,
    start_run,
    store_batches,
)


class StoreSession:
    """`with StoreSession(db, command="extract") as session: session.store(batches)`."""

    def __init__(
        self,
        db: Path,
        *,
        command: str,
        jobs: int | None = None,
        limits: ParseLimits | None = None,
        progress: Progress | None = None,
    ) -> None:
        self.db = db
        self.command = command
        self.jobs = worker_count(jobs)
        self.limits = limits or ParseLimits()
        self.progress = progress or NoProgress()
        self.counts = StoreCounts()
        self.parse = ParseReport(jobs=self.jobs)
        self.seconds = 0.0  # storing and parsing, summed over the batches
        self._stack = ExitStack()
        self._conn: duckdb.DuckDBPyConnection | None = None
        self._pool: StartingPool | None = None
        # Revisions this parser version had parsed when the run started: a batch that brings
        # one again (`extract --force`) does not send it to the workers, as it is not pending.
        # Revisions the run parses are new ones, never brought again.
        self._parsed: set[str] = set()
        # What the warehouse holds, read once and kept up to date by every store: a group
        # costs no read of every key stored before it (`warehouse.store.KnownRows`).
        self._known: KnownRows | None = None
        self.run_id = 0

    def __enter__(self) -> StoreSession:
        try:
            if self.jobs > 0:  # started first: the workers boot while the warehouse opens
                self._pool = start_workers(self.jobs, self.limits)
                self._stack.callback(self._pool.close)
            self._conn = self._stack.enter_context(open_writer(self.db))
            cap_build_memory(self._conn)
            if self._pool is not None:
                self._parsed = parsed_keys(self._conn, PARSER_VERSION)
            with transaction(self._conn):
                self.run_id = start_run(self._conn, self.command)
        except BaseException:
            self._stack.close()
            raise
        return self

    @property
    def conn(self) -> duckdb.DuckDBPyConnection:
        assert self._conn is not None, "use the session inside `with`"
        return self._conn

    def store(self, batches: Sequence[ImportBatch]) -> StoreCounts:
        """Store and parse `batches` in one transaction; the counts of this call."""
        started = time.perf_counter()
        # The workers parse the batches' revisions while they are stored (as a build's do
        # while its files are read: `pipeline.run.early_parse`), not after.
        early = (
            None if self._pool is None else EarlyParse(self._pool, self._parsed, owns_pool=False)
        )
        with closed_after(early):
            if early is not None:
                for batch in batches:
                    early.add(batch)
                early.finish()
            with collector_paused(), transaction(self.conn):
                known = self._known or known_rows(self.conn)
                self._known = None  # until the transaction commits: it is ahead of the warehouse
                counts = store_batches(self.conn, batches, known)
                report = parse_pending(
                    self.conn,
                    progress=self.progress,
                    jobs=self.jobs,
                    limits=self.limits,
                    pool=self._pool,
                    early=early,
                    columns=known.columns,
                )
            self._known = known
        self._add(counts, report)
        self.seconds += time.perf_counter() - started
        return counts

    def _add(self, counts: StoreCounts, report: ParseReport) -> None:
        for name, value in vars(counts).items():
            setattr(self.counts, name, getattr(self.counts, name) + value)
        self.parse.parsed += report.parsed
        self.parse.failed += report.failed
        self.parse.findings += report.findings
        self.parse.seconds += report.seconds
        for table, rows in report.rows.items():
            self.parse.rows[table] = self.parse.rows.get(table, 0) + rows

    def finish(self, summary: dict[str, object]) -> None:
        with transaction(self.conn):
            finish_run(self.conn, self.run_id, summary)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is not None and self._pool is not None:
            self._pool.kill()  # a failed or interrupted run: the pages in flight are dropped
        self._stack.close()
