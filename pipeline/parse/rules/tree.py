"""Where each node sits: its container, its index there and the templates and tags around it.

`ParsedDocument.located` gives offsets; rules extraction also needs structure: the siblings
after an `{{IconBook}}` (the note's text), whether a note is inside `<ref>`, which
`OtherExpansionRule` or block encloses it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from mwparserfromhell.nodes import Heading, Node, Tag, Template, Wikilink
from mwparserfromhell.wikicode import Wikicode

from pipeline.parse.rules.plaintext import template_name


@dataclass(frozen=True)
class Enclosure:
    """A node around another one, and the part holding it (a parameter name or a tag name)."""

    node: Node
    part: str


@dataclass(frozen=True)
class Site:
    node: Node
    container: Wikicode
    index: int
    enclosures: tuple[Enclosure, ...]  # outermost first

    @property
    def in_ref(self) -> bool:
        return any(
            isinstance(e.node, Tag) and str(e.node.tag).strip().lower() == "ref"
            for e in self.enclosures
        )

    def nearest_template(self, *names: str) -> Template | None:
        for enclosure in reversed(self.enclosures):
            node = enclosure.node
            if isinstance(node, Template) and template_name(node) in names:
                return node
        return None

    @property
    def top_level(self) -> bool:
        return not self.enclosures


def walk_sites(code: Wikicode, enclosures: tuple[Enclosure, ...] = ()) -> Iterator[Site]:
    """Every node in document order with its container and enclosures."""
    for index, node in enumerate(code.nodes):
        yield Site(node, code, index, enclosures)
        if isinstance(node, Template):
            for param in node.params:
                inner = (*enclosures, Enclosure(node, str(param.name).strip()))
                yield from walk_sites(param.value, inner)
        elif isinstance(node, Tag):
            if node.contents is not None:
                inner = (*enclosures, Enclosure(node, str(node.tag).strip().lower()))
                yield from walk_sites(node.contents, inner)
        elif isinstance(node, Wikilink):
            if node.text is not None:
                yield from walk_sites(node.text, (*enclosures, Enclosure(node, "text")))
        elif isinstance(node, Heading):
            yield from walk_sites(node.title, (*enclosures, Enclosure(node, "title")))
