"""The HTTP client against a real local server: retries, waits, budget, errors, politeness."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.pipeline.errors import ExtractError
from carcdb.pipeline.extract.api import ClientConfig
from carcdb.pipeline.extract.api.client import (
    ApiClient,
    ApiErrorResponse,
    RequestFailed,
    RetryBudgetExhausted,
)
from carcdb.pipeline.fakewiki.server import FaultPlan
from tests.api.conftest import WikiFactory, fast_config
from tests.lanes import examples

PAGES = {f"Page {n:02d}": f"text {n}" for n in range(20)}
INFO = {"prop": "info", "titles": "Page 01|Page 02"}


class RecordingSleep:
    """Records the waits the client asks for instead of waiting (tests never use the clock)."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


def _titles(payload: dict[str, object]) -> list[str]:
    query = payload["query"]
    assert isinstance(query, dict)
    return [page["title"] for page in query["pages"]]


def test_plain_query_sends_user_agent_with_contact(make_wiki: WikiFactory) -> None:
    wiki = make_wiki(PAGES)
    with ApiClient(fast_config(wiki, contact="ops@example.invalid")) as client:
        payload = client.query(INFO)
    assert _titles(payload) == ["Page 01", "Page 02"]
    (agent,) = wiki.user_agents
    assert agent.startswith("carcdb/") and "ops@example.invalid" in agent


@pytest.mark.parametrize(
    ("fault", "kind"),
    [("503", "http-503"), ("429", "http-429"), ("maxlag", "maxlag")],
)
def test_retry_after_is_honoured_and_capped(make_wiki: WikiFactory, fault: str, kind: str) -> None:
    wiki = make_wiki(PAGES, FaultPlan(script=[fault, fault], retry_after=120))
    sleep = RecordingSleep()
    with ApiClient(fast_config(wiki, max_wait=30.0), sleep=sleep) as client:
        payload = client.query(INFO)
    assert _titles(payload) == ["Page 01", "Page 02"]
    assert sleep.waits == [30.0, 30.0]  # the server asked for 120 s; the cap is 30 s
    assert client.stats.faults[kind] == 2
    assert client.stats.retries == 2
    assert client.stats.requests == 3


def test_maxlag_wait_follows_the_servers_retry_after(make_wiki: WikiFactory) -> None:
    wiki = make_wiki(PAGES, FaultPlan(script=["maxlag"], retry_after=3))
    sleep = RecordingSleep()
    with ApiClient(fast_config(wiki, max_wait=60.0), sleep=sleep) as client:
        client.query(INFO)
    assert sleep.waits == [3.0]


@pytest.mark.parametrize(
    ("fault", "kind"),
    [("500", "http-500"), ("truncate", "bad-json"), ("drop", "connection"), ("cut", "cut-body")],
)
def test_transient_faults_are_retried(make_wiki: WikiFactory, fault: str, kind: str) -> None:
    wiki = make_wiki(PAGES, FaultPlan(script=["503", fault]))  # a first answer, then the fault
    with ApiClient(fast_config(wiki)) as client:
        payload = client.query({"prop": "info", "titles": "|".join(PAGES)})  # > 512 bytes: gzip
    assert _titles(payload) == sorted(PAGES)
    assert client.stats.faults[kind] == 1
    assert client.stats.retries == 2


def test_slow_answer_times_out_and_is_retried(make_wiki: WikiFactory) -> None:
    wiki = make_wiki(PAGES, FaultPlan(script=["slow"], slow_seconds=1.0))
    with ApiClient(fast_config(wiki, timeout=0.2)) as client:
        payload = client.query(INFO)
    assert _titles(payload) == ["Page 01", "Page 02"]
    assert client.stats.faults["timeout"] == 1


def test_json_that_stays_broken_is_reported_after_the_attempts(make_wiki: WikiFactory) -> None:
    wiki = make_wiki(PAGES, FaultPlan(script=["truncate"] * 3))
    with (
        ApiClient(fast_config(wiki, max_attempts=3)) as client,
        pytest.raises(RequestFailed, match="gave up after 3 attempts: bad-json"),
    ):
        client.query(INFO)
    assert wiki.counts["requests"] == 3


def test_retry_budget_stops_the_run(make_wiki: WikiFactory) -> None:
    wiki = make_wiki(PAGES, FaultPlan(script=["500"] * 10))
    with (
        ApiClient(fast_config(wiki, retry_budget=2)) as client,
        pytest.raises(RetryBudgetExhausted, match="retry budget of 2"),
    ):
        client.query(INFO)
    assert client.stats.retries == 2
    assert wiki.counts["requests"] == 3


def test_api_error_object_is_not_retried(make_wiki: WikiFactory) -> None:
    wiki = make_wiki(PAGES)
    with ApiClient(fast_config(wiki)) as client, pytest.raises(ApiErrorResponse) as caught:
        client.query({"list": "nosuchlist"})
    assert caught.value.code == "badvalue"
    assert wiki.counts["requests"] == 1


def test_html_instead_of_json_is_a_clear_error(make_wiki: WikiFactory) -> None:
    wiki = make_wiki(PAGES)
    article = wiki.url.replace("/api.php", "/wiki/Main_Page")
    with (
        ApiClient(fast_config(wiki, endpoint=article)) as client,
        pytest.raises(ExtractError, match="HTML page, not API JSON"),
    ):
        client.query(INFO)


def test_unreachable_endpoint_fails_fast(unused_port: int) -> None:
    config = fast_config_for(f"http://127.0.0.1:{unused_port}/api.php")
    with ApiClient(config) as client, pytest.raises(ExtractError, match="cannot reach the API"):
        client.query(INFO)
    assert client.stats.requests == 2


def fast_config_for(endpoint: str) -> ClientConfig:
    return ClientConfig(endpoint=endpoint, throttle=0.0, backoff_base=0.001, max_wait=0.01)


def test_continue_is_followed_to_the_end(make_wiki: WikiFactory) -> None:
    wiki = make_wiki(PAGES, FaultPlan(list_limit=7))
    with ApiClient(fast_config(wiki)) as client:
        answers = list(client.query_all({"list": "allpages", "aplimit": "max"}))
    titles = [item["title"] for answer in answers for item in answer["query"]["allpages"]]
    assert titles == sorted(PAGES)
    assert len(answers) == 3  # 7 + 7 + 6


def test_throttle_keeps_the_minimum_interval(make_wiki: WikiFactory) -> None:
    wiki = make_wiki(PAGES)
    now = [0.0]
    sleep = RecordingSleep()

    def advancing_sleep(seconds: float) -> None:
        sleep(seconds)
        now[0] += seconds

    config = fast_config(wiki, throttle=1.5)
    with ApiClient(config, sleep=advancing_sleep, clock=lambda: now[0]) as client:
        for _ in range(3):
            client.query(INFO)
    assert sleep.waits == [1.5, 1.5]  # the first request does not wait


@settings(max_examples=examples(30), deadline=None)
@given(attempt=st.integers(min_value=1, max_value=12), seed=st.integers(0, 2**16))
def test_backoff_is_exponential_with_jitter_and_capped(attempt: int, seed: int) -> None:
    config = ClientConfig(endpoint="http://127.0.0.1:9/api.php", backoff_base=0.5, max_wait=20.0)
    client = ApiClient(config, rng=random.Random(seed))
    try:
        wait = client._backoff(attempt)
    finally:
        client.close()
    ceiling = min(20.0, 0.5 * 2 ** (attempt - 1))
    assert ceiling / 2 <= wait <= ceiling
