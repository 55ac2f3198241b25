"""Section headings of a page, including headings inline in flattened text.

ExportTranslations captures flatten a page onto one line, so `== Rules ==` appears in the
middle of text nodes; mwparserfromhell only recognises headings at line starts. Both kinds are
collected here, with their offsets, so any parser can ask which section an offset is in.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from mwparserfromhell.nodes import Heading, Text

from pipeline.parse.locate import Located

# `== Title ==` with 2..6 equals signs on both sides, not part of a longer run of `=`.
INLINE_HEADING = re.compile(r"(?<![=|])(={2,6})[ \t]*([^=\n][^\n]*?)[ \t]*\1(?![=])")


@dataclass(frozen=True)
class SectionHeading:
    offset: int
    level: int
    title: str
    raw: str


def _plain(title: str) -> str:
    import mwparserfromhell

    return " ".join(mwparserfromhell.parse(title).strip_code().split())


def find_headings(located: list[Located]) -> list[SectionHeading]:
    """Headings outside templates: real Heading nodes and `== X ==` runs inside text nodes."""
    found: list[SectionHeading] = []
    for item in located:
        if item.depth_in_templates:
            continue
        node = item.node
        if isinstance(node, Heading):
            found.append(
                SectionHeading(item.offset, node.level, _plain(str(node.title)), str(node))
            )
        elif isinstance(node, Text):
            for match in INLINE_HEADING.finditer(node.value):
                level = len(match.group(1))
                found.append(
                    SectionHeading(
                        item.offset + match.start(), level, _plain(match.group(2)), match.group(0)
                    )
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
