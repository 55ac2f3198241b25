"""Every node's span in one linear pass over the tree, checked against the wikitext.

mwparserfromhell nodes carry no positions. Rather than turning subtrees into strings and
searching for children inside their parents (`locate.search_walk`, O(size x depth)),
`linear_walk` visits the tree once in document order and emits each node's serialisation
piece by piece, exactly as mwparserfromhell 0.7's `__str__` methods build it, keeping a
running offset: a node starts at the offset before its first piece and ends after its last.

The pass is checked in O(n): the emitted pieces must join to the wikitext itself. On any
disagreement (a node type this module does not know, another mwparserfromhell version that
serialises differently, a tree changed after parsing) `locate_nodes` falls back to the exact
search walk, so the spans are always the ones the search walk gives on well-formed trees.
When `fast.MIRRORED` is false the search walk (over the library's public `str(node)`) is all
`locate_nodes` runs.
"""

from __future__ import annotations

from collections.abc import Callable

from mwparserfromhell.nodes import (
    Argument,
    Comment,
    ExternalLink,
    Heading,
    HTMLEntity,
    Node,
    Tag,
    Template,
    Text,
    Wikilink,
)
from mwparserfromhell.nodes.extras import Attribute
from mwparserfromhell.wikicode import Wikicode

from carcdb.pipeline.parse import fast
from carcdb.pipeline.parse.locate import NodeSpans, search_walk


class _Unsupported(Exception):
    """The tree holds something this module cannot serialise the way mwparserfromhell does."""


def locate_nodes(code: Wikicode, source: str) -> NodeSpans:
    """Every node of `code` (parsed from `source`) in document order with its span."""
    if not fast.MIRRORED:
        return search_walk(code)
    spans = linear_walk(code, source)
    return spans if spans is not None else search_walk(code)


def linear_walk(code: Wikicode, source: str) -> NodeSpans | None:
    """The one-pass spans, or None when the emitted pieces do not reproduce `source`."""
    if not source:  # nothing to check the pieces against: let the search walk decide
        return None
    spans = NodeSpans(source, [], [], [], [], [])
    pieces: list[str] = []
    emit, release = _emitter(spans, pieces)
    try:
        end = emit(code.nodes, 0, 0)
    except (_Unsupported, AttributeError, TypeError):  # e.g. a node built by hand
        return None
    finally:
        release()
    if end != len(source) or "".join(pieces) != source:
        return None
    return spans


_Emit = Callable[[list[Node], int, int], int]

# The walk reads the attributes behind mwparserfromhell's properties (`Text._value` for
# `Text.value`, `Wikicode._nodes` for `Wikicode.nodes`, ...): each property only returns its
# attribute, and on Python 3.11 a property read is a Python call, once per node and per
# parameter. Should a version store them otherwise, the AttributeError or the join check in
# `linear_walk` sends the tree to the search walk, as for any disagreement.


def _emitter(spans: NodeSpans, pieces: list[str]) -> tuple[_Emit, Callable[[], None]]:
    """`emit(nodes, position, depth)`: append the nodes' spans; return where they end. And
    `release()`, to call when done.

    Closures over the lists' bound `append`s: this runs once per node of every revision. The
    closures call each other, a reference cycle that holds `spans` and through it the whole
    tree: `release` breaks it, so that the tree is freed as soon as its page is done, not by
    a later garbage collection that has to walk it first.
    """
    nodes_seen = spans.nodes
    ends = spans.ends
    add_node = nodes_seen.append
    add_start = spans.starts.append
    add_end = ends.append
    add_depth = spans.depths.append
    add_piece = pieces.append
    markup = spans.markup

    def emit(nodes: list[Node], position: int, depth: int) -> int:
        first_index = len(nodes_seen)
        start = position
        for node in nodes:
            kind = type(node)
            if kind is Text:  # most nodes: a leaf whose value is its text
                value = node._value  # type: ignore[attr-defined]
                add_node(node)
                add_start(position)
                add_depth(depth)
                position += len(value)
                add_end(position)
                add_piece(value)
                continue
            index = len(nodes_seen)
            markup.append(index)
            add_node(node)
            add_start(position)
            add_depth(depth)
            add_end(position)
            if kind is Template:
                position = template(node, position, depth + 1)  # type: ignore[arg-type]
            elif kind is Tag:
                position = tag(node, position, depth)  # type: ignore[arg-type]
            else:
                position = other(node, position, depth)
            ends[index] = position
        if position == start and len(nodes_seen) > first_index:
            # Only empty nodes: the search walk skips an empty child, so drop them too.
            for column in (nodes_seen, spans.starts, ends, spans.depths):
                del column[first_index:]
            while markup and markup[-1] >= first_index:
                markup.pop()
        return position

    def template(node: Template, position: int, depth: int) -> int:
        # `{{name|value|key=value}}`; `depth` already counts this template.
        add_piece("{{")
        position = emit(node._name._nodes, position + 2, depth)
        for param in node._params:
            add_piece("|")
            position += 1
            if param._showkey:
                position = emit(param._name._nodes, position, depth)
                add_piece("=")
                position += 1
            position = emit(param._value._nodes, position, depth)
        add_piece("}}")
        return position + 2

    def piece(text: str, position: int) -> int:
        add_piece(text)
        return position + len(text)

    def tag(node: Tag, position: int, depth: int) -> int:
        # Pieces are appended inline (no `piece` call): a page has thousands of tags.
        wiki_markup = node._wiki_markup
        if wiki_markup:  # bold and italics, list items, tables: markup instead of brackets
            add_piece(wiki_markup)
            position = attributes(node._attrs, position + len(wiki_markup), depth)
            opening = (node._padding or "") + (node._wiki_style_separator or "")
            add_piece(opening)
            position += len(opening)
            if node._self_closing:
                return position
            position = emit(node._contents._nodes, position, depth)
            closing = node._closing_wiki_markup or ""
            add_piece(closing)
            return position + len(closing)
        opening = "</" if node._invalid else "<"
        add_piece(opening)
        position = emit(node._tag._nodes, position + len(opening), depth)
        position = attributes(node._attrs, position, depth)
        if node._self_closing:
            closing = node._padding + (">" if node._implicit else "/>")
            add_piece(closing)
            return position + len(closing)
        opening = node._padding + ">"
        add_piece(opening)
        position = emit(node._contents._nodes, position + len(opening), depth)
        add_piece("</")
        position = emit(node._closing_tag._nodes, position + 2, depth)
        add_piece(">")
        return position + 1

    def attributes(attrs: list[Attribute], position: int, depth: int) -> int:
        # Each: pad_first name pad_before_eq [= pad_after_eq quotes value quotes]
        for attr in attrs:
            position = piece(attr._pad_first, position)
            position = emit(attr._name._nodes, position, depth)
            position = piece(attr._pad_before_eq, position)
            value = attr._value
            if value is not None:
                quotes = attr._quotes or ""
                position = piece("=" + attr._pad_after_eq + quotes, position)
                position = emit(value._nodes, position, depth)
                position = piece(quotes, position)
        return position

    def other(node: Node, position: int, depth: int) -> int:
        kind = type(node)
        if kind is Wikilink:
            assert isinstance(node, Wikilink)
            position = emit(node.title.nodes, piece("[[", position), depth)
            if node.text is not None:
                position = emit(node.text.nodes, piece("|", position), depth)
            return piece("]]", position)
        if kind is Comment or kind is HTMLEntity:  # leaves
            return piece(str(node), position)
        if kind is Heading:
            assert isinstance(node, Heading)
            marks = "=" * node.level
            position = emit(node.title.nodes, piece(marks, position), depth)
            return piece(marks, position)
        if kind is ExternalLink:
            assert isinstance(node, ExternalLink)
            if not node.brackets:
                if node.title is not None:  # a child that `str(node)` does not show
                    raise _Unsupported("bare external link with a title")
                return emit(node.url.nodes, position, depth)
            position = emit(node.url.nodes, piece("[", position), depth)
            if node.title is not None:
                space = "" if node.suppress_space is True else " "
                position = emit(node.title.nodes, piece(space, position), depth)
            return piece("]", position)
        if kind is Argument:
            assert isinstance(node, Argument)
            position = emit(node.name.nodes, piece("{{{", position), depth)
            if node.default is not None:
                position = emit(node.default.nodes, piece("|", position), depth)
            return piece("}}}", position)
        raise _Unsupported(kind.__name__)

    def release() -> None:
        nonlocal template, tag, attributes, other
        del template, tag, attributes, other

    return emit, release
