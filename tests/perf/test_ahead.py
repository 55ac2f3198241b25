"""`ahead` and `ahead_groups`: a producer in its own thread, its items and its error handed
over in order; `entered_meanwhile`: a context manager entered in its own thread."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from carcdb.pipeline.run.ahead import ahead, ahead_groups, entered_meanwhile


def test_items_arrive_in_order_and_the_producer_runs_ahead() -> None:
    produced: list[int] = []

    def items() -> Iterator[int]:
        for n in range(10):
            produced.append(n)
            yield n

    seen = []
    for item in ahead(items(), depth=2):
        time.sleep(0.01)  # the consumer is slower: the producer is ahead by up to 3 items
        seen.append(item)
        assert len(produced) >= len(seen)
    assert seen == list(range(10))


def test_the_producers_error_is_raised_where_it_came() -> None:
    def items() -> Iterator[int]:
        yield 1
        raise ValueError("the third request failed")

    got = []
    with pytest.raises(ValueError, match="third request"):
        for item in ahead(items()):
            got.append(item)
    assert got == [1]


def test_a_consumer_that_stops_stops_the_producer() -> None:
    made = []

    def items() -> Iterator[int]:
        for n in range(1000):
            made.append(n)
            yield n

    for item in ahead(items(), depth=1):
        if item == 2:
            break
    time.sleep(0.3)
    assert len(made) <= 6  # not the whole thousand
    assert not [t for t in threading.enumerate() if t.name == "carcdb-ahead"]


def test_groups_hold_what_waited_in_order_and_never_more_than_depth() -> None:
    sizes: list[int] = []
    seen: list[int] = []
    for group in ahead_groups(iter(range(50)), depth=4):
        assert 1 <= len(group) <= 4
        sizes.append(len(group))
        seen += group
        time.sleep(0.02)  # a slow consumer: the producer fills the queue meanwhile
    assert seen == list(range(50))
    assert max(sizes) == 4  # items that waited were handed over together


def test_a_slow_producer_gives_groups_of_one() -> None:
    # Each item is made only once the one before was handed over: nothing else waits then.
    # (A sleep in the producer made the same point, until a consumer paused longer than it.)
    handed_over = threading.Semaphore(0)

    def items() -> Iterator[int]:
        for n in range(5):
            if n:
                assert handed_over.acquire(timeout=10)
            yield n

    groups = []
    for group in ahead_groups(items(), depth=8):
        groups.append(group)
        handed_over.release()
    assert groups == [[0], [1], [2], [3], [4]]


def test_a_consumer_that_stops_early_calls_on_stop_before_waiting_for_the_producer() -> None:
    """`on_stop` cuts the producer's current item short: the producer here would wait ten
    seconds for it, and the consumer does not wait that long."""
    stopped = threading.Event()
    calls = []

    def items() -> Iterator[int]:
        yield 1
        stopped.wait(10)  # a fetch that only `on_stop` ends early
        yield 2

    def on_stop() -> None:
        calls.append("stop")
        stopped.set()

    for _item in ahead(items(), depth=1, on_stop=on_stop):
        break
    assert calls == ["stop"]
    assert not [t for t in threading.enumerate() if t.name == "carcdb-ahead"]
    assert list(ahead(iter([1, 2]), on_stop=on_stop)) == [1, 2]
    assert calls == ["stop"]  # a consumer that took everything stops nothing


def test_the_producers_error_comes_after_the_items_before_it_in_groups() -> None:
    def items() -> Iterator[int]:
        yield 1
        yield 2
        raise ValueError("the third request failed")

    got: list[int] = []
    with pytest.raises(ValueError, match="third request"):
        for group in ahead_groups(items()):
            got += group
    assert got == [1, 2]


class _Manager:
    """A context manager that records what happened to it, in which thread."""

    def __init__(self, *, fail: bool = False, release: threading.Event | None = None) -> None:
        self.fail = fail
        self.release = release
        self.events: list[tuple[str, str]] = []

    def __enter__(self) -> str:
        self.events.append(("enter", threading.current_thread().name))
        if self.release is not None:
            assert self.release.wait(10)
        if self.fail:
            raise OSError("the warehouse is locked")
        return "opened"

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self.events.append(("exit", f"{getattr(kind, '__name__', None)}"))


def test_entered_meanwhile_enters_in_another_thread_while_the_block_runs() -> None:
    release = threading.Event()
    manager = _Manager(release=release)
    with entered_meanwhile(manager) as wait:
        # The block runs while entering is still held back: it did not wait for it.
        assert manager.events == [("enter", "carcdb-open")]
        release.set()
        assert wait() == "opened"
        assert wait() == "opened"  # asking again does not enter again
    assert manager.events == [("enter", "carcdb-open"), ("exit", "None")]


def test_entered_meanwhile_exits_with_the_blocks_error() -> None:
    manager = _Manager()
    with pytest.raises(KeyError), entered_meanwhile(manager) as wait:
        wait()
        raise KeyError("a store failed")
    assert manager.events[-1] == ("exit", "KeyError")


def test_an_error_of_entering_is_raised_where_the_block_waits() -> None:
    manager = _Manager(fail=True)
    with pytest.raises(OSError, match="locked"), entered_meanwhile(manager) as wait:
        wait()
    assert [event for event, _ in manager.events] == ["enter"]  # never exited


def test_an_error_of_entering_the_block_never_asked_for() -> None:
    """Raised when the block ends well; dropped when the block raised its own error."""
    with pytest.raises(OSError, match="locked"), entered_meanwhile(_Manager(fail=True)):
        pass
    with pytest.raises(ValueError, match="sweep"), entered_meanwhile(_Manager(fail=True)):
        raise ValueError("the sweep failed")


def test_a_block_that_fails_before_waiting_waits_for_entering_then_exits() -> None:
    release = threading.Event()
    manager = _Manager(release=release)
    threading.Timer(0.05, release.set).start()
    with pytest.raises(ValueError), entered_meanwhile(manager):
        raise ValueError("Ctrl-C during the sweep")
    assert manager.events == [("enter", "carcdb-open"), ("exit", "ValueError")]
