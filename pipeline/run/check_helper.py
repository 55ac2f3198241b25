"""One helper process that runs the detachable checks of a multi-job build.

After the parse, a build's checks ran on one core while the other stayed idle: the serial end
of a 2-job build. With more than one job, the build hands the checks that can be detached
(`pipeline.checks.Check.detach`: a function of data read in this process, which is the only
one that sees the build's uncommitted transaction) to this helper and runs the others
meanwhile. The helper starts on the first piece of work (a build whose checks are reused
starts none), from the parse workers' fork server, and runs one piece at a time with the
collector paused, as the checks run in this process.

An exception in a check is our bug: it is raised here with the helper's traceback. A helper
that dies (killed, out of memory) fails its pending work with `BrokenHelperError` (a
`BrokenExecutor`), and `run_checks` then runs that check in this process instead.
"""

from __future__ import annotations

import signal
import threading
import traceback
from collections.abc import Iterator
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
            work: Detached | None = conn.recv()
        except (EOFError, OSError):  # the build ended (killed): nobody to answer
            return
        if work is None:
            return
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
    """`submit` sends one piece of work to the helper process; `close` ends it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()  # one piece of work on the pipe at a time
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

    def submit(self, work: Detached) -> Future[list[CheckResult]]:
        """Run `work` in the helper; pickling and waiting happen in a thread of their own."""
        future: Future[list[CheckResult]] = Future()
        future.set_running_or_notify_cancel()
        threading.Thread(target=self._run, args=(work, future), daemon=True).start()
        return future

    def _run(self, work: Detached, future: Future[list[CheckResult]]) -> None:
        with self._lock:
            try:
                conn = self._start()
                conn.send(work)
                del work
                status, value = conn.recv()
            except (EOFError, OSError) as exc:
                future.set_exception(BrokenHelperError(f"the checks' helper process ended: {exc}"))
                return
            except BaseException as exc:  # pickling our own work failed: our bug
                future.set_exception(exc)
                return
        if status == "ok":
            future.set_result(value)
        else:
            future.set_exception(RuntimeError(f"a check failed in the helper process:\n{value}"))

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
