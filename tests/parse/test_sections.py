"""Headings found in flattened text: headings holding markup, and a page starting with one."""

from __future__ import annotations

import re
from pathlib import Path

import mwparserfromhell
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.pipeline.parse.document import ParsedDocument, RevisionText
from carcdb.pipeline.parse.locate import search_walk
from carcdb.pipeline.parse.rules.stage import extract
from carcdb.pipeline.parse.sections import INLINE_HEADING, _plain, find_headings
from carcdb.schemas.rules import Rule, RuleKind
from tests.lanes import examples

RULES_FIXTURES = Path(__file__).parent.parent / "fixtures" / "rules"
MARKUP_PIECES = [
    "'''", "''", "[[", "]]", "|", "{{", "}}", "<b>", "</b>", "<!--", "-->", "&amp;", "&nbsp;",
    "*", "#", ";", ":", "----", "-", "/", "!", "=", "<", ">", "[", "]", "http://x.org", "\n",
]  # fmt: skip


def _document(text: str) -> ParsedDocument:
    return ParsedDocument(RevisionText("test:sections", "Page/ro", "Page", "ro", text))


def _titles(text: str) -> list[str]:
    return [heading.title for heading in _document(text).sections.headings]


def test_an_inline_heading_holding_markup_is_one_heading() -> None:
    assert _titles("a == '''Bold''' == b == Next == c") == ["Bold", "Next"]
    assert _titles("a == {{TextS}} Start == b == Next == c") == ["Start", "Next"]
    assert _titles("a == [[Base game/ro|Jocul]] == b == Next == c") == ["Jocul", "Next"]


def test_equals_signs_inside_templates_and_comments_open_no_heading() -> None:
    assert _titles("a {{Tile|text= == x == }} b <!-- == y == --> c == Real == d") == ["Real"]


def test_a_heading_keeps_its_raw_text_and_offset() -> None:
    text = "a == '''Bold''' == b"
    [heading] = _document(text).sections.headings
    assert text[heading.offset : heading.offset + len(heading.raw)] == "== '''Bold''' =="
    assert heading.level == 2


def _flattened(slug: str) -> str:
    return (RULES_FIXTURES / f"{slug}.wiki").read_text("utf-8")


def _house_rules(text: str) -> list[Rule]:
    rows = extract(_document(text)).rows["rules"]
    return [
        r
        for r in rows
        if isinstance(r, Rule) and r.kind is RuleKind.HOUSE_RULE and r.form == "section_item"
    ]


def test_house_section_whose_heading_holds_the_anchor_and_bold() -> None:
    page = _flattened("abbey_and_the_mayor_ro")
    plain = "=== Reguli ale casei ==="
    assert page.count(plain) == 1
    marked = page.replace(plain, "=== <span id=\"House\">'''Reguli ale casei'''</span> ===")
    expected = _house_rules(page)
    found = _house_rules(marked)
    assert len(expected) == 5
    assert [(r.text, r.section_path) for r in found] == [(r.text, r.section_path) for r in expected]


def test_a_flattened_page_starting_with_a_heading_keeps_the_headings_after_it() -> None:
    page = _flattened("winter_edition_base_game_ro")
    start = page.index("== Informații generale și comentarii ==")
    whole = _document(page).sections.headings
    cut = _document(page[start:]).sections.headings
    expected = [(h.level, h.title) for h in whole if h.offset >= start]
    assert len(expected) > 5
    assert [(h.level, h.title) for h in cut] == expected


# The heading pattern as first written: look-behind first, tested at every character.
REFERENCE_HEADING = re.compile(r"(?<![=|])(={2,6})[ \t]*([^=\n][^\n]*?)[ \t]*\1(?![=])")
heading_soup = st.text(alphabet="=|= \t\nab\x00", max_size=60)


@settings(max_examples=examples(500), deadline=None)
@given(heading_soup, st.integers(min_value=0, max_value=60))
def test_the_heading_pattern_matches_as_the_reference_pattern(text: str, start: int) -> None:
    def found(pattern: re.Pattern[str]) -> list[tuple[int, ...]]:
        return [match.span(1) + match.span(2) for match in pattern.finditer(text)]

    assert found(INLINE_HEADING) == found(REFERENCE_HEADING)

    def spans(match: re.Match[str] | None) -> tuple[int, ...] | None:
        return None if match is None else match.span(0) + match.span(1) + match.span(2)

    assert spans(INLINE_HEADING.search(text, start)) == spans(REFERENCE_HEADING.search(text, start))


title_text = st.lists(st.sampled_from(list("ab ăț\t.,()1") + MARKUP_PIECES), max_size=15).map(
    "".join
)


@settings(max_examples=examples(300), deadline=None)
@given(title_text)
def test_a_plain_title_is_what_parsing_and_stripping_give(title: str) -> None:
    assert _plain(title) == " ".join(mwparserfromhell.parse(title).strip_code().split())


@pytest.mark.parametrize("slug", ["abbey_and_the_mayor_ro", "winter_edition_base_game_ro"])
def test_headings_from_the_search_walk_spans_are_the_same(slug: str) -> None:
    doc = _document(_flattened(slug))
    fallback = find_headings(search_walk(doc.tree))
    assert len(doc.sections.headings) > 5
    assert fallback == doc.sections.headings
