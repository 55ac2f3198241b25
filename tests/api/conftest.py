"""Fixtures for the API extractor: a real fake-wiki HTTP server on 127.0.0.1 and fast configs."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from carcdb.pipeline.extract.api import ClientConfig
from carcdb.pipeline.fakewiki.corpus import FakeCorpus, corpus_pages, generated_pages
from carcdb.pipeline.fakewiki.server import FakeWiki, FaultPlan, closed_port
from carcdb.warehouse.connection import read_only
from tests.conftest import SAMPLE

WikiFactory = Callable[..., FakeWiki]


@pytest.fixture(scope="session")
def sample_pages() -> dict[str, str]:
    return corpus_pages(SAMPLE)


@pytest.fixture(scope="session")
def big_pages(sample_pages: dict[str, str]) -> dict[str, str]:
    """The sample pages plus 1,000 generated pages in en, de and fr."""
    pages = dict(sample_pages)
    pages.update(generated_pages(1000))
    return pages


@pytest.fixture
def make_wiki() -> Iterator[WikiFactory]:
    started: list[FakeWiki] = []

    def make(pages: dict[str, str], faults: FaultPlan | None = None) -> FakeWiki:
        wiki = FakeWiki(FakeCorpus(pages), faults).start()
        started.append(wiki)
        return wiki

    yield make
    for wiki in started:
        wiki.stop()


def fast_config(wiki: FakeWiki, **overrides: object) -> ClientConfig:
    """No throttle and tiny waits: tests exercise the logic, not the clock."""
    values: dict[str, object] = {
        "endpoint": wiki.url,
        "throttle": 0.0,
        "timeout": 2.0,
        "backoff_base": 0.001,
        "max_wait": 0.01,
        "contact": "tests@carcdb.invalid",
    }
    values.update(overrides)
    return ClientConfig(**values)  # type: ignore[arg-type]


def stored_titles(db: Path) -> list[tuple[str, int]]:
    """(title, revisions stored) for every page in the warehouse."""
    with read_only(db) as conn:
        rows = conn.execute(
            "SELECT title, count(*) FROM revisions GROUP BY title ORDER BY title"
        ).fetchall()
    return [(str(title), int(n)) for title, n in rows]


@pytest.fixture
def unused_port() -> int:
    return closed_port()
