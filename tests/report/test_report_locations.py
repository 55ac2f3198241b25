"""A finding's place: the offset of its line and column in the stored wikitext, that offset in
the text the parser reads (`<includeonly>` content dropped), and the section path there."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from carcdb.pipeline.parse.document import ParsedDocument, RevisionText
from carcdb.pipeline.parse.inclusion import as_viewed
from carcdb.pipeline.parse.rules.regions import PageRegions
from carcdb.pipeline.report.locations import line_starts, stored_offset, viewed_offset

CHUNKS = ("ab", "\n", "== H ==", "<includeonly>", "</includeonly>", "<noinclude>", "x\ny")


@given(st.lists(st.sampled_from(CHUNKS), max_size=12))
def test_viewed_offset_inverts_original_offset(chunks: list[str]) -> None:
    text = "".join(chunks)
    viewed = as_viewed(text)
    for offset in range(len(viewed.text) + 1):
        assert viewed_offset(viewed, viewed.original_offset(offset)) == offset
    mapped = [viewed_offset(viewed, offset) for offset in range(len(text) + 1)]
    assert mapped == sorted(mapped) and mapped[-1] == len(viewed.text)
    for offset, place in enumerate(mapped):  # a dropped place maps to where it was dropped
        assert viewed.original_offset(place) >= offset


def test_line_and_column_become_an_offset() -> None:
    text = "one\ntwo\n\nfour"
    starts = line_starts(text)
    assert stored_offset(starts, len(text), 1, 1) == 0
    assert stored_offset(starts, len(text), 2, 3) == text.index("o", 4)
    assert stored_offset(starts, len(text), 4, 1) == text.index("four")
    assert stored_offset(starts, len(text), 5, 1) is None  # no such line
    assert stored_offset(starts, len(text), 4, 9) is None  # past the end
    assert stored_offset(starts, len(text), 0, 1) is None


def test_a_place_after_dropped_text_names_the_heading_it_stands_under() -> None:
    text = "<includeonly>== Hidden ==\nfoo\n</includeonly>== Shown ==\nbar {{X}}\n"
    doc = ParsedDocument(RevisionText("k", "P/en", "P", "en", text))
    regions = PageRegions(doc)
    at = text.index("bar")
    viewed = as_viewed(text)
    assert viewed.cuts  # the include-only part is dropped from what is parsed
    assert regions.section_path(viewed_offset(viewed, at)) == ["Shown"]
    # Inside the dropped part: where it was dropped, the start of the text after it.
    assert viewed_offset(viewed, text.index("foo")) == 0
