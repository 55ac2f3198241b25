"""Where each rules node sits: its container, its index there and the templates and tags around it.

`ParsedDocument.located` gives offsets; rules extraction also needs structure: the siblings
after an `{{IconBook}}` (the note's text), whether a note is inside `<ref>`, which
`OtherExpansionRule` or block encloses it.

`find_sites` walks the tree once and returns only the nodes the rules stage reads (templates
by name, wikilinks); what encloses a site is kept as a chain of parents and spelled out as
`Enclosure`s only for the sites returned, so the parts of the many nodes no rule reads (a
parameter's name, a tag's name) are never turned into strings.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from functools import cached_property
from typing import TypeAlias

from mwparserfromhell.nodes import Heading, Node, Tag, Template, Text, Wikilink
from mwparserfromhell.nodes.extras import Parameter
from mwparserfromhell.wikicode import Wikicode

from carcdb.pipeline.parse.rules.plaintext import template_name


@dataclass(frozen=True)
class Enclosure:
    """A node around another one, and what of it holds that one: a parameter, or the part's
    name (`text` of a wikilink, `title` of a heading; a tag's part is its tag name)."""

    node: Node
    holder: Parameter | str

    @property
    def part(self) -> str:
        """The parameter's name or the tag's name (computed only when asked: rarely)."""
        if isinstance(self.holder, Parameter):
            return str(self.holder.name).strip()
        if isinstance(self.node, Tag):
            return str(self.node.tag).strip().lower()
        return self.holder


# One step out of a site: (the step further out, the enclosing node, what of it holds the
# site). None above the top level.
_Chain: TypeAlias = tuple["_Chain", Node, "Parameter | str"] | None


def _enclosures(chain: _Chain) -> tuple[Enclosure, ...]:
    """The chain as enclosures, outermost first."""
    found: list[Enclosure] = []
    while chain is not None:
        chain, node, holder = chain
        found.append(Enclosure(node, holder))
    found.reverse()
    return tuple(found)


LIST_MARKUP = ("*", "#")


def is_list_marker(node: Node) -> bool:
    """A `*` or `#` list item's markup tag."""
    return isinstance(node, Tag) and (node.wiki_markup or "").strip()[:1] in LIST_MARKUP


class Siblings:
    """The nodes of one container as a plain list (a SmartList indexes slowly), shared by
    the sites in it, with what rules ask of a position in it computed once for all."""

    def __init__(self, nodes: list[Node]) -> None:
        self.nodes = nodes

    @cached_property
    def in_list_item(self) -> list[bool]:
        """For each index: is the line up to that node a list item (`*`, `#` since the last
        newline of the container's text)? One forward pass instead of a scan back per node."""
        flags: list[bool] = []
        state = False
        for node in self.nodes:
            flags.append(state)
            if is_list_marker(node):
                state = True
            elif isinstance(node, Text) and "\n" in node.value:
                state = False
        return flags


class Site:
    """A node, the wikicode holding it, its index there, and what encloses it; a template's
    name as `template_name` reads it (None for a wikilink)."""

    def __init__(
        self,
        node: Node,
        container: Wikicode,
        siblings: Siblings,
        index: int,
        chain: _Chain,
        template: str | None,
    ) -> None:
        self.node = node
        self.template = template
        self.container = container
        self.siblings = siblings
        self.index = index
        self._chain = chain

    def named_template(self) -> tuple[Template, str]:
        """The template and its name, for a site found by template name."""
        node, name = self.node, self.template
        assert isinstance(node, Template) and name is not None
        return node, name

    @cached_property
    def enclosures(self) -> tuple[Enclosure, ...]:  # outermost first
        return _enclosures(self._chain)

    @property
    def in_ref(self) -> bool:
        return any(
            isinstance(e.node, Tag) and str(e.node.tag).strip().lower() == "ref"
            for e in self.enclosures
        )

    def nearest_template(self, *names: str) -> Template | None:
        chain = self._chain  # innermost first: `reversed(self.enclosures)`, not spelled out
        while chain is not None:
            chain, node, _ = chain
            if isinstance(node, Template) and template_name(node) in names:
                return node
        return None

    @property
    def top_level(self) -> bool:
        return self._chain is None


def _only_text(code: Wikicode) -> bool:
    """One text node and nothing else (most parameter values and bold texts): no site in it,
    so the walk need not enter it."""
    nodes = code.nodes
    if len(nodes) != 1:
        return False
    (only,) = nodes  # unpacking iterates; indexing a SmartList is slow
    return type(only) is Text


def find_sites(
    code: Wikicode, template_names: Collection[str], top_level_names: dict[int, str] | None = None
) -> list[Site]:
    """Templates named one of `template_names` (as `template_name` reads them) and every
    wikilink, in document order, each with its container and enclosures.

    The walk enters what a reader sees: template parameters, tag contents, wikilink texts and
    heading titles (not template names, tag attributes or link targets). It reads every
    template's name: `top_level_names`, when given, receives those of `code`'s own templates
    by `id()` (page regions read them too).
    """
    found: list[Site] = []
    _collect(code, None, template_names, found, top_level_names)
    return found


def _collect(
    code: Wikicode,
    chain: _Chain,
    names: Collection[str],
    found: list[Site],
    own_names: dict[int, str] | None = None,
) -> None:
    nodes = code.nodes
    # Made for the first site here and shared by the next ones (most containers hold none).
    siblings: Siblings | None = None
    for index, node in enumerate(nodes):
        kind = type(node)
        if kind is Text:  # most nodes: nothing inside, never a site
            continue
        if isinstance(node, Template):
            name = template_name(node)
            if own_names is not None:
                own_names[id(node)] = name
            if name in names:
                if siblings is None:
                    siblings = Siblings(list(nodes))
                found.append(Site(node, code, siblings, index, chain, name))
            for param in node.params:
                value = param.value
                if not _only_text(value):
                    _collect(value, (chain, node, param), names, found)
        elif isinstance(node, Tag):
            contents = node.contents
            if contents is not None and not _only_text(contents):
                _collect(contents, (chain, node, ""), names, found)
        elif isinstance(node, Wikilink):
            if siblings is None:
                siblings = Siblings(list(nodes))
            found.append(Site(node, code, siblings, index, chain, None))
            if node.text is not None:
                _collect(node.text, (chain, node, "text"), names, found)
        elif isinstance(node, Heading):
            _collect(node.title, (chain, node, "title"), names, found)
