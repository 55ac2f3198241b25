"""`ahead` and `ahead_groups`: a producer in its own thread, its items and its error handed
over in order."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from pipeline.run.ahead import ahead, ahead_groups


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
