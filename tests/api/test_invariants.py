"""Invariant: whatever the batch limits and transient faults, every page is stored exactly once,
and a second run fetches no content."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcdb.pipeline.extract.api import PageSelection
from carcdb.pipeline.fakewiki.corpus import FakeCorpus
from carcdb.pipeline.fakewiki.server import FakeWiki, FaultPlan
from carcdb.pipeline.run.extract import extract_from_api
from tests.api.conftest import fast_config, stored_titles

titles = (
    st.text(
        alphabet=st.characters(
            whitelist_categories=("Lu", "Ll", "Nd"), whitelist_characters=" äöüăș-()"
        ),
        min_size=1,
        max_size=20,
    )
    .map(lambda t: " ".join(t.split()))
    .filter(lambda t: bool(t) and t[0].isupper())
)
corpora = st.dictionaries(titles, st.text(max_size=60), min_size=1, max_size=70)
# at most 5 faults: a request gets 6 attempts
faults = st.lists(
    st.sampled_from(["503", "429", "maxlag", "500", "truncate", "drop", "cut"]), max_size=5
)


@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pages=corpora, value_limit=st.integers(3, 50), script=faults)
def test_every_page_stored_once_whatever_the_faults(
    pages: dict[str, str], value_limit: int, script: list[str]
) -> None:
    plan = FaultPlan(script=script, value_limit=value_limit, list_limit=25, retry_after=0)
    with FakeWiki(FakeCorpus(pages), plan) as wiki, tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "w.duckdb"
        config = fast_config(wiki)
        first = extract_from_api(db, PageSelection(all_pages=True), config)
        assert not first.failed
        assert first.retries == len(script)
        assert stored_titles(db) == [(title, 1) for title in sorted(pages)]
        second = extract_from_api(db, PageSelection(all_pages=True), config)
        assert second.content_requests == 0 and second.unchanged == len(pages)
