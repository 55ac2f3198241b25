"""Inns and Cathedrals: its numbers (the rules configuration, `--config`, the wiki's claims that
set them) and its records (illegal turns exit with the turn and the reason, the schema, the
wiki's image names). The positions are those of `test_inns_and_cathedrals`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.configgen.claim_rates import Claim
from carcdb.pipeline.configgen.values import module_values
from carcdb.pipeline.engine.records import parse_record, replay
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.errors import GameRecordError
from carcdb.pipeline.parse.tiles.identity import identify_image
from tests.engine_expansions.helpers import game, illegal, play, turn
from tests.engine_products.test_inns_and_cathedrals import (
    BASE_IC,
    IC,
    LARGE,
    MODULE,
    cathedral_city,
    ic,
    inn_road,
    with_numbers,
)

# -- numbers ---------------------------------------------------------------------------


def test_changed_numbers_change_the_scores() -> None:
    # inn_road: 4 tiles completed with an inn; at 3 per tile, 12.
    assert play(inn_road(), with_numbers(inn_completed_per_tile=3))[0] == {"Ann": 12, "Ben": 0}
    # The open inn road of 3 tiles with 1 per tile at the end instead of 0: 3.
    open_road = inn_road(closed=False)
    assert play(open_road, with_numbers(inn_incomplete_per_tile=1))[0] == {"Ann": 3, "Ben": 0}
    # cathedral_city: 6 tiles and 1 coat; at 4 per tile and 5 per coat, 29.
    numbers = with_numbers(cathedral_completed_per_tile=4, cathedral_completed_per_coat_of_arms=5)
    assert play(cathedral_city(), numbers)[0] == {"Ann": 29, "Ben": 0}
    # Open at the end, 5 tiles and 1 coat at 1 and 2: 7.
    numbers = with_numbers(cathedral_incomplete_per_tile=1, cathedral_incomplete_per_coat_of_arms=2)
    assert play(cathedral_city(closed=False), numbers)[0] == {"Ann": 7, "Ben": 0}
    # The base game's road number still scores the plain road (4 tiles at 2).
    plain = RulesConfig(road_completed_per_tile=2, modules={MODULE: {"inn_completed_per_tile": 5}})
    assert play(inn_road(inn=False), plain)[0] == {"Ann": 8, "Ben": 0}


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = run_app(argv)
    out = capsys.readouterr()
    return code, out.out, " ".join(out.err.split())


def test_config_file_changes_the_inn_rate(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "inn.json"
    record.write_text(json.dumps(inn_road()), "utf-8")
    code, out, _ = run(["rules-config"], capsys)
    assert code == 0
    defaults = json.loads(out)["modules"][MODULE]
    assert defaults == {
        "large_meeples_per_player": 1,
        "inn_completed_per_tile": 2,
        "inn_incomplete_per_tile": 0,
        "cathedral_completed_per_tile": 3,
        "cathedral_completed_per_coat_of_arms": 3,
        "cathedral_incomplete_per_tile": 0,
        "cathedral_incomplete_per_coat_of_arms": 0,
    }
    config = tmp_path / "rules.json"
    config.write_text(json.dumps({"modules": {MODULE: {"inn_completed_per_tile": 3}}}), "utf-8")
    code, out, _ = run(["score", str(record)], capsys)
    assert (code, json.loads(out)["scores"]) == (0, {"Ann": 8, "Ben": 0})
    code, out, _ = run(["score", str(record), "--config", str(config)], capsys)
    # 4 tiles x 3
    assert (code, json.loads(out)["scores"]) == (0, {"Ann": 12, "Ben": 0})
    config.write_text(json.dumps({"modules": {MODULE: {"inn_per_tile": 3}}}), "utf-8")
    code, _, err = run(["score", str(record), "--config", str(config)], capsys)
    assert code == 2
    assert f"modules.{MODULE}.inn_per_tile: not a number of {MODULE}" in err


def claim(index: int, feature: str, state: str, unit: str, points: int) -> Claim:
    return Claim(
        claim_id=f"rev:scoring/{index}",
        title="Inns and Cathedrals",
        language="en",
        revision_key="rev",
        line=index,
        col=1,
        feature=feature,
        state=state,
        unit=unit,
        points=points,
        bonus=False,
        sentence=f"{feature} {state} {unit} {points}",
        counts=(),
    )


def test_the_wikis_scoring_claims_set_the_numbers() -> None:
    # The vocabulary's claims (VOCAB.md): inn completed tile 2, inn incomplete tile 0,
    # cathedral completed tile 3 and coat_of_arms 3, cathedral incomplete tile 0. A page
    # stating other numbers sets those (here 4 per inn tile, 1 per open cathedral tile).
    claims = [
        claim(1, "inn", "completed", "tile", 4),
        claim(2, "inn", "incomplete", "tile", 0),
        claim(3, "cathedral", "completed", "tile", 3),
        claim(4, "cathedral", "completed", "coat_of_arms", 3),
        claim(5, "cathedral", "end_game", "tile", 1),
        claim(6, "road", "completed", "tile", 1),  # the base game's, not this module's
    ]
    values = module_values("Inns and Cathedrals", claims, [MODULE])
    found = {v.engine_key: (v.value, v.provenance.status) for v in values}
    assert found == {
        "large_meeples_per_player": (1, "default"),
        "inn_completed_per_tile": (4, "claims"),
        "inn_incomplete_per_tile": (0, "claims"),
        "cathedral_completed_per_tile": (3, "claims"),
        "cathedral_completed_per_coat_of_arms": (3, "claims"),
        "cathedral_incomplete_per_tile": (1, "claims"),
        "cathedral_incomplete_per_coat_of_arms": (0, "default"),
    }


# -- records ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "error"),
    [
        (
            game(
                ["Ann"],
                turn("Ann", "U", 1, 0, 0, "road:E", LARGE),
                turn("Ann", "E", 0, -1, 180, "field:NL", LARGE),
                products=BASE_IC,
            ),
            "turn 2: large_meeple 'field:NL': Ann has no large_meeple left",
        ),
        (
            game(
                ["Ann", "Ben"],
                turn("Ann", "U", 1, 0, 0, "road:E"),
                turn("Ben", "U", -1, 0, 0, "road:W", LARGE),
                products=BASE_IC,
            ),
            "turn 2: large_meeple 'road:W': that road is already occupied",
        ),
        (
            game(["Ann"], turn("Ann", "U", 1, 0, 0, "road:E", LARGE), products=("Base Game",)),
            "turn 1: large_meeple 'road:E': no large_meeple in this game: its product is not "
            "played",
        ),
        (
            game(["Ann"], turn("Ann", "U", 1, 0, 0, None, LARGE), products=BASE_IC),
            "turn 1: figure 'large_meeple' without a place: give 'meeple' too",
        ),
        (
            game(["Ann"], turn("Ann", ic("B"), 1, 0, 0, "city:N", LARGE), products=BASE_IC),
            "turn 1: large_meeple 'city:N': tile Inns and Cathedrals/B rotated 0 has no 'city:N'",
        ),
        (
            game(["Ann"], turn("Ann", ic("R"), 1, 0, 0), products=BASE_IC),
            "turn 1: unknown tile 'Inns and Cathedrals/R'",
        ),
    ],
)
def test_illegal_turns_name_the_turn_and_the_reason(data: dict[str, Any], error: str) -> None:
    assert error in illegal(data)


def test_no_large_meeple_when_the_configuration_gives_none() -> None:
    data = game(["Ann"], turn("Ann", "U", 1, 0, 0, "road:E", LARGE), products=BASE_IC)
    # By default the record is legal: the open road (0,0)-(1,0), 2 x 1 = 2 at the end.
    assert play(data)[0] == {"Ann": 2}
    with pytest.raises(GameRecordError, match=r"turn 1: .*Ann has no large_meeple left"):
        replay(parse_record(json.dumps(data), "x"), with_numbers(large_meeples_per_player=0))


def test_the_schema_and_image_names_know_the_product(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["score", "--schema"], capsys)
    assert code == 0
    assert LARGE in json.loads(out)["$defs"]["Turn"]["properties"]["figure"]["enum"]
    found = identify_image("Inns_And_Cathedrals_C2_Tile_Ka.jpg")
    assert found is not None
    assert (found.product, found.edition_token, found.code) == (IC, "C2", "KA")
