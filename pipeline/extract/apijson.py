"""Saved MediaWiki API responses (`action=query&prop=revisions`), formatversion 1 and 2."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any

from pipeline.errors import InputError


@dataclass(frozen=True)
class ApiRevision:
    title: str
    revision_id: int | None
    timestamp: str | None
    sha1: str | None
    text: str


@dataclass(frozen=True)
class ApiPages:
    revisions: tuple[ApiRevision, ...]
    missing: tuple[str, ...]


def looks_like_api_json(text: str) -> bool:
    """A JSON object: `{` then a key or `}`; wikitext's `{{` never qualifies."""
    return re.match(r"\s*\{\s*[\"}]", text) is not None


def _content(revision: dict[str, Any]) -> str | None:
    slots = revision.get("slots")
    holder = slots.get("main", {}) if isinstance(slots, dict) else revision
    for key in ("content", "*"):
        if isinstance(holder.get(key), str):
            return str(holder[key])
    return None


def _api_revision(title: str, revision: dict[str, Any], text: str, origin: str) -> ApiRevision:
    revid, timestamp, sha1 = (revision.get(k) for k in ("revid", "timestamp", "sha1"))
    if (revid is not None and not (isinstance(revid, int) and revid > 0)) or not all(
        value is None or isinstance(value, str) for value in (timestamp, sha1)
    ):
        raise InputError(
            f"revision of {title!r} has a malformed revid, timestamp or sha1",
            path=origin,
            fix="save the unmodified response of action=query&prop=revisions",
        )
    return ApiRevision(title=title, revision_id=revid, timestamp=timestamp, sha1=sha1, text=text)


def sha1_matches(text: str, expected: str | None, *, required: bool) -> bool:
    """Does the revision text hash to the sha1 the wiki gave (hex, any case)?

    `required` says whether a missing sha1 counts as a mismatch (it does for content we asked
    the API to hash; a saved response may have been fetched without `rvprop=sha1`).
    """
    if expected is None:
        return not required
    return hashlib.sha1(text.encode("utf-8")).hexdigest() == expected.lower()


def parse_api_pages(payload: Any, origin: str) -> ApiPages:
    """Revisions and missing titles of a decoded `prop=revisions` response."""
    if not isinstance(payload, dict) or not isinstance(payload.get("query"), dict):
        raise InputError(
            "JSON is not a MediaWiki API query response (no 'query' object)",
            path=origin,
            fix="save the response of action=query&prop=revisions&rvprop=content",
        )
    pages = payload["query"].get("pages", [])
    page_list = list(pages.values()) if isinstance(pages, dict) else list(pages)
    revisions: list[ApiRevision] = []
    missing: list[str] = []
    for page in page_list:
        if not isinstance(page, dict):
            raise InputError(
                f"'query.pages' holds {type(page).__name__} where a page object belongs",
                path=origin,
                fix="save the unmodified response of action=query&prop=revisions",
            )
        title = str(page.get("title", ""))
        if "missing" in page or "invalid" in page:
            missing.append(title)
            continue
        for revision in page.get("revisions", []):
            text = _content(revision)
            if text is None:
                missing.append(title)
                continue
            revisions.append(_api_revision(title, revision, text, origin))
    return ApiPages(tuple(revisions), tuple(missing))


def read_api_json(text: str, origin: str) -> ApiPages:
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}",
            path=origin,
            fix="save the complete API response",
        ) from None
    return parse_api_pages(payload, origin)
