"""The HTTP client for a MediaWiki `api.php`: polite, patient with faults, honest about failure.

One `requests.Session` (keep-alive, gzip), a descriptive User-Agent, a minimum interval
between requests, `maxlag`, `Retry-After` on 429/503 and on maxlag errors, exponential backoff
with jitter on 5xx, timeouts, dropped connections and broken JSON, a per-request attempt
limit and a retry budget for the whole run. Each request is bounded (`transport`): in time as
a whole (`timeout`: connecting, the headers and the body together), in decoded size
(`max_answer_bytes`), and in place (no redirect to another host or scheme). A listing that
follows `continue` stops at a token it was given before or after `max_list_requests`
(`ListingLoop`). Every request and retry is logged at debug level on the `carcdb.api` logger.
"""

from __future__ import annotations

import json
import logging
import random
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import requests
from urllib3.exceptions import NewConnectionError

from carcdb.pipeline.errors import ExtractError, InputError
from carcdb.pipeline.extract.api import transport
from carcdb.pipeline.extract.api.cache import ResponseCache, cache_key
from carcdb.pipeline.extract.endpoint import DEFAULT_CONTACT as DEFAULT_CONTACT  # (re-exported)
from carcdb.pipeline.extract.endpoint import DEFAULT_ENDPOINT as DEFAULT_ENDPOINT
from carcdb.pipeline.extract.inputfiles import loads_strict
from carcdb.pipeline.limits import ANSWER, LIST_REQUESTS, MB, REQUEST_SECONDS, megabytes

log = logging.getLogger("carcdb.api")


def user_agent(contact: str) -> str:
    """A User-Agent naming the tool and how to reach its operator (MediaWiki's policy)."""
    return (
        f"carcdb/0.1 (Carcassonne rules data pipeline; {contact}) "
        f"python-requests/{requests.__version__}"
    )


@dataclass(frozen=True)
class ClientConfig:
    endpoint: str = DEFAULT_ENDPOINT
    contact: str = DEFAULT_CONTACT
    throttle: float = 1.0  # minimum seconds between two requests
    connect_timeout: float = 10.0
    # seconds one request may take in all (connecting, the headers, the whole body)
    timeout: float = REQUEST_SECONDS.default
    max_answer_bytes: int = int(ANSWER.default * MB)  # of one answer, decoded
    max_list_requests: int = int(LIST_REQUESTS.default)  # of one listing following `continue`
    maxlag: int = 5
    max_attempts: int = 6  # per request, the first try included
    retry_budget: int = 200  # retries for the whole run
    backoff_base: float = 1.0
    max_wait: float = 60.0  # cap on any single wait (Retry-After, maxlag, backoff)
    cache_dir: Path | None = None

    def __post_init__(self) -> None:
        # Checked here, not in the CLI, so every caller of the client gets the same answer.
        try:
            host = urlsplit(self.endpoint).hostname
        except ValueError:  # an unclosed [ of an IPv6 address, a port that is no number
            host = None
        if not self.endpoint.startswith(("http://", "https://")) or not host:
            raise InputError(
                f"not an http(s) URL: {self.endpoint[:200]!r}",
                path="--api",
                fix="e.g. --api " + DEFAULT_ENDPOINT,
            )


@dataclass
class ClientStats:
    requests: int = 0  # HTTP requests sent, retries included
    retries: int = 0
    cache_hits: int = 0
    ok_responses: int = 0
    http_answers: int = 0  # any HTTP answer at all, errors included: the server is there
    waited_seconds: float = 0.0
    faults: Counter[str] = field(default_factory=Counter)


class RequestFailed(ExtractError):
    """One request still failed after its attempts: the caller decides what that loses."""


class RetryBudgetExhausted(RequestFailed):
    """The run used up its retry budget: the server is struggling, so the run asks nothing
    more; this request and every later one fail at once (their pages are reported)."""


class ListingLoop(RequestFailed):
    """A listing's `continue` came back to a token it had given before, or the listing took
    more requests than `max_list_requests`: it ends there, with what it found."""


class ClientStopped(ExtractError):
    """`ApiClient.stop()` was called: the run has ended, so this request was not sent."""


class ApiErrorResponse(ExtractError):
    """The API answered with an `error` object that retrying will not fix, before any request
    of the run had succeeded (later, the same answer fails only its request: `RequestFailed`)."""

    def __init__(self, code: str, info: str, endpoint: str) -> None:
        self.code = code
        super().__init__(f"{endpoint}: the API refused the request: {code}: {info}")


class ShapeError(ValueError):
    """Raised by a `shape` check: the answer is JSON, but not of the form asked for."""


Shape = Callable[[dict[str, Any]], object]
# Before the run's first good answer, this many HTML answers in a row mean --api names a web
# page, not api.php; afterwards an HTML answer (a proxy's or a maintenance page) is retried.
HTML_BEFORE_WORK = 3


@dataclass(frozen=True)
class _Transient:
    """A failed attempt, with the wait the server asked for (if it did); `retry` False: the
    same request would fail the same way (an `error` object, a 4xx)."""

    kind: str
    detail: str
    wait: float | None = None
    retry: bool = True
    code: str | None = None  # the API's error code, for an `error` object


def _retry_after(value: str | None) -> float | None:
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        moment = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, moment.timestamp() - time.time())


def _looks_like_html(response: transport.Answer, text: str) -> bool:
    kind = response.headers.get("Content-Type", "").lower()
    return "html" in kind or text.lstrip()[:1] == "<"


class ApiClient:
    """Sends `action=query` requests (formatversion 2, maxlag) and returns decoded JSON."""

    def __init__(
        self,
        config: ClientConfig,
        *,
        sleep: Callable[[float], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        rng: random.Random | None = None,
        on_request: Callable[[], None] | None = None,
    ) -> None:
        self.config = config
        self._on_request = on_request
        self.stats = ClientStats()
        self._stopped = threading.Event()
        self._sleep = sleep if sleep is not None else self._sleep_unless_stopped
        self._clock = clock
        self._rng = rng or random.Random()
        self._last_request: float | None = None
        self.budget_spent = False  # once True, no request is sent any more
        self._cache = ResponseCache(config.cache_dir) if config.cache_dir else None
        self.session = transport.bounded_session(
            {"User-Agent": user_agent(config.contact), "Accept-Encoding": "gzip"}
        )

    def close(self) -> None:
        self.session.close()

    def stop(self) -> None:
        """From another thread: the run has ended (an error, Ctrl-C) while this client is
        used in a thread fetching ahead (`pipeline.run.ahead`). Its waits end now, and no
        request or retry is sent any more (`ClientStopped`); a request already sent ends by
        its own timeouts. Without this, the run waited for the thread to sit out a
        Retry-After and its retries, or left it asking after the client was closed."""
        self._stopped.set()

    def _sleep_unless_stopped(self, seconds: float) -> None:
        self._stopped.wait(seconds)

    def __enter__(self) -> ApiClient:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def query(
        self,
        params: Mapping[str, str],
        *,
        cache_if: Callable[[dict[str, Any]], bool] | None = None,
        shape: Shape | None = None,
    ) -> dict[str, Any]:
        """One `action=query` request, retried as needed.

        `shape` checks the answer's form (raising `ShapeError` or `InputError`): an answer of
        the wrong shape is retried like a server error. `cache_if` marks an immutable answer
        (content by revision id): with `--cache` it is read from the cache when there (and of
        the right shape), and stored when `cache_if(answer)` holds.
        """
        full = {
            "action": "query",
            "format": "json",
            "formatversion": "2",
            "maxlag": str(self.config.maxlag),
            **params,
        }
        cache = self._cache if cache_if is not None else None
        key = cache_key(self.config.endpoint, full) if cache else None
        if cache and key:
            payload = _decoded(cache.get(key))
            if isinstance(payload, dict) and _shape_problem(payload, shape) is None:
                self.stats.cache_hits += 1
                log.debug("cache hit %s for %s", key, _describe(full))
                return payload
        payload, body = self._request_with_retries(full, shape)
        if cache and key and cache_if is not None and cache_if(payload):
            cache.put(key, body)
        return payload

    def query_all(
        self, params: Mapping[str, str], shape: Shape | None = None
    ) -> Iterator[dict[str, Any]]:
        """Every response of a query, following `continue` until the server has no more.

        A `continue` the server gave before (a repeating or alternating token) or a request
        beyond `max_list_requests` raises `ListingLoop` after the responses so far."""
        continuation: dict[str, str] = {}
        seen: set[tuple[tuple[str, str], ...]] = set()
        for sent in range(1, self.config.max_list_requests + 1):
            payload = self.query({**params, **continuation}, shape=shape)
            yield payload
            more = payload.get("continue")
            if not isinstance(more, dict) or not more:
                return
            continuation = {str(k): str(v) for k, v in more.items()}
            token = tuple(sorted(continuation.items()))
            if token in seen:
                raise ListingLoop(
                    f"{self.config.endpoint}: the listing's continuation "
                    f"{_shown(continuation)} came back after {sent} requests: a loop, "
                    "so the listing ends here"
                )
            seen.add(token)
        raise ListingLoop(
            f"{self.config.endpoint}: the listing still went on after "
            f"{self.config.max_list_requests} requests, more than it can need - fix: raise "
            f"--max-list-requests if the wiki is that large"
        )

    def _throttle(self) -> None:
        if self._last_request is not None and self.config.throttle > 0:
            wait = self._last_request + self.config.throttle - self._clock()
            if wait > 0:
                self._sleep(wait)
        self._last_request = self._clock()

    def _wait(self, seconds: float) -> None:
        seconds = min(self.config.max_wait, max(0.0, seconds))
        self.stats.waited_seconds += seconds
        if seconds > 0:
            self._sleep(seconds)

    def _backoff(self, attempt: int) -> float:
        ceiling = min(self.config.max_wait, self.config.backoff_base * 2 ** (attempt - 1))
        # jitter spreads the retries of many clients so they do not hit the server together
        return self._rng.uniform(ceiling / 2, ceiling)

    @property
    def work_started(self) -> bool:
        """Has any request of this run been answered as asked? From then on a request that
        fails is that request's loss (`RequestFailed`), not a reason to doubt --api."""
        return self.stats.ok_responses > 0

    def _request_with_retries(
        self, params: dict[str, str], shape: Shape | None
    ) -> tuple[dict[str, Any], str]:
        endpoint = self.config.endpoint
        if self.budget_spent:
            raise RetryBudgetExhausted(
                f"{endpoint}: not asked: the retry budget of {self.config.retry_budget} "
                "was used up earlier in the run - fix: try later or raise --retry-budget"
            )
        attempt = 0
        while True:
            attempt += 1
            outcome = self._attempt(params, attempt)
            if not isinstance(outcome, _Transient):
                problem = _shape_problem(outcome[0], shape)
                if problem is None:
                    self.stats.ok_responses += 1
                    return outcome
                outcome = _Transient("bad-shape", problem)
            self.stats.faults[outcome.kind] += 1
            self._give_up_early(outcome, attempt)
            if attempt >= self.config.max_attempts or not outcome.retry:
                tries = f"after {attempt} attempts" if outcome.retry else "(not retried)"
                raise RequestFailed(
                    f"{endpoint}: gave up {tries}: {outcome.kind}: {outcome.detail}"
                )
            if self.stats.retries >= self.config.retry_budget:
                self.budget_spent = True
                raise RetryBudgetExhausted(
                    f"{endpoint}: retry budget of {self.config.retry_budget} used up "
                    f"(last fault: {outcome.kind}) - fix: try later or raise --retry-budget"
                )
            self.stats.retries += 1
            wait = outcome.wait if outcome.wait is not None else self._backoff(attempt)
            log.debug(
                "retry %d of %s after %s (%s), waiting %.2fs",
                attempt,
                _describe(params),
                outcome.kind,
                outcome.detail,
                min(wait, self.config.max_wait),
            )
            self._wait(wait)

    def _give_up_early(self, outcome: _Transient, attempt: int) -> None:
        """Before the run's first good answer, faults that say --api is wrong end the run
        (exit 2): nothing was done yet, and retrying would only delay the advice."""
        if self.work_started:
            return
        endpoint = self.config.endpoint
        if outcome.kind == "unreachable" and attempt >= 2 and not self.stats.http_answers:
            raise ExtractError(
                f"{endpoint}: cannot reach the API ({outcome.detail}) - "
                "fix: check --api and the network"
            )
        if outcome.kind == "html" and attempt >= HTML_BEFORE_WORK:
            raise ExtractError(
                f"{endpoint}: answered with an HTML page, not API JSON - "
                "fix: point --api at the wiki's api.php (e.g. https://wikicarpedia.com/api.php)"
            )
        if outcome.kind == "redirect-away":
            raise ExtractError(
                f"{endpoint}: {outcome.detail} - fix: if that address is the wiki's api.php, "
                "pass it as --api"
            )
        if outcome.kind == "api-error" and not outcome.retry:
            raise ApiErrorResponse(outcome.code or "unknown", outcome.detail, endpoint)
        if outcome.kind.startswith("http-4") and not outcome.retry:
            raise ExtractError(
                f"{endpoint}: {outcome.detail} - fix: point --api at the wiki's api.php"
            )

    def _attempt(
        self, params: dict[str, str], attempt: int
    ) -> tuple[dict[str, Any], str] | _Transient:
        endpoint = self.config.endpoint
        self._throttle()
        if self._stopped.is_set():
            raise ClientStopped(f"{endpoint}: not asked: the run has stopped")
        self.stats.requests += 1
        if self._on_request:
            self._on_request()
        log.debug("GET %s %s (attempt %d)", endpoint, _describe(params), attempt)
        try:
            response = transport.get(
                self.session,
                endpoint,
                params,
                connect_timeout=min(self.config.connect_timeout, self.config.timeout),
                seconds=self.config.timeout,
                max_bytes=self.config.max_answer_bytes,
            )
        except (transport.TimedOut, requests.Timeout):
            return _Transient("timeout", f"no whole answer within {self.config.timeout:g}s")
        except transport.AnswerTooLarge:
            limit = megabytes(self.config.max_answer_bytes)
            # the same request would get the same answer: not retried
            return _Transient("too-large", f"the answer is larger than {limit}", retry=False)
        except transport.RedirectRefused as exc:
            return _Transient(
                "redirect-away",
                f"redirected to {exc.target[:200]}, off the endpoint's host and scheme: not "
                "followed",
                retry=False,
            )
        except transport.BodyCut as exc:
            # the answer started, then broke off (or its gzip stream did): worth another try
            return _Transient("cut-body", str(exc)[:200])
        except requests.ConnectionError as exc:
            reason = getattr(exc.args[0], "reason", None) if exc.args else None
            # no TCP connection at all (refused, no such host) versus one that broke
            kind = "unreachable" if isinstance(reason, NewConnectionError) else "connection"
            return _Transient(kind, str(reason or exc)[:200])
        except requests.RequestException as exc:  # a malformed URL and the like
            raise ExtractError(f"{endpoint}: request failed: {exc} - fix: check --api") from None
        self.stats.http_answers += 1
        body = response.body
        status = response.status
        if status in (429, 503):
            return _Transient(
                f"http-{status}", response.reason, _retry_after(response.headers.get("Retry-After"))
            )
        if status >= 500:
            return _Transient(f"http-{status}", response.reason)
        if status != 200:
            return _Transient(f"http-{status}", f"HTTP {status} {response.reason}", retry=False)
        try:
            # JSON is UTF-8 (RFC 8259): no charset guessing over a large body
            text = body.decode("utf-8")
        except UnicodeDecodeError as exc:
            return _Transient("bad-json", f"not UTF-8 at byte {exc.start} of {len(body)}")
        if _looks_like_html(response, text):
            return _Transient("html", "an HTML page, not API JSON")
        if not text.strip():
            return _Transient("bad-json", "an empty answer")
        try:
            payload = loads_strict(text)
        except json.JSONDecodeError as exc:
            return _Transient("bad-json", f"{exc.msg} at char {exc.pos} of {len(text)}")
        except ValueError as exc:  # refused by the strict reader (depth, duplicate keys)
            return _Transient("bad-json", str(exc)[:200])
        if not isinstance(payload, dict):
            return _Transient("bad-json", "the response is not a JSON object")
        error = payload.get("error")
        if isinstance(error, dict):
            code = str(error.get("code", "unknown"))
            if code == "maxlag":
                lag = _retry_after(response.headers.get("Retry-After"))
                wait = lag if lag is not None else 5.0  # MediaWiki sends Retry-After: 5
                return _Transient("maxlag", str(error.get("info", "")), wait)
            if code == "ratelimited":
                return _Transient("ratelimited", str(error.get("info", "")))
            info = str(error.get("info", ""))[:300]
            return _Transient("api-error", f"{code}: {info}", retry=False, code=code)
        warnings = payload.get("warnings")
        if isinstance(warnings, dict):
            for module, warning in warnings.items():
                log.debug("API warning from %s: %s", module, warning)
        return payload, text


def _shape_problem(payload: dict[str, Any], shape: Shape | None) -> str | None:
    """What is wrong with the answer's form (`shape` raised), else None."""
    if shape is None:
        return None
    try:
        shape(payload)
    except (ShapeError, InputError) as exc:
        return str(exc)[:300]
    return None


def _shown(continuation: Mapping[str, str]) -> str:
    return ", ".join(f"{k}={v[:60]!r}" for k, v in sorted(continuation.items()))[:200]


def _describe(params: Mapping[str, str]) -> str:
    """A short log form of a request: its query modules and how many values it carries."""
    parts = [f"{k}={params[k]}" for k in ("list", "prop", "meta") if k in params]
    for key in ("titles", "revids", "pageids"):
        if key in params:
            parts.append(f"{key}×{len(params[key].split('|'))}")
    return " ".join(parts) or "query"


def _decoded(cached: str | None) -> Any:
    """A cached body as JSON; a corrupt entry (a crash while writing it) is a cache miss."""
    if cached is None:
        return None
    try:
        return loads_strict(cached)
    except ValueError:  # JSONDecodeError too
        log.debug("ignoring a corrupt cache entry")
        return None
