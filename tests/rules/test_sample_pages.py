"""The issue's "done when" on the bundled sample, asserted from the wiki's own statements."""

from __future__ import annotations

from collections import Counter

from carcdb.schemas.rules import ClaimState, RuleKind
from tests.rules.pages import claims, dates, rules, wikitext

BASE = "base_game_ro"
ABBEY = "abbey_and_the_mayor_ro"
COURIER = "the_courier_ro"
HOUSE_SECTION = "Reguli ale casei"


def _claim_set(slug: str) -> set[tuple[str, str, str, int | None]]:
    return {(c.feature, c.state.value, c.unit, c.points) for c in claims(slug)}


def test_base_game_scoring_blocks_and_end_game_bullets_are_records() -> None:
    scoring = [r for r in rules(BASE) if r.kind is RuleKind.SCORING]
    titles = [r.rule_title for r in scoring]
    assert "3. Evaluarea unui drum" in titles
    assert "3. Evaluarea unui oraș" in titles
    assert "3. Evaluarea unei mănăstiri" in titles
    summary = [r for r in scoring if r.section_path[-1] == "Rezumat"]
    assert len(summary) == 1 and "Fiecare blazon din orașul finalizat" in summary[0].text
    bullets = [r for r in rules(BASE) if r.kind is RuleKind.SCORING_SUMMARY]
    assert [r.text.split()[:2] for r in bullets] == [
        ["Fiecare", "drum"],
        ["Fiecare", "oraș"],
        ["Fiecare", "mănăstire"],
    ]
    assert all(r.section_path[-1] == "Sfârșitul jocului și evaluarea finală" for r in bullets)


def test_base_game_faqs_house_rules_and_clarifications() -> None:
    found = rules(BASE)
    faqs = [r for r in found if r.kind is RuleKind.FAQ]
    assert len(faqs) == 4
    assert faqs[1].rule_title == "Poate un drum să se sfârșească în nimic?"
    house = [r for r in found if r.kind is RuleKind.HOUSE_RULE]
    assert len(house) == 14 == wikitext(BASE).count("{{IconHouse}}")
    assert sum(HOUSE_SECTION in r.section_path for r in house) == 12
    assert sum(r.in_ref for r in house) == 2
    clarifications = [r for r in found if r.kind is RuleKind.CLARIFICATION]
    assert len(clarifications) == wikitext(BASE).count("{{IconBook}}") == 5
    ruling = next(r for r in clarifications if "(1/2013)" in r.text)
    assert ruling.ruling_dates == ["2013-01"] and ruling.in_ref
    assert ruling.parent_id is not None and ruling.parent_id.endswith(":placing_tile")


def test_base_game_scoring_claims() -> None:
    found = _claim_set(BASE)
    for expected in [
        ("road", "completed", "tile", 1),
        ("city", "completed", "tile", 2),
        ("city", "completed", "coat_of_arms", 2),
        ("road", "incomplete", "tile", 1),
        ("city", "incomplete", "tile", 1),
        ("city", "incomplete", "coat_of_arms", 1),
        ("monastery", "completed", "tile", 1),
        ("monastery", "completed", "fixed", 9),  # "Îți aduce 9 puncte": a flat rate
        ("monastery", "incomplete", "fixed", 1),
        ("monastery", "incomplete", "surrounding_tile", 1),
    ]:
        assert expected in found, expected
    # the worked example of the final scoring: unfinished city of 5 tiles and 3 coats of arms,
    # incomplete like the example next to it ("acest oraș nefinalizat")
    [example] = [c for c in claims(BASE) if c.sentence.startswith("Orașul din stânga")]
    assert (example.feature, example.state, example.points) == ("city", ClaimState.INCOMPLETE, 8)
    assert [(m.number, m.unit) for m in example.counts] == [(5, "tile"), (3, "coat_of_arms")]
    [right] = [c for c in claims(BASE) if c.sentence.startswith("Orașul din dreapta")]
    assert right.state is example.state
    # the score-track note "trece de 50 de puncte" is a score reached, not a road's rate
    [track] = [c for c in claims(BASE) if c.points == 50]
    assert (track.feature, track.state, track.unit) == ("unknown", ClaimState.UNKNOWN, "unknown")


def test_abbey_interactions_target_their_expansions() -> None:
    found = rules(ABBEY)
    interactions = [r for r in found if r.kind is RuleKind.EXPANSION_INTERACTION]
    targets = Counter(r.other_expansion for r in interactions)
    assert targets["PrincessDragon"] == 2
    assert targets["Besiegers / Cathars / Siege"] == 3
    assert targets["Festival"] == 1
    assert all(r.other_expansion_links for r in interactions)
    ids = {r.rule_id: r for r in interactions}
    notes = [r for r in found if r.parent_id in ids and r.kind is RuleKind.WIKI_NOTE]
    assert notes and all(n.other_expansion == ids[str(n.parent_id)].other_expansion for n in notes)
    festival = next(
        r for r in found if r.other_expansion == "Festival" and r.template == "IconWorld"
    )
    assert festival.ruling_dates == ["2014-12"]  # on the note, not again on its interaction


def test_abbey_barn_summary_claims_and_house_rules() -> None:
    barn = {
        (c.state.value, c.unit, c.points)
        for c in claims(ABBEY)
        if c.feature == "barn" and not c.bonus and c.section_path[-1] == "Rezumat pentru evaluare"
    }
    assert {
        ("during_game", "completed_city", 3),
        ("during_game", "fortress", 4),
        ("during_game", "completed_city", 1),
        ("during_game", "fortress", 2),
        ("end_game", "completed_city", 4),
        ("end_game", "fortress", 5),
    } <= barn
    house = [r for r in rules(ABBEY) if r.kind is RuleKind.HOUSE_RULE]
    assert len(house) == 5
    assert all(r.form == "section_item" and r.section_path[-1] == HOUSE_SECTION for r in house)
    assert house[1].text == "Primarul nu poate fi capturat de turn. (Mulțumiri lui viberunner)"


def test_courier_history_and_interactions() -> None:
    history = [r for r in rules(COURIER) if r.kind is RuleKind.HISTORY]
    assert [r.rule_title for r in history] == ["04/2024", "04/2024", "03/2023", "03/2023"]
    assert all(r.section_path[-1] == "RulesHistoryHeading" for r in history)
    assert [(d.source, d.date) for d in dates(COURIER)] == [
        ("history", "2024-04"),
        ("history", "2024-04"),
        ("history", "2023-03"),
        ("history", "2023-03"),
    ]
    interactions = [r for r in rules(COURIER) if r.kind is RuleKind.EXPANSION_INTERACTION]
    assert [r.other_expansion for r in interactions][:3] == [
        "BaseGame",
        "PrincessDragon",
        "AbbeyMayor",
    ]
    assert len(interactions) == wikitext(COURIER).count("{{OtherExpansionRule") == 11
    tile_note = next(r for r in rules(COURIER) if r.form == "label_of_Tile")
    assert tile_note.kind is RuleKind.CLARIFICATION
    assert tile_note.other_expansion == "20thAnniversaryExpansion"
