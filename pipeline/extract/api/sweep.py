"""The cheap pass before fetching: `prop=info` for every title, then what needs fetching.

`prop=info` gives each page's latest revision id and `touched` time without content. A page
whose latest revision id is already stored is unchanged and is not fetched again: the caller
passes the stored revision ids in (this package never reads the warehouse).
"""

from __future__ import annotations

import json
import re
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pipeline.extract.api.client import ApiClient, RequestFailed, ShapeError
from pipeline.numbers import INT64_MAX, ascii_int, int_in_range

MAX_VALUES = 50  # MediaWiki's limit of titles/revids per request for ordinary users
_LIMIT = re.compile(r"The limit is ([0-9]+)")


@dataclass(frozen=True)
class PageInfo:
    title: str
    lastrevid: int
    touched: str | None
    length: int | None = None  # bytes of the latest revision's text, as the wiki reports it


@dataclass
class SweepResult:
    pages: list[PageInfo] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    invalid: list[str] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)  # (title, why): not swept
    batch_size: int = MAX_VALUES


def server_limit(payload: dict[str, Any]) -> int | None:
    """The value limit a "Too many values supplied" warning announces, if there is one."""
    warnings = payload.get("warnings")
    match = _LIMIT.search(json.dumps(warnings)) if warnings else None
    limit = ascii_int(match.group(1)) if match else None
    return limit or None  # "The limit is 0" would stall the run: read as no limit


def page_list(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """The page objects of a `prop=info` answer; `ShapeError` for an answer of another form."""
    query = payload.get("query")
    if not isinstance(query, dict):
        raise ShapeError("the answer has no 'query' object")
    pages = query.get("pages", [])
    if isinstance(pages, dict):
        items = list(pages.values())
    elif isinstance(pages, list):
        items = pages
    else:
        raise ShapeError(f"'query.pages' is {type(pages).__name__}")
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("title"), str):
            raise ShapeError("'query.pages' holds something other than a titled page object")
        revid = item.get("lastrevid")
        if revid is not None and revid != 0 and not int_in_range(revid, INT64_MAX, 1):
            raise ShapeError(f"lastrevid {str(revid)[:40]!r} of {item['title']!r}")
        touched = item.get("touched")
        if touched is not None and not isinstance(touched, str):
            raise ShapeError(f"'touched' of {item['title']!r} is not a string")
    return items


def sweep(client: ApiClient, titles: Sequence[str], batch_size: int = MAX_VALUES) -> SweepResult:
    """`prop=info` for every title, in batches the server accepts. A batch whose request
    fails after its retries is reported in `failed`; the sweep goes on."""
    result = SweepResult(batch_size=batch_size)
    queue = deque(titles)
    while queue:
        batch = [queue.popleft() for _ in range(min(result.batch_size, len(queue)))]
        try:
            payload = client.query({"prop": "info", "titles": "|".join(batch)}, shape=page_list)
        except RequestFailed as exc:
            result.failed += [(title, f"info request: {exc}") for title in batch]
            continue
        limit = server_limit(payload)
        if limit and limit < len(batch):
            # the server answered only the first `limit` titles: ask again for the rest
            queue.extendleft(reversed(batch[limit:]))
            result.batch_size = limit
        for page in page_list(payload):
            title = str(page.get("title", ""))
            if page.get("invalid"):
                result.invalid.append(title)
            elif page.get("missing") or not page.get("lastrevid"):
                result.missing.append(title)
            else:
                length = page.get("length")
                result.pages.append(
                    PageInfo(
                        title,
                        page["lastrevid"],
                        page.get("touched"),
                        length if int_in_range(length, INT64_MAX) else None,
                    )
                )
    return result


@dataclass
class FetchPlan:
    fetch: list[PageInfo] = field(default_factory=list)
    unchanged: list[PageInfo] = field(default_factory=list)
    older_than_since: list[PageInfo] = field(default_factory=list)


def plan_fetch(
    pages: Sequence[PageInfo], stored: dict[str, int], *, since: str | None, force: bool
) -> FetchPlan:
    """Fetch what is new; `force` fetches everything, `since` skips pages untouched since then."""
    plan = FetchPlan()
    for page in pages:
        if force:
            plan.fetch.append(page)
        elif stored.get(page.title, 0) >= page.lastrevid:
            plan.unchanged.append(page)
        elif since and page.touched and page.touched < since:
            plan.older_than_since.append(page)
        else:
            plan.fetch.append(page)
    return plan
