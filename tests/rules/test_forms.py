"""Each way the wiki writes a rule, old and new, gives the same kind of record."""

from __future__ import annotations

from collections import Counter
from typing import Any

from carcdb.pipeline.parse.stage import StageOutput
from carcdb.schemas.rules import Rule, RuleKind, ScoringClaim
from tests.rules.pages import run, wikitext


def _rules(text: str) -> list[Rule]:
    output = run(text)
    assert output.findings == []
    return [r for r in output.rows["rules"] if isinstance(r, Rule)]


def _fields(rule: Rule, *names: str) -> tuple[Any, ...]:
    return tuple(getattr(rule, name) for name in names)


def test_positional_and_named_blocks_are_the_same_block() -> None:
    old, new = _rules(
        "{{RulesScoring|1=====|2=3. Evaluarea unui drum|3=Fiecare cartonaș valorează 1 punct.}}\n"
        "{{RulesScoring|title=3. Evaluarea unui drum|rules=Fiecare cartonaș valorează 1 punct.}}\n"
    )
    assert _fields(old, "kind", "form", "rule_title", "text") == (
        RuleKind.SCORING,
        "positional",
        "3. Evaluarea unui drum",
        "Fiecare cartonaș valorează 1 punct.",
    )
    assert _fields(new, "kind", "form", "rule_title", "text") == (
        RuleKind.SCORING,
        "named",
        "3. Evaluarea unui drum",
        "Fiecare cartonaș valorează 1 punct.",
    )


def test_every_turn_phase_template() -> None:
    found = _rules(
        "{{RulesPlacingTile|title=1. A|rules=a}}{{RulesPlacingMeeple|title=2. B|rules=b}}"
        "{{RulesScoring|title=3. C|rules=c}}{{RulesAction|title=4. D|rules=d}}"
    )
    assert [r.kind for r in found] == [
        RuleKind.PLACING_TILE,
        RuleKind.PLACING_MEEPLE,
        RuleKind.SCORING,
        RuleKind.ACTION,
    ]


def test_old_and_new_faq() -> None:
    old, new = _rules("{{FAQ|header=Q1?|body=A1.}}\n{{FAQ|title=Q2?|text=A2.}}\n")
    assert _fields(old, "form", "rule_title", "text") == ("header_body", "Q1?", "A1.")
    assert _fields(new, "form", "rule_title", "text") == ("title_text", "Q2?", "A2.")


def test_notes_by_icon_in_each_form() -> None:
    found = _rules(
        "Text.<ref>{{IconBook}} O clarificare. (12/2014)<br />{{IconWorld}} O notă.</ref>\n"
        "{{IconArrow|text=O diferență între ediții.}}\n\n"
        "{{IconHouse}} O regulă a casei cu {{ColorRed|roșu}} și [[Base game/ro|jocul de bază]]."
        "[[File:X.png|frame|none|Imagine]]\n\nAlt paragraf.\n"
    )
    assert [_fields(r, "kind", "form", "in_ref", "text") for r in found] == [
        (RuleKind.CLARIFICATION, "ref", True, "O clarificare. (12/2014)"),
        (RuleKind.WIKI_NOTE, "ref", True, "O notă."),
        (RuleKind.EDITION_DIFFERENCE, "text_param", False, "O diferență între ediții."),
        (RuleKind.HOUSE_RULE, "inline", False, "O regulă a casei cu roșu și jocul de bază."),
    ]
    assert found[0].ruling_dates == ["2014-12"]


def test_interaction_notes_carry_the_target_expansion() -> None:
    found = _rules(
        "{{OtherExpansionRule|expansionlink={{BesiegersLink}} / {{CatharsLink}}|rules="
        "{{IconWorld}} Un cavaler poate evada.<ref>{{IconWorld}} Aceeași logică.</ref>}}"
    )
    interaction, note, footnote = found
    assert interaction.kind is RuleKind.EXPANSION_INTERACTION
    assert interaction.other_expansion == "Besiegers / Cathars"
    assert interaction.other_expansion_links == ["BesiegersLink", "CatharsLink"]
    assert note.text == "Un cavaler poate evada."
    assert note.parent_id == footnote.parent_id == interaction.rule_id
    assert footnote.in_ref and footnote.other_expansion == "Besiegers / Cathars"


def test_flattened_page_sections_history_and_house_list() -> None:
    """An ExportTranslations capture: one line, inline headings and inline list items."""
    found = _rules(
        "{{DISPLAYTITLE:Pagina}} == Reguli == {{RulesHistoryHeading}} "
        ": * '''04/2024''' Prima schimbare. "
        ": * '''3/2023''' A doua schimbare. == Reguli ale casei == * Prima regulă. "
        "* A doua regulă. == Ansamblul cartonașelor == * Nu e regulă."
    )
    assert [_fields(r, "kind", "rule_title", "text", "section_path") for r in found] == [
        (RuleKind.HISTORY, "04/2024", "Prima schimbare.", ["Reguli", "RulesHistoryHeading"]),
        (RuleKind.HISTORY, "03/2023", "A doua schimbare.", ["Reguli", "RulesHistoryHeading"]),
        (RuleKind.HOUSE_RULE, None, "Prima regulă.", ["Reguli ale casei"]),
        (RuleKind.HOUSE_RULE, None, "A doua regulă.", ["Reguli ale casei"]),
    ]
    assert [r.ruling_dates for r in found[:2]] == [["2024-04"], ["2023-03"]]


def test_house_section_found_by_its_anchor() -> None:
    found = _rules('<span id="House"></span>\n=== Variante ===\n* O regulă.\n* Alta.\n')
    assert [(r.kind, r.text) for r in found] == [
        (RuleKind.HOUSE_RULE, "O regulă."),
        (RuleKind.HOUSE_RULE, "Alta."),
    ]


def test_an_icon_bullet_under_final_scoring_is_a_note_not_a_scoring_summary() -> None:
    page = wikitext("base_game_ro")
    last_item = (
        "* Fiecare mănăstire nefinalizată valorează 1 punct plus câte 1 punct pentru fiecare "
        "cartonaș adiacent, exact ca și în timpul jocului.\n"
    )
    assert page.count(last_item) == 1
    house = "* {{IconHouse}} Orașele nefinalizate valorează 0 puncte pentru fiecare cartonaș.\n"
    edited = run(page.replace(last_item, last_item + house), title="Base game/ro")
    original = run(page, title="Base game/ro")

    def kinds(output: StageOutput) -> Counter[str]:
        return Counter(r.kind.value for r in output.rows["rules"] if isinstance(r, Rule))

    assert kinds(edited) - kinds(original) == Counter({"house_rule": 1})
    assert kinds(original) - kinds(edited) == Counter()

    def zeros(output: StageOutput) -> list[str]:
        rows = output.rows["scoring_claims"]
        return [c.sentence for c in rows if isinstance(c, ScoringClaim) and c.points == 0]

    # the house rule's "0 puncte" is a note's, not the rules' (the page's own zeros remain)
    assert zeros(edited) == zeros(original)


def test_an_icon_with_a_lower_case_first_letter_is_the_same_template() -> None:
    """MediaWiki reads `{{iconHouse}}` as `{{IconHouse}}`: neither may be lost or doubled."""
    output = run(
        "== Reguli ale casei ==\n"
        "* {{iconHouse}} Căruța se poate muta mai departe.\n"
        "* {{IconHouse}} Primarul nu poate fi capturat de turn.\n"
        "Regulă.<ref>{{iconBook}} O clarificare.</ref>\n"
    )
    assert output.findings == []
    found = [(r.kind, r.template, r.text) for r in output.rows["rules"] if isinstance(r, Rule)]
    assert found == [
        (RuleKind.HOUSE_RULE, "IconHouse", "Căruța se poate muta mai departe."),
        (RuleKind.HOUSE_RULE, "IconHouse", "Primarul nu poate fi capturat de turn."),
        (RuleKind.CLARIFICATION, "IconBook", "O clarificare."),
    ]
