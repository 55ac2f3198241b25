"""Page regions for rules that are not templates: sections, heading templates, list items.

Flattened captures put a page on one line, so sections and list items are found in the raw
text of top-level nodes: text inside templates and tags is masked out first, so a `*` or a
heading inside a `<ref>` or a parameter never splits anything.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from mwparserfromhell.nodes import Tag, Template, Text

from carcdb.pipeline.parse.document import ParsedDocument
from carcdb.pipeline.parse.rules.plaintext import template_name
from carcdb.pipeline.parse.sections import SectionHeading

MASK = "\x00"
LIST_ITEM = re.compile(r"(?:(?<=\n)|(?<=^)|(?<=\s))[*#]+(?=\s)")


@dataclass(frozen=True)
class Region:
    start: int
    end: int


@dataclass(frozen=True)
class HeadingTemplate:
    offset: int
    end: int
    name: str


class PageRegions:
    """Top-level structure of one document: masked text, headings, heading templates.

    `template_names`: every top-level template's `template_name` by `id()`, when a walk of
    the tree has read them already (`find_sites`); read here otherwise.
    """

    def __init__(
        self, doc: ParsedDocument, template_names: Mapping[int, str] | None = None
    ) -> None:
        self.doc = doc
        self.template_names = template_names

    @cached_property
    def masked(self) -> str:
        """The wikitext with everything inside templates and tags replaced by MASK."""
        parts: list[str] = []
        for node in self.doc.tree.nodes:
            text = self.doc.text_of(node)
            if isinstance(node, Text):
                parts.append(text)
            elif isinstance(node, Tag) and (node.wiki_markup or "").strip()[:1] in ("*", "#"):
                parts.append(text)  # a list marker at a line start
            else:
                parts.append(MASK * len(text))
        return "".join(parts)

    @cached_property
    def heading_templates(self) -> list[HeadingTemplate]:
        """Top-level `{{...Heading}}` templates: the section headings of template-built pages."""
        found = []
        known = self.template_names
        for node in self.doc.tree.nodes:
            if not isinstance(node, Template):
                continue
            name = known[id(node)] if known is not None else template_name(node)
            if name.endswith("Heading"):
                offset = self.doc.offset_of(node)
                end = offset + len(self.doc.text_of(node))
                found.append(HeadingTemplate(offset, end, name))
        return found

    @property
    def headings(self) -> list[SectionHeading]:
        return self.doc.sections.headings

    def section_path(self, offset: int) -> list[str]:
        """Headings enclosing `offset`, then the heading template after the last heading."""
        path = list(self.doc.sections.path_at(offset))
        heading = self.doc.sections.heading_at(offset)
        floor = heading.offset if heading is not None else -1
        latest = [t for t in self.heading_templates if floor < t.offset <= offset]
        if latest:
            path.append(latest[-1].name)
        return path

    @cached_property
    def _boundaries(self) -> list[int]:
        """Every heading's and heading template's offset, in order (a page of thousands of
        headings took seconds when each lookup scanned them all)."""
        return sorted(
            [h.offset for h in self.headings] + [t.offset for t in self.heading_templates]
        )

    def boundaries_after(self, offset: int) -> int:
        """Where the next heading or heading template after `offset` starts (or the end)."""
        starts = self._boundaries
        index = bisect.bisect_right(starts, offset)
        return starts[index] if index < len(starts) else len(self.doc.revision.wikitext)

    @cached_property
    def _section_ends(self) -> dict[int, int]:
        """id(heading) -> the offset of the next heading of the same or a higher level (the
        text's end for a heading no later one closes), found in one pass in document order."""
        ends: dict[int, int] = {}
        open_headings: list[SectionHeading] = []
        for other in sorted(self.headings, key=lambda h: h.offset):
            while open_headings and open_headings[-1].level >= other.level:
                ends[id(open_headings.pop())] = other.offset
            open_headings.append(other)
        ends.update({id(h): len(self.doc.revision.wikitext) for h in open_headings})
        return ends

    def section_body(self, heading: SectionHeading) -> Region:
        """From after the heading to the next heading of the same or a higher level."""
        start = heading.offset + len(heading.raw)
        end = self._section_ends.get(id(heading))
        if end is None:  # a heading not of this page's index: found by a scan
            end = len(self.doc.revision.wikitext)
            for other in self.headings:
                if other.offset > heading.offset and other.level <= heading.level:
                    end = other.offset
                    break
        return Region(start, end)

    def direct_body(self, heading: SectionHeading) -> Region:
        """From after the heading to the next heading of any level."""
        start = heading.offset + len(heading.raw)
        return Region(start, self.boundaries_after(heading.offset))

    def list_items(self, region: Region) -> list[Region]:
        """Top-level list items (`*`, `#`, also inline ` * ` in flattened text) in `region`."""
        masked = self.masked[region.start : region.end]
        marks = list(LIST_ITEM.finditer(masked))
        items = []
        for i, mark in enumerate(marks):
            end = marks[i + 1].start() if i + 1 < len(marks) else _item_end(masked, mark.end())
            items.append(Region(region.start + mark.start(), region.start + end))
        return items


def _item_end(masked: str, start: int) -> int:
    """The last item ends at a blank line (line-based text) or the region's end."""
    blank = re.search(r"\n[ \t]*\n", masked[start:])
    return start + blank.start() if blank else len(masked)
