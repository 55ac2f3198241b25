"""`tree_builder` builds exactly the tree mwparserfromhell's own builder builds: same node
types, same attributes in the same order, same values, on real and on generated wikitext."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import mwparserfromhell
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mwparserfromhell.nodes import Text
from mwparserfromhell.parser import ParserError
from mwparserfromhell.smart_list import SmartList

from carcdb.pipeline.parse import fast
from carcdb.pipeline.parse.fast.tree_builder import build_tree, parse_wikitext
from carcdb.pipeline.synth import generate_corpus
from tests.lanes import examples

ROOT = Path(__file__).resolve().parents[2]
REAL_PAGES = sorted((ROOT / "tests" / "fixtures").rglob("*.wiki")) + sorted(
    (ROOT / "pipeline" / "sample").glob("*.txt")
)


def difference(ours: Any, theirs: Any, path: str = "tree") -> str | None:
    """Where two trees first differ, or None: types, list items, every instance attribute
    (names in order, then values), down to the strings."""
    if type(ours) is not type(theirs):
        return f"{path}: {type(ours).__name__} != {type(theirs).__name__}"
    if isinstance(ours, list):
        if len(ours) != len(theirs):
            return f"{path}: {len(ours)} items != {len(theirs)}"
        views = getattr(ours, "_children", None), getattr(theirs, "_children", None)
        if isinstance(ours, SmartList) and any(views):
            return f"{path}: a fresh SmartList has no child views"
        for index, (mine, other) in enumerate(zip(ours, theirs, strict=True)):
            found = difference(mine, other, f"{path}[{index}]")
            if found:
                return found
        return None
    attributes = getattr(ours, "__dict__", None)
    if attributes is None:
        return None if ours == theirs else f"{path}: {ours!r} != {theirs!r}"
    if list(attributes) != list(vars(theirs)):
        return f"{path}: attributes {list(attributes)} != {list(vars(theirs))}"
    for name, value in attributes.items():
        found = difference(value, vars(theirs)[name], f"{path}.{name}")
        if found:
            return found
    return None


def test_the_installed_mwparserfromhell_gets_the_fast_builder() -> None:
    # Else every build silently falls back to the library's slower code.
    assert fast.MIRRORED


@pytest.mark.slow
@pytest.mark.parametrize("page", REAL_PAGES, ids=lambda p: p.name)
def test_real_pages_build_the_library_tree(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert difference(build_tree(text), mwparserfromhell.parse(text)) is None
    assert str(build_tree(text)) == text


@pytest.mark.slow
def test_a_generated_corpus_builds_the_library_trees(tmp_path: Path) -> None:
    generate_corpus(tmp_path, pages=4, langs=3, seed=11)
    pages = sorted((tmp_path / "pages").rglob("*.*"))
    assert len(pages) >= 12
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert difference(build_tree(text), mwparserfromhell.parse(text)) is None, page


# Pieces of every construct the tokenizer knows, including broken and unbalanced ones.
MARKUP = [
    "{{", "}}", "|", "=", "==", "{{{", "}}}", "[[", "]]", "[", "]", "http://e.org/a",
    " ", "\n", "a", "Tile", "x=1", "<ref>", "</ref>", "<ref name=\"n\"/>", "<br>", "<br/>",
    "<div class=\"c\" id=x>", "</div>", "<b>", "</b>", "<span style='a'>", "<nowiki>",
    "</nowiki>", "'''", "''", "<!--", "-->", "&amp;", "&#65;", "&#x41;", "&bogus;", "*", "#",
    ":", ";", "----", "{|", "|}", "|-", "||", "!", "!!", "\n== H ==\n", "<", ">", "/", "\"",
    "__TOC__", "~~~~", "<includeonly>", "</includeonly>", "<pre>", "</pre>", "<b =\"x\">",
]  # fmt: skip


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.sampled_from(MARKUP), max_size=40))
def test_any_wikitext_builds_the_library_tree(pieces: list[str]) -> None:
    text = "".join(pieces)
    try:
        theirs = mwparserfromhell.parse(text)
    except ParserError:
        with pytest.raises(ParserError):
            build_tree(text)
        return
    assert difference(build_tree(text), theirs) is None


def test_without_the_mirrored_version_the_library_parses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []
    library_parse = mwparserfromhell.parse

    def counted(text: str) -> Any:
        calls.append(text)
        return library_parse(text)

    monkeypatch.setattr(fast, "MIRRORED", False)
    monkeypatch.setattr(mwparserfromhell, "parse", counted)
    tree = parse_wikitext("{{Tile|a=1}}")
    assert calls == ["{{Tile|a=1}}"]
    assert difference(tree, build_tree("{{Tile|a=1}}")) is None


def test_a_tree_differing_in_one_attribute_is_told_apart() -> None:
    # The comparison itself must see a difference deep in a tree.
    ours = build_tree("{{Tile|a=1|b}}")
    template = ours.filter_templates()[0]
    text = template.params[1].value.nodes[0]
    assert isinstance(text, Text)
    text.value = "c"
    found = difference(ours, mwparserfromhell.parse("{{Tile|a=1|b}}"))
    assert found == "tree._nodes[0]._params[1]._value._nodes[0]._value: 'c' != 'b'"
