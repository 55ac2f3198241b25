"""A local MediaWiki API server for tests and demos: the subset of `api.php` carcdb uses.

A real HTTP server on 127.0.0.1 (`ThreadingHTTPServer`) answering `action=query` with
`formatversion=2`: `list=allpages` (prefix, namespace 0), `list=categorymembers`,
`prop=info` and `prop=revisions` (by titles or revision ids), each honouring value limits
(with MediaWiki's "Too many values" warning) and `continue`. Faults are injected on purpose:
a script of faults for the next requests and/or a random rate (503 with Retry-After, 429,
maxlag, slow answers, dropped connections, truncated JSON, HTML), plus pages that vanish
after discovery, report a wrong sha1, or change revision each time they are served.
Any path other than `*api.php` answers an HTML article page, like a real wiki.
"""

from __future__ import annotations

import gzip
import json
import logging
import random
import socket
import threading
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from pipeline.extract.api.fakecorpus import FakeCorpus, Revision

log = logging.getLogger("carcdb.fakewiki")
FAULT_KINDS = ("503", "429", "maxlag", "slow", "drop", "truncate", "html", "500")
RANDOM_FAULT_MIX = ("503", "429", "maxlag", "slow")
_BAD_TITLE_CHARS = set("#<>[]|{}")


@dataclass
class FaultPlan:
    """What goes wrong, and when. `script` faults hit the next requests in order ("ok": none)."""

    rate: float = 0.0
    mix: tuple[str, ...] = RANDOM_FAULT_MIX
    seed: int = 0
    script: list[str] = field(default_factory=list)
    retry_after: int = 1
    slow_seconds: float = 2.0
    delay_seconds: float = 0.0  # added to every API answer (a slow server, not a fault)
    vanish: set[str] = field(default_factory=set)  # listed by discovery, missing on fetch
    bad_sha1: set[str] = field(default_factory=set)
    changing: set[str] = field(default_factory=set)  # a new revision after each content fetch
    value_limit: int = 50  # titles/revids per request, like MediaWiki for non-bots
    list_limit: int = 500  # aplimit/cmlimit maximum


def _normalise(title: str) -> str:
    cleaned = " ".join(title.replace("_", " ").split())
    return cleaned[:1].upper() + cleaned[1:]


def _invalid_reason(title: str) -> str | None:
    if not title.strip():
        return "The requested page title is empty or contains only the name of a namespace."
    if any(c in _BAD_TITLE_CHARS or ord(c) < 32 for c in title):
        return "The requested page title contains invalid characters."
    return None


class FakeWiki(ThreadingHTTPServer):
    """`with FakeWiki(corpus) as wiki:` serves on an ephemeral port; `wiki.url` is api.php."""

    daemon_threads = True

    def __init__(
        self, corpus: FakeCorpus, faults: FaultPlan | None = None, *, port: int = 0
    ) -> None:
        super().__init__(("127.0.0.1", port), _Handler)
        self.corpus = corpus
        self.faults = faults or FaultPlan()
        self.counts: Counter[str] = Counter()
        self.user_agents: Counter[str] = Counter()
        self._script = deque(self.faults.script)
        self._rng = random.Random(self.faults.seed)
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/api.php"

    def start(self) -> FakeWiki:
        # a short poll interval lets stop() return quickly
        self._thread = threading.Thread(
            target=self.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self.shutdown()
        self.server_close()
        if self._thread:
            self._thread.join()

    def __enter__(self) -> FakeWiki:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()

    def handle_error(self, request: Any, client_address: Any) -> None:
        # a client that timed out and left is expected here, not an error worth a traceback
        log.debug("connection from %s ended abruptly", client_address)

    def next_fault(self) -> str | None:
        with self._lock:
            if self._script:
                fault = self._script.popleft()
                return None if fault == "ok" else fault  # "ok": this request goes through
            if self.faults.rate and self._rng.random() < self.faults.rate:
                return self._rng.choice(self.faults.mix)
            return None

    def note_request(self, user_agent: str) -> None:
        with self._lock:
            self.counts["requests"] += 1
            self.user_agents[user_agent] += 1

    def count(self, what: str) -> None:
        with self._lock:
            self.counts[what] += 1

    # --- the API ---------------------------------------------------------------------------

    def answer(self, params: dict[str, str]) -> dict[str, Any]:
        if params.get("action") != "query":
            return _error(
                "badvalue", f'Unrecognized value for parameter "action": {params.get("action")}.'
            )
        result: dict[str, Any] = {"batchcomplete": True, "query": {}}
        if params.get("list") == "allpages":
            self.count("list")
            self._allpages(params, result)
        elif params.get("list") == "categorymembers":
            self.count("list")
            self._categorymembers(params, result)
        elif "list" in params:
            return _error("badvalue", f'Unrecognized value for parameter "list": {params["list"]}.')
        if params.get("meta") == "messagegroupstats":
            self.count("stats")
            self._messagegroupstats(params, result)
        elif "meta" in params:
            return _error("badvalue", f'Unrecognized value for parameter "meta": {params["meta"]}.')
        if params.get("prop") == "info":
            self.count("info")
            self._pages(params, result, content=False)
        elif params.get("prop") == "revisions":
            self.count("content")
            self._pages(params, result, content=True)
        elif "prop" in params:
            return _error("badvalue", f'Unrecognized value for parameter "prop": {params["prop"]}.')
        return result

    def _limit(self, params: dict[str, str], key: str) -> int:
        raw = params.get(key, "10")
        return (
            self.faults.list_limit
            if raw == "max"
            else max(1, min(int(raw), self.faults.list_limit))
        )

    def _listing(
        self,
        titles: list[str],
        start: str | None,
        limit: int,
        cont_key: str,
        result: dict[str, Any],
        list_name: str,
    ) -> None:
        if start:
            titles = [t for t in titles if t >= start]
        shown, rest = titles[:limit], titles[limit:]
        items = []
        for title in shown:
            page = self.corpus.page(title)
            items.append({"pageid": page.pageid if page else 0, "ns": 0, "title": title})
        result["query"][list_name] = items
        if rest:
            result["continue"] = {cont_key: rest[0], "continue": "-||"}

    def _allpages(self, params: dict[str, str], result: dict[str, Any]) -> None:
        prefix = _normalise(params.get("apprefix", "")) if params.get("apprefix") else ""
        if params.get("apnamespace", "0") != "0":
            result["query"]["allpages"] = []
            return
        titles = [t for t in self.corpus.titles() if t.startswith(prefix)]
        titles += [
            t for t in sorted(self.faults.vanish) if t.startswith(prefix) and t not in titles
        ]
        self._listing(
            sorted(titles),
            params.get("apcontinue"),
            self._limit(params, "aplimit"),
            "apcontinue",
            result,
            "allpages",
        )

    def _categorymembers(self, params: dict[str, str], result: dict[str, Any]) -> None:
        category = _normalise(params.get("cmtitle", "").partition(":")[2])
        titles = []
        for title in self.corpus.titles():
            page = self.corpus.page(title)
            if page and category in page.categories():
                titles.append(title)
        self._listing(
            titles,
            params.get("cmcontinue"),
            self._limit(params, "cmlimit"),
            "cmcontinue",
            result,
            "categorymembers",
        )

    def _messagegroupstats(self, params: dict[str, str], result: dict[str, Any]) -> None:
        """Per-language counts of translation units (`<!--T:n-->`) of a translatable page."""
        group = params.get("mgsgroup", "")
        if not group.startswith("page-"):
            result["query"]["messagegroupstats"] = []
            return
        base = group.removeprefix("page-")
        found = {}
        for title in self.corpus.titles():
            code = "en" if title == base else title.removeprefix(base + "/")
            page = self.corpus.page(title)
            if page and (title == base or (title.startswith(base + "/") and "/" not in code)):
                found[code] = page.latest.text.count("<!--T:")
        total = found.get("en", max(found.values(), default=0))
        result["query"]["messagegroupstats"] = [
            {"group": group, "code": code, "language": code, "total": total,
             "translated": min(units, total) if code != "en" else total,
             "fuzzy": 0, "proofread": 0}
            for code, units in sorted(found.items())
        ]  # fmt: skip

    def _values(self, params: dict[str, str], key: str, result: dict[str, Any]) -> list[str]:
        values = params[key].split("|") if key in params else []
        limit = self.faults.value_limit
        if len(values) > limit:
            result.setdefault("warnings", {})["main"] = {
                "warnings": f'Too many values supplied for parameter "{key}". The limit is {limit}.'
            }
            values = values[:limit]
        return values

    def _pages(self, params: dict[str, str], result: dict[str, Any], *, content: bool) -> None:
        pages: list[dict[str, Any]] = []
        served: list[Revision] = []
        if "revids" in params:
            bad: dict[str, Any] = {}
            for raw in self._values(params, "revids", result):
                revision = self.corpus.revision(int(raw)) if raw.isdigit() else None
                if revision is None or revision.title in self.faults.vanish:
                    bad[raw] = {"revid": int(raw) if raw.isdigit() else raw, "missing": True}
                    continue
                pages.append(self._page_entry(revision, content))
                served.append(revision)
            if bad:
                result["query"]["badrevids"] = bad
        else:
            normalized = []
            for raw in self._values(params, "titles", result):
                reason = _invalid_reason(raw)
                if reason:
                    pages.append({"title": raw, "invalid": True, "invalidreason": reason})
                    continue
                title = _normalise(raw)
                if title != raw:
                    normalized.append({"fromencoded": False, "from": raw, "to": title})
                page = self.corpus.page(title)
                if page is None or title in self.faults.vanish:
                    pages.append({"ns": 0, "title": title, "missing": True})
                    continue
                pages.append(self._page_entry(page.latest, content))
                served.append(page.latest)
            if normalized:
                result["query"]["normalized"] = normalized
        result["query"]["pages"] = pages
        if content:
            for revision in served:
                if revision.title in self.faults.changing:
                    self.corpus.edit(revision.title, revision.text + "\nEdited again.")

    def _page_entry(self, revision: Revision, content: bool) -> dict[str, Any]:
        page = self.corpus.page(revision.title)
        entry: dict[str, Any] = {
            "pageid": page.pageid if page else 0,
            "ns": 0,
            "title": revision.title,
        }
        if not content:
            latest = page.latest if page else revision
            entry.update(
                contentmodel="wikitext",
                touched=latest.timestamp,
                lastrevid=latest.revid,
                length=len(latest.text.encode("utf-8")),
            )
            return entry
        sha1 = revision.sha1
        if revision.title in self.faults.bad_sha1:
            sha1 = "0" * 40
        entry["revisions"] = [
            {
                "revid": revision.revid,
                "parentid": revision.parentid,
                "timestamp": revision.timestamp,
                "sha1": sha1,
                "slots": {
                    "main": {
                        "contentmodel": "wikitext",
                        "contentformat": "text/x-wiki",
                        "content": revision.text,
                    }
                },
            }
        ]
        return entry


def _error(code: str, info: str) -> dict[str, Any]:
    return {"error": {"code": code, "info": info}}


_ARTICLE_HTML = (
    "<!DOCTYPE html><html><head><title>Main Page - Fake wiki</title></head>"
    "<body><h1>Main Page</h1><p>This is an article, not the API.</p></body></html>"
)


class _Handler(BaseHTTPRequestHandler):
    server: FakeWiki
    protocol_version = "HTTP/1.1"
    # headers and body go out in two writes: without this, Nagle + delayed ACK add 40 ms each
    disable_nagle_algorithm = True

    def log_message(self, format: str, *args: Any) -> None:
        log.debug("fake wiki: " + format, *args)

    def do_GET(self) -> None:
        parts = urlsplit(self.path)
        self._serve(
            parts.path, {k: v[-1] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}
        )

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length).decode("utf-8")
        self._serve(
            urlsplit(self.path).path,
            {k: v[-1] for k, v in parse_qs(body, keep_blank_values=True).items()},
        )

    def _serve(self, path: str, params: dict[str, str]) -> None:
        wiki = self.server
        wiki.note_request(self.headers.get("User-Agent", ""))
        if not path.endswith("api.php"):
            self._send(200, _ARTICLE_HTML.encode(), "text/html; charset=utf-8")
            return
        fault = wiki.next_fault()
        if fault:
            wiki.count(f"fault:{fault}")
        if fault == "drop":
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        if fault in ("503", "429"):
            self._send(
                int(fault),
                b"Too busy, try later",
                "text/plain",
                {"Retry-After": str(wiki.faults.retry_after)},
            )
            return
        if fault == "500":
            self._send(500, b"Internal error", "text/plain")
            return
        if fault == "html":
            self._send(200, _ARTICLE_HTML.encode(), "text/html; charset=utf-8")
            return
        if fault == "maxlag" and "maxlag" in params:
            body = _error("maxlag", "Waiting for a database server: 7 seconds lagged.")
            body["error"]["lag"] = 7
            self._send(
                200,
                json.dumps(body).encode(),
                "application/json",
                {"Retry-After": str(wiki.faults.retry_after), "X-Database-Lag": "7"},
            )
            return
        if fault == "slow":
            time.sleep(wiki.faults.slow_seconds)
        if wiki.faults.delay_seconds:
            time.sleep(wiki.faults.delay_seconds)
        payload = json.dumps(wiki.answer(params), ensure_ascii=False).encode("utf-8")
        if fault == "truncate":
            payload = payload[: len(payload) // 2]
        self._send(200, payload, "application/json; charset=utf-8")

    def _send(
        self, status: int, body: bytes, kind: str, headers: dict[str, str] | None = None
    ) -> None:
        extra = dict(headers or {})
        if "gzip" in self.headers.get("Accept-Encoding", "") and len(body) > 512:
            body = gzip.compress(body, compresslevel=1)
            extra["Content-Encoding"] = "gzip"
        try:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            for name, value in extra.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            log.debug("client left before the answer was sent")
