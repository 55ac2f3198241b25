"""Saved MediaWiki API responses (`action=query&prop=revisions`), formatversion 1 and 2."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any

from carcdb.pipeline.errors import InputError
from carcdb.pipeline.extract.inputfiles import parse_json
from carcdb.pipeline.numbers import INT32_MAX, INT64_MAX, int_in_range


@dataclass(frozen=True)
class ApiRevision:
    title: str
    revision_id: int | None
    timestamp: str | None
    sha1: str | None
    text: str
    namespace: int | None = None  # the page's `ns`, when the answer gives one


@dataclass(frozen=True)
class ApiPages:
    revisions: tuple[ApiRevision, ...]
    missing: tuple[str, ...]


def looks_like_api_json(text: str) -> bool:
    """A JSON object: `{` then a key or `}`; wikitext's `{{` never qualifies."""
    return re.match(r"\s*\{\s*[\"}]", text) is not None


_FIX = "save the unmodified response of action=query&prop=revisions"


def _refuse(message: str, origin: str) -> InputError:
    return InputError(message, path=origin, fix=_FIX)


def _content(revision: dict[str, Any], title: str, origin: str) -> str | None:
    """The revision's wikitext: `slots.main.content` (formatversion 2), `slots.main["*"]` or
    `"*"` (formatversion 1); None when the revision carries none (e.g. hidden)."""
    slots = revision.get("slots")
    if slots is None:
        holder: Any = revision
    elif isinstance(slots, dict):
        holder = slots.get("main", {})
        if not isinstance(holder, dict):
            raise _refuse(f"revision of {title!r}: 'slots.main' is not an object", origin)
    else:
        raise _refuse(f"revision of {title!r}: 'slots' is {type(slots).__name__}", origin)
    for key in ("content", "*"):
        value = holder.get(key)
        if isinstance(value, str):
            return value
        if value is not None:
            raise _refuse(f"revision of {title!r}: its content is not a string", origin)
    return None


def _unencodable(text: str) -> int | None:
    """The index of a lone surrogate (JSON can carry `\\udc00`; UTF-8 cannot), else None."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return exc.start
    return None


def _api_revision(
    title: str, revision: dict[str, Any], text: str, origin: str, namespace: int | None
) -> ApiRevision:
    revid, timestamp, sha1 = (revision.get(k) for k in ("revid", "timestamp", "sha1"))
    if (revid is not None and not int_in_range(revid, INT64_MAX, 1)) or not all(
        value is None or isinstance(value, str) for value in (timestamp, sha1)
    ):
        raise _refuse(
            f"revision of {title!r} has a malformed revid, timestamp or sha1 "
            f"(revid: a whole number from 1 to {INT64_MAX})",
            origin,
        )
    bad = _unencodable(text)
    if bad is not None:
        raise _refuse(
            f"revision {revid} of {title!r}: its text holds a lone surrogate (char {bad}), "
            "which is not text",
            origin,
        )
    return ApiRevision(
        title=title,
        revision_id=revid,
        timestamp=timestamp,
        sha1=sha1,
        text=text,
        namespace=namespace,
    )


def sha1_matches(text: str, expected: str | None, *, required: bool) -> bool:
    """Does the revision text hash to the sha1 the wiki gave (hex, any case)?

    `required` says whether a missing sha1 counts as a mismatch (it does for content we asked
    the API to hash; a saved response may have been fetched without `rvprop=sha1`).
    """
    if expected is None:
        return not required
    return hashlib.sha1(text.encode("utf-8")).hexdigest() == expected.lower()


def parse_api_pages(payload: Any, origin: str) -> ApiPages:
    """Revisions and missing titles of a decoded `prop=revisions` response; any other shape
    (a list where an object belongs, a number as a title, ...) is an `InputError`."""
    if not isinstance(payload, dict) or not isinstance(payload.get("query"), dict):
        raise InputError(
            "JSON is not a MediaWiki API query response (no 'query' object)",
            path=origin,
            fix="save the response of action=query&prop=revisions&rvprop=content",
        )
    pages = payload["query"].get("pages", [])
    if isinstance(pages, dict):
        page_list = list(pages.values())
    elif isinstance(pages, list):
        page_list = pages
    else:
        raise _refuse(f"'query.pages' is {type(pages).__name__}, not a list or object", origin)
    revisions: list[ApiRevision] = []
    missing: list[str] = []
    for page in page_list:
        if not isinstance(page, dict):
            raise _refuse(
                f"'query.pages' holds {type(page).__name__} where a page object belongs", origin
            )
        title = page.get("title", "")
        if not isinstance(title, str):
            raise _refuse(f"a page's title is {type(title).__name__}, not a string", origin)
        bad = _unencodable(title)
        if bad is not None:
            raise _refuse(f"page title {title!r} holds a lone surrogate (char {bad})", origin)
        if "missing" in page or "invalid" in page:
            missing.append(title)
            continue
        namespace = page.get("ns")
        if namespace is not None and not int_in_range(namespace, INT32_MAX, -2):
            raise _refuse(f"'ns' of {title!r} is not a namespace number", origin)
        page_revisions = page.get("revisions", [])
        if not isinstance(page_revisions, list):
            raise _refuse(
                f"'revisions' of {title!r} is {type(page_revisions).__name__}, not a list", origin
            )
        for revision in page_revisions:
            if not isinstance(revision, dict):
                raise _refuse(
                    f"'revisions' of {title!r} holds {type(revision).__name__}, not an object",
                    origin,
                )
            text = _content(revision, title, origin)
            if text is None:
                missing.append(title)
                continue
            revisions.append(_api_revision(title, revision, text, origin, namespace))
    return ApiPages(tuple(revisions), tuple(missing))


def read_api_json(text: str, origin: str) -> ApiPages:
    return parse_api_pages(parse_json(text, origin, "save the complete API response"), origin)
