"""Worker processes that parse revisions, with a time limit and a memory guard per page (the
parse itself, its limits and the in-process parse are `pipeline.run.page_parse`).

What a page may cost does not depend on `--jobs`: a page whose text is beyond
`ParseLimits.max_page_bytes` (`pipeline.limits.PARSE_PAGE`) is not parsed at all, in a worker
or in this process alike (`too_large`: a `parse.too-large` finding), so the memory one parse
takes is bounded everywhere, and the address-space limit of a worker (`memory_mb`) is only a
backstop against a page that costs far more than its size.

Each worker owns one pipe and parses one revision at a time, so the parent always knows which
revision a worker is on: a worker that runs past the time limit is killed and replaced, a
worker that runs out of its address-space limit (MemoryError) or dies (a crash in native
code) is replaced too, and that revision comes back as a `PageFailure` for the caller to
store as a finding. A stage that raises any other exception is a bug: the error is re-raised
in the parent with the worker's traceback.

Workers turn records into table rows held column by column (`ColumnRows.add_records`),
before sending them, so the pydantic serialisation and the row-to-column work run in parallel
and the single writer only appends columns.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import signal
import threading
import time
import traceback
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any

from carcdb.pipeline.parse.document import RevisionText
from carcdb.pipeline.parse.stage import ParseStage
from carcdb.pipeline.run.page_parse import (
    PageFailure,
    PageRows,
    ParseLimits,
    rows_or_too_deep,
    too_large,
)


class StageBugError(RuntimeError):
    """A parse stage raised inside a worker: a bug in carcdb, re-raised with its traceback."""


def _receive_into(conn: Connection, inbox: queue.SimpleQueue[RevisionText | None]) -> None:
    """Drain the pipe as pages arrive, so the parent never blocks sending (no deadlock)."""
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            message = None
        inbox.put(message)
        if message is None:
            return


def _limit_memory(memory_mb: int) -> None:
    """Cap the worker's address space where the platform can (`resource` is POSIX only)."""
    try:
        import resource
    except ImportError:  # Windows: no memory guard (docs/perf.md, Limitations)
        return
    limit = memory_mb * 1024 * 1024
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:  # a process may lower its hard limit, never raise it
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _worker_main(conn: Connection, stages: Sequence[ParseStage], memory_mb: int) -> None:
    # Ctrl-C reaches the whole process group: the parent stops the workers itself, and a
    # worker's own KeyboardInterrupt traceback would only clutter the terminal.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _limit_memory(memory_mb)
    inbox: queue.SimpleQueue[RevisionText | None] = queue.SimpleQueue()
    threading.Thread(target=_receive_into, args=(conn, inbox), daemon=True).start()
    try:
        conn.send(("ready", os.getpid()))
    except OSError:  # the parent is gone already (Ctrl-C, a failed build): nothing to do
        return
    outbox: queue.SimpleQueue[tuple[str, Any] | None] = queue.SimpleQueue()
    sender = threading.Thread(target=_send_from, args=(conn, outbox), daemon=True)
    sender.start()
    try:
        while (revision := inbox.get()) is not None:
            try:
                result = rows_or_too_deep(revision, stages)
            except MemoryError:
                # The page's tree is unwound by now; report and leave, a fresh worker follows.
                outbox.put(("memory", f"address space limit of {memory_mb} MB reached"))
                return
            except Exception:  # a bug (a RecursionError on a page nested as wiki pages are too)
                outbox.put(("bug", traceback.format_exc()))
                return
            if isinstance(result, PageFailure):
                outbox.put((result.reason, result.detail))  # too deep: a fresh worker follows
                return
            outbox.put(("ok", result))
    finally:
        outbox.put(None)
        sender.join()


def _send_from(conn: Connection, outbox: queue.SimpleQueue[tuple[str, Any] | None]) -> None:
    """Send results in order from a thread of their own: a page's rows are larger than the
    pipe's buffer, so sending waits while the single writer is busy appending rows, and the
    worker goes on parsing the next page meanwhile."""
    while (message := outbox.get()) is not None:
        try:
            conn.send(message)
        except (BrokenPipeError, OSError):
            return  # the parent is gone; it kills or forgets this worker


STARTUP_SECONDS = 60.0
# Pages in flight per worker: enough that a worker has pages to parse while the (single)
# writer appends a batch of rows (`parse_runner.WRITE_EVERY` pages' rows) instead of handing
# out work; with fewer, a 1-job build's worker waited for pages (docs/perf.md).
IN_FLIGHT = 16
# Every process a build starts (parse workers, the checks' helper) comes from one fork server.
PROCESS_CONTEXT = multiprocessing.get_context("forkserver")
PROCESS_CONTEXT.set_forkserver_preload(["carcdb.pipeline.run.workers"])


@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection
    in_flight: deque[RevisionText] = field(default_factory=deque)
    deadline: float = 0.0  # for the first page in flight


class WorkerPool:
    """`jobs` worker processes; `parse(revisions)` yields results as they arrive."""

    def __init__(self, stages: Sequence[ParseStage], jobs: int, limits: ParseLimits) -> None:
        self._stages = list(stages)
        self._limits = limits
        self._retry: deque[RevisionText] = deque()
        self._killed = False  # set by `kill()` (another thread): stop, start no new worker
        self._workers: list[_Worker] = []
        try:
            for _ in range(max(1, jobs)):
                self._workers.append(self._start())
            for worker in self._workers:
                self._await_ready(worker)
        except BaseException:
            # A worker that would not start (or Ctrl-C meanwhile): the others are stopped
            # here, as no caller holds a pool to close.
            self.kill()
            self.close()
            raise

    @staticmethod
    def _await_ready(worker: _Worker) -> None:
        """A worker that cannot even start is a broken setup, not a bad page: raise."""
        try:
            if worker.conn.poll(STARTUP_SECONDS):
                kind, _ = worker.conn.recv()
                if kind == "ready":
                    return
        except (EOFError, OSError):
            pass
        worker.process.kill()
        worker.process.join()
        raise RuntimeError(
            f"a parse worker did not start (exit code {worker.process.exitcode}); "
            "a script that builds must guard its entry point with `if __name__ == '__main__':`"
        )

    def _start(self) -> _Worker:
        parent, child = PROCESS_CONTEXT.Pipe()
        process = PROCESS_CONTEXT.Process(
            target=_worker_main,
            args=(child, self._stages, self._limits.memory_mb),
            name="carcdb-parse",
            daemon=True,
        )
        process.start()
        child.close()
        return _Worker(process, parent)

    def _replace(self, worker: _Worker) -> None:
        """Kill the worker; the pages queued behind the failed one go to the others.

        `kill()` may run in another thread meanwhile. The fresh worker goes into the list
        before `_killed` is read again: either `kill()` finds it there, or it had set
        `_killed` already and the fresh worker is killed here. (Read once before starting,
        the flag missed a kill that came while the fresh worker started, and that worker
        then started, waited ready and outlived the kill.)"""
        worker.in_flight.popleft()
        self._retry.extendleft(reversed(worker.in_flight))
        if worker.process.is_alive():
            worker.process.kill()
        worker.process.join()
        worker.conn.close()
        if self._killed:
            return
        fresh = self._start()
        self._workers[self._workers.index(worker)] = fresh
        if self._killed:
            fresh.process.kill()
            return
        try:
            self._await_ready(fresh)
        except RuntimeError:
            if not self._killed:  # killed while it started: not a broken setup
                raise

    def _next(self, source: Iterator[RevisionText]) -> RevisionText | None:
        return self._retry.popleft() if self._retry else next(source, None)

    def parse(self, revisions: Iterator[RevisionText]) -> Iterator[PageRows | PageFailure]:
        """Parse every revision; results come in completion order, one per revision."""
        source = iter(revisions)
        while not self._killed:
            for worker in self._workers:
                while len(worker.in_flight) < IN_FLIGHT:
                    revision = self._next(source)
                    if revision is None:
                        break
                    refused = too_large(revision, self._limits)
                    if refused is not None:  # not sent: a worker would not parse it either
                        yield refused
                        continue
                    if not worker.in_flight:
                        worker.deadline = time.monotonic() + self._limits.seconds_per_page
                    worker.in_flight.append(revision)
                    try:
                        worker.conn.send(revision)
                    except OSError:  # BrokenPipeError: the worker has just died or left
                        # `_collect` sees it go and hands the pages in flight to a new worker.
                        break
            busy = [w for w in self._workers if w.in_flight]
            if not busy:
                return
            timeout = max(0.0, min(w.deadline for w in busy) - time.monotonic())
            ready = set(wait([w.conn for w in busy] + [w.process.sentinel for w in busy], timeout))
            for worker in busy:
                yield from self._collect(worker, ready)

    def _collect(self, worker: _Worker, ready: set[Any]) -> Iterator[PageRows | PageFailure]:
        while worker.in_flight and (worker.conn in ready or worker.conn.poll()):
            ready.discard(worker.conn)
            revision = worker.in_flight[0]
            try:
                kind, payload = worker.conn.recv()
            except (EOFError, OSError):
                kind, payload = "crashed", "the parse worker died mid-page"
            if kind == "ok":
                worker.in_flight.popleft()
                worker.deadline = time.monotonic() + self._limits.seconds_per_page
                yield payload
                continue
            if kind == "bug":
                raise StageBugError(f"parse stage failed on {revision.title!r}:\n{payload}")
            self._replace(worker)
            yield PageFailure(revision, kind, payload)
            return
        if not worker.in_flight:
            return
        revision = worker.in_flight[0]
        if worker.process.sentinel in ready and not worker.conn.poll():
            code = worker.process.exitcode
            self._replace(worker)
            yield PageFailure(revision, "crashed", f"the parse worker died (exit code {code})")
        elif time.monotonic() >= worker.deadline:
            self._replace(worker)
            limit = self._limits.seconds_per_page
            yield PageFailure(revision, "timeout", f"parsing took longer than {limit:g}s")

    def kill(self) -> None:
        """Kill every worker now (a failed or interrupted run): `parse` then ends at once,
        wherever it waits, instead of after the pages in flight."""
        self._killed = True
        for worker in self._workers:
            worker.process.kill()

    def close(self) -> None:
        for worker in self._workers:
            if worker.process.is_alive():
                try:
                    worker.conn.send(None)
                except (BrokenPipeError, OSError):
                    worker.process.kill()
        for worker in self._workers:
            worker.process.join(timeout=5)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join()
            worker.conn.close()

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        if exc[0] is not None:
            self.kill()
        self.close()


class StartingPool:
    """A `WorkerPool` started in a background thread, so that its workers' interpreters start
    (about a second: the fork server imports the parser and the stages) while the caller
    reads and stores its input. `pool()` waits for it; `close()` stops it, started or not."""

    def __init__(self, stages: Sequence[ParseStage], jobs: int, limits: ParseLimits) -> None:
        self._pool: WorkerPool | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(
            target=self._start, args=(stages, jobs, limits), name="carcdb-pool-start", daemon=True
        )
        self._thread.start()

    def _start(self, stages: Sequence[ParseStage], jobs: int, limits: ParseLimits) -> None:
        try:
            self._pool = WorkerPool(stages, jobs, limits)
        except BaseException as exc:  # raised again in the caller's thread by `pool()`
            self._error = exc

    def pool(self) -> WorkerPool:
        self._thread.join()
        if self._error is not None:
            raise self._error
        assert self._pool is not None
        return self._pool

    def close(self) -> None:
        """Stop the workers; closing again does nothing."""
        self._thread.join()
        if self._pool is not None:
            self._pool.close()
            self._pool = None

    def kill(self) -> None:
        """Kill the workers at once (a failed or interrupted run); `close()` follows. It does
        not close their pipes: another thread may still be reading them (`EarlyParse`), and
        two threads closing one pipe close whatever file reuses its number."""
        self._thread.join()
        if self._pool is not None:
            self._pool.kill()
