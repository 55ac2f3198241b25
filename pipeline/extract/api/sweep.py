"""The cheap pass before fetching: `prop=info` for every title, then what needs fetching.

`prop=info` gives each page's latest revision id and `touched` time without content. A page
whose latest revision id is already stored is unchanged and is not fetched again: the caller
passes the stored revision ids in (this package never reads the warehouse).

Each answer holds only pages its request asked for: the titles sent, as the wiki's
`normalized` and `redirects` lists map them, each normalised as a file's title would be. A
page it was not asked for (another page, a page outside `--lang`), a page outside the main
namespace and a page whose latest revision is beyond the revision size limit are refused
(`SweepResult.refused`: problem rows of the run), never fetched.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from carcdb.pipeline.errors import InputError
from carcdb.pipeline.extract.api.client import ApiClient, RequestFailed, ShapeError
from carcdb.pipeline.extract.titles import normalise_title
from carcdb.pipeline.limits import REVISION, megabytes
from carcdb.pipeline.numbers import INT64_MAX, ascii_int, int_in_range

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
    refused: list[tuple[str, str]] = field(default_factory=list)  # (title, why): not fetched
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
        asked = _answered_titles(batch, payload["query"])
        limit_bytes = REVISION.bytes()
        for page in page_list(payload):
            raw = str(page.get("title", ""))
            try:
                title = normalise_title(raw, origin="the info answer")
            except InputError as exc:
                if page.get("invalid"):
                    result.invalid.append(raw[:300])
                else:
                    result.refused.append((raw[:300], str(exc)))
                continue
            if title not in asked:
                result.refused.append((title, "not asked for in this request: not fetched"))
            elif page.get("invalid"):
                result.invalid.append(title)
            elif page.get("missing") or not page.get("lastrevid"):
                result.missing.append(title)
            elif page.get("ns", 0) != 0:
                result.refused.append(
                    (
                        title,
                        f"a page of namespace {page.get('ns')!r}, not the main one: not fetched",
                    )
                )
            else:
                length = page.get("length")
                length = length if int_in_range(length, INT64_MAX) else None
                if length is not None and length > limit_bytes:
                    result.refused.append(
                        (
                            title,
                            f"its latest revision holds {megabytes(length)} of text, more than "
                            f"the limit of {megabytes(limit_bytes)} ({REVISION.env}): not fetched",
                        )
                    )
                    continue
                result.pages.append(PageInfo(title, page["lastrevid"], page.get("touched"), length))
    return result


def _answered_titles(batch: Sequence[str], query: dict[str, Any]) -> set[str]:
    """The titles an answer to `batch` may give: those sent, and what the wiki's `normalized`
    and `redirects` lists (each `[{"from", "to"}]`) turn them into, redirects followed."""
    asked = set(batch)
    for title in batch:  # (the sweep sends normalised titles; another caller may not)
        with contextlib.suppress(InputError):
            asked.add(normalise_title(title))
    mappings = []
    for key in ("normalized", "redirects"):
        entries = query.get(key)
        for entry in entries if isinstance(entries, list) else []:
            if isinstance(entry, dict):
                source, target = entry.get("from"), entry.get("to")
                if isinstance(source, str) and isinstance(target, str):
                    mappings.append((source, target))
    grown = True
    while grown:  # a redirect to a redirect: each round follows one more step
        grown = False
        for source, target in mappings:
            try:
                source, target = normalise_title(source), normalise_title(target)
            except InputError:
                continue
            if source in asked and target not in asked:
                asked.add(target)
                grown = True
    return asked


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
