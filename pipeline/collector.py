"""Pausing Python's cyclic garbage collector around allocation-heavy work that frees what it
makes by reference counting: parsing one page, a build's reading, storing and writing, and
running the checks.

The collector runs whenever enough container objects have been allocated, and each run walks
every young object and, every so often, every live one. Parsing a page builds a tree of tens
of thousands of nodes that all stay alive until the page is done, so a parse triggers dozens
of collections that walk the growing tree and find nothing: about 15% of a bare
`mwparserfromhell.parse` and over 20% of parsing a page and extracting its records. A check
run similarly allocates hundreds of thousands of rows, records and board nodes and frees
almost none until it ends (~1.0 s of a ~5 s run on the 1,500-revision bench warehouse).

A build's main process holds the corpus (hundreds of thousands of objects) while it reads,
stores and appends the workers' rows; its collections found 36 unreachable objects in a whole
1,500-revision build and cost ~0.75 s, which a 2-job build on 2 cores takes from its workers.

Reference counting still frees everything acyclic at once. The little cyclic garbage made
in a paused block waits for the first collection after it, which the collector then runs as
usual, so memory stays bounded by one page (or one check run) of cycles.
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
