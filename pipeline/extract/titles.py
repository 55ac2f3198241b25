"""Wiki page titles: validation, and splitting `Base game/ro` into base title and language."""

from __future__ import annotations

from functools import cache
from importlib import resources

from pipeline.errors import InputError

SOURCE_LANGUAGE = "en"
# Characters MediaWiki forbids in titles, plus the ones our storage must never see.
_FORBIDDEN = set("#<>[]|{}")
# Invisible characters that change how a title reads or is compared: bidirectional controls
# (a title could display as another), zero-width space, the byte-order mark, line and
# paragraph separators. (Zero-width joiners stay: some scripts need them.)
_INVISIBLE = set(
    "\u061c\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
    "\u2066\u2067\u2068\u2069\u2028\u2029\ufeff"
)


def _is_control(char: str) -> bool:
    """C0 and C1 controls, DEL, lone surrogates, and the invisible characters above."""
    code = ord(char)
    return code < 32 or 127 <= code < 160 or 0xD800 <= code < 0xE000 or char in _INVISIBLE


@cache
def builtin_languages() -> dict[str, str]:
    """The 460 language codes Wikicarpedia offers (from a Special:ExportTranslations capture)."""
    text = resources.files("pipeline.extract").joinpath("languages.txt").read_text("utf-8")
    codes: dict[str, str] = {}
    for line in text.splitlines():
        code, _, name = line.partition(" - ")
        if code.strip():
            codes[code.strip()] = name.strip()
    return codes


def is_language(code: str, known: set[str] | None = None) -> bool:
    return code in (known if known is not None else builtin_languages())


def validate_title(title: str, *, origin: str = "title") -> str:
    """Return the normalised title or raise `InputError` saying what is wrong with it."""
    cleaned = title.strip().replace("_", " ")
    if not cleaned:
        raise InputError("empty page title", path=origin, fix="give a non-empty title")
    bad = sorted({c for c in cleaned if _is_control(c)})
    if bad:
        codes = ", ".join(f"U+{ord(c):04X}" for c in bad[:5])
        raise InputError(
            f"page title {title[:200]!r} contains control characters ({codes}; bidirectional "
            "and invisible formatting characters count as such)",
            path=origin,
            fix="remove control and invisible formatting characters from the title",
        )
    forbidden = sorted({c for c in cleaned if c in _FORBIDDEN})
    if forbidden:
        raise InputError(
            f"page title {title!r} contains {''.join(forbidden)!r}, which wiki titles cannot hold",
            path=origin,
            fix="use the page's real title",
        )
    segments = cleaned.split("/")
    if any(seg in {".", ".."} for seg in segments) or cleaned.startswith("/"):
        raise InputError(
            f"page title {title!r} has a relative path segment ('.' or '..')",
            path=origin,
            fix="use the page's real title, e.g. 'Base game/ro'",
        )
    return cleaned


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
    clean = validate_title(title, origin=origin)
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
    return f"{base}/{language}", base, language
