"""Which pages to fetch: a page's translations, categories, prefixes, title lists, or everything.

Translations of a Translate-extension page are its subpages named by language code
(`Base game/ro`), listed with `list=allpages&apprefix=Base game/`; the source page itself is
the English version. Discovery follows `continue` until the list is complete. Only the main
namespace is listed (Wikicarpedia's translatable pages live there).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from pipeline.errors import InputError
from pipeline.extract.api.client import ApiClient
from pipeline.extract.titles import SOURCE_LANGUAGE, builtin_languages, split_title, validate_title


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
            path="--langs",
            fix="use 'all' or codes from the wiki's list, e.g. en,de,ro",
        )
    return codes


def read_titles_file(path: Path) -> tuple[str, ...]:
    """One title per line; blank lines and lines starting with '#' are skipped."""
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(
            f"cannot read the title list ({exc})", path=str(path), fix="give a UTF-8 text file"
        ) from None
    titles = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip() and not line.lstrip().startswith("#"):
            titles.append(validate_title(line, origin=f"{path}:{number}"))
    return tuple(titles)


def _list(client: ApiClient, params: dict[str, str], key: str) -> list[str]:
    titles = []
    for payload in client.query_all(params):
        for item in payload.get("query", {}).get(key, []):
            if isinstance(item, dict) and isinstance(item.get("title"), str):
                titles.append(item["title"])
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
    for payload in client.query_all({"meta": "messagegroupstats", "mgsgroup": group}):
        for item in payload.get("query", {}).get("messagegroupstats", []):
            if isinstance(item, dict) and isinstance(item.get("code"), str):
                stats.append(
                    TranslationStats(
                        page=page,
                        language=item["code"],
                        total=int(item.get("total") or 0),
                        translated=int(item.get("translated") or 0),
                        fuzzy=int(item.get("fuzzy") or 0),
                        proofread=int(item.get("proofread") or 0),
                    )
                )
    return stats


def _in_languages(title: str, languages: frozenset[str] | None) -> bool:
    return languages is None or split_title(title)[1] in languages


def discover(client: ApiClient, selection: PageSelection) -> list[str]:
    """Every selected title once, in the order found; invalid user titles raise InputError."""
    found: list[str] = []
    for page in selection.pages:
        clean = validate_title(page, origin="--page")
        if split_title(clean)[1] != SOURCE_LANGUAGE:
            raise InputError(
                f"{clean!r} is a translation; --page takes the source page",
                path="--page",
                fix=f"use --page {split_title(clean)[0]!r}",
            )
        found += translations(client, clean)
    for category in selection.categories:
        name = validate_title(category, origin="--category").removeprefix("Category:")
        found += _list(
            client,
            {
                "list": "categorymembers",
                "cmtitle": f"Category:{name}",
                "cmlimit": "max",
                "cmnamespace": "0",
            },
            "categorymembers",
        )
    for prefix in selection.prefixes:
        found += _list(
            client,
            {
                "list": "allpages",
                "apprefix": validate_title(prefix, origin="--prefix"),
                "apnamespace": "0",
                "aplimit": "max",
            },
            "allpages",
        )
    if selection.all_pages:
        found += _list(
            client, {"list": "allpages", "apnamespace": "0", "aplimit": "max"}, "allpages"
        )
    found += [validate_title(t, origin="--titles") for t in selection.titles]
    return _unique(t for t in found if _in_languages(t, selection.languages))


def _unique(titles: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(titles))
