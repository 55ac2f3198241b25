"""Section headings of a page, including headings inline in flattened text.

ExportTranslations captures flatten a page onto one line, so `== Rules ==` appears in the
middle of the text; mwparserfromhell only recognises headings at line starts. Headings are
searched in the page's top-level text with every template and comment masked out, so a
heading holding markup (`== '''Bold''' ==`, `== <span id="House">X</span> ==`) is one match
and a `==` inside a template never opens one. mwparserfromhell's own Heading nodes are kept
where the search finds nothing at their offset (e.g. an unbalanced `=== X ==`).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

import mwparserfromhell
from mwparserfromhell.nodes import Comment, Heading, Template

from pipeline.parse.locate import Located

# `== Title ==` with 2..6 equals signs on both sides, not part of a longer run of `=`.
INLINE_HEADING = re.compile(r"(?<![=|])(={2,6})[ \t]*([^=\n][^\n]*?)[ \t]*\1(?![=])")
# Stands for a masked character: neither `=`, `|` nor a newline, so it never starts, ends or
# breaks a heading; a title that holds a template stays one title.
MASK = "\x00"


@dataclass(frozen=True)
class SectionHeading:
    offset: int
    level: int
    title: str
    raw: str


def _plain(title: str) -> str:
    return " ".join(mwparserfromhell.parse(title).strip_code().split())


def _top_level_text(located: list[Located]) -> tuple[str, str]:
    """The document's text, and the same text with templates and comments masked.

    `located` lists nodes in document order; the top-level nodes are contiguous, and every
    nested node starts before the end of its top-level ancestor.
    """
    parts: list[str] = []
    masked_spans: list[tuple[int, int]] = []
    end = 0
    for item in located:
        if item.depth_in_templates:
            continue
        node_text = item.text
        if item.offset >= end:
            parts.append(node_text)
            end = item.offset + len(node_text)
        if isinstance(item.node, (Template, Comment)):
            masked_spans.append((item.offset, item.offset + len(node_text)))
    text = "".join(parts)
    masked = list(text)
    for start, stop in masked_spans:
        masked[start:stop] = MASK * (stop - start)
    return text, "".join(masked)


def find_headings(located: list[Located]) -> list[SectionHeading]:
    """Headings outside templates: `== X ==` runs anywhere in the top-level text."""
    text, masked = _top_level_text(located)
    found = [
        SectionHeading(
            match.start(),
            len(match.group(1)),
            _plain(text[slice(*match.span(2))]),
            text[slice(*match.span())],
        )
        for match in INLINE_HEADING.finditer(masked)
    ]
    starts = {heading.offset for heading in found}
    for item in located:
        node = item.node
        if isinstance(node, Heading) and not item.depth_in_templates and item.offset not in starts:
            found.append(
                SectionHeading(item.offset, node.level, _plain(str(node.title)), str(node))
            )
    found.sort(key=lambda heading: heading.offset)
    return found


class SectionIndex:
    """Answers "which headings enclose this offset" as a path from the top level down."""

    def __init__(self, headings: list[SectionHeading]) -> None:
        self.headings = headings
        self._offsets = [heading.offset for heading in headings]

    def path_at(self, offset: int) -> tuple[str, ...]:
        index = bisect.bisect_right(self._offsets, offset)
        path: list[SectionHeading] = []
        for heading in self.headings[:index]:
            while path and path[-1].level >= heading.level:
                path.pop()
            path.append(heading)
        return tuple(heading.title for heading in path)

    def heading_at(self, offset: int) -> SectionHeading | None:
        index = bisect.bisect_right(self._offsets, offset)
        return self.headings[index - 1] if index else None
