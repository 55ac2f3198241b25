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
from functools import cached_property

from mwparserfromhell.nodes import Comment, Heading, Template

from carcdb.pipeline.parse.fast.tree_builder import parse_wikitext
from carcdb.pipeline.parse.locate import NodeSpans

# `== Title ==` with 2..6 equals signs on both sides, not part of a longer run of `=`.
# The reference form, `(?<![=|])(={2,6})...`, is the same pattern; this one starts with a
# literal `=` and checks the character before it once that `=` is found, so the regex engine
# skips to the next `=` instead of testing the look-behind at every character.
INLINE_HEADING = re.compile(r"(=(?<![=|]=)={1,5})[ \t]*([^=\n][^\n]*?)[ \t]*\1(?![=])")
# Characters mwparserfromhell's tokenizer treats as possible markup (its MARKERS): a title
# without any of them parses to one text node, and `strip_code` gives it back unchanged.
_MARKUP_CHARACTER = re.compile(r"[{}\[\]<>|=&'\"#*;:/\-!\n]")
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
    """The heading's title as plain words: markup stripped, whitespace collapsed."""
    if _MARKUP_CHARACTER.search(title) is None:
        return " ".join(title.split())  # what parsing and stripping would give, without either
    return " ".join(parse_wikitext(title).strip_code().split())


def _markup_outside_templates(located: NodeSpans) -> tuple[list[int], list[int]]:
    """Positions in `located` of the templates and comments, and of the headings, outside
    templates (in document order)."""
    masked: list[int] = []
    headings: list[int] = []
    nodes = located.nodes
    depths = located.depths
    for index in located.markup:  # the nodes that are not text: a fifth of them
        if depths[index]:
            continue
        node = nodes[index]
        if isinstance(node, (Template, Comment)):
            masked.append(index)
        elif isinstance(node, Heading):
            headings.append(index)
    return masked, headings


def _masked(located: NodeSpans, spans: list[int]) -> str:
    """The document's text with the nodes at `spans` (positions in `located`) masked.

    The nodes are templates and comments outside templates: in document order and never
    nested (a comment has no children, whatever a template holds is inside a template).
    """
    text = located.text
    starts = located.starts
    ends = located.ends
    parts: list[str] = []
    cursor = 0
    for index in spans:
        start, stop = starts[index], ends[index]
        parts.append(text[cursor:start])
        parts.append(MASK * (stop - start))
        cursor = stop
    parts.append(text[cursor:])
    return "".join(parts)


def find_headings(located: NodeSpans) -> list[SectionHeading]:
    """Headings outside templates: `== X ==` runs anywhere in the top-level text."""
    text = located.text
    masked_nodes, heading_nodes = _markup_outside_templates(located)
    masked = _masked(located, masked_nodes)
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
    for index in heading_nodes:
        item = located[index]
        node = item.node
        if item.offset not in starts:
            assert isinstance(node, Heading)
            found.append(
                SectionHeading(item.offset, node.level, _plain(str(node.title)), item.text)
            )
    found.sort(key=lambda heading: heading.offset)
    return found


class SectionIndex:
    """Answers "which headings enclose this offset" as a path from the top level down."""

    def __init__(self, headings: list[SectionHeading]) -> None:
        self.headings = headings
        self._offsets = [heading.offset for heading in headings]

    def path_at(self, offset: int) -> tuple[str, ...]:
        return self._paths[bisect.bisect_right(self._offsets, offset)]

    @cached_property
    def _paths(self) -> list[tuple[str, ...]]:
        """The path after each prefix of the headings: `_paths[i]` is where the first `i`
        headings lead (a record asks per offset; the headings are walked once per page)."""
        paths: list[tuple[str, ...]] = [()]
        path: list[SectionHeading] = []
        for heading in self.headings:
            while path and path[-1].level >= heading.level:
                path.pop()
            path.append(heading)
            paths.append(tuple(heading.title for heading in path))
        return paths

    def heading_at(self, offset: int) -> SectionHeading | None:
        index = bisect.bisect_right(self._offsets, offset)
        return self.headings[index - 1] if index else None
