"""Finding the tile lists of a page: their entries, their section, and broken entries.

Walks the shared `ParsedDocument` once, in document order, looking at nodes outside any
template: `BeginTileList` opens a list, `EndTileList` closes it, `Tile` templates in between
are its entries. Section context comes from real headings (line-start and inline, see
`pipeline.parse.sections`) and from heading templates (`TileDistributionHeading`,
`TileDistributionExpansion|title=...`).

The tolerant pass: a `{{Tile|...)}` missing a closing brace is not a template to
mwparserfromhell; its text shows up as a Text node starting `{{Tile|`. Such a chunk (up to
the next entry or the end of the list) is repaired by adding the missing braces after its
last `}`, parsed on its own, and reported as `tiles.unbalanced-braces`.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from itertools import compress
from operator import not_

from mwparserfromhell.nodes import Node, Template, Text

from carcdb.pipeline.parse.document import ParsedDocument
from carcdb.pipeline.parse.fast.tree_builder import parse_wikitext
from carcdb.pipeline.parse.sections import SectionHeading
from carcdb.pipeline.parse.tiles.identity import EDITION_TEXT_TEMPLATES, heading_edition
from carcdb.pipeline.parse.values import (
    TemplateParams,
    is_template,
    key_is,
    raw_param,
    template_key,
    wanted_key,
)
from carcdb.schemas.findings import Severity

_TILE_START = re.compile(r"\{\{\s*Tile\s*\|", re.IGNORECASE)
TILE_DISTRIBUTION_HEADING = "Tile distribution"
# What a template outside any other template means to the list finder, by its name's key.
_HEADING_TEMPLATES = frozenset(
    wanted_key(name) for name in ("TileDistributionHeading", "TileDistributionExpansion")
)
_EVENT_TEMPLATES = {
    wanted_key("BeginTileList"): "begin",
    wanted_key("EndTileList"): "end",
    wanted_key("Tile"): "tile",
}


@dataclass(frozen=True)
class Problem:
    code: str
    severity: Severity
    message: str
    offset: int
    snippet: str


@dataclass(slots=True)  # not frozen: a frozen dataclass's __init__ costs several times more
class RawEntry:
    template: Template
    offset: int
    raw: str
    recovered: bool = False
    params: TemplateParams = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Every entry's parameters are read (count, image, config): read the names once.
        self.params = TemplateParams(self.template)


@dataclass(frozen=True)
class Section:
    path: tuple[str, ...]
    key: str
    edition: str | None


@dataclass
class RawList:
    begin: Template
    offset: int
    section: Section
    entries: list[RawEntry] = field(default_factory=list)
    closed: bool = False

    @cached_property
    def params(self) -> TemplateParams:
        return TemplateParams(self.begin)


@dataclass
class PageLists:
    lists: list[RawList] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


@dataclass(frozen=True)
class _TemplateHeading:
    offset: int
    outer: bool  # TileDistributionHeading (outer) or TileDistributionExpansion (inner)
    title: str
    edition: str | None


def _template_heading(key: str, node: Template, offset: int) -> _TemplateHeading | None:
    """A heading template (`key` is its `template_key()`), or None."""
    if key_is(key, "TileDistributionHeading"):
        return _TemplateHeading(offset, True, TILE_DISTRIBUTION_HEADING, None)
    if key_is(key, "TileDistributionExpansion"):
        title = raw_param(node, "title")
        text = " ".join(str(title).split()) if title is not None else ""
        edition = None
        if title is not None:
            for inner in title.filter_templates(recursive=False):
                inner_key = template_key(inner)
                for name, code in EDITION_TEXT_TEMPLATES.items():
                    if key_is(inner_key, name):
                        edition = code
            if edition is None:
                edition = heading_edition(title.strip_code())
        return _TemplateHeading(offset, False, text or "(untitled expansion)", edition)
    return None


def _section_at(
    doc: ParsedDocument, offset: int, template_headings: list[_TemplateHeading]
) -> Section:
    """The section of a list starting at `offset` (the reference `SectionWalk.at` follows)."""
    path = list(doc.sections.path_at(offset))
    innermost = doc.sections.heading_at(offset)
    return _section(path, innermost, offset, template_headings, heading_edition)


def _section(
    path: list[str],
    innermost: SectionHeading | None,
    offset: int,
    template_headings: list[_TemplateHeading],
    edition_of: Callable[[str], str | None],
) -> Section:
    """The section from the heading path at `offset` and the heading templates before it."""
    key_offset = innermost.offset if innermost else -1
    after = [h for h in template_headings if key_offset < h.offset < offset]
    outer = [h for h in after if h.outer]
    if outer:
        path.append(outer[-1].title)
        key_offset = outer[-1].offset
        after = [h for h in after if h.offset > key_offset]
    inner = [h for h in after if not h.outer]
    edition = None
    if inner:
        path.append(inner[-1].title)
        key_offset = inner[-1].offset
        edition = inner[-1].edition
    if edition is None:
        for title in reversed(path):
            edition = edition_of(title)
            if edition:
                break
    return Section(tuple(path), f"{key_offset}:{' > '.join(path)}", edition)


class SectionWalk:
    """The sections of a page's lists, asked in document order: same answers as `_section_at`.

    `SectionIndex.path_at` rebuilds the heading path from the page's first heading at every
    call; here the path is a stack carried from one list to the next, and each title's edition
    is read once. An offset before the previous one is answered by `_section_at`.
    """

    def __init__(self, doc: ParsedDocument, template_headings: list[_TemplateHeading]) -> None:
        self.doc = doc
        self.template_headings = template_headings
        self.headings = doc.sections.headings
        self.offsets = [heading.offset for heading in self.headings]
        self.pushed = 0  # headings[:pushed] are on the stack (as `path_at` would walk them)
        self.stack: list[SectionHeading] = []
        self.editions: dict[str, str | None] = {}

    def edition_of(self, title: str) -> str | None:
        """`heading_edition(title)`, read once per title (a function of the title alone)."""
        if title in self.editions:
            return self.editions[title]
        edition = self.editions[title] = heading_edition(title)
        return edition

    def at(self, offset: int) -> Section:
        index = bisect.bisect_right(self.offsets, offset)
        if index < self.pushed:
            return _section_at(self.doc, offset, self.template_headings)
        stack = self.stack
        for heading in self.headings[self.pushed : index]:
            while stack and stack[-1].level >= heading.level:
                stack.pop()
            stack.append(heading)
        self.pushed = index
        innermost = self.headings[index - 1] if index else None
        path = [heading.title for heading in stack]
        return _section(path, innermost, offset, self.template_headings, self.edition_of)


def _repair(chunk: str) -> str | None:
    """The chunk with the braces it lacks added after its last `}`; None if not fixable."""
    missing = chunk.count("{") - chunk.count("}")
    last = chunk.rfind("}")
    if missing <= 0 or last < 0:
        return None
    return chunk[: last + 1] + "}" * missing + chunk[last + 1 :]


def _recover(text: str, start: int, end: int) -> tuple[Template | None, str]:
    chunk = text[start:end].rstrip()
    repaired = _repair(chunk)
    if repaired is None:
        return None, chunk
    nodes = parse_wikitext(repaired).nodes
    first = nodes[0] if nodes else None
    if is_template(first, "Tile"):
        return first, chunk
    return None, chunk


def find_lists(doc: ParsedDocument) -> PageLists:
    """Every tile list of the page, in document order, with problems found on the way."""
    result = PageLists()
    events: list[tuple[int, str, Node]] = []
    template_headings: list[_TemplateHeading] = []
    located = doc.located
    # The nodes outside templates with their offsets, in document order; no `Located` is
    # made per node (a Text's `value` is its text, as `Located.text` would slice it).
    pairs = zip(located.nodes, located.starts, strict=True)
    outside = compress(pairs, map(not_, located.depths))
    for node, offset in outside:
        if isinstance(node, Text):
            value = node.value
            if "{{" in value:  # `{{` first: most text has none
                for match in _TILE_START.finditer(value):
                    events.append((offset + match.start(), "broken", node))
        elif isinstance(node, Template):
            key = template_key(node)
            event = _EVENT_TEMPLATES.get(key)
            if event is not None:
                events.append((offset, event, node))
            elif key in _HEADING_TEMPLATES:
                heading = _template_heading(key, node, offset)
                if heading is not None:
                    template_headings.append(heading)
    events.sort(key=lambda event: event[0])

    text = doc.revision.wikitext
    sections = SectionWalk(doc, template_headings)
    current: RawList | None = None
    for index, (offset, kind, event_node) in enumerate(events):
        node = event_node
        if kind == "begin":
            assert isinstance(node, Template)
            if current is not None:
                result.problems.append(
                    Problem(
                        "tiles.unclosed-list",
                        Severity.WARNING,
                        "BeginTileList before the previous list's EndTileList; closing it here",
                        current.offset,
                        str(current.begin),
                    )
                )
            current = RawList(node, offset, sections.at(offset))
            result.lists.append(current)
        elif kind == "end":
            if current is None:
                result.problems.append(
                    Problem(
                        "tiles.unmatched-end-list",
                        Severity.INFO,
                        "EndTileList without an open BeginTileList (used as a layout closer?)",
                        offset,
                        str(node),
                    )
                )
            else:
                current.closed = True
                current = None
        elif kind == "tile":
            assert isinstance(node, Template)
            if current is not None:
                current.entries.append(RawEntry(node, offset, doc.text_of(node)))
            elif TemplateParams(node).has("count"):
                result.problems.append(
                    Problem(
                        "tiles.entry-outside-list",
                        Severity.WARNING,
                        "Tile with count= outside any BeginTileList/EndTileList (not counted)",
                        offset,
                        str(node),
                    )
                )
        elif current is not None:  # a `{{Tile|` the parser could not read as a template
            end = events[index + 1][0] if index + 1 < len(events) else len(text)
            template, chunk = _recover(text, offset, end)
            if template is None:
                result.problems.append(
                    Problem(
                        "tiles.unparseable-entry",
                        Severity.ERROR,
                        "a {{Tile| entry that is not a template and could not be repaired",
                        offset,
                        chunk,
                    )
                )
                continue
            result.problems.append(
                Problem(
                    "tiles.unbalanced-braces",
                    Severity.WARNING,
                    f"Tile entry lacks {chunk.count('{') - chunk.count('}')} closing brace(s); "
                    "read as if they were there",
                    offset,
                    chunk,
                )
            )
            current.entries.append(RawEntry(template, offset, chunk, recovered=True))
    if current is not None:
        result.problems.append(
            Problem(
                "tiles.unclosed-list",
                Severity.WARNING,
                "BeginTileList never closed by EndTileList; the list runs to the end of the page",
                current.offset,
                str(current.begin),
            )
        )
    return result
