"""The token renderer gives the node renderer's plain text, or says it cannot (and the node
tree is built): on the real sample pages, on every piece the rules stage renders from them, and
on generated wikitext."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.pipeline.parse.document import ParsedDocument
from carcdb.pipeline.parse.fast.tokenplain import Unsupported, Visible, render_string
from carcdb.pipeline.parse.rules import plaintext
from carcdb.pipeline.parse.rules.plaintext import normalise, plain_text, reference_plain_text
from carcdb.pipeline.parse.rules.stage import extract
from tests.lanes import examples
from tests.rules.pages import PAGES, revision, wikitext


def _same_or_unsupported(text: str) -> bool:
    """True when the token renderer agreed with the reference, False when it declined."""
    reference = reference_plain_text(text)
    try:
        fast = normalise(render_string(text, plaintext.VISIBLE))
    except Unsupported:
        assert plain_text(text) == reference  # the fallback gives the reference
        return False
    assert fast == reference
    assert plain_text(text) == reference
    return True


def _pieces(page: str) -> list[str]:
    """Pieces of a real page: its lines, the text between icons, windows cut anywhere."""
    pieces = page.split("\n")
    pieces += re.split(r"\{\{Icon(?:Book|World|House|Arrow)\}\}", page)
    step = max(1, len(page) // 40)
    pieces += [page[start : start + 700] for start in range(0, len(page), step)]
    pieces.append(page)
    return [piece for piece in pieces if piece]


@pytest.mark.slow
@pytest.mark.parametrize("slug", sorted(PAGES))
def test_sample_page_pieces_render_as_the_node_tree(slug: str) -> None:
    pieces = _pieces(wikitext(slug))
    agreed = sum(_same_or_unsupported(piece) for piece in pieces)
    assert agreed >= 0.9 * len(pieces)  # the fast path is the common path, not a rare one


@pytest.mark.parametrize("slug", sorted(PAGES))
def test_every_string_the_stage_renders_agrees(slug: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run the real rules stage on the page, checking each string it renders as it goes."""
    rendered: list[str] = []
    original = render_string

    def checked(text: str, visible: Visible) -> str:
        rendered.append(text)
        return original(text, visible)

    monkeypatch.setattr(plaintext, "render_string", checked)
    extract(ParsedDocument(revision(slug)))
    monkeypatch.undo()
    assert rendered
    for text in rendered:
        _same_or_unsupported(text)


def test_markup_in_a_link_title_falls_back_to_the_node_tree() -> None:
    text = "vezi [[{{BaseGameLink}}|jocul de bază]] aici"
    with pytest.raises(Unsupported):
        render_string(text, plaintext.VISIBLE)
    assert plain_text(text) == reference_plain_text(text) == "vezi jocul de bază aici"


WORD = st.text(alphabet="abcxyzăî ", min_size=0, max_size=6)
MARKUP = [
    "{{IconBook}}",
    "{{IconHouse|text={}}}",
    "{{ColorRed|{}}}",
    "{{colorBlue|1={}|1=x{}}}",
    "{{AbbeyMayorLink}}",
    "{{AbbeyMayorLink|text={}}}",
    "{{TextC2}}",
    "{{GreyStrip|title={}}}",
    "{{Figure|name={}|text=}}",
    "{{Tile|name={}}}",
    "{{Unknown|{}}}",
    "{{FAQ|title={}|text={}}}",
    "{{{{{1}}}}}",
    "[[Page|{}]]",
    "[[:Category:X]]",
    "[[#Anchor{}]]",
    "[[File:X.jpg|thumb|{}]]",
    "[http://example.org {}]",
    "http://example.org/{}",
    "'''{}'''",
    "''{}''",
    "'''{}",
    "<span>{}</span>",
    "<div>{}</div>",
    "<ref>{}</ref>",
    "<ref name=x />",
    "<br/>",
    "<li>{}",
    "&amp;",
    "&#65;",
    "&#x42;",
    "<!-- {} -->",
    "\n* {}",
    "\n# {}",
    "\n: {}",
    "\n; {}",
    "\n== {} ==\n",
    "\n----\n",
    "\n{| class=x\n| {}\n|}\n",
    "{{",
    "}}",
    "[[",
    "]]",
    "|",
    "=",
    "\n",
]


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(
    parts=st.lists(st.tuples(st.integers(0, len(MARKUP) - 1), WORD, WORD), min_size=1, max_size=14)
)
def test_generated_wikitext_renders_as_the_node_tree(parts: list[tuple[int, str, str]]) -> None:
    text = "".join(
        MARKUP[index].replace("{}", word, 1).replace("{}", other) for index, word, other in parts
    )
    _same_or_unsupported(text)
