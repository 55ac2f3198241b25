"""One helper process that runs the detachable checks of a multi-job build.

After the parse, a build's checks ran on one core while the other stayed idle: the serial end
of a 2-job build. With more than one job, the build hands the checks that can be detached
(`pipeline.checks.Check.detach`: a function of data read in this process, which is the only
one that sees the build's uncommitted transaction) to this helper and runs the others
meanwhile. The helper starts on the first piece of work (a build whose checks are reused
starts none), from the parse workers' fork server, and runs the works' items (tile sets) one
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
Claims = Any  # a `multiprocessing` synchronized Array of two 64-bit integers


def _claim_front(claims: Claims) -> int | None:
    with claims.get_lock():
        if claims[0] >= claims[1]:
            return None
        claims[0] += 1
        return int(claims[0] - 1)


def _claim_back(claims: Claims) -> int | None:
    with claims.get_lock():
        if claims[1] <= claims[0]:
            return None
        claims[1] -= 1
        return int(claims[1])


def _numbered(works: Sequence[Detached]) -> list[tuple[int, int]]:
    """(work, item) of every item of `works`, in the order the counters number them."""
    return [(w, i) for w, work in enumerate(works) for i in range(len(work.items))]


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
        while (index := _claim_front(claims)) is not None:
            w, i = items[index]
            try:
                with collector_paused():
                    value = works[w].results(works[w].items[i : i + 1], memos[w])
                answer: tuple[str, int, Any] = ("ok", index, value)
            except Exception:  # our bug: reported to the build, which raises it
                answer = ("error", index, traceback.format_exc())
            try:
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

    def fill(self, index: int, value: list[CheckResult]) -> None:
        w, i = self.items[index]
        with self._lock:
            self._slots[w][i] = value
            self._left[w] -= 1
            if self._left[w] or self.futures[w].done():
                return
            results = [r for part in self._slots[w] for r in part or ()]
            self._slots[w] = []
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
        memos: dict[int, dict[str, Any]] = {}
        while (index := _claim_back(self._claims)) is not None:
            w, i = submission.items[index]
            work = submission.works[w]
            submission.fill(index, work.results(work.items[i : i + 1], memos.setdefault(w, {})))

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

    def close(self) -> None:
        """Ask the helper to end and wait for it; end it at once if it does not."""
        if self._process is None or self._conn is None:
            return
        with suppress(OSError):  # it has just died
            self._conn.send(None)
        self._process.join(timeout=5)
        self.kill()

    def kill(self) -> None:
        if self._process is not None and self._process.is_alive():
            self._process.kill()
            self._process.join()
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
