"""Running the checks with Python's cyclic garbage collector paused.

A check run allocates hundreds of thousands of small objects (rows, pydantic records, board
nodes) and frees almost none until it ends. Each allocation burst triggers a collection
that walks every live container, the build's parsed records included: on the 1,500-revision
bench warehouse that was ~1.0 s of a ~5 s check run, and none of it found garbage worth the
walk. Reference counting still frees everything acyclic at once; cyclic garbage made during
the run waits for the next collection after it, which the collector then does as usual.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for the block; restore its previous state after,
    even when the block raises (a collector left off would let a long build's memory grow)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
