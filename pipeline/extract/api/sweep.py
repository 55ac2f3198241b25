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

from pipeline.errors import ExtractError
from pipeline.extract.api.client import ApiClient

MAX_VALUES = 50  # MediaWiki's limit of titles/revids per request for ordinary users
_LIMIT = re.compile(r"The limit is (\d+)")


@dataclass(frozen=True)
class PageInfo:
    title: str
    lastrevid: int
    touched: str | None


@dataclass
class SweepResult:
    pages: list[PageInfo] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    invalid: list[str] = field(default_factory=list)
    batch_size: int = MAX_VALUES


def server_limit(payload: dict[str, Any]) -> int | None:
    """The value limit a "Too many values supplied" warning announces, if there is one."""
    warnings = payload.get("warnings")
    match = _LIMIT.search(json.dumps(warnings)) if warnings else None
    return int(match.group(1)) if match else None


def page_list(payload: dict[str, Any]) -> list[dict[str, Any]]:
    query = payload.get("query")
    if not isinstance(query, dict):
        raise ExtractError("the API answer has no 'query' object - fix: check --api")
    pages = query.get("pages", [])
    items = list(pages.values()) if isinstance(pages, dict) else list(pages)
    return [item for item in items if isinstance(item, dict)]


def sweep(client: ApiClient, titles: Sequence[str], batch_size: int = MAX_VALUES) -> SweepResult:
    """`prop=info` for every title, in batches the server accepts."""
    result = SweepResult(batch_size=batch_size)
    queue = deque(titles)
    while queue:
        batch = [queue.popleft() for _ in range(min(result.batch_size, len(queue)))]
        payload = client.query({"prop": "info", "titles": "|".join(batch)})
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
                result.pages.append(PageInfo(title, int(page["lastrevid"]), page.get("touched")))
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
