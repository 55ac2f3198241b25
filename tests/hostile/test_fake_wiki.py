"""The fake wiki (`carcdb fake-wiki`) answers any request: a request it cannot serve gets an
answer saying so, never a dropped connection."""

from __future__ import annotations

from carcdb.pipeline.fakewiki.api import FakeApi, FaultPlan
from carcdb.pipeline.fakewiki.corpus import FakeCorpus, corpus_pages
from tests.conftest import SAMPLE


def test_revids_in_digits_of_another_script_are_missing_revisions() -> None:
    """`revids=²` passed `str.isdigit` to `int()`, which raised: the connection was dropped."""
    api = FakeApi(FakeCorpus(corpus_pages(SAMPLE)), FaultPlan(), lambda _: None)
    params = {"action": "query", "prop": "revisions", "revids": "\u00b2|\u0663", "format": "json"}
    answer = api.answer(params)
    assert answer["query"]["badrevids"] == {
        "\u00b2": {"revid": "\u00b2", "missing": True},
        "\u0663": {"revid": "\u0663", "missing": True},
    }
