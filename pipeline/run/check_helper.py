"""One helper process that runs the detachable checks of a multi-job build.

After the parse, a build's checks ran on one core while the other stayed idle: the serial end
of a 2-job build. With more than one job, the build hands the checks that can be detached
(`pipeline.checks.Check.detach`: a function of data read in this process, which is the only
one that sees the build's uncommitted transaction) to this helper and runs the others
meanwhile. The helper starts on the first piece of work (a build whose checks are reused
starts none), from the parse workers' fork server, and runs the pieces one at a time with
the collector paused, as the checks run in this process. The pieces of one run go in one
message: the configuration data they share is pickled once, not once per check.

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


def _helper_main(conn: Connection) -> None:
    # Ctrl-C reaches the whole process group: the build stops the helper itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            works: list[Detached] | None = conn.recv()
        except (EOFError, OSError):  # the build ended (killed): nobody to answer
            return
        if works is None:
            return
        works.reverse()
        while works:
            work = works.pop()  # each piece freed once answered
            try:
                with collector_paused():
                    answer: tuple[str, Any] = ("ok", work.function(*work.args))
            except Exception:  # our bug: reported to the build, which raises it
                answer = ("error", traceback.format_exc())
            del work
            try:
                conn.send(answer)
            except OSError:  # the build ended meanwhile
                return


class CheckHelper:
    """`submit` sends pieces of work to the helper process; `close` ends it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()  # one message of work on the pipe at a time
        self._conn: Connection | None = None
        self._process: BaseProcess | None = None

    def _start(self) -> Connection:
        if self._conn is None:
            parent, child = PROCESS_CONTEXT.Pipe()
            process = PROCESS_CONTEXT.Process(
                target=_helper_main, args=(child,), name="carcdb-checks", daemon=True
            )
            process.start()
            child.close()
            self._conn, self._process = parent, process
        return self._conn

    def submit(self, works: Sequence[Detached]) -> list[Future[list[CheckResult]]]:
        """Run `works` in the helper, in order, one future each; pickling and waiting happen
        in a thread of their own."""
        futures: list[Future[list[CheckResult]]] = [Future() for _ in works]
        for future in futures:
            future.set_running_or_notify_cancel()
        threading.Thread(target=self._run, args=(list(works), futures), daemon=True).start()
        return futures

    def _run(self, works: list[Detached], futures: list[Future[list[CheckResult]]]) -> None:
        with self._lock:
            try:
                conn = self._start()
                conn.send(works)
                del works
            except (EOFError, OSError) as exc:
                _fail(futures, BrokenHelperError(f"the checks' helper process ended: {exc}"))
                return
            except BaseException as exc:  # pickling our own work failed: our bug
                _fail(futures, exc)
                return
            for index, future in enumerate(futures):
                try:
                    status, value = conn.recv()
                except (EOFError, OSError) as exc:
                    ended = BrokenHelperError(f"the checks' helper process ended: {exc}")
                    _fail(futures[index:], ended)
                    return
                if status == "ok":
                    future.set_result(value)
                else:
                    error = f"a check failed in the helper process:\n{value}"
                    future.set_exception(RuntimeError(error))

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


def _fail(futures: Sequence[Future[list[CheckResult]]], error: BaseException) -> None:
    for future in futures:
        future.set_exception(error)


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
