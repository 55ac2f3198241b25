"""The engine checks in `carcdb check`, on the sample and on edited copies of its pages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcdb.pipeline.checks.engine import base_tile_sets, placeable_codes
from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.extract.corpus import SourceSpec
from carcdb.pipeline.extract.sources import InputFormat
from carcdb.pipeline.run.build import build_corpus, check_warehouse, import_sources
from carcdb.schemas.checks import CheckResult, CheckStatus
from carcdb.warehouse.connection import read_only
from tests.conftest import FIXTURES
from tests.engine_config.helpers import build_edited, generate

CITY_SENTENCE = "Fiecare cartonaș dintr-un oraș finalizat valorează 2 puncte"
ROAD_EXAMPLE = "încasează 3 puncte pentru acest drum nefinalizat (3 cartonașe)"


def engine_results(db: Path) -> list[CheckResult]:
    return [r for r in check_warehouse(db) if r.check.startswith("engine.")]


@pytest.mark.slow
def test_every_engine_check_passes_on_the_sample(sample_db: Path) -> None:
    results = engine_results(sample_db)
    failed = [r for r in results if r.status is CheckStatus.FAIL]
    assert failed == []
    passed = {(r.check, r.scope) for r in results if r.status is CheckStatus.PASS}
    assert ("engine.placeable", "Base game/ro Base Game C3") in passed
    assert ("engine.draw_pile_total", "Base game/ro Base Game C2") in passed
    assert ("engine.geometry", "Winter Edition Base Game/ro Winter Edition WE3") in passed
    assert ("engine.scoring_claims", "Base game (ro)") in passed
    assert ("engine.worked_examples", "Base game (ro)") in passed
    examples = next(
        r for r in results if (r.check, r.scope) == ("engine.worked_examples", "Base game (ro)")
    )
    recomputed = json.loads(examples.evidence)["examples"]
    # The city of 5 tiles and 3 coats of arms worth 8 points at game end is among them.
    assert {"counts": {"tile": 5, "coat_of_arms": 3}, "stated": 8, "recomputed": 8} in [
        {k: e[k] for k in ("counts", "stated", "recomputed")} for e in recomputed
    ]


def test_base_tile_sets_of_the_sample(sample_db: Path) -> None:
    with read_only(sample_db) as conn:
        sets = base_tile_sets(conn)
    assert [(title, product, edition, len(codes)) for title, product, edition, codes in sets] == [
        ("Base game/ro", "Base Game", "C3", 24),
        ("Base game/ro", "20th Anniversary", "C3", 24),
        ("Base game/ro", "Base Game", "C2", 24),
        ("Winter Edition Base Game/ro", "Winter Edition", "WE3", 24),
        ("Winter Edition Base Game/ro", "Winter Edition", "WE2", 24),
        ("Winter Edition Base Game/ro", "Winter Edition", "WE1", 24),
        ("Winter Edition Base Game/ro", "Winter Edition", "WD", 24),
    ]


def test_every_tile_type_of_the_c3_set_goes_on_one_board(sample_db: Path) -> None:
    placed, count = placeable_codes(generate(sample_db, "Base game", "C3"))
    assert len(placed) == 24
    # The start tile, then one round placing a copy of each of the 24 types: all fit at once.
    assert count == 1 + 24


@pytest.mark.slow
def test_edited_city_value_fails_naming_the_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = build_edited(tmp_path, CITY_SENTENCE, CITY_SENTENCE.replace("2 puncte", "3 puncte"))
    failed = [r for r in engine_results(db) if r.status is CheckStatus.FAIL]
    assert [(r.check, r.scope, r.severity) for r in failed] == [
        ("engine.scoring_claims", "Base game (ro)", "error")
    ]
    message = failed[0].message
    assert "Base game (ro)" in message
    assert '"Fiecare cartonaș dintr-un oraș finalizat valorează 3 puncte."' in message
    assert "says 3 points per tile (city, completed), the configuration says 2" in message
    evidence = json.loads(failed[0].evidence)["disagreements"]
    assert [(d["claim_points"], d["config_points"]) for d in evidence] == [(3, 2)]
    # The CLI: exit code 1, the sentence in the table.
    assert run_app(["check", "--db", str(db)]) == 1
    assert "valorează 3 puncte" in " ".join(capsys.readouterr().out.split())


@pytest.mark.slow
def test_edited_worked_example_is_reported(tmp_path: Path) -> None:
    db = build_edited(tmp_path, ROAD_EXAMPLE, ROAD_EXAMPLE.replace("3 puncte", "4 puncte"))
    failed = [r for r in engine_results(db) if r.status is CheckStatus.FAIL]
    assert [(r.check, r.severity) for r in failed] == [("engine.worked_examples", "warning")]
    assert "says 4 points, the configuration gives 3 for {'tile': 3}" in failed[0].message
    assert "drum nefinalizat (3 cartonașe)" in failed[0].message


@pytest.mark.slow
def test_a_count_off_the_declared_total_fails_through_the_engine(tmp_path: Path) -> None:
    db = build_edited(
        tmp_path, "Base_Game_C3_Tile_X.png|count=1|", "Base_Game_C3_Tile_X.png|count=2|"
    )
    failed = {(r.check, r.scope): r for r in engine_results(db) if r.status is CheckStatus.FAIL}
    assert set(failed) == {
        ("engine.draw_pile_total", "Base game/ro Base Game C3"),
        ("engine.reference_sets", "Base game/ro Base Game C3"),  # the box holds one X
    }
    assert (
        "X: 2 copies listed, 1 in the box"
        in failed[("engine.reference_sets", "Base game/ro Base Game C3")].message
    )
    result = failed[("engine.draw_pile_total", "Base game/ro Base Game C3")]
    assert (result.expected, result.actual) == ("72", "73")


@pytest.mark.slow
def test_each_language_is_compared_with_the_configuration(tmp_path: Path) -> None:
    db = tmp_path / "two-languages.duckdb"
    build_corpus(db)
    german = FIXTURES / "engine_config" / "base_game_de_scoring.wiki"
    import_sources(db, [SourceSpec(german, "Base game/de", "de", InputFormat.WIKITEXT)])
    results = {(r.check, r.scope): r for r in engine_results(db)}
    assert results[("engine.scoring_claims", "Base game (ro)")].status is CheckStatus.PASS
    german_result = results[("engine.scoring_claims", "Base game (de)")]
    assert german_result.status is CheckStatus.FAIL
    assert german_result.message == (
        'Base game (de) Base game/de 2:1: "Ist eine Stadt fertig, zählt jedes Plättchen der '
        'Stadt 3 Punkte." says 3 points per tile (city, completed), the configuration says 2'
    )
    # The tile set still comes from the one language with tile lists; claims from both.
    config = generate(db, "Base game", "C3")
    assert config.tile_set.page_source().language == "ro"
    assert config.claim_languages == ["de", "ro"]
    city = next(v for v in config.scoring if v.engine_key == "city_completed_per_tile")
    assert city.points == 2
    assert [ref.language for ref in city.provenance.disagreeing] == ["de"]
