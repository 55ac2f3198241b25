"""Wiki page titles as MediaWiki defines them: one normalisation, and `Base game/ro` split into
base title and language.

`normalise_title` is the one door every title goes through, from files, arguments and API
answers alike, so one page has one title in the warehouse whatever brought it. It follows
MediaWiki's `Title` rules:

- Unicode NFC (MediaWiki normalises all input text so: `e` + combining acute is `é`);
- underscores and the spaces MediaWiki treats as spaces (no-break space, the U+2000 range,
  ideographic space, ...) are spaces; runs of them are one; none at either end;
- the first letter is upper case (`$wgCapitalLinks`, Wikicarpedia's setting), after the
  namespace prefix when there is one (`template:tile` is `Template:Tile`); a letter whose
  upper case is two letters (`ß`) stays, as MediaWiki keeps it;
- at most 255 bytes of UTF-8 (MediaWiki's `page_title` column);
- `X/en` is `X`: English is the source language, whose page has no suffix.

Refused (`InputError`): characters MediaWiki forbids (`#<>[]|{}`, `%` escapes, HTML entities),
relative path segments, control characters, lone surrogates, the replacement character,
noncharacters and every invisible character that would make two titles look alike: format
characters (soft hyphen, word joiner, bidirectional controls, tag characters, the byte-order
mark, ...), variation selectors and the other default-ignorable code points. A zero-width
joiner or non-joiner is kept between two letters of a script that needs it (not ASCII).
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from importlib import resources

from carcdb.pipeline.errors import InputError
from carcdb.pipeline.limits import TITLE_BYTES

SOURCE_LANGUAGE = "en"
# Characters MediaWiki forbids in titles.
_FORBIDDEN = set("#<>[]|{}")
# The characters MediaWiki's `Title` turns into a space (`[ _\xA0\x{1680}...]`), but for the
# line and paragraph separators and U+180E (a format character now), which are refused.
_SPACES = re.compile("[ _\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+")
# `%41` and `&amp;`: MediaWiki refuses titles holding escapes (they would read as another).
_ESCAPES = re.compile(r"%[0-9A-Fa-f]{2}|&[A-Za-z0-9\x80-\uffff#]+;")
_JOINERS = {"\u200c", "\u200d"}
# Default-ignorable code points that are not format (Cf) characters: invisible all the same.
_IGNORABLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\ufe00-\ufe0f\uffa0\ufff0-\ufff8"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)
# MediaWiki's canonical namespaces, those of the extensions Wikicarpedia runs (Translate,
# Scribunto) and the project's own, by number; aliases map to the canonical name.
NAMESPACES = {
    "Media": -2, "Special": -1, "Talk": 1, "User": 2, "User talk": 3, "Project": 4,
    "Project talk": 5, "Wikicarpedia": 4, "Wikicarpedia talk": 5, "File": 6, "File talk": 7,
    "MediaWiki": 8, "MediaWiki talk": 9, "Template": 10, "Template talk": 11, "Help": 12,
    "Help talk": 13, "Category": 14, "Category talk": 15, "Module": 828, "Module talk": 829,
    "Translations": 1198, "Translations talk": 1199,
}  # fmt: skip
_ALIASES = {"Image": "File", "Image talk": "File talk"}
_BY_KEY = {name.casefold(): name for name in NAMESPACES} | {
    alias.casefold(): name for alias, name in _ALIASES.items()
}


def _refused(char: str, before: str, after: str) -> bool:
    """A character no title may hold, given its neighbours (a joiner needs letters)."""
    code = ord(char)
    if code < 32 or 127 <= code < 160 or 0xD800 <= code < 0xE000 or char == "\ufffd":
        return True
    if (code & 0xFFFE) == 0xFFFE or 0xFDD0 <= code <= 0xFDEF:  # noncharacters
        return True
    if char in _JOINERS:
        return not (_script_letter(before) and _script_letter(after))
    kind = unicodedata.category(char)
    return kind in ("Cf", "Zl", "Zp") or _IGNORABLE.match(char) is not None


def _script_letter(char: str) -> bool:
    return bool(char) and not char.isascii() and unicodedata.category(char)[0] in "LM"


def _bad_characters(title: str) -> list[str]:
    bad = {
        char
        for index, char in enumerate(title)
        if _refused(char, title[index - 1 : index], title[index + 1 : index + 2])
    }
    return sorted(bad)


def _upper_first(text: str) -> str:
    if not text:
        return text
    upper = text[0].upper()
    return (upper if len(upper) == 1 else text[0]) + text[1:]


def namespace_of(title: str) -> int:
    """The namespace number of a normalised title (0: the main namespace)."""
    prefix, sep, _rest = title.partition(":")
    if not sep:
        return 0
    name = _BY_KEY.get(prefix.casefold())
    return NAMESPACES[name] if name else 0


def _with_namespace(title: str) -> str:
    """The namespace prefix in its canonical spelling, and the rest capitalised after it."""
    prefix, sep, rest = title.partition(":")
    name = _BY_KEY.get(prefix.strip().casefold()) if sep else None
    if name is None:
        return _upper_first(title)
    return f"{name}:{_upper_first(rest.strip())}"


def normalise_title(title: str, *, origin: str = "title") -> str:
    """The title as MediaWiki would store it (see the module's docstring), or `InputError`
    saying what is wrong with it."""
    normalised, problem = _normalised(title)
    if problem is not None:
        message, fix = problem
        raise InputError(message, path=origin, fix=fix)
    return normalised


# A run sees each title several times (listing, sweep, content answer; a file and its
# manifest): the answer is kept for the most recent ones.
@lru_cache(maxsize=1 << 14)
def _normalised(title: str) -> tuple[str, tuple[str, str] | None]:
    """(the normalised title, None), or ("", (what is wrong, the fix))."""
    shown = title[:200]
    # (printable ASCII holds none of them: the common case costs no look at each character)
    bad = [] if title.isascii() and title.isprintable() else _bad_characters(title)
    if bad:
        codes = ", ".join(f"U+{ord(c):04X}" for c in bad[:5])
        return "", (
            f"page title {shown!r} contains control characters ({codes}; format, "
            "bidirectional and other invisible characters count as such)",
            "remove control and invisible formatting characters from the title",
        )
    cleaned = _SPACES.sub(" ", unicodedata.normalize("NFC", title)).strip(" ")
    if not cleaned:
        return "", ("empty page title", "give a non-empty title")
    forbidden = sorted({c for c in cleaned if c in _FORBIDDEN})
    if forbidden:
        return "", (
            f"page title {shown!r} contains {''.join(forbidden)!r}, which wiki titles cannot hold",
            "use the page's real title",
        )
    escape = _ESCAPES.search(cleaned)
    if escape:
        return "", (
            f"page title {shown!r} holds the escape {escape.group()[:20]!r}, which wiki titles "
            "cannot hold",
            "write the character itself, not its %- or &-escape",
        )
    segments = cleaned.split("/")
    if any(seg in {".", ".."} for seg in segments) or cleaned.startswith("/"):
        return "", (
            f"page title {shown!r} has a relative path segment ('.' or '..')",
            "use the page's real title, e.g. 'Base game/ro'",
        )
    cleaned = _with_namespace(cleaned)
    base, sep, suffix = cleaned.rpartition("/")
    if sep and base and suffix == SOURCE_LANGUAGE:
        cleaned = base  # the English page is the source page itself
    size = len(cleaned.partition(":")[2].encode("utf-8")) if namespace_of(cleaned) else 0
    size = size or len(cleaned.encode("utf-8"))
    if size > TITLE_BYTES:
        return "", (
            f"page title {title[:60]!r}... is {size:,} bytes long; MediaWiki's titles hold at "
            f"most {TITLE_BYTES}",
            "use the page's real title",
        )
    return cleaned, None


@cache
def builtin_languages() -> dict[str, str]:
    """The 460 language codes Wikicarpedia offers (from a Special:ExportTranslations capture)."""
    text = resources.files("carcdb.pipeline.extract").joinpath("languages.txt").read_text("utf-8")
    codes: dict[str, str] = {}
    for line in text.split("\n"):
        code, _, name = line.partition(" - ")
        if code.strip():
            codes[code.strip()] = name.strip()
    return codes


def is_language(code: str, known: set[str] | None = None) -> bool:
    return code in (known if known is not None else builtin_languages())


def split_title(title: str, known_languages: set[str] | None = None) -> tuple[str, str]:
    """`Base game/ro` -> (`Base game`, `ro`); a title without a language suffix is English."""
    base, sep, suffix = title.rpartition("/")
    if sep and base and is_language(suffix, known_languages):
        return base, suffix
    return title, SOURCE_LANGUAGE


def resolve_title(
    title: str, language: str | None, *, origin: str, known_languages: set[str] | None = None
) -> tuple[str, str, str]:
    """Combine a title and an optional explicit language into (title, base_title, language).

    `--title "Base game" --lang ro` and `--title "Base game/ro"` mean the same page.
    """
    clean = normalise_title(title, origin=origin)
    base, suffix_language = split_title(clean, known_languages)
    if language is None:
        return clean, base, suffix_language
    if not is_language(language, known_languages):
        raise InputError(
            f"unknown language code {language!r}",
            path=origin,
            fix="use a code from the wiki's language list, e.g. en, de, fr, ro",
        )
    if clean != base and suffix_language != language:
        raise InputError(
            f"title {clean!r} says language {suffix_language!r} but --lang is {language!r}",
            path=origin,
            fix="drop --lang or make it match the title's suffix",
        )
    if language == SOURCE_LANGUAGE:
        return base, base, language
    return normalise_title(f"{base}/{language}", origin=origin), base, language
