"""Running a producer ahead of its consumer: the next API batch is fetched while the last one
is stored and parsed.

`ahead(items, depth)` iterates `items` in a thread of its own and hands them over through a
queue of `depth`: fetching (network waits, JSON decoding) and storing (DuckDB, the parse
workers) overlap instead of taking turns. An exception of the producer is raised in the
consumer at the point it would have come; when the consumer stops early (an error, Ctrl-C),
the producer stops after the item it is on, and `on_stop` (if given) is called first, from
the consumer's thread, to cut that item short: an API fetch may otherwise sit out a
Retry-After and its retries while the run waits to end (`ApiClient.stop`).

`entered_meanwhile(manager)` enters a context manager in a thread of its own while the block
does something else: an extraction opens its warehouse (the lock, migrations, parse workers)
while the API sweep runs.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Generic, TypeVar

Item = TypeVar("Item")
Entered = TypeVar("Entered")


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


@contextmanager
def entered_meanwhile(
    manager: AbstractContextManager[Entered],
) -> Iterator[Callable[[], Entered]]:
    """Enter `manager` in a background thread; the block calls the yielded function to wait
    for it and get what it entered (its error, if entering failed, is raised there).

    When the block ends, `manager` is exited as a `with` would (the block's exception passed
    on), once it has been entered; an error of entering that the block never asked for is
    dropped if the block raised, raised otherwise.
    """
    entered: list[Entered] = []
    failed: list[BaseException] = []

    def enter() -> None:
        try:
            entered.append(manager.__enter__())
        except BaseException as exc:  # raised in the caller's thread by `wait()`
            failed.append(exc)

    thread = threading.Thread(target=enter, name="carcdb-open", daemon=True)
    thread.start()

    def wait() -> Entered:
        thread.join()
        if failed:
            raise failed[0]
        return entered[0]

    try:
        yield wait
    except BaseException as exc:
        thread.join()
        if entered and manager.__exit__(type(exc), exc, exc.__traceback__):
            return
        raise
    thread.join()
    if failed:
        raise failed[0]
    manager.__exit__(None, None, None)
