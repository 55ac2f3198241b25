"""One revision parsed once: the tree, node offsets, headings and locations for records.

Every extractor (tiles, rules, ...) reads the same `ParsedDocument`, so a build parses each
revision's wikitext with mwparserfromhell exactly once. What is parsed is the page as it shows
itself (`pipeline.parse.inclusion`: `<includeonly>` content dropped, `<noinclude>` and
`<onlyinclude>` tags dropped): `doc.revision.wikitext` is that text, and the lines and
columns of locations are those of the stored wikitext.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, TypeVar, cast

from mwparserfromhell.nodes import Node, Text
from mwparserfromhell.wikicode import Wikicode

from carcdb.pipeline.parse.fast.spans import locate_nodes
from carcdb.pipeline.parse.fast.tree_builder import parse_wikitext
from carcdb.pipeline.parse.inclusion import ViewedLines, as_viewed
from carcdb.pipeline.parse.locate import LineIndex, NodeSpans
from carcdb.pipeline.parse.sections import SectionIndex, find_headings
from carcdb.schemas.base import SourceLocation
from carcdb.schemas.fastpath import Validator
from carcdb.schemas.findings import Finding, Severity

SNIPPET_LIMIT = 400
T = TypeVar("T")
_LOCATION = Validator(SourceLocation)


@dataclass(frozen=True)
class RevisionText:
    """What a parser needs to know of a stored revision."""

    revision_key: str
    title: str
    base_title: str
    language: str
    wikitext: str


@dataclass
class ParsedDocument:
    revision: RevisionText
    tree: Wikicode = field(init=False)
    _derived: dict[str, object] = field(init=False, default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        stored = self.revision.wikitext
        self._viewed = as_viewed(stored)
        self._stored = stored
        if self._viewed.cuts:
            self.revision = replace(self.revision, wikitext=self._viewed.text)
        self.tree = parse_wikitext(self.revision.wikitext)

    def derived(self, key: str, compute: Callable[[], T]) -> T:
        """A result more than one stage reads, computed once per document: the tiles stage's
        output is its own records and the contents stage's products and editions."""
        if key not in self._derived:
            self._derived[key] = compute()
        return cast(T, self._derived[key])

    @cached_property
    def located(self) -> NodeSpans:
        """Every node in document order with its offset (a sequence of `Located`)."""
        return locate_nodes(self.tree, self.revision.wikitext)

    @cached_property
    def offsets(self) -> dict[int, int]:
        """id(node) -> offset, for nodes found by other means (e.g. `filter_templates`)."""
        return dict(zip(map(id, self.located.nodes), self.located.starts, strict=True))

    @cached_property
    def lines(self) -> LineIndex | ViewedLines:
        if self._viewed.cuts:
            return ViewedLines(self._stored, self._viewed)
        return LineIndex(self.revision.wikitext)

    @cached_property
    def sections(self) -> SectionIndex:
        return SectionIndex(find_headings(self.located))

    @cached_property
    def texts(self) -> dict[int, str]:
        """id(node) -> str(node), for every node (`text_of` slices only the one asked for)."""
        return {id(item.node): item.text for item in self.located}

    def offset_of(self, node: Node) -> int:
        index = self.located.position_of(node)
        return 0 if index is None else self.located.starts[index]

    def text_of(self, node: Node) -> str:
        """`str(node)`, sliced from the document's text for a node of the tree."""
        if type(node) is Text:
            return node.value  # its text, in the tree or not, and its span's text if in it
        located = self.located
        index = located.position_of(node)
        if index is None:
            return str(node)
        return located.text[located.starts[index] : located.ends[index]]

    def location(self, offset: int, snippet: str) -> SourceLocation:
        # A page makes one location per record: validated from its fields (`fastpath`).
        return _LOCATION.one(self.location_fields(offset, snippet[:SNIPPET_LIMIT]))

    def location_fields(self, offset: int, snippet: str) -> dict[str, Any]:
        """The fields of the `SourceLocation` at `offset` with that snippet (as it is), for
        records validated from dicts with their location inside."""
        line, col = self.lines.line_col(offset)
        rev = self.revision
        return {
            "title": rev.title,
            "language": rev.language,
            "revision_key": rev.revision_key,
            "line": line,
            "col": col,
            "snippet": snippet,
        }

    def finding(
        self,
        stage: str,
        severity: Severity,
        code: str,
        message: str,
        *,
        offset: int | None = None,
        snippet: str | None = None,
    ) -> Finding:
        line = col = None
        if offset is not None:
            line, col = self.lines.line_col(offset)
        rev = self.revision
        return Finding(
            severity=severity,
            code=code,
            message=message,
            stage=stage,
            title=rev.title,
            language=rev.language,
            revision_key=rev.revision_key,
            line=line,
            col=col,
            snippet=snippet[:SNIPPET_LIMIT] if snippet is not None else None,
        )
