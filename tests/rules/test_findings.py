"""Malformed rules wikitext becomes findings with a position; the rest is still extracted."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from carcdb.pipeline.parse.rules import stage
from carcdb.pipeline.parse.rules.vocabulary import Vocabulary, build_vocabulary, vocabulary
from carcdb.schemas.findings import Finding
from carcdb.schemas.rules import RuleKind
from tests.rules.pages import run, wikitext


def _codes(findings: list[Finding]) -> list[str]:
    return [f.code for f in findings]


def test_unbalanced_block_is_a_finding_and_later_rules_survive() -> None:
    page = (
        "== Reguli ==\n"
        "{{RulesScoring|title=3. Evaluare|rules=Fiecare cartonaș valorează 2 puncte.\n\n"
        "== Reguli ale casei ==\n"
        "{{IconHouse}} O regulă a casei.\n"
    )
    output = run(page)
    unparsed = [f for f in output.findings if f.code == "rules.unparsed_template"]
    assert len(unparsed) == 1
    assert (unparsed[0].line, unparsed[0].col) == (2, 1)
    assert unparsed[0].snippet is not None and unparsed[0].snippet.startswith("{{RulesScoring")
    kinds = [getattr(r, "kind", None) for r in output.rows["rules"]]
    assert kinds == [RuleKind.HOUSE_RULE]


def test_malformed_templates_are_reported() -> None:
    page = (
        "{{FAQ|title=Întrebare fără răspuns}}\n"
        "{{RulesPlacingTile|title=1. X|rules=Text|colour=red}}\n"
        "{{OtherExpansionRule|expansionlink=Altceva|rules={{IconWorld|text=Notă.}}}}\n"
        "{{RulesHistoryHeading}} nimic datat\n"
        "== Altă secțiune ==\n"
        "{{IconBook}}\n\n"
    )
    output = run(page)
    assert sorted(_codes(output.findings)) == [
        "rules.empty_note",
        "rules.history_without_dates",
        "rules.malformed_block",
        "rules.malformed_faq",
        "rules.unresolved_expansion",
    ]
    assert all(f.line is not None and f.col is not None for f in output.findings)
    kinds = sorted(str(getattr(r, "kind", "")) for r in output.rows["rules"])
    assert kinds == sorted(
        ["faq", "placing_tile", "expansion_interaction", "wiki_note", "clarification"]
    )


def test_broken_tile_lines_do_not_break_rules() -> None:
    """Unbalanced `{{Tile ...)}}` lines (the tiles stage reports them) leave rules intact."""
    text = wikitext("base_game_ro")
    anchor = text.index('<span id="House">')
    broken = "{{Tile|image=X.png|count=1|config=({{Feature|name=Garden)}}\n"
    output = run(text[:anchor] + broken * 3 + text[anchor:], title="Base game/ro")
    houses = [r for r in output.rows["rules"] if getattr(r, "template", None) == "IconHouse"]
    assert len(houses) == 14
    assert output.findings == []


def test_unknown_language_reads_with_english_words_and_says_so() -> None:
    output = run(
        "== Scoring ==\n* Each tile of a completed road is worth 1 point.\n", language="xx"
    )
    assert _codes(output.findings) == ["rules.no_vocabulary"]
    claims = output.rows["scoring_claims"]
    assert [
        (getattr(c, "feature", ""), getattr(c, "unit", ""), getattr(c, "points", 0)) for c in claims
    ] == [("road", "tile", 1)]


def test_a_language_file_missing_a_key_is_a_bug_not_a_fallback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A broken `ro.json` must crash loudly, not silently read Romanian with English words."""
    folder = resources.files("carcdb.pipeline.parse.rules").joinpath("lang")
    broken = json.loads(folder.joinpath("ro.json").read_text("utf-8"))
    del broken["units"]

    def vocabulary_with_broken_ro(language: str) -> Vocabulary:
        if language == "ro":
            return build_vocabulary(broken)
        return vocabulary(language)

    monkeypatch.setattr(stage, "vocabulary", vocabulary_with_broken_ro)
    with pytest.raises(KeyError, match="units"):
        run("== Evaluare ==\n* Fiecare cartonaș valorează 1 punct.\n", language="ro")
