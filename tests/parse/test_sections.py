"""Headings found in flattened text: headings holding markup, and a page starting with one."""

from __future__ import annotations

from pathlib import Path

from pipeline.parse.document import ParsedDocument, RevisionText
from pipeline.parse.rules.stage import extract
from schemas.rules import Rule, RuleKind

RULES_FIXTURES = Path(__file__).parent.parent / "fixtures" / "rules"


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
