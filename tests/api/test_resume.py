"""A run interrupted half-way (Ctrl-C, or a killed process) loses at most the batches in flight
(the group being stored and those fetched ahead), never part of one."""

from __future__ import annotations

import math
import subprocess
import sys
import time
from pathlib import Path

import pytest

from carcdb.pipeline.extract.api import PageSelection
from carcdb.pipeline.fakewiki.corpus import generated_pages
from carcdb.pipeline.fakewiki.server import FaultPlan
from carcdb.pipeline.run.extract import GROUP_BATCHES, extract_from_api
from tests.api.conftest import WikiFactory, fast_config, stored_titles

PAGES = generated_pages(500)


class InterruptAfter:
    """A progress reporter that presses Ctrl-C once `limit` pages are done."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.done = 0

    def start(self, task: str, total: int | None) -> None:
        return None

    def advance(self, task: str, amount: int = 1) -> None:
        if task == "pages":
            self.done += amount
            if self.done >= self.limit:
                raise KeyboardInterrupt


@pytest.mark.slow
def test_ctrl_c_then_resume_stores_every_page_once(make_wiki: WikiFactory, db_path: Path) -> None:
    wiki = make_wiki(PAGES)
    config = fast_config(wiki)
    with pytest.raises(KeyboardInterrupt):
        extract_from_api(
            db_path, PageSelection(all_pages=True), config, progress=InterruptAfter(120)
        )
    assert len(stored_titles(db_path)) == 150  # three whole batches committed
    report = extract_from_api(db_path, PageSelection(all_pages=True), config)
    assert report.unchanged == 150 and report.fetched == 350
    assert report.content_requests == math.ceil(350 / 50)
    assert stored_titles(db_path) == [(title, 1) for title in sorted(PAGES)]


@pytest.mark.slow
def test_killed_process_then_resume_stores_every_page_once(
    make_wiki: WikiFactory, db_path: Path
) -> None:
    pages = generated_pages(1000)
    wiki = make_wiki(pages, FaultPlan(delay_seconds=0.02))
    command = [
        sys.executable, "-c", "from carcdb.pipeline.cli import main; main()",
        "extract", "--api", wiki.url, "--all-pages", "--db", str(db_path),
        "--throttle", "0", "--quiet",
    ]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        # While a group of up to GROUP_BATCHES batches is stored, as many more wait and one is
        # being fetched: the request after those can only start once the first group is
        # committed.
        deadline = time.monotonic() + 60
        while wiki.counts["content"] < 2 * GROUP_BATCHES + 2 and process.poll() is None:
            assert time.monotonic() < deadline, "the extract process made no progress"
            time.sleep(0.005)
    finally:
        process.kill()
        _, err = process.communicate()
    assert process.returncode != 0, err.decode()
    before = len(stored_titles(db_path))
    assert 50 <= before < 1000 and before % 50 == 0  # whole batches only
    report = extract_from_api(db_path, PageSelection(all_pages=True), fast_config(wiki))
    assert report.unchanged == before
    assert report.stored_new == report.fetched == 1000 - before
    assert stored_titles(db_path) == [(title, 1) for title in sorted(pages)]
