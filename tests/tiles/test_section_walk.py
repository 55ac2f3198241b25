"""`SectionWalk.at` (the stack carried from list to list) answers as `_section_at` does."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.pipeline.parse.document import ParsedDocument, RevisionText
from carcdb.pipeline.parse.tiles.lists import SectionWalk, _section_at, _TemplateHeading, find_lists
from tests.lanes import examples
from tests.tiles.helpers import FIXTURES

PAGES = sorted(FIXTURES.glob("*.wiki"))
# Headings of every level, inline ones and heading templates, to walk through in any order.
MIXED = """== Tiles C1 ==
{{TileDistributionHeading}}
=== Base ===
{{TileDistributionExpansion|title={{TextSecondEdition}}}}
{{BeginTileList}}{{EndTileList}}
==== Deep (C3) ====
text == Inline WE2 == more
== Other ==
{{TileDistributionExpansion|title=Ediția C2}}
{{BeginTileList}}{{EndTileList}}
"""


def _document(wikitext: str) -> ParsedDocument:
    return ParsedDocument(RevisionText("sha:test", "Test page/ro", "Test page", "ro", wikitext))


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.stem)
def test_fixture_lists_get_the_reference_sections(page: Path) -> None:
    doc = _document(page.read_text(encoding="utf-8"))
    lists = find_lists(doc).lists
    assert lists
    # Heading templates right before each list, and one before the first heading.
    headings = [_TemplateHeading(0, True, "Outer", None)] + [
        _TemplateHeading(raw.offset - 1, index % 2 == 0, f"Expansion {index}", "C1")
        for index, raw in enumerate(lists)
    ]
    for template_headings in ([], headings):
        walk = SectionWalk(doc, template_headings)
        for raw in lists:
            assert walk.at(raw.offset) == _section_at(doc, raw.offset, template_headings)


@settings(max_examples=examples(30), deadline=None)
@given(st.lists(st.integers(0, len(MIXED)), min_size=1, max_size=12), st.booleans())
def test_any_offsets_in_any_order(offsets: list[int], in_order: bool) -> None:
    doc = _document(MIXED)
    lists = find_lists(doc).lists
    assert [raw.section.edition for raw in lists] == ["C2", "C2"]
    headings = [
        _TemplateHeading(offset, offset % 2 == 0, f"Template {offset}", None)
        for offset in range(0, len(MIXED), 37)
    ]
    walk = SectionWalk(doc, headings)
    for offset in sorted(offsets) if in_order else offsets:  # out of order: the fallback
        assert walk.at(offset) == _section_at(doc, offset, headings)
