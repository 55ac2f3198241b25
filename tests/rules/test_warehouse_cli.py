"""Rules in the warehouse: tables and views after a real build, and the two CLI commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcdb.pipeline.checks.rules import check_icon_notes_recorded
from carcdb.pipeline.cli.app import EXIT_BAD_INPUT, EXIT_OK, run_app
from carcdb.pipeline.extract.corpus import SourceSpec
from carcdb.pipeline.extract.sources import InputFormat
from carcdb.pipeline.run.build import build_corpus, import_sources
from carcdb.schemas.checks import CheckStatus
from carcdb.warehouse.connection import read_only, write_transaction
from carcdb.warehouse.rows import execute
from tests.rules.pages import wikitext


@pytest.mark.slow
def test_build_fills_rules_tables_and_views(sample_db: Path) -> None:
    with read_only(sample_db) as conn:
        per_page = dict(conn.execute("SELECT title, count(*) FROM rules GROUP BY title").fetchall())
        houses = conn.execute(
            "SELECT rules FROM rules_by_kind WHERE title = 'Base game/ro' AND kind = 'house_rule'"
        ).fetchall()
        claim_columns = {
            row[0]
            for row in conn.execute(
                "SELECT column_name FROM information_schema.columns "
                "WHERE table_name = 'scoring_claims'"
            ).fetchall()
        }
        ids = conn.execute(
            "SELECT count(*), count(DISTINCT claim_id) FROM scoring_claims"
        ).fetchall()
        dates = conn.execute(
            "SELECT date, count(*) FROM rule_dates WHERE title LIKE 'The Courier%' "
            "GROUP BY date ORDER BY date"
        ).fetchall()
    assert set(per_page) == {
        "Base game/ro",
        "Winter Edition Base Game/ro",
        "The Courier (Fan Expansion)/ro",
        "Abbey and the Mayor/ro",
    }
    assert houses == [(14,)]
    assert claim_columns >= {
        "title",
        "language",
        "revision_key",
        "line",
        "col",
        "snippet",
        "claim_id",
        "rule_id",
        "section_path",
        "feature",
        "state",
        "unit",
        "points",
        "sentence",
    }
    assert ids[0][0] > 0 and ids[0][0] == ids[0][1]
    assert dates == [("2023-03", 2), ("2024-04", 2)]


@pytest.mark.slow
def test_translation_alignment_shows_a_lost_clarification(db_path: Path, tmp_path: Path) -> None:
    """A translation of Base game whose text lost one IconBook note is `behind` its sibling."""
    build_corpus(db_path)
    text = wikitext("base_game_ro")
    note = text.index("<ref>\n{{IconBook}} \nUn cartonaș tocmai plasat")
    shorter = text[:note] + text[text.index("</ref>", note) + len("</ref>") :]
    source = tmp_path / "base_game_de.wiki"
    source.write_text(shorter, "utf-8")
    import_sources(db_path, [SourceSpec(source, "Base game/de", "de", InputFormat.WIKITEXT)])
    with read_only(db_path) as conn:
        rows = conn.execute(
            "SELECT language, rules, most, behind FROM translation_alignment "
            "WHERE base_title = 'Base game' AND kind = 'clarification' ORDER BY language"
        ).fetchall()
        house = conn.execute(
            "SELECT language, behind FROM translation_alignment "
            "WHERE base_title = 'Base game' AND kind = 'house_rule' ORDER BY language"
        ).fetchall()
    assert rows == [("de", 4, 5, True), ("ro", 5, 5, False)]
    assert house == [("de", False), ("ro", False)]


def _cli_json(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, object]]:
    assert run_app(list(args)) == EXIT_OK
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, list)
    return data


def test_rules_command(sample_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(sample_db)
    faqs = _cli_json(
        capsys, "rules", "--db", db, "--page", "Base game/ro", "--kind", "faq", "--json"
    )
    assert [row["kind"] for row in faqs] == ["faq"] * 4
    found = _cli_json(
        capsys,
        "rules",
        "--db",
        db,
        "--page",
        "Abbey and the Mayor",
        "--lang",
        "ro",
        "--search",
        "viberunner",
        "--json",
    )
    assert len(found) == 3 and all(row["kind"] == "house_rule" for row in found)
    assert run_app(["rules", "--db", db, "--page", "Base game/ro", "--kind", "faq"]) == EXIT_OK
    assert "4 rule(s) in Base game/ro" in capsys.readouterr().out


def test_scoring_claims_command(sample_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = _cli_json(
        capsys, "scoring-claims", "--db", str(sample_db), "--page", "Base game/ro", "--json"
    )
    assert {
        "feature": "city",
        "state": "completed",
        "unit": "coat_of_arms",
        "points": 2,
    }.items() <= next(row for row in rows if row["unit"] == "coat_of_arms").items()
    assert all(isinstance(row["section_path"], list) for row in rows)


def test_unknown_page_is_bad_input(sample_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = run_app(["scoring-claims", "--db", str(sample_db), "--page", "No such page"])
    assert code == EXIT_BAD_INPUT
    assert "no page 'No such page'" in capsys.readouterr().err


@pytest.mark.slow
def test_check_catches_a_lost_icon_note(db_path: Path) -> None:
    build_corpus(db_path)
    with read_only(db_path) as conn:
        before = check_icon_notes_recorded(conn)
    assert before and all(r.status is CheckStatus.PASS for r in before)
    assert {r.scope for r in before} >= {
        "Base game/ro IconHouse",
        "Abbey and the Mayor/ro IconWorld",
    }
    with write_transaction(db_path) as conn:
        execute(
            conn,
            "DELETE FROM rules WHERE rule_id = (SELECT min(rule_id) FROM rules "
            "WHERE title = 'Base game/ro' AND template = 'IconHouse')",
        )
    with read_only(db_path) as conn:
        after = {r.scope: r for r in check_icon_notes_recorded(conn)}
    lost = after["Base game/ro IconHouse"]
    assert (lost.status, lost.expected, lost.actual) == (
        CheckStatus.FAIL,
        "14 IconHouse notes (as written)",
        "13 rules",
    )
