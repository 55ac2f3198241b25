"""`<includeonly>`, `<noinclude>` and `<onlyinclude>` mean what MediaWiki makes of them for a
page viewed as itself: tiles inside `<includeonly>` used to be counted."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from carcdb.pipeline.parse.inclusion import as_viewed
from tests.tiles.helpers import FIXTURES, entries_of, lists_of, run_stage

PAGE = (FIXTURES / "the_courier_ro.wiki").read_text("utf-8")
LIST = "== Tiles ==\n{{BeginTileList|tiles=3}}\n{{Tile|image=Base_Game_C3_Tile_A.png|count=3}}\n"


def _codes(wikitext: str) -> list[tuple[str | None, int | None]]:
    return [(e.image, e.count) for e in entries_of(run_stage(wikitext))]


def test_tiles_inside_includeonly_are_not_the_pages() -> None:
    assert _codes(PAGE)  # the page has tiles
    assert _codes(f"<includeonly>\n{PAGE}\n</includeonly>\n") == []
    assert _codes(f"<INCLUDEONLY foo='x'>{PAGE}") == []  # unclosed: runs to the end
    assert _codes(f"{LIST}<includeonly>{{{{Tile|image=X.png|count=9}}}}</includeonly>") == [
        ("Base_Game_C3_Tile_A.png", 3)
    ]


def test_noinclude_and_onlyinclude_content_is_the_pages_and_keeps_its_places() -> None:
    plain = run_stage(PAGE)
    wrapped = run_stage(f"<noinclude>\n{PAGE}\n</noinclude><onlyinclude></onlyinclude>")
    assert [(e.image, e.count) for e in entries_of(wrapped)] == _codes(PAGE)
    # the places are those of the stored text: one line further down
    assert [r.location.line for r in lists_of(wrapped)] == [
        r.location.line + 1 for r in lists_of(plain)
    ]
    assert [r.location.col for r in lists_of(wrapped)] == [r.location.col for r in lists_of(plain)]


def test_tags_in_comments_and_nowiki_are_text() -> None:
    for kept in ("a<!-- <includeonly> -->b", "<nowiki><includeonly>x</includeonly></nowiki>",
                 "a</includeonly>b", "<includeonlyx>y"):  # fmt: skip
        assert as_viewed(kept).text == kept


@given(
    st.lists(
        st.sampled_from(
            ["text ", "\n", "<noinclude>", "</noinclude>", "<includeonly>", "</includeonly>",
             "<onlyinclude>", "</onlyinclude>", "<!--", "-->", "<nowiki>", "</nowiki>",
             "<includeonly/>", "{{Tile}}"]
        ),
        max_size=30,
    )
)  # fmt: skip
def test_every_viewed_offset_maps_to_the_same_character_of_the_stored_text(
    parts: list[str],
) -> None:
    stored = "".join(parts)
    viewed = as_viewed(stored)
    for offset, char in enumerate(viewed.text):
        assert stored[viewed.original_offset(offset)] == char
