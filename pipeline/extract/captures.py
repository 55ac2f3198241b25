"""Saved wiki web pages: "View source for <Title>" and `Special:ExportTranslations` captures.

Both have site chrome around the wikitext. An ExportTranslations capture also carries the
wiki's **Group** list (every translatable page) and **Language** list (`code - Name`), which
become the page and language catalogs. Its wikitext is flattened onto one line and the page
title is not printed, so the title and language come from the caller or a manifest.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from carcdb.pipeline.errors import InputError
from carcdb.pipeline.extract.truncation import is_truncated_capture

VIEW_SOURCE_PREFIX = "View source for "
# Lines the view-source page prints around the wikitext.
# A MediaWiki language code: lower-case letters, digits and hyphens (`ro`, `zh-hans`,
# `be-tarask`, `simple`); the longest the wiki lists is 11 characters.
_LANGUAGE_CODE = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
_LANGUAGE_CODE_MAX = 35
_VIEW_SOURCE_PREAMBLE = (
    "You do not have permission to edit this page",
    "The action you have requested is limited",
    "You can view and copy the source of this page",
    "This page has been protected",
)


def looks_like_view_source(text: str) -> bool:
    first = next((line for line in text.split("\n") if line.strip()), "")
    return first.startswith(VIEW_SOURCE_PREFIX)


def looks_like_export_translations(text: str) -> bool:
    lines = {line.strip() for line in text.split("\n")}
    return {"Group", "Language", "Format", "Fetch"} <= lines


def _is_chrome(line: str, title: str | None) -> bool:
    stripped = line.strip()
    if stripped in {"Navigation menu", "Templates used on this page:"}:
        return True
    if stripped.startswith('Retrieved from "http'):
        return True
    # The view-source page ends with "Return to <its title>."; other "Return to" text is content.
    return title is not None and stripped == f"Return to {title}."


def _cut_trailing_chrome(lines: list[str], title: str | None = None) -> tuple[list[str], bool]:
    """The lines before the page chrome that follows the wikitext, and whether there was
    any (a capture with chrome after its wikitext reached the end of the page)."""
    for index, line in enumerate(lines):
        if _is_chrome(line, title):
            return lines[:index], True
    return lines, False


def _refuse_if_cut(wikitext: str, chrome_after: bool, origin: str) -> None:
    inside = is_truncated_capture(wikitext, chrome_after)
    if inside is not None:
        raise InputError(
            f"the capture stops inside {inside} and no page footer follows its wikitext: it "
            "looks cut short, and storing it would lose everything after the cut",
            path=origin,
            fix="save the whole page again (if the page really ends so, save its wikitext "
            "alone as a .wiki file and import that with --title)",
        )


def read_view_source(text: str, origin: str) -> tuple[str, str, bool]:
    """Return (title, wikitext, footer seen) of a "View source for <Title>" capture (the
    footer: page chrome after the wikitext, the sign the capture reached the page's end)."""
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if line.strip()), None)
    if start is None:
        raise InputError(
            "view-source capture holds no text", path=origin, fix="save the page again"
        )
    title = lines[start].strip()[len(VIEW_SOURCE_PREFIX) :].strip()
    body = lines[start + 1 :]
    while body and (not body[0].strip() or body[0].startswith(_VIEW_SOURCE_PREAMBLE)):
        body.pop(0)
    kept, chrome_after = _cut_trailing_chrome(body, title)
    wikitext = "\n".join(kept).strip("\n")
    if not wikitext.strip():
        raise InputError(
            f"view-source capture of {title!r} holds no wikitext",
            path=origin,
            fix="save the page again once it has loaded completely",
        )
    _refuse_if_cut(wikitext, chrome_after, origin)
    return title, wikitext + "\n", chrome_after


@dataclass(frozen=True)
class ExportTranslationsCapture:
    wikitext: str
    group_titles: tuple[str, ...]
    languages: tuple[tuple[str, str], ...]
    footer_seen: bool = False  # page chrome after the wikitext: the capture is whole


def _index_of(lines: list[str], marker: str, origin: str, start: int = 0) -> int:
    for index in range(start, len(lines)):
        if lines[index].strip() == marker:
            return index
    raise InputError(
        f"ExportTranslations capture has no {marker!r} line",
        path=origin,
        fix="save the whole Special:ExportTranslations page",
    )


def read_export_translations(text: str, origin: str) -> ExportTranslationsCapture:
    lines = text.split("\n")
    group = _index_of(lines, "Group", origin)
    language = _index_of(lines, "Language", origin, group + 1)
    fmt = _index_of(lines, "Format", origin, language + 1)
    fetch = _index_of(lines, "Fetch", origin, fmt + 1)
    titles = tuple(line.strip() for line in lines[group + 1 : language] if line.strip())
    languages: list[tuple[str, str]] = []
    for offset, line in enumerate(lines[language + 1 : fmt], start=language + 2):
        if not line.strip():
            continue
        code, sep, name = line.partition(" - ")
        if not sep or not code.strip():
            raise InputError(
                f"line {offset}: language entry {line!r} is not 'code - Name'",
                path=origin,
                fix="save the whole Special:ExportTranslations page",
            )
        code = code.strip()
        if len(code) > _LANGUAGE_CODE_MAX or not _LANGUAGE_CODE.fullmatch(code):
            raise InputError(
                f"line {offset}: language code {code[:40]!r} is not a MediaWiki language code "
                "(lower-case letters, digits and hyphens, e.g. ro, zh-hans)",
                path=origin,
                fix="save the whole Special:ExportTranslations page",
            )
        languages.append((code, name.strip()))
    body, chrome_after = _cut_trailing_chrome(lines[fetch + 1 :])
    wikitext = "\n".join(body).strip()
    if not wikitext:
        raise InputError(
            "ExportTranslations capture holds no wikitext after 'Fetch'",
            path=origin,
            fix="press Fetch on the page and save it once the text is shown",
        )
    _refuse_if_cut(wikitext, chrome_after, origin)
    return ExportTranslationsCapture(wikitext, titles, tuple(languages), chrome_after)
