"""The expansion checks of `carcdb check` on the sample and on edited copies of its pages:
barn and mayor claims against the configuration, listed features against the shapes,
expansion tile sets through the engine; `carcdb engine-config` for the expansions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.run.build import check_warehouse
from carcdb.schemas.checks import CheckResult, CheckStatus
from tests.engine_config.helpers import build_edited, generate

AM_PAGE = "004_463e2d43ade5f599.txt"  # Abbey and the Mayor/ro (manifest.json)
BARN_FINAL = "'''4 puncte pentru fiecare oraș finalizat'''"


def engine_results(db: Path) -> dict[tuple[str, str], CheckResult]:
    return {(r.check, r.scope): r for r in check_warehouse(db) if r.check.startswith("engine.")}


def test_expansion_checks_on_the_sample(sample_db: Path) -> None:
    results = engine_results(sample_db)
    assert [r for r in results.values() if r.status is CheckStatus.FAIL] == []
    claims = results[("engine.scoring_claims", "Abbey and the Mayor (ro)")]
    assert claims.status is CheckStatus.PASS
    # barn 3 and 1 (twice each: rules and summary), 4 (twice), fortress 4, 2, 5, mayor 1
    assert claims.actual == "10 agree"
    am = "Abbey and the Mayor/ro Abbey and the Mayor C2 (whole set)"
    assert results[("engine.geometry", am)].status is CheckStatus.PASS
    assert results[("engine.placeable", am)].status is CheckStatus.PASS
    features = results[
        ("engine.shape_features", "Abbey and the Mayor/ro Abbey and the Mayor C2 list 1")
    ]
    assert (features.status, features.actual) == (CheckStatus.PASS, "7 of 7 features found")
    we3 = "Winter Edition Base Game/ro Winter Edition WE3 (whole set)"
    assert results[("engine.draw_pile_total", we3)].actual == "84"
    courier = results[
        ("engine.geometry", "The Courier (Fan Expansion)/ro The Courier C2 (whole set)")
    ]
    assert courier.status is CheckStatus.SKIP
    assert "01, 02, 03, 04, 05, 06" in courier.message


@pytest.mark.slow
def test_a_falsified_barn_number_fails_naming_the_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = build_edited(tmp_path, BARN_FINAL, BARN_FINAL.replace("4", "5"), AM_PAGE)
    failed = [r for r in engine_results(db).values() if r.status is CheckStatus.FAIL]
    assert [(r.check, r.scope) for r in failed] == [
        ("engine.scoring_claims", "Abbey and the Mayor (ro)")
    ]
    message = failed[0].message
    # The summary block still says 4: a tie, and the page's own number (4) is kept.
    assert "La sfârșitul jocului, încasezi câte 5 puncte pentru fiecare oraș finalizat" in message
    assert "says 5 points per completed_city (barn, end_game), the configuration says 4" in message
    assert run_app(["check", "--db", str(db), "--json"]) == 1
    reported = json.loads(capsys.readouterr().out)
    assert any("câte 5 puncte" in r["message"] for r in reported if r["status"] == "fail")


def test_a_listed_feature_the_shape_lacks_fails(tmp_path: Path) -> None:
    db = build_edited(tmp_path, "InnerField|count=2", "InnerField|count=3", AM_PAGE)
    failed = [r for r in engine_results(db).values() if r.status is CheckStatus.FAIL]
    assert [r.check for r in failed] == ["engine.shape_features", "engine.reference_sets"]
    assert "tile C: the wiki lists InnerField x3, its shape 2" in failed[0].message
    assert "C: features InnerField 3, OverpassingCityBridge 1 listed" in failed[1].message
    assert failed[1].severity == "warning"


def test_engine_config_for_the_expansions(sample_db: Path, tmp_path: Path) -> None:
    config = generate(sample_db, "Abbey and the Mayor", "C2")
    assert config.rules_modules == ["abbey", "mayor", "wagon", "barn"]
    values = {(v.feature, v.state, v.unit): v for v in config.module_values}
    states = ("placed", "joined", "end_game")
    barn = [values[("barn", s, u)].value for s in states for u in ("completed_city", "fortress")]
    assert barn == [3, 4, 1, 2, 4, 5]
    final = values[("barn", "end_game", "completed_city")]
    assert final.engine_key == "barn_final_per_completed_city"
    assert [ref.points for ref in final.provenance.supporting] == [4, 4]
    assert values[("barn", "end_game", "fortress")].engine_key is None  # no fortress tiles
    assert values[("mayor", "strength", "coat_of_arms")].provenance.status == "claims"
    assert set(config.geometry.tiles) == set("ABCDEFGHIJKLM")
    out = tmp_path / "am.json"
    args = ["engine-config", "--db", str(sample_db), "--edition", "C2", "--out", str(out)]
    assert run_app([*args, "--page", "Abbey and the Mayor"]) == 0
    assert json.loads(out.read_text())["module_values"][5]["value"] == 3
    # The Courier: the file is written, but no tile has a shape: exit 1 naming them.
    assert run_app([*args, "--page", "The Courier (Fan Expansion)"]) == 1
    assert json.loads(out.read_text())["rules_modules"] == ["courier"]


def test_generated_expansion_configuration_plays(
    sample_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "am.json"
    assert run_app(["engine-config", "--db", str(sample_db), "--page", "Abbey and the Mayor",
                    "--edition", "C2", "--out", str(out)]) == 0  # fmt: skip
    capsys.readouterr()
    args = ["simulate", "--games", "3", "--config", str(out), "--json"]
    assert run_app([*args, "--db", str(sample_db)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["products"] == ["Base Game", "Abbey and the Mayor"]
    assert summary["draw_pile_tiles"] == 84  # 72 from the warehouse + the file's 12
