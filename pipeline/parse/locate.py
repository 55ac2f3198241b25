"""Positions in wikitext: every node's offset, and offsets as 1-based line:column.

mwparserfromhell nodes carry no positions, so `walk` recomputes them: a node starts where the
previous sibling ended, and a child's text is found inside its parent's text in order. Each
level turns each subtree into a string once (a child's text is the join of its nodes' texts),
and every `Located` keeps its node's text so that readers need not compute it again.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from mwparserfromhell.nodes import Node, Template, Text
from mwparserfromhell.wikicode import Wikicode

_NEWLINE = re.compile("\n")


@dataclass(frozen=True)
class Located:
    node: Node
    offset: int
    depth_in_templates: int  # 0 for nodes outside any template
    text: str  # str(node), computed once by the walk


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


def walk(code: Wikicode, base: int = 0, template_depth: int = 0) -> Iterator[Located]:
    """Yield every node of `code` (recursively, document order) with its absolute offset."""
    return _walk(code.nodes, [str(node) for node in code.nodes], base, template_depth)


def _walk(nodes: list[Node], texts: list[str], base: int, template_depth: int) -> Iterator[Located]:
    # `texts` are the nodes' strings, computed once by the caller: a child's text is then the
    # join of its nodes' texts, so every level turns each subtree into a string once.
    position = base
    for node, text in zip(nodes, texts, strict=True):
        yield Located(node, position, template_depth, text)
        if type(node) is not Text:  # text nodes, most of the nodes, have no children
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
                yield from _walk(child.nodes, child_texts, position + found, inner_depth)
                cursor = found + len(child_text)
        position += len(text)
