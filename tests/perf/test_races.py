"""Races in stopping a parse: a thread that drives the parse workers against one that kills
them, and Ctrl-C landing between two steps of an in-process parse.

Each test forces one bad interleaving (events, a patched step), instead of hoping the
scheduler finds it.
"""

from __future__ import annotations

import signal
import threading

import pytest

from carcdb.pipeline.parse.document import RevisionText
from carcdb.pipeline.run import page_parse, workers
from carcdb.pipeline.run.page_parse import PageFailure, PageRows, ParseLimits
from carcdb.pipeline.run.workers import WorkerPool
from tests.perf.stages import COUNT_STAGE, DIE


def _revision(title: str, text: str) -> RevisionText:
    return RevisionText(f"sha:{title}", title, title, "en", text)


@pytest.mark.parametrize("paused_in", ["_start", "_await_ready"])
def test_a_kill_while_a_crashed_worker_is_replaced_stops_the_replacement_too(
    paused_in: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`kill()` (the main thread, a failed build) comes while the driving thread replaces a
    crashed worker: just after the fresh worker started (before it is in the list), or while
    it waits for it to be ready. The fresh worker must die with the others (not wait ready
    and outlive the kill), and the kill is no "worker did not start" error."""
    pool = WorkerPool([COUNT_STAGE], 1, ParseLimits(seconds_per_page=30.0))
    fresh: list[workers._Worker] = []
    paused = threading.Event()
    killed = threading.Event()
    start, await_ready = pool._start, pool._await_ready

    def wait_for_the_kill() -> None:
        paused.set()
        killed.wait(10)

    def started() -> workers._Worker:
        worker = start()
        fresh.append(worker)
        if paused_in == "_start":
            wait_for_the_kill()
        return worker

    def ready(worker: workers._Worker) -> None:
        if paused_in == "_await_ready":
            wait_for_the_kill()
        await_ready(worker)

    monkeypatch.setattr(pool, "_start", started)
    monkeypatch.setattr(pool, "_await_ready", ready)
    results: list[PageRows | PageFailure] = []
    errors: list[BaseException] = []

    def drive() -> None:
        source = iter([_revision("Dies", f"{DIE} {{{{X}}}}"), _revision("Good", "{{A}}")])
        try:
            results.extend(pool.parse(source))
        except BaseException as exc:
            errors.append(exc)

    driver = threading.Thread(target=drive)
    driver.start()
    try:
        assert paused.wait(10), "the crashed worker was never replaced"
        pool.kill()
        killed.set()
        driver.join(10)
        assert not driver.is_alive()
        assert errors == []
        assert len(fresh) == 1
        fresh[0].process.join(2)
        assert fresh[0].process.exitcode == -signal.SIGKILL
    finally:
        killed.set()
        driver.join(10)
        pool.close()
    assert [(r.revision.title, r.reason) for r in results if isinstance(r, PageFailure)] == [
        ("Dies", "crashed")
    ]


class _CtrlC(BaseException):
    """Stands for the CLI's `Interrupted`, which Ctrl-C raises between any two bytecodes."""


def test_ctrl_c_just_after_the_page_alarm_is_set_still_clears_the_alarm(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`--jobs 0` arms an interval timer for the page's time limit. Ctrl-C landing just after
    it is armed must not leave it armed: its handler is put back, so the alarm would later
    reach the default SIGALRM action, which ends the process ("Alarm clock")."""
    setitimer = signal.setitimer

    def arm_then_interrupted(which: int, seconds: float, interval: float = 0.0) -> object:
        previous = setitimer(which, seconds, interval)
        if seconds:
            raise _CtrlC
        return previous

    monkeypatch.setattr(signal, "setitimer", arm_then_interrupted)
    try:
        with pytest.raises(_CtrlC):
            page_parse.parse_in_process(
                _revision("Page", "{{A}}"), [COUNT_STAGE], ParseLimits(30.0)
            )
        assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    finally:
        setitimer(signal.ITIMER_REAL, 0)


def test_a_pool_whose_second_worker_cannot_start_stops_the_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The error is raised from the constructor, so no caller holds a pool to close: the
    worker already started must be stopped there, not left running until the interpreter
    ends."""
    started: list[workers._Worker] = []
    real_start = WorkerPool._start

    def start_one_then_fail(self: WorkerPool) -> workers._Worker:
        if started:
            raise RuntimeError("a parse worker did not start (a test)")
        started.append(real_start(self))
        return started[0]

    monkeypatch.setattr(WorkerPool, "_start", start_one_then_fail)
    with pytest.raises(RuntimeError, match="did not start"):
        WorkerPool([COUNT_STAGE], 2, ParseLimits())
    assert len(started) == 1
    started[0].process.join(timeout=30)
    assert not started[0].process.is_alive()
    assert started[0].conn.closed
