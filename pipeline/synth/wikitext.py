"""Cheap wikitext surgery for the generator: top-level pieces and a template's own parameters.

The generator makes thousands of pages, so it does not build mwparserfromhell trees: it
splits text at `{{ }}` / `[[ ]]` depth with one regex scan, which is all it needs to tell
prose (translated) from markup (kept) and to find the templates of a tile list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from carcdb.pipeline.parse.values import split_top_level

_TOKEN = re.compile(r"\{\{|\}\}|\[\[|\]\]|<!--.*?(?:-->|$)|<[^<>\n]*>", re.DOTALL)


@dataclass(frozen=True)
class Piece:
    kind: str  # "prose" (top-level text) or "markup" (a template, link, tag or comment)
    text: str


def top_level_pieces(text: str) -> list[Piece]:
    """Split `text` into top-level prose and markup pieces; joining them gives `text` back."""
    pieces: list[Piece] = []
    depth = 0
    start = 0  # start of the current piece
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in ("{{", "[["):
            if depth == 0 and match.start() > start:
                pieces.append(Piece("prose", text[start : match.start()]))
                start = match.start()
            depth += 1
        elif token in ("}}", "]]"):
            if depth == 0:
                continue  # a stray closer is just text
            depth -= 1
            if depth == 0:
                pieces.append(Piece("markup", text[start : match.end()]))
                start = match.end()
        elif depth == 0:  # a tag or comment at top level
            if match.start() > start:
                pieces.append(Piece("prose", text[start : match.start()]))
            pieces.append(Piece("markup", token))
            start = match.end()
    if start < len(text):
        # An unclosed template runs to the end: markup, never translated.
        pieces.append(Piece("markup" if depth else "prose", text[start:]))
    return pieces


def template_name(text: str) -> str:
    """`{{Tile|image=...}}` -> `Tile` (empty for anything that is not a template)."""
    if not text.startswith("{{"):
        return ""
    end = len(text)
    for stop in ("|", "}}", "\n"):
        found = text.find(stop, 2)
        if found != -1:
            end = min(end, found)
    return text[2:end].strip()


def split_params(text: str) -> list[str]:
    """The template's own `|`-separated parts (nested templates/links kept whole)."""
    return split_top_level(text[2:-2] if text.endswith("}}") else text[2:])


def join_params(parts: list[str]) -> str:
    return "{{" + "|".join(parts) + "}}"


def param(text: str, name: str) -> str | None:
    for part in split_params(text)[1:]:
        key, sep, value = part.partition("=")
        if sep and key.strip() == name:
            return value
    return None


def with_param(text: str, name: str, value: str) -> str:
    """The template with parameter `name` set to `value` (added at the end when missing)."""
    parts = split_params(text)
    for index, part in enumerate(parts[1:], start=1):
        key, sep, _ = part.partition("=")
        if sep and key.strip() == name:
            parts[index] = f"{key}={value}"
            return join_params(parts)
    return join_params([*parts, f"{name}={value}"])
