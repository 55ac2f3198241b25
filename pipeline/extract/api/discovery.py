"""Which pages to fetch: a page's translations, categories, prefixes, title lists, or everything.

Translations of a Translate-extension page are its subpages named by language code
(`Base game/ro`), listed with `list=allpages&apprefix=Base game/`; the source page itself is
the English version. Discovery follows `continue` until the list is complete (or loops:
`client.ListingLoop`). Only the main namespace is listed (Wikicarpedia's translatable pages
live there).

A listing's answer is checked against what it was asked for: an item outside the main
namespace, a title that does not start with the prefix asked for, or a title MediaWiki could
not hold is refused (`Refused`: a problem row of the run), never fetched. Every title is
normalised as a file's would be (`pipeline.extract.titles.normalise_title`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from carcdb.pipeline.errors import InputError
from carcdb.pipeline.extract.api.client import ApiClient, RequestFailed, ShapeError
from carcdb.pipeline.extract.inputfiles import read_input_text
from carcdb.pipeline.extract.titles import (
    SOURCE_LANGUAGE,
    builtin_languages,
    namespace_of,
    normalise_title,
    split_title,
)
from carcdb.pipeline.numbers import INT32_MAX, int_in_range


@dataclass(frozen=True)
class PageSelection:
    """What the user asked for; `languages=None` means every language."""

    pages: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    prefixes: tuple[str, ...] = ()
    titles: tuple[str, ...] = ()
    all_pages: bool = False
    languages: frozenset[str] | None = None

    def is_empty(self) -> bool:
        return not (self.pages or self.categories or self.prefixes or self.titles or self.all_pages)


def parse_languages(value: str) -> frozenset[str] | None:
    """`all` -> None; `en,de,ro` -> those codes, each checked against the wiki's language list."""
    if value.strip().lower() == "all":
        return None
    codes = frozenset(code.strip() for code in value.split(",") if code.strip())
    unknown = sorted(code for code in codes if code not in builtin_languages())
    if not codes or unknown:
        raise InputError(
            f"unknown language code(s) {', '.join(unknown) or '(none given)'}",
            path="--lang",
            fix="use 'all' or codes from the wiki's list, e.g. en,de,ro",
        )
    return codes


def read_titles_file(path: Path) -> tuple[str, ...]:
    """One title per line (`-`: stdin); blank lines and lines starting with '#' are skipped."""
    data = read_input_text(path)
    titles = []
    for number, line in enumerate(data.text.split("\n"), start=1):
        if line.strip() and not line.lstrip().startswith("#"):
            titles.append(normalise_title(line, origin=f"{data.path}:{number}"))
    return tuple(titles)


def _list_shape(key: str) -> Callable[[dict[str, Any]], None]:
    def check(payload: dict[str, Any]) -> None:
        query = payload.get("query")
        items = query.get(key, []) if isinstance(query, dict) else None
        if not isinstance(items, list) or not all(
            isinstance(item, dict) and isinstance(item.get("title"), str) for item in items
        ):
            raise ShapeError(f"the answer has no list 'query.{key}' of titled items")

    return check


class ListingFailed(Exception):
    """A listing stopped part-way (its request failed after its retries): the titles found
    until then, and why."""

    def __init__(self, found: list[str], reason: str) -> None:
        super().__init__(reason)
        self.found = found


Refused = list[tuple[str, str]]  # (title as the wiki gave it, why it was refused)
Check = Callable[[str, dict[str, Any]], str | None]  # (normalised title, item) -> why not


def _main_namespace(_title: str, item: dict[str, Any]) -> str | None:
    namespace = item.get("ns", 0)
    return None if namespace == 0 else f"the listing gave a page of namespace {namespace!r}"


def _starting_with(prefix: str) -> Check:
    def check(title: str, item: dict[str, Any]) -> str | None:
        # (`X/en` is normalised to `X`, the English page: a listing of `X/` may give it)
        if not title.startswith(prefix) and not f"{title}/{SOURCE_LANGUAGE}".startswith(prefix):
            return f"not asked for: the listing was of titles starting with {prefix!r}"
        return _main_namespace(title, item)

    return check


def _list(
    client: ApiClient, params: dict[str, str], key: str, check: Check, refused: Refused
) -> list[str]:
    titles: list[str] = []
    try:
        for payload in client.query_all(params, shape=_list_shape(key)):
            for item in payload["query"].get(key, []):
                try:
                    title = normalise_title(item["title"], origin="the listing")
                except InputError as exc:
                    refused.append((item["title"][:300], str(exc)))
                    continue
                why = check(title, item)
                if why is None:
                    titles.append(title)
                else:
                    refused.append((title, why))
    except RequestFailed as exc:
        raise ListingFailed(titles, str(exc)) from None
    return titles


def translations(client: ApiClient, page: str, refused: Refused | None = None) -> list[str]:
    """The source page and every subpage named `<page>/<language code>` (`<page>/en` is the
    page itself)."""
    found = [page]
    for title in _list(
        client,
        {"list": "allpages", "apprefix": f"{page}/", "apnamespace": "0", "aplimit": "max"},
        "allpages",
        _starting_with(f"{page}/"),
        [] if refused is None else refused,
    ):
        suffix = title[len(page) + 1 :]
        if suffix in builtin_languages():
            found.append(title)
    return found


@dataclass(frozen=True)
class TranslationStats:
    """How much of a translatable page one language has (Translate's message group stats)."""

    page: str
    language: str
    total: int
    translated: int
    fuzzy: int
    proofread: int


def translation_stats(client: ApiClient, page: str) -> list[TranslationStats]:
    """`meta=messagegroupstats` for the page's message group, following `continue`."""
    group = f"page-{normalise_title(page, origin='--page')}"
    stats = []
    params = {"meta": "messagegroupstats", "mgsgroup": group}
    for payload in client.query_all(params, shape=_stats_shape):
        for item in payload["query"].get("messagegroupstats", []):
            stats.append(
                TranslationStats(
                    page=page,
                    language=item["code"],
                    **{key: item.get(key) or 0 for key in _STAT_COUNTS},
                )
            )
    return stats


_STAT_COUNTS = ("total", "translated", "fuzzy", "proofread")


def _stats_shape(payload: dict[str, Any]) -> None:
    query = payload.get("query")
    items = query.get("messagegroupstats", []) if isinstance(query, dict) else None
    if not isinstance(items, list):
        raise ShapeError("the answer has no list 'query.messagegroupstats'")
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("code"), str):
            raise ShapeError("'messagegroupstats' holds an item without a language code")
        for key in _STAT_COUNTS:
            value = item.get(key)
            if value is not None and not int_in_range(value, INT32_MAX):
                raise ShapeError(f"'{key}' of {item['code']!r} is not a count")


def _in_languages(title: str, languages: frozenset[str] | None) -> bool:
    return languages is None or split_title(title)[1] in languages


def discover(
    client: ApiClient,
    selection: PageSelection,
    failed: list[tuple[str, str]] | None = None,
    refused: Refused | None = None,
) -> list[str]:
    """Every selected title once, in the order found; invalid user titles raise InputError.

    A listing whose request fails after its retries keeps the titles found until then; the
    selection it served goes to `failed` as (selection, reason), and discovery goes on.
    Listed items that were not asked for go to `refused`."""
    found: list[str] = []
    failures = failed if failed is not None else []
    refusals = refused if refused is not None else []

    def listed(what: str, params: dict[str, str], key: str, check: Check) -> list[str]:
        try:
            return _list(client, params, key, check, refusals)
        except ListingFailed as exc:
            titles = len(dict.fromkeys(exc.found))
            failures.append((what, f"listing stopped after {titles} titles: {exc}"))
            return exc.found

    for page in selection.pages:
        clean = normalise_title(page, origin="--page")
        if split_title(clean)[1] != SOURCE_LANGUAGE:
            raise InputError(
                f"{clean!r} is a translation; --page takes the source page",
                path="--page",
                fix=f"use --page {split_title(clean)[0]!r}",
            )
        try:
            found += translations(client, clean, refusals)
        except ListingFailed as exc:
            failures.append((f"--page {clean}", f"translations not listed: {exc}"))
            found += [clean, *exc.found]
    for category in selection.categories:
        name = normalise_title(category, origin="--category").removeprefix("Category:")
        found += listed(
            f"--category {name}",
            {
                "list": "categorymembers",
                "cmtitle": f"Category:{name}",
                "cmlimit": "max",
                "cmnamespace": "0",
            },
            "categorymembers",
            _main_namespace,
        )
    for prefix in selection.prefixes:
        clean_prefix = normalise_title(prefix, origin="--prefix")
        found += listed(
            f"--prefix {clean_prefix}",
            {"list": "allpages", "apprefix": clean_prefix, "apnamespace": "0", "aplimit": "max"},
            "allpages",
            _starting_with(clean_prefix),
        )
    if selection.all_pages:
        found += listed(
            "--all-pages",
            {"list": "allpages", "apnamespace": "0", "aplimit": "max"},
            "allpages",
            _main_namespace,
        )
    for title in selection.titles:
        clean = normalise_title(title, origin="--titles")
        namespace = namespace_of(clean)
        if namespace == 0:
            found.append(clean)
        else:  # (not asked for: the wiki's answer would say so, or a fake one might not)
            refusals.append((clean, f"a page of namespace {namespace}, not the main one: not read"))
    return _unique(t for t in found if _in_languages(t, selection.languages))


def _unique(titles: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(titles))
