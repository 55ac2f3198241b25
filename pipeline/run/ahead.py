"""Running a producer ahead of its consumer: the next API batch is fetched while the last one
is stored and parsed.

`ahead(items, depth)` iterates `items` in a thread of its own and hands them over through a
queue of `depth`: fetching (network waits, JSON decoding) and storing (DuckDB, the parse
workers) overlap instead of taking turns. An exception of the producer is raised in the
consumer at the point it would have come; when the consumer stops early (an error, Ctrl-C),
the producer stops after the item it is on, and `on_stop` (if given) is called first, from
the consumer's thread, to cut that item short: an API fetch may otherwise sit out a
Retry-After and its retries while the run waits to end (`ApiClient.stop`).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Generic, TypeVar

Item = TypeVar("Item")


class _End(Generic[Item]):
    def __init__(self, error: BaseException | None) -> None:
        self.error = error


Stop = Callable[[], None]


def ahead(items: Iterable[Item], depth: int = 2, on_stop: Stop | None = None) -> Iterator[Item]:
    for group in _handed_over(items, depth, grouped=False, on_stop=on_stop):
        yield from group


def ahead_groups(
    items: Iterable[Item], depth: int = 8, on_stop: Stop | None = None
) -> Iterator[list[Item]]:
    """As `ahead`, but each step hands over every item already waiting (at least one, at most
    `depth`): a consumer with a fixed cost per call, such as a transaction, pays it once for
    several items whenever the producer is faster than it."""
    yield from _handed_over(items, depth, grouped=True, on_stop=on_stop)


def _handed_over(
    items: Iterable[Item], depth: int, *, grouped: bool, on_stop: Stop | None
) -> Iterator[list[Item]]:
    handover: queue.Queue[Item | _End[Item]] = queue.Queue(maxsize=depth)
    stop = threading.Event()

    def produce() -> None:
        error: BaseException | None = None
        try:
            for item in items:
                while not stop.is_set():
                    try:
                        handover.put(item, timeout=0.1)
                        break
                    except queue.Full:
                        continue
                if stop.is_set():
                    return
        except BaseException as exc:  # handed to the consumer, raised there
            error = exc
        while not stop.is_set():
            try:
                handover.put(_End(error), timeout=0.1)
                return
            except queue.Full:
                continue

    thread = threading.Thread(target=produce, name="carcdb-ahead", daemon=True)
    thread.start()
    end: _End[Item] | None = None
    try:
        while end is None:
            group: list[Item] = []
            item = handover.get()
            while True:
                if isinstance(item, _End):
                    end = item
                    break
                group.append(item)
                if not grouped or len(group) >= depth:
                    break
                try:
                    item = handover.get_nowait()
                except queue.Empty:
                    break
            if group:
                yield group
        if end.error is not None:
            raise end.error
    finally:
        stop.set()
        if end is None and on_stop is not None:  # the consumer left before the end
            on_stop()
        thread.join(timeout=60)
