"""template_key()/key_is() give the same answers as mwparserfromhell's `Wikicode.matches()`."""

from __future__ import annotations

import mwparserfromhell
from hypothesis import given, settings
from hypothesis import strategies as st
from mwparserfromhell.nodes import Template

from carcdb.pipeline.parse.values import is_template, key_is, template_key
from tests.lanes import examples

WANTED = ("Tile", "BeginTileList", "EndTileList", "Feature", "TextS", "IconHouse", "Tile list")
# Name pieces that exercise every part of the normalisation: case of the first letter,
# spaces and underscores, comments, markup, entities.
PIECES = st.sampled_from(
    [
        "tile",
        "Tile",
        "TILE",
        "feature",
        "iconHouse",
        "Begin",
        "TileList",
        "Tile_list",
        "tile list",
        "TextS",
        " ",
        "_",
        "\n",
        "<!-- c -->",
        "<!--",
        "'''",
        "&nbsp;",
        "[[Tile]]",
        "x",
    ]
)


def _template(name: str) -> Template | None:
    nodes = mwparserfromhell.parse("{{" + name + "|1=a}}").nodes
    return nodes[0] if len(nodes) == 1 and isinstance(nodes[0], Template) else None


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(PIECES, min_size=1, max_size=4).map("".join), st.sampled_from(WANTED))
def test_same_answer_as_matches(written: str, wanted: str) -> None:
    template = _template(written)
    if template is None:  # not a template at all: nothing to compare
        return
    assert key_is(template_key(template), wanted) == template.name.matches(wanted)
    assert is_template(template, wanted, "Other") == template.name.matches([wanted, "Other"])


def test_written_forms_of_one_name() -> None:
    for written in ("Tile", "tile", " Tile ", "Tile<!-- x -->", "tile\n"):
        template = _template(written)
        assert template is not None
        assert key_is(template_key(template), "Tile"), written
    for written in ("Tiles", "TILE", "Ti le"):
        template = _template(written)
        assert template is not None
        assert not key_is(template_key(template), "Tile"), written
    underscored = _template("Tile_list")
    assert underscored is not None and key_is(template_key(underscored), "Tile list")
    assert not is_template("{{Tile}}", "Tile")  # a string is not a node
