"""No silent loss on real text, and `carcdb diff translations` on a real page of the corpus.

Note wrappers keep their text, localised year templates give ruling dates, the icon check fails
on a note stored without text, and the markup check finds markup left in a stored sentence.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcdb.pipeline.checks.rules import check_icon_notes_recorded, check_no_markup_in_text
from carcdb.pipeline.cli.app import EXIT_BAD_INPUT, EXIT_OK, run_app
from carcdb.pipeline.extract.corpus import SourceSpec
from carcdb.pipeline.extract.sources import InputFormat
from carcdb.pipeline.run.build import build_corpus, import_sources
from carcdb.schemas.checks import CheckStatus
from carcdb.schemas.findings import Finding
from carcdb.schemas.rules import Rule, RuleDate
from carcdb.warehouse.connection import read_only, write_transaction
from carcdb.warehouse.rows import execute
from tests.rules.pages import run
from tests.rules.real_corpus import Excerpt, excerpts, stage_output


def _excerpt(file: str) -> Excerpt:
    return next(e for e in excerpts() if e.file == file)


def test_a_linkable_note_keeps_its_body() -> None:
    text = "* {{IconArrow}}{{LinkableNote|body=In C3 the field scores 3 points per city.}}\n"
    [rule] = [r for r in run(text).rows["rules"] if isinstance(r, Rule)]
    assert (rule.kind.value, rule.text) == (
        "edition_difference",
        "In C3 the field scores 3 points per city.",
    )


@pytest.mark.parametrize("template", ["Year_nl", "Year de", "Year ro", "Jahr", "Year fr"])
def test_a_localised_year_template_gives_the_ruling_date(template: str) -> None:
    text = f"{{{{IconBook}}}} The abbot may be returned instead. (12/{{{{{template}|2014}}}})\n"
    dates = [d for d in run(text).rows["rule_dates"] if isinstance(d, RuleDate)]
    assert [(d.source, d.date) for d in dates] == [("ruling", "2014-12")]


@pytest.mark.parametrize(
    ("file", "year"),
    [
        ("nl_winter_edition_base_game.wiki", "2012"),
        ("de_base_game_year.wiki", "2014"),
        ("de_base_game_jahr.wiki", "2014"),
        ("es_inns_and_cathedrals.wiki", "2015"),
        ("fr_abbey_and_the_mayor.wiki", "2016"),
    ],
)
def test_real_localised_year_templates_show_their_year(file: str, year: str) -> None:
    from carcdb.pipeline.parse.rules.plaintext import plain_text

    shown = plain_text(_excerpt(file).text)
    assert year in shown and "{{" not in shown


def test_a_real_note_in_a_ref_is_kept_with_its_text() -> None:
    output = stage_output(_excerpt("de_base_game_note.wiki"))
    [note] = [r for r in output.rows["rules"] if isinstance(r, Rule)]
    assert note.kind.value == "wiki_note" and note.in_ref
    assert note.text.startswith("Sie haben keinen Einfluss auf die Grundregeln.")


def test_a_page_in_a_language_without_vocabulary_is_reported() -> None:
    output = run(
        "{{RulesScoring|title=Wertung|rules=Elke weg 1 punt.}}", title="P/tr", language="tr"
    )
    codes = [f.code for f in output.findings if isinstance(f, Finding)]
    assert codes == ["rules.no_vocabulary"]


@pytest.mark.slow
def test_the_checks_fail_on_an_empty_note_and_on_markup(db_path: Path) -> None:
    build_corpus(db_path)
    with read_only(db_path) as conn:
        assert all(r.status is CheckStatus.PASS for r in check_icon_notes_recorded(conn))
        [clean] = check_no_markup_in_text(conn)
    assert clean.status is CheckStatus.PASS, clean.evidence
    with write_transaction(db_path) as conn:
        execute(
            conn,
            "UPDATE rules SET text = '' WHERE rule_id = (SELECT min(rule_id) FROM rules "
            "WHERE title = 'Base game/ro' AND template = 'IconHouse')",
        )
        execute(
            conn,
            "UPDATE scoring_claims SET sentence = sentence || ' {{ColorRed|x}}' "
            "WHERE claim_id = (SELECT min(claim_id) FROM scoring_claims)",
        )
    with read_only(db_path) as conn:
        lost = {r.scope: r for r in check_icon_notes_recorded(conn)}["Base game/ro IconHouse"]
        [markup] = check_no_markup_in_text(conn)
    assert lost.status is CheckStatus.FAIL and lost.actual == "13 rules"
    assert markup.status is CheckStatus.FAIL
    assert "{{ColorRed" in json.loads(markup.evidence)[0]["text"]


def _import(db_path: Path, tmp_path: Path, excerpt: Excerpt, text: str | None = None) -> None:
    source = tmp_path / excerpt.file
    source.write_text(excerpt.text if text is None else text, "utf-8")
    import_sources(
        db_path, [SourceSpec(source, excerpt.title, excerpt.language, InputFormat.WIKITEXT)]
    )


@pytest.mark.slow
def test_diff_translations_shows_a_planted_difference(
    db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The en and fr road rows of Carcassonne Scoring After the Game agree (the fr excerpt goes
    on to a second row, which en's excerpt lacks); a fr row changed from 1 point to 2 points
    per tile shows as a claim each side states alone."""
    english = _excerpt("en_scoring_after_the_game_row.wiki")
    french = _excerpt("fr_carcassonne_scoring_after_the_game_row.wiki")
    build_corpus(db_path)
    _import(db_path, tmp_path, english)
    _import(db_path, tmp_path, french)
    args = [
        "diff",
        "translations",
        "--db",
        str(db_path),
        "--page",
        "Carcassonne Scoring After the Game",
        "--lang",
        "en,fr",
        "--json",
    ]
    assert run_app(args) == EXIT_OK
    before = json.loads(capsys.readouterr().out)
    assert [(d["nth"], d["difference"]) for d in before] == [(2, "rule missing on the left")]
    planted = french.text.replace("'''1''' point / tuile", "'''2''' points / tuile")
    assert planted != french.text
    _import(db_path, tmp_path, french, planted)
    assert run_app(args) == EXIT_OK
    [difference, _] = json.loads(capsys.readouterr().out)
    assert (difference["kind"], difference["nth"], difference["difference"]) == (
        "scoring",
        1,
        "claims differ",
    )
    assert difference["only_en"] == ["road incomplete tile 1"]
    assert difference["only_fr"] == ["road incomplete tile 2"]
    assert run_app(args[:-1]) == EXIT_OK
    assert "road incomplete tile 2" in capsys.readouterr().out
    assert run_app([*args[:-2], "it,fr"]) == EXIT_BAD_INPUT
