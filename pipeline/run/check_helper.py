"""One helper process that runs the detachable checks of a multi-job build.

After the parse, a build's checks ran on one core while the other stayed idle: the serial end
of a 2-job build. With more than one job, the build hands the checks that can be detached
(`pipeline.checks.Check.detach`: a function of data read in this process, which is the only
one that sees the build's uncommitted transaction) to this helper and runs the others
meanwhile. The helper starts when a check run with detachable checks begins, while this
process reads their inputs (a build whose checks are reused starts none), from the parse
workers' fork server, and runs the works' items (tile sets) one
at a time with the collector paused, as the checks run in this process. The works of one run
go in one message: the configuration data they share is pickled once, not once per check.
Once this process has run its own checks, it takes the items the helper has not started from
the back of the list (`CheckHelper.share`), so neither process waits while the other still
has items to go: which process computes an item changes nothing in its results.

An exception in a check is our bug: it is raised here with the helper's traceback. A helper
that dies (killed, out of memory) fails its pending work with `BrokenHelperError` (a
`BrokenExecutor`), and `run_checks` then runs that check in this process instead.
"""

from __future__ import annotations

import signal
import threading
import traceback
from collections.abc import Iterator, Sequence
from concurrent.futures import BrokenExecutor, Future
from contextlib import contextmanager, suppress
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from carcdb.pipeline.checks.inputs import Detached
from carcdb.pipeline.run.tuning import collector_paused
from carcdb.pipeline.run.workers import PROCESS_CONTEXT
from carcdb.schemas.checks import CheckResult


class BrokenHelperError(BrokenExecutor):
    """The helper process ended before it answered."""


# The items of one submission, numbered in order across its works: the helper claims them
# from the front, this process (`CheckHelper.share`) from the back, through two shared
# counters (next front, end) under one lock, so every item is computed once, by whoever is free.
# A claim takes an eighth of what is left (at most `_MOST`, at least one item): few messages
# while much is left, single items at the end, where the two meet.
Claims = Any  # a `multiprocessing` synchronized Array of two 64-bit integers
_MOST = 64


def _chunk(left: int) -> int:
    return max(1, min(_MOST, left // 8))


def _claim_front(claims: Claims) -> range:
    with claims.get_lock():
        start = claims[0]
        end = min(claims[1], start + _chunk(claims[1] - start))
        claims[0] = max(start, end)
        return range(start, end)


def _claim_back(claims: Claims) -> range:
    with claims.get_lock():
        end = claims[1]
        start = max(claims[0], end - _chunk(end - claims[0]))
        claims[1] = min(end, start)
        return range(start, end)


def _numbered(works: Sequence[Detached]) -> list[tuple[int, int]]:
    """(work, item) of every item of `works`, in the order the counters number them."""
    return [(w, i) for w, work in enumerate(works) for i in range(len(work.items))]


def _item_results(
    works: Sequence[Detached],
    items: Sequence[tuple[int, int]],
    memos: Sequence[dict[str, Any]],
    index: int,
) -> list[CheckResult]:
    w, i = items[index]
    return works[w].results(works[w].items[i : i + 1], memos[w])


def _chunk_answers(
    works: Sequence[Detached],
    items: Sequence[tuple[int, int]],
    memos: Sequence[dict[str, Any]],
    claimed: range,
) -> list[tuple[str, int, Any]]:
    """("ok", first item, each item's results) for the runs of items that worked, ("error",
    item, traceback) for each that raised (our bug: the build raises it). Every item of the
    chunk is answered, so no other work's results wait for one that raised."""
    answers: list[tuple[str, int, Any]] = []
    start, values = claimed.start, []
    for index in claimed:
        try:
            values.append(_item_results(works, items, memos, index))
        except Exception:
            if values:
                answers.append(("ok", start, values))
            answers.append(("error", index, traceback.format_exc()))
            start, values = index + 1, []
    if values:
        answers.append(("ok", start, values))
    return answers


def _helper_main(conn: Connection, claims: Claims) -> None:
    # Ctrl-C reaches the whole process group: the build stops the helper itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            works: list[Detached] | None = conn.recv()
        except (EOFError, OSError):  # the build ended (killed): nobody to answer
            return
        if works is None:
            return
        items = _numbered(works)
        memos: list[dict[str, Any]] = [{} for _ in works]
        while claimed := _claim_front(claims):
            with collector_paused():
                answers = _chunk_answers(works, items, memos, claimed)
            try:
                for answer in answers:
                    conn.send(answer)
            except OSError:  # the build ended meanwhile
                return
        del works, memos
        try:
            conn.send(("done", -1, None))
        except OSError:
            return


class _Submission:
    """The works of one `submit`, and each item's results as they arrive from either process."""

    def __init__(self, works: Sequence[Detached]) -> None:
        self.works = list(works)
        self.items = _numbered(works)
        self.futures: list[Future[list[CheckResult]]] = [Future() for _ in works]
        self._slots: list[list[list[CheckResult] | None]] = [[None] * len(w.items) for w in works]
        self._left = [len(w.items) for w in works]
        self._lock = threading.Lock()
        for w, future in enumerate(self.futures):
            future.set_running_or_notify_cancel()
            if not self._left[w]:
                future.set_result([])

    def fill(self, start: int, values: Sequence[list[CheckResult]]) -> None:
        """The results of the items numbered from `start` on, one list per item."""
        done: list[tuple[int, list[CheckResult]]] = []
        with self._lock:
            for index, value in enumerate(values, start):
                w, i = self.items[index]
                self._slots[w][i] = value
                self._left[w] -= 1
                if not self._left[w] and not self.futures[w].done():
                    done.append((w, [r for part in self._slots[w] for r in part or ()]))
                    self._slots[w] = []
        for w, results in done:
            self.futures[w].set_result(results)

    def fail(self, error: BaseException, index: int | None = None) -> None:
        """The work of item `index` fails with `error`; every unfinished work when None."""
        with self._lock:
            chosen = range(len(self.works)) if index is None else [self.items[index][0]]
            failing = [self.futures[w] for w in chosen if not self.futures[w].done()]
            for future in failing:
                future.set_exception(error)


class CheckHelper:
    """`submit` sends pieces of work to the helper process, `share` takes the rest of it on
    here; `close` ends the helper."""

    def __init__(self) -> None:
        self._lock = threading.Lock()  # one submission on the pipe at a time
        self._conn: Connection | None = None
        self._process: BaseProcess | None = None
        self._claims: Claims = PROCESS_CONTEXT.Array("q", 2)
        self._submission: _Submission | None = None

    def _start(self) -> Connection:
        if self._conn is None:
            parent, child = PROCESS_CONTEXT.Pipe()
            process = PROCESS_CONTEXT.Process(
                target=_helper_main,
                args=(child, self._claims),
                name="carcdb-checks",
                daemon=True,
            )
            process.start()
            child.close()
            self._conn, self._process = parent, process
        return self._conn

    def start(self) -> None:
        """Start the helper process now, in a thread of its own, so that it is ready when
        the work read meanwhile is submitted (`Helper.start`)."""
        threading.Thread(target=self._start_locked, daemon=True).start()

    def _start_locked(self) -> None:
        with self._lock, suppress(OSError):  # a start that fails fails the submission later
            self._start()

    def submit(self, works: Sequence[Detached]) -> list[Future[list[CheckResult]]]:
        """Run `works` in the helper, in order, one future each; pickling and waiting happen
        in a thread of their own (which holds the lock until the helper has answered)."""
        self._lock.acquire()
        try:
            submission = _Submission(works)
            with self._claims.get_lock():
                self._claims[0], self._claims[1] = 0, len(submission.items)
            self._submission = submission
            threading.Thread(target=self._run, args=(submission,), daemon=True).start()
        except BaseException:
            self._submission = None
            self._lock.release()
            raise
        return submission.futures

    def share(self) -> None:
        """Compute here the items the helper has not claimed, from the back (`Helper.share`)."""
        submission = self._submission
        if submission is None:
            return
        memos: list[dict[str, Any]] = [{} for _ in submission.works]
        while claimed := _claim_back(self._claims):
            values = [_item_results(submission.works, submission.items, memos, i) for i in claimed]
            submission.fill(claimed.start, values)

    def _run(self, submission: _Submission) -> None:
        try:
            self._answers(submission)
        finally:
            # Every item is claimed or the helper is gone (its works then run again here).
            self._submission = None
            self._lock.release()

    def _answers(self, submission: _Submission) -> None:
        try:
            conn = self._start()
            conn.send(submission.works)
        except (EOFError, OSError) as exc:
            submission.fail(BrokenHelperError(f"the checks' helper process ended: {exc}"))
            return
        except BaseException as exc:  # pickling our own work failed: our bug
            submission.fail(exc)
            return
        while True:
            try:
                status, index, value = conn.recv()
            except (EOFError, OSError) as exc:
                submission.fail(BrokenHelperError(f"the checks' helper process ended: {exc}"))
                return
            if status == "done":
                return
            if status == "ok":
                submission.fill(index, value)
            else:
                error = f"a check failed in the helper process:\n{value}"
                submission.fail(RuntimeError(error), index)

    def _idle(self, timeout: float) -> None:
        """Wait (at most `timeout` seconds) until no submission is on the pipe: the thread
        receiving the helper's answers reads until the helper's last message, which may come
        after this process has shared out the last items."""
        if self._lock.acquire(timeout=timeout):
            self._lock.release()

    def close(self) -> None:
        """Ask the helper to end and wait for it; end it at once if it does not."""
        if self._process is None or self._conn is None:
            return
        self._idle(timeout=5)
        with suppress(OSError):  # it has just died
            self._conn.send(None)
        self._process.join(timeout=5)
        self.kill()

    def kill(self) -> None:
        if self._process is not None and self._process.is_alive():
            self._process.kill()
            self._process.join()
        self._idle(timeout=5)  # the receiving thread sees the pipe end before it is closed
        if self._conn is not None:
            self._conn.close()
        self._process = self._conn = None


@contextmanager
def check_helper(jobs: int) -> Iterator[CheckHelper | None]:
    """A helper for a build with `jobs` parse workers: none with fewer than two (the build
    then keeps to one process during the checks as during the parse)."""
    if jobs < 2:
        yield None
        return
    helper = CheckHelper()
    try:
        yield helper
    except BaseException:
        helper.kill()
        raise
    helper.close()
