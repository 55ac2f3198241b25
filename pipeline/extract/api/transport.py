"""One HTTP GET of the API client, bounded: a total deadline, a capped body, no redirect away.

`requests` bounds each read of a socket, not a request: a server that sends a byte every
second never trips a read timeout, and `requests` decodes a gzip answer whole, so 1.5 MB on
the wire could become 1.5 GB in memory. Here:

- **time**: `Deadline` shuts the request's socket down when its time is up (one watchdog
  thread for the process; the request's connections register their socket with the deadline
  of the thread that uses them: `DeadlineAdapter`), wherever the request is: sending, waiting
  for the headers, reading the body. The read in progress then fails, and `get` raises
  `TimedOut`;
- **size**: the body is read in chunks and decoded here (gzip, deflate), never past
  `max_bytes` of decoded bytes (`AnswerTooLarge`); the wire bytes are counted against the
  announced Content-Length too (urllib3 1.x hands over a short body without a word);
- **place**: a redirect (HTTP 3xx) is followed only within the endpoint's scheme, host and
  port, at most `MAX_REDIRECTS` times; one to another origin is refused (`RedirectRefused`),
  so every answer comes from the host the provenance names.

What a failure means for the run (retry, give up) is the client's (`client.py`).
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from http.client import HTTPException
from typing import Any
from urllib.parse import urljoin, urlsplit

import requests
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection as PlainConnection
from urllib3.connection import HTTPSConnection as TLSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
from urllib3.exceptions import HTTPError as Urllib3Error
from urllib3.exceptions import ReadTimeoutError

MAX_REDIRECTS = 3
_CHUNK = 1 << 16
_local = threading.local()


class TimedOut(Exception):
    """The request's deadline passed."""


class AnswerTooLarge(Exception):
    """The body passed the size limit (read no further)."""


class BodyCut(Exception):
    """The body ended before its Content-Length, or its gzip stream did before its end."""


class RedirectRefused(Exception):
    """A redirect to another origin (scheme, host or port) than the endpoint's."""

    def __init__(self, target: str) -> None:
        super().__init__(target)
        self.target = target


class Deadline:
    """`with Deadline(seconds):` in the thread that sends the request: when the time is up,
    every socket the request used is shut down (its blocked read returns at once)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.due = 0.0
        self.expired = False
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()

    def watch(self, sock: socket.socket) -> None:
        with self._lock:
            self._sockets.append(sock)
            if self.expired:
                _shut(sock)

    def expire(self) -> None:
        with self._lock:
            self.expired = True
            for sock in self._sockets:
                _shut(sock)

    def __enter__(self) -> Deadline:
        _local.deadline = self
        self.due = time.monotonic() + self.seconds
        _WATCHDOG.add(self)
        return self

    def __exit__(self, *_: object) -> None:
        _WATCHDOG.discard(self)
        _local.deadline = None


class _Watchdog:
    """One thread that expires every deadline of the process when it is due (a timer thread
    per request cost more than the rest of a request to a fast wiki)."""

    def __init__(self) -> None:
        self._wake = threading.Condition()
        self._pending: set[Deadline] = set()
        self._thread: threading.Thread | None = None

    def add(self, deadline: Deadline) -> None:
        with self._wake:
            self._pending.add(deadline)
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="carcdb-deadlines", daemon=True
                )
                self._thread.start()
            self._wake.notify()

    def discard(self, deadline: Deadline) -> None:
        with self._wake:
            self._pending.discard(deadline)

    def _run(self) -> None:
        with self._wake:
            while True:
                now = time.monotonic()
                for deadline in [d for d in self._pending if d.due <= now]:
                    self._pending.discard(deadline)
                    deadline.expire()
                nearest = min((d.due for d in self._pending), default=None)
                self._wake.wait(None if nearest is None else nearest - now)


_WATCHDOG = _Watchdog()


def _shut(sock: socket.socket) -> None:
    # The plain socket's shutdown, also for a TLS one: the TLS layer's own would tear down
    # its state under the reading thread. (A socket closed already raises OSError.)
    with contextlib.suppress(OSError):
        socket.socket.shutdown(sock, socket.SHUT_RDWR)


def _watch(sock: socket.socket | None) -> None:
    deadline: Deadline | None = getattr(_local, "deadline", None)
    if deadline is not None and sock is not None:
        deadline.watch(sock)


# Named as urllib3's own classes: their names appear in its error messages.
class HTTPConnection(PlainConnection):
    def connect(self) -> None:
        super().connect()
        _watch(self.sock)

    def request(self, *args: Any, **kwargs: Any) -> None:
        _watch(self.sock)  # a kept-alive connection, connected by an earlier request
        super().request(*args, **kwargs)


class HTTPSConnection(TLSConnection):
    def connect(self) -> None:
        super().connect()
        _watch(self.sock)

    def request(self, *args: Any, **kwargs: Any) -> None:
        _watch(self.sock)
        super().request(*args, **kwargs)


class _WatchedHTTPPool(HTTPConnectionPool):
    ConnectionCls = HTTPConnection


class _WatchedHTTPSPool(HTTPSConnectionPool):
    ConnectionCls = HTTPSConnection


_POOLS = {"http": _WatchedHTTPPool, "https": _WatchedHTTPSPool}


class DeadlineAdapter(HTTPAdapter):
    """An adapter whose connections register their sockets with the current `Deadline`."""

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = _POOLS

    def proxy_manager_for(self, proxy: str, **kwargs: Any) -> Any:
        manager = super().proxy_manager_for(proxy, **kwargs)
        manager.pool_classes_by_scheme = _POOLS
        return manager


def bounded_session(headers: Mapping[str, str]) -> requests.Session:
    session = requests.Session()
    session.headers.update(headers)
    adapter = DeadlineAdapter()
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    return session


@dataclass(frozen=True)
class Answer:
    status: int
    reason: str
    headers: Mapping[str, str]
    body: bytes  # decoded


def _origin(url: str) -> tuple[str, str, int | None]:
    parts = urlsplit(url)
    port = parts.port or {"http": 80, "https": 443}.get(parts.scheme)
    return parts.scheme, (parts.hostname or "").lower(), port


def get(
    session: requests.Session,
    url: str,
    params: Mapping[str, str],
    *,
    connect_timeout: float,
    seconds: float,
    max_bytes: int,
) -> Answer:
    """GET `url`, following redirects within its origin; raises `TimedOut`, `AnswerTooLarge`,
    `BodyCut`, `RedirectRefused` or what `requests` raises (a connection that failed)."""
    with Deadline(seconds) as deadline:
        try:
            return _get(session, url, params, connect_timeout, seconds, max_bytes)
        except (AnswerTooLarge, RedirectRefused):
            raise
        except Exception:
            if deadline.expired:  # the read the deadline cut short, whatever it raised
                raise TimedOut from None
            raise


def _get(
    session: requests.Session,
    url: str,
    params: Mapping[str, str] | None,
    connect_timeout: float,
    seconds: float,
    max_bytes: int,
) -> Answer:
    home = _origin(url)
    for _hop in range(MAX_REDIRECTS + 1):
        response = session.get(
            url,
            params=params,
            timeout=(connect_timeout, seconds),
            stream=True,
            allow_redirects=False,
        )
        try:
            if 300 <= response.status_code < 400 and "Location" in response.headers:
                target = urljoin(response.url, response.headers["Location"])
                if _origin(target) != home:
                    raise RedirectRefused(target)
                url, params = target, None  # the new address carries its query
                response.close()
                continue
            body = _body(response, max_bytes)
        except BaseException:
            response.close()  # (the connection is dropped, not reused)
            raise
        response.raw.release_conn()  # read to its end: the connection is kept alive
        return Answer(response.status_code, response.reason or "", response.headers, body)
    raise RedirectRefused(f"{url} (more than {MAX_REDIRECTS} redirects)")


def _decoder(encoding: str) -> Any:
    if encoding in ("gzip", "x-gzip"):
        return zlib.decompressobj(16 + zlib.MAX_WBITS)
    if encoding == "deflate":
        return zlib.decompressobj()
    if encoding in ("", "identity"):
        return None
    raise BodyCut(f"the answer is encoded as {encoding[:40]!r}, which was not asked for")


def _decode(decoder: Any, data: bytes, out: bytearray, max_bytes: int, gzip: bool) -> Any:
    """Decode `data` into `out`, never past `max_bytes + 1` bytes; the decoder to go on with
    (a gzip answer may hold several members, one after the other)."""
    while data:
        out += decoder.decompress(data, max_bytes + 1 - len(out))
        if len(out) > max_bytes:
            raise AnswerTooLarge
        if decoder.unconsumed_tail:  # output held back by the cap: feed the rest
            data = decoder.unconsumed_tail
        elif gzip and decoder.eof and decoder.unused_data:
            data, decoder = decoder.unused_data, _decoder("gzip")
        else:
            data = b""
    return decoder


def _body(response: requests.Response, max_bytes: int) -> bytes:
    encoding = response.headers.get("Content-Encoding", "").strip().lower()
    decoder = _decoder(encoding)
    out = bytearray()
    wire = 0
    raw = response.raw
    try:
        while block := raw.read(_CHUNK, decode_content=False):
            wire += len(block)
            if wire > max_bytes:
                raise AnswerTooLarge
            if decoder is None:
                out += block
            else:
                decoder = _decode(decoder, block, out, max_bytes, encoding != "deflate")
    except (ReadTimeoutError, TimeoutError):
        raise TimedOut from None
    except (Urllib3Error, HTTPException, OSError) as exc:  # a connection that broke off
        raise BodyCut(str(exc)[:200]) from None
    if len(out) > max_bytes:
        raise AnswerTooLarge
    if decoder is not None and wire and not decoder.eof:
        raise BodyCut("the gzip stream ends before its end")
    announced = response.headers.get("Content-Length", "")
    if announced.isascii() and announced.isdigit() and wire < int(announced):
        raise BodyCut(f"{wire} of {announced} bytes arrived")
    return bytes(out)
