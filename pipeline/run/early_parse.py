"""Parsing revisions while their files are still being read and stored.

A build reads every new file, stores the revisions, then parses those not yet parsed by this
parser version. With parse workers, the reading and storing (seconds on a large corpus) need
not hold the parse back: each revision read goes to the workers at once, and their results
wait in memory until the store is done.

What an early parse sees must be what the parse after storing would see: the revision's key,
title, text, and its page's base title and language as stored. `EarlyParse.take` hands back
only results whose revision is still pending and whose page was stored as the revision said;
anything else is parsed again the usual way. Revisions this parser version has already
parsed (known before reading, from a read-only look at the warehouse) are not sent.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from carcdb.pipeline.parse.document import RevisionText
from carcdb.pipeline.parse.registry import PARSER_VERSION
from carcdb.pipeline.run.page_parse import PageFailure, PageRows
from carcdb.pipeline.run.workers import StartingPool
from carcdb.schemas.pages import ImportBatch
from carcdb.warehouse.connection import read_only
from carcdb.warehouse.errors import WarehouseError
from carcdb.warehouse.parse_state import parsed_keys
from carcdb.warehouse.revisions import Identity

Result = PageRows | PageFailure
# Results held while the files are still being read and stored: enough for the reading and
# storing of a few thousand revisions on two cores (with 256, the workers of a 1,500-revision
# 2-job build ran dry while the revisions were stored); beyond it the workers wait, so a slow
# store of a huge dump cannot fill memory with rows (docs/perf.md has what one result weighs).
HELD_RESULTS = 512


def already_parsed(db: Path) -> set[str]:
    """Revisions this parser version already parsed in `db` (none if it cannot be read yet)."""
    if not db.exists():
        return set()
    try:
        with read_only(db) as conn:
            return parsed_keys(conn, PARSER_VERSION)
    except WarehouseError:  # not migrated yet: the build migrates it; nothing is parsed
        return set()


class EarlyParse:
    """Revisions go to the workers as they are read; results are kept until `take`.

    A thread of this process drives the worker pool, so the reading thread only queues
    revisions. Call `finish()` once every file is read, then `take()` after storing; the
    pending revisions not parsed early go to the same workers (the store session's).
    `close()` stops them if it owns them.
    """

    def __init__(
        self, starting: StartingPool, already_parsed: set[str], *, owns_pool: bool = True
    ) -> None:
        self.started = time.perf_counter()  # the parse phase starts here, not after storing
        self._starting = starting
        # A pool it does not own (an extraction's, kept for the whole run) is left running
        # by `close()`, unless killed.
        self._owns_pool = owns_pool
        self._skip = already_parsed
        self.sent: dict[str, Identity] = {}
        self._feed: queue.SimpleQueue[RevisionText | None] = queue.SimpleQueue()
        self._results: queue.Queue[Result | None] = queue.Queue(maxsize=HELD_RESULTS)
        self._error: BaseException | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._drive, name="carcdb-early-parse", daemon=True)
        self._thread.start()

    def add(self, batch: ImportBatch) -> None:
        """Send the batch's revisions not parsed yet (each key once)."""
        for revision in batch.revisions:
            key = revision.revision_key
            if key in self._skip or key in self.sent:
                continue
            self.sent[key] = (
                revision.title,
                revision.base_title,
                revision.language,
                revision.sha256,
            )
            self._feed.put(
                RevisionText(
                    key, revision.title, revision.base_title, revision.language, revision.wikitext
                )
            )

    def finish(self) -> None:
        """No more revisions: the workers finish what they were sent."""
        self._feed.put(None)

    def _revisions(self) -> Iterator[RevisionText]:
        while not self._stop.is_set() and (revision := self._feed.get()) is not None:
            yield revision

    def _drive(self) -> None:
        try:
            pool = self._starting.pool()
            for result in pool.parse(self._revisions()):
                self._results.put(result)
        except BaseException as exc:  # a stage bug or a worker that would not start
            self._error = exc
        finally:
            self._results.put(None)

    def usable(self, stored: dict[str, Identity]) -> set[str]:
        """The revisions sent whose early results stand: still pending (`stored` holds the
        pending revisions as the warehouse stored them) and stored as they were sent."""
        return {key for key, sent in self.sent.items() if stored.get(key) == sent}

    def take(self, usable: set[str]) -> Iterator[Result]:
        """The results for `usable` revisions, as they come; the rest are dropped.

        Waits for the workers to finish what they were sent; a stage bug is raised here.
        """
        while (result := self._results.get()) is not None:
            if isinstance(result, PageRows):
                key = result.revision_key
            else:
                key = result.revision.revision_key
            if key in usable:
                yield result
        self._thread.join()
        if self._error is not None:
            raise self._error

    def close(self, *, kill: bool = False) -> None:
        """Stop sending (a failed build), dropping what was not taken, and stop the workers;
        closing again does nothing. `kill`: kill the workers first (an interrupted or failed
        build), so the pages in flight are not waited for; a pool it does not own is killed
        too (its run is failing), and its owner closes it."""
        self._stop.set()
        self._feed.put(None)
        if kill:
            self._starting.kill()  # the driving thread sees its workers die and ends
        while self._thread.is_alive():  # it may wait to hand over a result: take them
            with contextlib.suppress(queue.Empty):
                self._results.get(timeout=0.05)
        self._thread.join()
        if self._owns_pool:
            self._starting.close()
