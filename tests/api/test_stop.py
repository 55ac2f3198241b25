"""A run that stops (a store that fails, Ctrl-C) while the next batch is fetched ahead in a
thread: the fetching thread gives up at once instead of finishing its request's retries."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from carcdb.pipeline.extract.api import PageSelection
from carcdb.pipeline.fakewiki.server import FaultPlan
from carcdb.pipeline.run.extract import extract_from_api
from carcdb.pipeline.run.session import StoreSession
from carcdb.schemas.pages import ImportBatch
from carcdb.warehouse.store import StoreCounts
from tests.api.conftest import WikiFactory, fast_config

PAGES = {f"Page {n}": f"text {n}" for n in range(4)}
RETRY_AFTER = 20  # seconds the server asks the client to wait: far longer than the test


def test_a_run_that_stops_stops_the_fetch_ahead_in_its_retry_wait(
    make_wiki: WikiFactory, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first content batch is stored while the second is fetched ahead; the server
    answers that one 503 with a long Retry-After, and storing the first fails. The run must
    end at once, with no fetching thread left running, and ask nothing more: before, it
    waited for the thread to sit out the Retry-After and send its retry."""
    wiki = make_wiki(PAGES, FaultPlan(retry_after=RETRY_AFTER))
    normal_fault = wiki.next_fault
    busy = threading.Event()

    def busy_after_the_first_content() -> str | None:
        # After the sweep, every request asks for content: the second one is refused.
        if wiki.counts["content"] >= 1 and not busy.is_set():
            busy.set()
            return "503"
        return normal_fault()

    def failing_store(self: StoreSession, batches: Sequence[ImportBatch]) -> StoreCounts:
        raise OSError("no space left on device")

    monkeypatch.setattr(wiki, "next_fault", busy_after_the_first_content)
    monkeypatch.setattr(StoreSession, "store", failing_store)
    config = fast_config(wiki, max_wait=60.0, max_attempts=2)
    started = time.monotonic()
    with pytest.raises(OSError, match="no space left"):
        extract_from_api(db_path, PageSelection(all_pages=True), config, batch_size=1, jobs=0)
    assert time.monotonic() - started < RETRY_AFTER / 4
    # Joined, not left behind: it can send nothing more, on a client the run has closed.
    assert not [t for t in threading.enumerate() if t.name == "carcdb-ahead"]
