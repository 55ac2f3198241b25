"""The checks' helper process: the same results, in the same order, as the checks run here.

A multi-job build hands the detachable checks (`engine.tile_sets`, `engine.expansion_tile_sets`,
in one message) to one helper process
(`pipeline.run.check_helper`) and runs the others meanwhile. These tests compare every result
with a helper and without, on the sample and on a generated corpus with defects, and show
what happens when the helper's process dies or a check raises in it.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import duckdb
import pytest

import carcdb.pipeline.checks.engine as engine_checks
from carcdb.pipeline.checks import Check, registered_checks, run_checks
from carcdb.pipeline.checks.engine_expansions import (
    check_expansion_tile_sets,
    detach_expansion_tile_sets,
)
from carcdb.pipeline.checks.inputs import CheckInputs, Detached
from carcdb.pipeline.configgen.data import ConfigData
from carcdb.pipeline.run.build import build_corpus
from carcdb.pipeline.run.check_helper import (
    CheckHelper,
    _chunk_answers,
    _claim_back,
    _claim_front,
    _helper_main,
    check_helper,
)
from carcdb.pipeline.run.workers import PROCESS_CONTEXT
from carcdb.pipeline.synth.corpus import generate_corpus
from carcdb.schemas.checks import CheckResult, CheckStatus, outcome
from carcdb.warehouse.connection import read_only, write_transaction


@pytest.fixture(scope="module")
def defects_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated corpus of 4 pages in 3 languages, half of them with defects."""
    folder = tmp_path_factory.mktemp("helper")
    generate_corpus(folder / "corpus", pages=4, langs=3, seed=11, defect_rate=0.5)
    build_corpus(folder / "carcdb.duckdb", folder / "corpus", jobs=0)
    return folder / "carcdb.duckdb"


@pytest.fixture
def helper() -> Iterator[CheckHelper]:
    made = CheckHelper()
    yield made
    made.kill()


class _Rollback(Exception):
    pass


def _copy(db: Path, folder: Path) -> Path:
    folder.mkdir()
    shutil.copy(db, folder / db.name)
    return folder / db.name


@pytest.mark.parametrize("which", ["sample", "defects"])
def test_every_result_is_the_same_with_a_helper(
    which: str, sample_db: Path, defects_db: Path, tmp_path: Path, helper: CheckHelper
) -> None:
    db = _copy(sample_db if which == "sample" else defects_db, tmp_path / "copy")
    with write_transaction(db) as conn:
        here = run_checks(conn)
        there = run_checks(conn, helper=helper)
    assert [c.detach is not None for c in registered_checks()].count(True) >= 1
    assert any(r.check == "engine.placeable" for r in here)
    assert there == here  # every field of every result, in the same order


def test_detached_data_pickles_and_gives_the_same_tile_set_results(defects_db: Path) -> None:
    with read_only(defects_db) as conn:
        inputs = CheckInputs(conn)
        work = engine_checks.detach_tile_sets(conn, inputs)
        expected = engine_checks.check_tile_sets(conn, CheckInputs(conn))
    # Read after the connection closed: the detached data reads nothing from the warehouse.
    copy = pickle.loads(pickle.dumps(work))
    assert isinstance(copy.args[0], ConfigData)
    assert copy.results(copy.items, {}) == expected
    assert any(r.status is CheckStatus.FAIL for r in expected)  # the defects show


@pytest.mark.parametrize(
    ("check", "detach"),
    [
        (engine_checks.check_tile_sets, engine_checks.detach_tile_sets),
        (check_expansion_tile_sets, detach_expansion_tile_sets),
    ],
)
def test_each_detached_check_gives_its_results_from_pickled_data(
    sample_db: Path,
    check: Callable[[duckdb.DuckDBPyConnection, CheckInputs], list[CheckResult]],
    detach: Callable[[duckdb.DuckDBPyConnection, CheckInputs], Detached],
) -> None:
    with read_only(sample_db) as conn:
        work = detach(conn, CheckInputs(conn))
        expected = check(conn, CheckInputs(conn))
    copy = pickle.loads(pickle.dumps(work))
    assert expected and copy.results(copy.items, {}) == expected


def test_the_tile_sets_are_derived_once_per_run(sample_db: Path) -> None:
    with read_only(sample_db) as conn:
        inputs = CheckInputs(conn)
        first = engine_checks.base_tile_sets(conn, inputs)
        assert engine_checks.base_tile_sets(conn, inputs) is first
        assert engine_checks.base_tile_sets(conn) == first  # fresh inputs: read again, same sets
        assert engine_checks.base_tile_sets(conn) is not first
        assert engine_checks.expansion_tile_sets(conn, inputs) is (
            engine_checks.expansion_tile_sets(conn, inputs)
        )


@pytest.mark.parametrize("which", ["sample", "defects"])
def test_the_tile_codes_are_the_tiles_columns_in_the_tiles_order(
    which: str, sample_db: Path, defects_db: Path
) -> None:
    """The tile sets are chosen from `CheckInputs.tile_codes`, read before the helper's work
    is sent instead of every tile row: the same rows, fields and order as `tiles`."""
    with read_only(sample_db if which == "sample" else defects_db) as conn:
        inputs = CheckInputs(conn)
        expected = [
            (t.title, t.list_index, t.product, t.edition, t.special, t.code) for t in inputs.tiles
        ]
        assert expected
        assert [tuple(row) for row in inputs.tile_codes] == expected


def _after_the_helper_claimed(helper: CheckHelper) -> Check:
    """A check run here that waits until the helper has claimed its first item: the helper,
    not this process (`CheckHelper.share`), then runs the test's dying or raising item."""

    def run(conn: duckdb.DuckDBPyConnection, inputs: CheckInputs) -> list[CheckResult]:
        deadline = time.monotonic() + 60
        while helper._claims[0] == 0 and time.monotonic() < deadline:
            time.sleep(0.005)
        return _one(conn, inputs)

    return Check("test.local", run)


def test_pieces_after_the_helper_died_run_here_in_their_place(
    sample_db: Path, tmp_path: Path, helper: CheckHelper
) -> None:
    db = _copy(sample_db, tmp_path / "copy")
    checks = [
        _check(_die, "test.dies"),
        _check(_same_as_here, "test.after"),
        _after_the_helper_claimed(helper),
    ]
    with write_transaction(db) as conn:
        results = run_checks(conn, checks, helper=helper)
    # The dead helper's check ran here again, the other here (shared or run again), in the
    # registry's order.
    assert [(r.check, r.scope) for r in results] == [("test.here", "scope")] * 3
    assert helper._process is not None and helper._process.exitcode == 3  # it did die


def _same_as_here(items: object, memo: object) -> list[CheckResult]:
    return [outcome("test.here", "scope", True, 1, 1, "", {})]


def _die(items: object, memo: object) -> list[CheckResult]:
    os._exit(3)


def _raise(items: object, memo: object) -> list[CheckResult]:
    raise ValueError("a bug in a check")


def _one(conn: duckdb.DuckDBPyConnection, inputs: CheckInputs) -> list[CheckResult]:
    return [outcome("test.here", "scope", True, 1, 1, "", {})]


def _check(function: object, name: str = "test.detached") -> Check:
    return Check(name, _one, lambda conn, inputs: Detached(function, (), (None,)))  # type: ignore[arg-type]


def test_a_helper_that_dies_leaves_its_check_to_this_process(
    sample_db: Path, tmp_path: Path, helper: CheckHelper
) -> None:
    db = _copy(sample_db, tmp_path / "copy")
    with write_transaction(db) as conn:
        results = run_checks(conn, [_check(_die), _after_the_helper_claimed(helper)], helper=helper)
    assert [r.check for r in results] == ["test.here", "test.here"]
    assert helper._process is not None and helper._process.exitcode == 3


def test_a_check_that_raises_in_the_helper_is_raised_here(
    sample_db: Path, tmp_path: Path, helper: CheckHelper
) -> None:
    db = _copy(sample_db, tmp_path / "copy")
    checks = [_check(_raise), _after_the_helper_claimed(helper)]
    with pytest.raises(_Rollback), write_transaction(db) as conn:
        with pytest.raises(RuntimeError, match=r"(?s)helper process.*ValueError: a bug in a check"):
            run_checks(conn, checks, helper=helper)
        raise _Rollback


def _slow_item(items: tuple[int, ...], memo: dict[str, int]) -> list[CheckResult]:
    """One result per item naming the process that computed it, after a pause."""
    time.sleep(0.03)
    memo["seen"] = memo.get("seen", 0) + len(items)
    return [outcome("test.item", str(item), True, memo["seen"], os.getpid()) for item in items]


def test_both_processes_share_the_items_and_every_item_is_computed_once(
    helper: CheckHelper,
) -> None:
    works = [Detached(_slow_item, (), tuple(range(40))), Detached(_slow_item, (), (40, 41))]
    futures = helper.submit(works)
    deadline = time.monotonic() + 60
    while helper._claims[0] == 0 and time.monotonic() < deadline:  # the helper has begun
        time.sleep(0.001)
    helper.share()  # this process takes items from the back while the helper takes the front
    first, second = (future.result(timeout=60) for future in futures)
    assert [r.scope for r in first] == [str(i) for i in range(40)]  # in order, each once
    assert [r.scope for r in second] == ["40", "41"]
    pids = {r.actual for r in first + second}  # `actual`: the pid, `expected`: the memo's count
    assert pids == {str(os.getpid()), str(helper._process.pid if helper._process else None)}
    # The memo is kept per work and process: the second work's count here starts again at 1.
    here = [int(r.expected or 0) for r in second if r.actual == str(os.getpid())]
    assert sorted(here) == list(range(1, len(here) + 1))


def test_a_work_without_items_has_no_results_and_needs_no_helper(helper: CheckHelper) -> None:
    (future,) = helper.submit([Detached(_slow_item, (), ())])
    helper.share()
    assert future.result(timeout=60) == []


@pytest.mark.parametrize("detach", [engine_checks.detach_tile_sets, detach_expansion_tile_sets])
def test_any_split_of_a_works_items_gives_the_same_results(
    defects_db: Path, detach: Callable[[duckdb.DuckDBPyConnection, CheckInputs], Detached]
) -> None:
    """Item by item with one memo, or with a fresh memo each (two processes' shares): the
    results of the whole list, in order."""
    with read_only(defects_db) as conn:
        work = detach(conn, CheckInputs(conn))
    whole = work.results(work.items, {})
    assert len(work.items) > 1 and whole
    memo: dict[str, object] = {}
    one_memo = [
        r for i in range(len(work.items)) for r in work.results(work.items[i : i + 1], memo)
    ]
    fresh = [r for i in range(len(work.items)) for r in work.results(work.items[i : i + 1], {})]
    assert one_memo == whole
    assert fresh == whole


def test_one_job_starts_no_helper_and_a_helper_ends_with_its_block() -> None:
    with check_helper(1) as none:
        assert none is None
    with check_helper(2) as started:
        assert started is not None
        futures = started.submit([Detached(_one_result, (), (1,)), Detached(_one_result, (), (2,))])
        assert [[r.check for r in future.result()] for future in futures] == [["test.here"]] * 2
        process = started._process
        assert process is not None and process.is_alive()
    process.join(timeout=10)
    assert not process.is_alive()


def _one_result(items: object, memo: object) -> list[CheckResult]:
    return [outcome("test.here", "scope", True, 1, 1, "", {})]


def test_a_helper_whose_build_ended_exits_quietly() -> None:
    """The build killed (its end of the pipe closed): the helper returns instead of raising
    EOFError with a traceback (which would exit with code 1)."""
    parent, child = PROCESS_CONTEXT.Pipe()
    claims = PROCESS_CONTEXT.Array("q", 2)
    process = PROCESS_CONTEXT.Process(target=_helper_main, args=(child, claims), daemon=True)
    process.start()
    child.close()
    parent.close()
    process.join(timeout=30)
    assert process.exitcode == 0


def test_claims_from_both_ends_cover_every_item_once_and_end_in_single_items() -> None:
    claims = PROCESS_CONTEXT.Array("q", 2)
    for total in (0, 1, 7, 100, 5290):
        claims[0], claims[1] = 0, total
        taken: list[range] = []
        front = True
        while claimed := (_claim_front(claims) if front else _claim_back(claims)):
            taken.append(claimed)
            front = not front
        assert sorted(i for r in taken for i in r) == list(range(total))
        assert all(len(r) <= 64 for r in taken)
        if total > 16:
            assert len(taken[-1]) == 1 and len(taken[0]) > 1


def _raise_on_odd(items: tuple[int, ...], memo: object) -> list[CheckResult]:
    if items[0] % 2:
        raise ValueError(f"item {items[0]}")
    return [outcome("test.item", str(items[0]), True, 1, 1)]


def test_an_item_that_raises_fails_its_work_alone_and_every_item_is_answered() -> None:
    works = [Detached(_raise_on_odd, (), (0, 2, 4)), Detached(_raise_on_odd, (), (6, 7, 8))]
    items = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]
    answers = _chunk_answers(works, items, [{}, {}], range(6))
    assert [(status, index) for status, index, _ in answers] == [("ok", 0), ("error", 4), ("ok", 5)]
    assert "ValueError: item 7" in answers[1][2]
    with check_helper(2) as started:
        assert started is not None
        first, second = started.submit(works)  # no `share`: the helper computes every item
        assert [r.scope for r in first.result(timeout=60)] == ["0", "2", "4"]
        with pytest.raises(RuntimeError, match="item 7"):
            second.result(timeout=60)


class _SlowToFree:
    """An argument the helper takes a while to free after its last answer: the window in
    which the works' futures are done and the helper's last message ("done") is not sent."""

    def __del__(self) -> None:
        if multiprocessing.parent_process() is not None:  # in the helper only
            time.sleep(0.2)


def _one_each(slow: object, items: tuple[int, ...], memo: object) -> list[CheckResult]:
    return [outcome("test.here", str(item), True, 1, 1) for item in items]


# slow lane: five helpers started and ended in a loop (a race, about 3 s of the fast lane)
@pytest.mark.slow
@pytest.mark.parametrize("end", ["close", "kill"])
def test_ending_right_after_the_results_leaves_no_thread_reading_a_closed_pipe(
    end: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With sharing, a work's future can be done before the helper's last message has been
    read; ending the helper then must wait for the receiving thread, not close the pipe under
    it (which raised in that thread)."""
    raised: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: raised.append(args.exc_value))
    for _ in range(5):
        helper = CheckHelper()
        futures = helper.submit([Detached(_one_each, (_SlowToFree(),), tuple(range(30)))])
        while helper._claims[0] == 0:
            time.sleep(0.001)
        helper.share()
        assert len(futures[0].result(timeout=60)) == 30
        helper.close() if end == "close" else helper.kill()
    assert raised == []
