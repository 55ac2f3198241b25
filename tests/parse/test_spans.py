"""Node spans: the one-pass walk against `str(node)` and against the exact search walk."""

from __future__ import annotations

from pathlib import Path

import mwparserfromhell
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mwparserfromhell.nodes import Node, Tag, Template, Text
from pydantic import ValidationError

from carcdb.pipeline.parse.document import SNIPPET_LIMIT, ParsedDocument, RevisionText
from carcdb.pipeline.parse.fast.spans import linear_walk, locate_nodes
from carcdb.pipeline.parse.locate import NodeSpans, search_walk
from carcdb.schemas.base import SourceLocation
from tests.lanes import examples

FIXTURES = Path(__file__).parent.parent / "fixtures"
WIKI_FIXTURES = sorted((FIXTURES / "rules").glob("*.wiki")) + sorted(
    (FIXTURES / "tiles").glob("*.wiki")
)

# Pieces of wikitext that open, close and separate every node type mwparserfromhell makes.
WIKI_PIECES = [
    "{{", "}}", "{{{", "}}}", "|", "=", "==", "[[", "]]", "[", "]", "<", ">", "</", "/>",
    "<b>", "</b>", "<br>", "<br/>", "<span id=\"a b\">", "<span class=x>", "</span>",
    "<ref name='n'>", "</ref>", "<!--", "-->", "'''", "''", "&amp;", "&#32;", "&#x41;",
    "*", "#", ";", ":", "----", "\n", "{|", "|}", "|-", "!", "||", "http://example.org",
    "[http://example.org x]", "Tile", "a", "b c", " ", "\t", "ă", "1",
]  # fmt: skip
soup = st.lists(st.sampled_from(WIKI_PIECES), max_size=40).map("".join)


def _nested(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """Balanced constructs around made-up contents, so that templates, links, arguments and
    tags nest (random pieces alone rarely balance)."""
    params = st.lists(st.tuples(st.sampled_from(["", "a=", "count=", " b =", "=", "=="]), inner))
    templates = st.tuples(inner, params).map(
        lambda parts: "{{T" + parts[0] + "".join(f"|{k}{v}" for k, v in parts[1]) + "}}"
    )
    return st.one_of(
        templates,
        inner.map(lambda text: "{{{x|" + text + "}}}"),
        st.tuples(inner, inner).map(lambda parts: f"[[{parts[0]}|{parts[1]}]]"),
        inner.map(lambda text: f'<span title="{text}">{text}</span>'),
        inner.map(lambda text: f"\n== {text} ==\n"),
        st.lists(inner, max_size=4).map("".join),
    )


plain = st.lists(st.sampled_from(["a", "b c", " ", "1", "ă", "&amp;", "'''", "\n"]), max_size=5)
wikitext = st.one_of(
    soup, st.recursive(st.one_of(soup, plain.map("".join)), _nested, max_leaves=12)
)


def _assert_exact(spans: NodeSpans, source: str) -> None:
    assert spans.text == source
    assert len(spans.nodes) == len(spans.starts) == len(spans.ends) == len(spans.depths)
    for item in spans:
        assert source[item.offset : item.end] == str(item.node) == item.text
    assert spans.markup == [i for i, node in enumerate(spans.nodes) if type(node) is not Text]


def _template_depths(code: mwparserfromhell.wikicode.Wikicode) -> dict[int, int]:
    """id(node) -> templates enclosing it, from mwparserfromhell's own tree walk."""
    depths: dict[int, int] = {}

    def visit(nodes: list[Node], depth: int) -> None:
        for node in nodes:
            depths[id(node)] = depth
            inner = depth + (1 if isinstance(node, Template) else 0)
            for child in node.__children__():
                visit(child.nodes, inner)

    visit(code.nodes, 0)
    return depths


@pytest.mark.slow
@pytest.mark.parametrize("path", WIKI_FIXTURES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_every_node_of_the_real_pages_has_its_exact_span(path: Path) -> None:
    source = path.read_text("utf-8")
    tree = mwparserfromhell.parse(source)
    fast = linear_walk(tree, source)
    assert fast is not None
    _assert_exact(fast, source)
    every_node = tree.filter(recursive=True)
    assert len(fast) == len(every_node) > 500
    depths = _template_depths(tree)
    assert fast.depths == [depths[id(node)] for node in fast.nodes]
    slow = search_walk(tree)
    assert (fast.text, fast.nodes, fast.starts, fast.ends, fast.depths, fast.markup) == (
        slow.text,
        slow.nodes,
        slow.starts,
        slow.ends,
        slow.depths,
        slow.markup,
    )


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(wikitext)
def test_the_one_pass_spans_are_exact_on_made_up_wikitext(source: str) -> None:
    tree = mwparserfromhell.parse(source)
    fast = linear_walk(tree, source)
    if not source:
        assert fast is None
        return
    assert fast is not None  # every node type the parser makes is known
    _assert_exact(fast, source)
    slow = search_walk(tree)
    assert (fast.nodes, fast.depths, fast.markup, fast.text) == (
        slow.nodes,
        slow.depths,
        slow.markup,
        slow.text,
    )
    for index, (fast_start, slow_start) in enumerate(zip(fast.starts, slow.starts, strict=True)):
        if fast_start != slow_start:
            # The search walk finds a child's text at its first occurrence after the previous
            # child: an identical copy earlier in the separators (`{{a|b==}}`) misleads it.
            assert slow_start < fast_start
            node_text = str(fast.nodes[index])
            assert source[slow_start : slow_start + len(node_text)] == node_text


def test_the_search_walk_is_misled_by_a_value_of_equals_signs_the_pass_is_not() -> None:
    source = "{{a|b==}}"
    tree = mwparserfromhell.parse(source)
    fast = linear_walk(tree, source)
    assert fast is not None
    assert [str(node) for node in fast.nodes] == ["{{a|b==}}", "a", "b", "="]
    assert fast.starts == [0, 2, 4, 6]
    assert search_walk(tree).starts == [0, 2, 4, 5]  # the `=` separator, not the value


def test_a_tree_changed_after_parsing_falls_back_to_the_search_walk() -> None:
    source = "a {{Tile|count=2}} b"
    tree = mwparserfromhell.parse(source)
    tree.filter_templates()[0].add("count", "12")
    assert linear_walk(tree, source) is None
    spans = locate_nodes(tree, source)
    assert spans.text == str(tree) == "a {{Tile|count=12}} b"
    _assert_exact(spans, str(tree))


class _Unknown(Node):
    def __str__(self) -> str:
        return "?"


def test_an_unknown_node_type_falls_back_to_the_search_walk() -> None:
    source = "a ? b"
    tree = mwparserfromhell.parse("a {{x}} b")
    tree.nodes[1] = _Unknown()
    assert str(tree) == source
    assert linear_walk(tree, source) is None
    spans = locate_nodes(tree, source)
    assert [type(node) for node in spans.nodes] == [Text, _Unknown, Text]
    _assert_exact(spans, source)


def test_the_document_slices_each_nodes_text_and_offset() -> None:
    source = (FIXTURES / "rules" / "the_courier_ro.wiki").read_text("utf-8")
    doc = ParsedDocument(RevisionText("test:spans", "The Courier/ro", "The Courier", "ro", source))
    nodes = doc.tree.filter(recursive=True)
    for node in nodes:
        assert source[doc.offset_of(node) :].startswith(doc.text_of(node))
        assert doc.text_of(node) == str(node)
    assert doc.offsets == {id(node): doc.offset_of(node) for node in nodes}
    assert doc.texts == {id(node): str(node) for node in nodes}
    outside = list(doc.located.outside_templates())
    assert outside == [item for item in doc.located if not item.depth_in_templates]
    assert doc.located[5] == list(doc.located)[5]
    assert doc.located[2:4] == list(doc.located)[2:4]
    stranger = mwparserfromhell.parse("{{Other}}").nodes[0]
    assert (doc.offset_of(stranger), doc.text_of(stranger)) == (0, "{{Other}}")


# The walk reads the attributes behind these properties (`spans.py`): each pair must be one
# object on every node of the real pages, or the walk would see another tree than `str()`.
_PROPERTIES_READ = {
    Text: ("value",),
    Template: ("name", "params"),
    Tag: (
        "wiki_markup", "attributes:_attrs", "padding", "wiki_style_separator", "self_closing",
        "contents", "closing_wiki_markup", "invalid", "tag", "implicit", "closing_tag",
    ),
}  # fmt: skip


@pytest.mark.parametrize("path", WIKI_FIXTURES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_the_attributes_the_walk_reads_are_the_properties(path: Path) -> None:
    tree = mwparserfromhell.parse(path.read_text("utf-8"))
    assert tree.nodes is tree._nodes
    checked = 0
    for node in tree.filter(recursive=True):
        for name in _PROPERTIES_READ.get(type(node), ()):
            public, _, private = name.partition(":")
            assert getattr(node, public) is getattr(node, private or "_" + public)
            checked += 1
        if isinstance(node, Template):
            for param in node.params:
                assert (param.name, param.value, param.showkey) == (
                    param._name,
                    param._value,
                    param._showkey,
                )
        if isinstance(node, Tag):
            for attr in node.attributes:
                assert (attr.name, attr.value, attr.quotes) == (
                    attr._name,
                    attr._value,
                    attr._quotes,
                )
                assert (attr.pad_first, attr.pad_before_eq, attr.pad_after_eq) == (
                    attr._pad_first,
                    attr._pad_before_eq,
                    attr._pad_after_eq,
                )
    assert checked > 500


def test_a_documents_location_is_the_validated_record() -> None:
    source = (FIXTURES / "rules" / "the_courier_ro.wiki").read_text("utf-8")
    doc = ParsedDocument(RevisionText("test:loc", "The Courier/ro", "The Courier", "ro", source))
    offsets = sorted(set(doc.located.starts))
    assert len(offsets) > 100
    for offset in offsets:
        line, col = doc.lines.line_col(offset)
        snippet = source[offset:]
        made = doc.location(offset, snippet)
        expected = SourceLocation(
            title="The Courier/ro",
            language="ro",
            revision_key="test:loc",
            line=line,
            col=col,
            snippet=snippet[:SNIPPET_LIMIT],
        )
        assert (type(made), made, made.model_fields_set) == (
            SourceLocation,
            expected,
            expected.model_fields_set,
        )
    with pytest.raises(ValidationError):  # the same validation: a column starts at 1
        doc.location(-1, "")  # (an offset before the text: line and column 0)
