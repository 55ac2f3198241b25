"""The process-level speed settings of a build, in one place (figures: docs/perf.md).

- `default_jobs()`: one parse worker per core this process may run on; `worker_count()`: the
  workers asked for, at most `pipeline.limits.JOBS_PER_CORE` per core (more only share the
  same cores, and each costs a process and its memory: `--jobs 100000` forked until memory
  ran out);
- `cap_build_memory()`: a build holds its whole load in one transaction, and DuckDB may cache
  up to 80% of RAM by default, so a build caps it (DuckDB spills to its temp directory beyond);
- `leave_cores_to_workers()` / `give_all_cores()`: while the parse workers run, DuckDB gets
  the cores they leave; the checks, after the workers, get every core again;
- `collector_paused()`: below.

None of them changes what a build stores. `TUNED = False` turns every setting but the worker
count off (the library defaults: the collector running, DuckDB's own threads and memory
limit); the tests build both ways and compare every table's digest.

Pausing Python's cyclic garbage collector around allocation-heavy work that frees what it
makes by reference counting: parsing one page, a build's reading, storing and writing, and
running the checks.

The collector runs whenever enough container objects have been allocated, and each run walks
every young object and, every so often, every live one. Parsing a page builds a tree of tens
of thousands of nodes that all stay alive until the page is done, so a parse triggers dozens
of collections that walk the growing tree and find nothing. A check run similarly allocates
hundreds of thousands of rows, records and board nodes and frees almost none until it ends.
A build's main process holds the corpus (hundreds of thousands of objects) while it reads,
stores and appends the workers' rows, and makes almost no cyclic garbage meanwhile; its
collections are time a multi-job build takes from its workers.

Reference counting still frees everything acyclic at once. The little cyclic garbage made
in a paused block waits for the first collection after it, which the collector then runs as
usual, so memory stays bounded by one page (or one check run) of cycles.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from contextlib import contextmanager

import duckdb

from carcdb.pipeline.errors import InputError
from carcdb.pipeline.limits import JOBS_PER_CORE
from carcdb.warehouse.settings import reset_threads, set_memory_limit, set_threads

BUILD_MEMORY_LIMIT = "512MB"

# False: every setting below but the worker count is left at the library's default. Read at
# each call, so that a test may switch it (the parse workers of a multi-job build are other
# processes: compare untuned builds with `jobs=0`).
TUNED = True


def default_jobs() -> int:
    """One worker per core this process may run on (a container's CPU set, not the host's)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def worker_count(jobs: int | None) -> int:
    """`jobs` parse workers (None: `default_jobs()`), or `InputError` beyond the bound."""
    if jobs is None:
        return default_jobs()
    cores = default_jobs()
    most = cores * JOBS_PER_CORE.count()
    if not 0 <= jobs <= most:
        raise InputError(
            f"{jobs} parse workers asked for; this machine allows 0 to {most} "
            f"({JOBS_PER_CORE.count()} per core, {cores} cores)",
            path="--jobs",
            fix=f"use at most --jobs {most} (or raise {JOBS_PER_CORE.env})",
        )
    return jobs


def cap_build_memory(conn: duckdb.DuckDBPyConnection) -> None:
    if TUNED:
        set_memory_limit(conn, BUILD_MEMORY_LIMIT)


def leave_cores_to_workers(conn: duckdb.DuckDBPyConnection, jobs: int) -> None:
    if TUNED:
        set_threads(conn, max(1, default_jobs() - jobs))


def give_all_cores(conn: duckdb.DuckDBPyConnection) -> None:
    if TUNED:
        reset_threads(conn)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for the block; restore its previous state after,
    even when the block raises (a collector left off would let a long build's memory grow)."""
    if not TUNED:
        yield
        return
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
