"""Which pages to fetch: a page's translations, categories, prefixes, title lists, or everything.

Translations of a Translate-extension page are its subpages named by language code
(`Base game/ro`), listed with `list=allpages&apprefix=Base game/`; the source page itself is
the English version. Discovery follows `continue` until the list is complete. Only the main
namespace is listed (Wikicarpedia's translatable pages live there).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.errors import InputError
from pipeline.extract.api.client import ApiClient, RequestFailed, ShapeError
from pipeline.extract.inputfiles import read_input_text
from pipeline.extract.titles import SOURCE_LANGUAGE, builtin_languages, split_title, validate_title
from pipeline.numbers import INT32_MAX, int_in_range


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
    for number, line in enumerate(data.text.splitlines(), start=1):
        if line.strip() and not line.lstrip().startswith("#"):
            titles.append(validate_title(line, origin=f"{data.path}:{number}"))
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


def _list(client: ApiClient, params: dict[str, str], key: str) -> list[str]:
    titles: list[str] = []
    try:
        for payload in client.query_all(params, shape=_list_shape(key)):
            titles += [item["title"] for item in payload["query"].get(key, [])]
    except RequestFailed as exc:
        raise ListingFailed(titles, str(exc)) from None
    return titles


def translations(client: ApiClient, page: str) -> list[str]:
    """The source page and every subpage named `<page>/<language code>`."""
    found = [page]
    for title in _list(
        client,
        {"list": "allpages", "apprefix": f"{page}/", "apnamespace": "0", "aplimit": "max"},
        "allpages",
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
    group = f"page-{validate_title(page, origin='--page')}"
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
) -> list[str]:
    """Every selected title once, in the order found; invalid user titles raise InputError.

    A listing whose request fails after its retries keeps the titles found until then; the
    selection it served goes to `failed` as (selection, reason), and discovery goes on."""
    found: list[str] = []
    failures = failed if failed is not None else []

    def listed(what: str, params: dict[str, str], key: str) -> list[str]:
        try:
            return _list(client, params, key)
        except ListingFailed as exc:
            failures.append((what, f"listing stopped after {len(exc.found)} titles: {exc}"))
            return exc.found

    for page in selection.pages:
        clean = validate_title(page, origin="--page")
        if split_title(clean)[1] != SOURCE_LANGUAGE:
            raise InputError(
                f"{clean!r} is a translation; --page takes the source page",
                path="--page",
                fix=f"use --page {split_title(clean)[0]!r}",
            )
        try:
            found += translations(client, clean)
        except ListingFailed as exc:
            failures.append((f"--page {clean}", f"translations not listed: {exc}"))
            found += [clean, *exc.found]
    for category in selection.categories:
        name = validate_title(category, origin="--category").removeprefix("Category:")
        found += listed(
            f"--category {name}",
            {
                "list": "categorymembers",
                "cmtitle": f"Category:{name}",
                "cmlimit": "max",
                "cmnamespace": "0",
            },
            "categorymembers",
        )
    for prefix in selection.prefixes:
        clean_prefix = validate_title(prefix, origin="--prefix")
        found += listed(
            f"--prefix {clean_prefix}",
            {"list": "allpages", "apprefix": clean_prefix, "apnamespace": "0", "aplimit": "max"},
            "allpages",
        )
    if selection.all_pages:
        found += listed(
            "--all-pages", {"list": "allpages", "apnamespace": "0", "aplimit": "max"}, "allpages"
        )
    found += [validate_title(t, origin="--titles") for t in selection.titles]
    return _unique(t for t in found if _in_languages(t, selection.languages))


def _unique(titles: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(titles))
