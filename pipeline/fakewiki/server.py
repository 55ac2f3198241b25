"""A local MediaWiki API server for tests and demos, with transport faults on purpose.

A real HTTP server on 127.0.0.1 (`ThreadingHTTPServer`, HTTP/1.1 keep-alive, gzip) whose
answers come from `fakeapi.FakeApi`. Faults: a script of faults for the next requests
and/or a random rate: 503 and 429 with Retry-After, maxlag errors, slow answers (client
timeouts), dropped connections, truncated JSON, a body cut off mid-way, an HTML page (a proxy's
or a maintenance page, with HTTP 200), 500, an empty body, the answer sent as `text/html`,
JSON of the wrong shape; and hostile ones: an answer sent a byte at a time (`trickle`), a
gzip body a thousand times smaller than what it decodes to (`gzip-bomb`), a redirect to
another host (`redirect-away`) or within this one (`redirect-same`).
Any path other than `*api.php` answers an HTML article page, like a real wiki.
"""

from __future__ import annotations

import functools
import gzip
import json
import logging
import random
import socket
import threading
import time
import zlib
from collections import Counter, deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from carcdb.pipeline.fakewiki.api import FAULT_KINDS, FakeApi, FaultPlan, error_answer
from carcdb.pipeline.fakewiki.corpus import FakeCorpus

__all__ = ["FAULT_KINDS", "FakeWiki", "FaultPlan", "closed_port"]
log = logging.getLogger("carcdb.fakewiki")


def closed_port() -> int:
    """A port on 127.0.0.1 that nothing listens on (bound, read, released): for tests."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


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
        self.api = FakeApi(corpus, self.faults, self.count)

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


@functools.cache
def gzip_bomb(megabytes: int) -> bytes:
    """A gzip body of about a thousandth of the `megabytes` MB of JSON it decodes to (a valid
    answer, mostly spaces): one compressed megabyte of spaces repeated, as gzip members."""

    def member(data: bytes) -> bytes:
        packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
        return packer.compress(data) + packer.flush()

    spaces = b" " * (1 << 20)
    head = member(b'{"batchcomplete": true, "query": {"pages": []}' + spaces)
    tail = member(spaces + b"}")
    return head + member(spaces) * max(0, megabytes - 2) + tail


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
        if fault == "empty":
            self._send(200, b"", "application/json; charset=utf-8")
            return
        if fault == "shape":  # JSON, but not the answer asked for
            wrong = {"batchcomplete": True, "query": {"pages": "not a list", "allpages": 7}}
            self._send(200, json.dumps(wrong).encode(), "application/json; charset=utf-8")
            return
        if fault == "maxlag" and "maxlag" in params:
            body = error_answer("maxlag", "Waiting for a database server: 7 seconds lagged.")
            body["error"]["lag"] = 7
            self._send(
                200,
                json.dumps(body).encode(),
                "application/json",
                {"Retry-After": str(wiki.faults.retry_after), "X-Database-Lag": "7"},
            )
            return
        if fault in ("redirect-away", "redirect-same"):
            port = wiki.server_address[1]
            target = (
                f"http://localhost:{port}{self.path}"  # the same server under another name
                if fault == "redirect-away"
                else f"/moved{self.path}"
            )
            self._send(302, b"Moved", "text/plain", {"Location": target})
            return
        if fault == "gzip-bomb":
            self._send_raw(200, gzip_bomb(wiki.faults.bomb_mb), "gzip")
            return
        if fault == "slow":
            time.sleep(wiki.faults.slow_seconds)
        if wiki.faults.delay_seconds:
            time.sleep(wiki.faults.delay_seconds)
        payload = json.dumps(wiki.api.answer(params), ensure_ascii=False).encode("utf-8")
        if fault == "truncate":  # a complete HTTP answer whose JSON is cut short
            payload = payload[: len(payload) // 2]
        if fault == "cut":  # the connection breaks half-way through the announced body
            self._send(200, payload, "application/json; charset=utf-8", cut=True)
            return
        if fault == "wrong-type":  # the right answer, declared as a web page
            self._send(200, payload, "text/html; charset=utf-8")
            return
        if fault == "trickle":
            self._trickle(payload, wiki.faults.trickle_seconds)
            return
        self._send(200, payload, "application/json; charset=utf-8")

    def _send_raw(self, status: int, body: bytes, encoding: str) -> None:
        """A JSON answer whose body is sent as given, with its Content-Encoding."""
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Encoding", encoding)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            log.debug("client left before the answer was sent")

    def _trickle(self, payload: bytes, seconds: float) -> None:
        """The whole answer, status line and headers included, one byte every `seconds`."""
        head = (
            f"HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\n"
            f"Content-Length: {len(payload)}\r\n\r\n"
        ).encode("ascii")
        self.close_connection = True
        try:
            for byte in head + payload:
                self.wfile.write(bytes((byte,)))
                self.wfile.flush()
                time.sleep(seconds)
        except (BrokenPipeError, ConnectionResetError, OSError):
            log.debug("client left during a trickled answer")

    def _send(
        self,
        status: int,
        body: bytes,
        kind: str,
        headers: dict[str, str] | None = None,
        *,
        cut: bool = False,
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
            if cut:
                self.wfile.write(body[: len(body) // 2])
                self.wfile.flush()
                self.close_connection = True
                self.connection.shutdown(socket.SHUT_RDWR)
                return
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            log.debug("client left before the answer was sent")
