"""Plain text keeps what a reader sees and drops markup, images, footnotes and layout."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from carcdb.pipeline.parse.rules.plaintext import (
    _STRAY_TAG,
    SPACE_RUNS,
    SPACES,
    normalise,
    plain_text,
)
from tests.lanes import examples

WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzăîșț", min_size=1, max_size=10)
# Ways to write a visible word; "{}" is the word.
VISIBLE = [
    "{}",
    "'''{}'''",
    "''{}''",
    "{{{{ColorRed|{}}}}}",
    "{{{{Figure|name=Barn|text={}}}}}",
    "[[Base game/ro|{}]]",
    "{{{{AbbeyMayorLink|text={}}}}}",
    '<span style="color:red">{}</span>',
]
HIDDEN = [
    "[[File:Base_Game_C2_Tile_A.jpg|frame|none|Exemplul 1]]",
    "<ref>{{IconWorld}} o notă</ref>",
    "<!-- comentariu -->",
    "<br />",
    "{{DottedFrameMessage|text=cadru}}",
    "[[Category:Finalizate]]",
]


@settings(max_examples=examples(50), deadline=None)
@given(
    parts=st.lists(
        st.one_of(
            st.tuples(st.just("visible"), st.integers(0, len(VISIBLE) - 1), WORD),
            st.tuples(st.just("hidden"), st.integers(0, len(HIDDEN) - 1), st.just("")),
        ),
        min_size=1,
        max_size=12,
    )
)
@example(parts=[("visible", 0, "notă"), ("hidden", 1, "")])  # a visible word like a hidden one
def test_visible_words_stay_in_order_and_markup_goes(parts: list[tuple[str, int, str]]) -> None:
    wikitext = " ".join(
        VISIBLE[i].format(w) if kind == "visible" else HIDDEN[i] for kind, i, w in parts
    )
    words = [w for kind, _, w in parts if kind == "visible"]
    text = plain_text(wikitext)
    assert text.split() == words
    for marker in ("{{", "}}", "[[", "]]", "<ref", "'''", "<!--", "Exemplul", "notă"):
        # a generated visible word may itself be a hidden part's word ("notă")
        assert marker not in text or any(marker in word for word in words)


def test_links_without_text_show_the_expansion_name() -> None:
    assert plain_text("cu '''{{PrincessDragonLink|edition=C2|variant=long}}'''") == (
        "cu PrincessDragon"
    )


@settings(max_examples=examples(200), deadline=None)
@given(text=st.text(alphabet=" \t\u00a0\u200b\nab<", max_size=40))
def test_space_runs_replace_exactly_what_spaces_replace(text: str) -> None:
    # `normalise` skips lone spaces (they already are one space): the same text comes out
    assert SPACE_RUNS.sub(" ", text) == SPACES.sub(" ", text)


def _reference_normalise(text: str) -> str:
    """`normalise` as first written: every run of spaces replaced, whatever it is."""
    if "<" in text:
        text = _STRAY_TAG.sub(" ", text)
    lines = (line.strip() for line in SPACES.sub(" ", text).split("\n"))
    return "\n".join(line for line in lines if line and line != "*")


@settings(max_examples=examples(200), deadline=None)
@given(text=st.text(alphabet=" \t\u00a0\u200b\n*ab<>/", max_size=40))
def test_normalise_is_the_reference_normalise(text: str) -> None:
    assert normalise(text + "<br/>") == _reference_normalise(text + "<br/>")
    assert normalise(text) == _reference_normalise(text)
