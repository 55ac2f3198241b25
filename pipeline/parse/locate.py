"""Positions in wikitext: every node's span (`NodeSpans`), the exact search walk, line:column.

mwparserfromhell nodes carry no positions. `pipeline.parse.fast.spans` finds every node's span in
one linear pass; `search_walk` here is the exact reference it falls back to: a node starts
where the previous sibling ended, and a child's text is found inside its parent's text in
order. Each level turns each subtree into a string once (a child's text is the join of its
nodes' texts), so the search costs O(size x depth).

Spans are kept as parallel lists of ints, not one object per node: a page has thousands of
nodes, most never asked about, and every long-lived object also costs the garbage collector.
`Located` objects are made only while a reader iterates.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Sequence
from functools import cached_property, partial
from itertools import compress, repeat
from operator import not_
from typing import Any, NamedTuple, overload

from mwparserfromhell.nodes import Node, Template, Text
from mwparserfromhell.wikicode import Wikicode

_NEWLINE = re.compile("\n")


class Located(NamedTuple):
    """A node and its span [offset, end) in the document's text."""

    node: Node
    offset: int
    depth_in_templates: int  # 0 for nodes outside any template
    end: int
    document_text: str

    @property
    def text(self) -> str:
        """`str(node)`, sliced from the document's text."""
        return self.document_text[self.offset : self.end]


# Builds a Located from a (node, offset, depth, end, text) tuple without a Python-level call.
_make_located: Any = partial(tuple.__new__, Located)


class NodeSpans(Sequence[Located]):
    """Every node of a tree in document order (pre-order), with its span in `text`.

    `text` is the text the offsets index: the parsed wikitext itself (mwparserfromhell
    round-trips it), i.e. `text[start:end] == str(node)` for every node.
    """

    def __init__(
        self,
        text: str,
        nodes: list[Node],
        starts: list[int],
        ends: list[int],
        depths: list[int],
        markup: list[int],
    ) -> None:
        self.text = text
        self.nodes = nodes
        self.starts = starts
        self.ends = ends
        self.depths = depths  # templates enclosing each node
        self.markup = markup  # positions of the nodes that are not Text, in order

    def __len__(self) -> int:
        return len(self.nodes)

    @overload
    def __getitem__(self, index: int) -> Located: ...

    @overload
    def __getitem__(self, index: slice) -> list[Located]: ...

    def __getitem__(self, index: int | slice) -> Located | list[Located]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return Located(
            self.nodes[index], self.starts[index], self.depths[index], self.ends[index], self.text
        )

    def __iter__(self) -> Iterator[Located]:
        rows = zip(self.nodes, self.starts, self.depths, self.ends, repeat(self.text))
        return map(_make_located, rows)

    def outside_templates(self) -> Iterator[Located]:
        """The nodes with `depth_in_templates == 0`, in document order."""
        rows = zip(self.nodes, self.starts, self.depths, self.ends, repeat(self.text))
        return map(_make_located, compress(rows, map(not_, self.depths)))

    def position_of(self, node: Node) -> int | None:
        """The node's position in these lists; None for a node that is not in the tree."""
        if type(node) is Text:  # rarely asked: its map is made only then
            return self._text_positions.get(id(node))
        return self._markup_positions.get(id(node))

    @cached_property
    def _markup_positions(self) -> dict[int, int]:
        markup_nodes = map(self.nodes.__getitem__, self.markup)
        return dict(zip(map(id, markup_nodes), self.markup, strict=True))

    @cached_property
    def _text_positions(self) -> dict[int, int]:
        return dict(zip(map(id, self.nodes), range(len(self.nodes)), strict=True))


class LineIndex:
    """Maps character offsets of one text to (line, column), both 1-based."""

    def __init__(self, text: str) -> None:
        self._starts = [0]
        self._starts.extend(match.end() for match in _NEWLINE.finditer(text))

    def line_col(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self._starts, offset)
        return line, offset - self._starts[line - 1] + 1


def _children(node: Node) -> Iterator[Wikicode]:
    children: Any = getattr(node, "__children__", None)
    if children is None:
        return
    for child in children():
        if isinstance(child, Wikicode):
            yield child


def search_walk(code: Wikicode) -> NodeSpans:
    """Every node of `code` with its span in `str(code)`, found by searching texts."""
    texts = [str(node) for node in code.nodes]
    spans = NodeSpans("".join(texts), [], [], [], [], [])
    _search(spans, code.nodes, texts, 0, 0)
    return spans


def _search(
    spans: NodeSpans, nodes: list[Node], texts: list[str], base: int, template_depth: int
) -> None:
    # `texts` are the nodes' strings, computed once by the caller: a child's text is then the
    # join of its nodes' texts, so every level turns each subtree into a string once. A
    # child's nodes lie inside the child's text, found inside the parent's: so by induction
    # every node's text is `spans.text[start:end]`.
    position = base
    for node, text in zip(nodes, texts, strict=True):
        spans.nodes.append(node)
        spans.starts.append(position)
        spans.ends.append(position + len(text))
        spans.depths.append(template_depth)
        if type(node) is not Text:  # text nodes, most of the nodes, have no children
            spans.markup.append(len(spans.nodes) - 1)
            inner_depth = template_depth + (1 if isinstance(node, Template) else 0)
            cursor = 0
            for child in _children(node):
                child_texts = [str(inner) for inner in child.nodes]
                child_text = "".join(child_texts)
                if not child_text:
                    continue
                found = text.find(child_text, cursor)
                if found < 0:
                    continue
                _search(spans, child.nodes, child_texts, position + found, inner_depth)
                cursor = found + len(child_text)
        position += len(text)
