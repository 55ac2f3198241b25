"""Running a producer ahead of its consumer: the next API batch is fetched while the last one
is stored and parsed.

`ahead(items, depth)` iterates `items` in a thread of its own and hands them over through a
queue of `depth`: fetching (network waits, JSON decoding) and storing (DuckDB, the parse
workers) overlap instead of taking turns. An exception of the producer is raised in the
consumer at the point it would have come; when the consumer stops early (an error, Ctrl-C),
the producer stops after the item it is on.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterable, Iterator
from typing import Generic, TypeVar

Item = TypeVar("Item")


class _End(Generic[Item]):
    def __init__(self, error: BaseException | None) -> None:
        self.error = error


def ahead(items: Iterable[Item], depth: int = 2) -> Iterator[Item]:
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
    try:
        while True:
            item = handover.get()
            if isinstance(item, _End):
                if item.error is not None:
                    raise item.error
                return
            yield item
    finally:
        stop.set()
        thread.join(timeout=60)
