"""`carcdb score` and `carcdb simulate` run a generated configuration file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.configgen.drawpile import draw_pile
from carcdb.pipeline.configgen.generate import render
from carcdb.pipeline.engine.config_file import load_rules
from carcdb.pipeline.engine.geometry import tile_set
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.engine.simulate import simulate
from carcdb.pipeline.errors import InputError
from tests.conftest import FIXTURES
from tests.engine_config.helpers import generate

EXAMPLE = FIXTURES / "engine" / "domain-example.json"


@pytest.fixture
def c3_file(sample_db: Path, tmp_path: Path) -> Path:
    path = tmp_path / "c3.json"
    assert run_app(["engine-config", "--db", str(sample_db), "--page", "Base game",
                    "--edition", "C3", "--out", str(path)]) == 0  # fmt: skip
    return path


def test_generated_c3_is_the_built_in_rules_with_the_warehouse_pile(c3_file: Path) -> None:
    rules = load_rules(c3_file)
    defaults = RulesConfig()
    assert rules.model_dump(exclude={"draw_pile"}) == defaults.model_dump(exclude={"draw_pile"})
    assert rules.draw_pile == tile_set().reference_counts()


@pytest.mark.slow
def test_simulating_1000_games_matches_the_defaults(c3_file: Path, tmp_path: Path) -> None:
    generated = load_rules(c3_file)
    assert generated.draw_pile is not None
    defaults = RulesConfig()
    pile = draw_pile(tile_set(), defaults, tmp_path / "no-warehouse.duckdb")
    from_file = simulate(1000, 7, 2, generated.draw_pile, generated).to_json()
    built_in = simulate(1000, 7, 2, pile.counts, defaults).to_json()
    for summary in (from_file, built_in):
        summary.pop("draw_pile_source")
        summary.pop("notices")
    assert from_file == built_in


def test_score_with_the_file(c3_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_app(["score", str(EXAMPLE), "--config", str(c3_file)]) == 0
    assert json.loads(capsys.readouterr().out)["scores"] == {"Ann": 5, "Ben": 2}


def test_the_files_values_are_the_ones_played(
    sample_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = json.loads(render(generate(sample_db, "Base game", "C3")))
    for value in document["scoring"]:
        if value["engine_key"] == "city_final_per_tile":
            value["points"] = 5
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(document), "utf-8")
    assert run_app(["score", str(EXAMPLE), "--config", str(path)]) == 0
    # Ann's incomplete city of 2 tiles now gives 2 x 5 instead of 2 x 1.
    assert json.loads(capsys.readouterr().out)["scores"] == {"Ann": 13, "Ben": 2}


def test_simulate_cli_uses_the_files_pile(
    c3_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_app(["simulate", "--games", "3", "--seed", "1", "--config", str(c3_file),
                    "--json"]) == 0  # fmt: skip
    summary = json.loads(capsys.readouterr().out)
    assert summary["draw_pile_tiles"] == 72


def test_changed_geometry_is_refused(sample_db: Path, tmp_path: Path) -> None:
    document = json.loads(render(generate(sample_db, "Base game", "C3")))
    document["geometry"]["tiles"]["B"]["edges"] = "FFRF"
    document["geometry"]["tiles"]["B"]["roads"] = [{"sides": ["S"]}]
    path = tmp_path / "bent.json"
    path.write_text(json.dumps(document), "utf-8")
    with pytest.raises(InputError, match=r"geometry\.tiles\.B is not the engine's"):
        load_rules(path)


def test_invalid_document_names_the_field(sample_db: Path, tmp_path: Path) -> None:
    document = json.loads(render(generate(sample_db, "Base game", "C3")))
    document["scoring"][0]["points"] = -1
    path = tmp_path / "negative.json"
    path.write_text(json.dumps(document), "utf-8")
    with pytest.raises(InputError, match=r"invalid engine configuration at scoring\.0\.points"):
        load_rules(path)


def test_tiles_without_geometry_are_refused(sample_db: Path, tmp_path: Path) -> None:
    # The Courier's letter tiles have no public shape description: marked unknown.
    path = tmp_path / "courier.json"
    path.write_text(render(generate(sample_db, "The Courier (Fan Expansion)", "C2")), "utf-8")
    with pytest.raises(InputError, match=r"without geometry.*01, 02.*shapes are unknown"):
        load_rules(path)
