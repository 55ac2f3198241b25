"""Hills and Sheep in random play and in the configuration: hypothesis properties over random
legal games of the product with the base game (and with Abbey and the Mayor, The Courier,
Inns and Cathedrals, The Abbot), every figure and flock action used, `carcdb simulate --out`
records that `carcdb score` replays, its numbers (`rules-config`, `--config`, the wiki's
claims), the records' schema and the wiki's image names."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.pipeline.configgen.reference import reference_config
from carcdb.pipeline.configgen.values import module_values
from carcdb.pipeline.engine.records import parse_record, replay
from carcdb.pipeline.engine.rules import tiles_for
from carcdb.pipeline.engine.rules.hills_sheep import HillRules
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.engine.simulate import game_rng, play_random_game, player_names
from carcdb.pipeline.parse.tiles.identity import identify_image
from tests.engine_expansions.test_properties import check_random_game, simulated_game
from tests.engine_products.test_inns_and_cathedrals_config import claim, run
from tests.engine_products.test_inns_and_cathedrals_random import simulate_and_score
from tests.lanes import examples

HS, AM, CO, IC, AB = (
    "Hills and Sheep",
    "Abbey and the Mayor",
    "The Courier",
    "Inns and Cathedrals",
    "The Abbot",
)
MIXES: list[tuple[tuple[str, ...], dict[str, str]]] = [
    (("Base Game", HS), {}),
    (("Base Game", HS), {"hill_tiebreaker": "number-of-followers"}),
    (("Base Game", AM, HS), {}),
    (("Base Game", HS, CO), {"courier": "no-tiles"}),
    (("Base Game", IC, HS, AB), {}),
]
mixes = st.sampled_from(MIXES)
SHEPHERD_MIX = frozenset({"meeple", "shepherd"})  # the figures of a base game with the product
seeds = st.integers(min_value=0, max_value=2**32)
player_counts = st.integers(min_value=1, max_value=5)


@settings(max_examples=examples(25), deadline=None)
@given(mixes, seeds, player_counts, st.integers(min_value=1, max_value=3))
def test_random_games_replay_turned_and_on_the_naive_board(
    mix: tuple[tuple[str, ...], dict[str, str]], seed: int, players: int, turns: int
) -> None:
    """Every square a flock action names turns with the board (`rotate_record`)."""
    check_random_game(mix, seed, players, turns)


def actions(turn: dict[str, Any]) -> list[dict[str, Any]]:
    found = turn.get("flock")
    return [] if found is None else [found] if isinstance(found, dict) else found


def test_every_figure_action_and_rule_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    broken: list[bool] = []  # a hill tie-break that changed who scores
    original = HillRules.break_tie

    def spy(self: HillRules, game: Any, fid: int, tied: list[int]) -> list[int]:
        decided = original(self, game, fid, tied)
        broken.append(decided != tied)
        return decided

    monkeypatch.setattr(HillRules, "break_tie", spy)
    placed: dict[str, int] = {}
    seen: set[str] = set()
    for seed in range(15):
        result = simulated_game((("Base Game", AM, HS), {}), seed, 3)
        for name, count in result.figures_placed.items():
            placed[name] = placed.get(name, 0) + count
        assert result.record is not None
        herded_by_action = set()
        for number, turn in enumerate(result.record["turns"], start=1):
            if "sheep" in turn:
                seen.add(f"placed {turn['sheep']}")
            for action in actions(turn):
                seen.add(f"{action['action']} {action.get('sheep', '')}".strip())
                if action["action"] == "herd":
                    herded_by_action.add(number)
        _, events = replay(parse_record(json.dumps(result.record), "<simulated>"), RulesConfig())
        for event in events:
            if event.feature == "flock" and event.turn not in herded_by_action:
                seen.add("closed field herded")
            if event.feature == "monastery" and event.points > event.tiles and event.turn:
                seen.add("vineyard bonus")
    assert set(placed) == {"meeple", "mayor", "wagon", "barn", "shepherd"}
    tokens = {f"{kind} {token}" for kind in ("placed", "expand") for token in (1, 2, 3, 4, "wolf")}
    assert tokens | {"herd", "closed field herded", "vineyard bonus"} <= seen
    assert any(broken)


def test_simulate_out_records_replay_through_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    simulate_and_score(tmp_path, capsys, 10, f"Base Game,{HS}", SHEPHERD_MIX)


@pytest.mark.slow
def test_two_hundred_simulated_games_replay_through_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    simulate_and_score(tmp_path, capsys, 200, f"Base Game,{HS}", SHEPHERD_MIX)


def test_a_hill_takes_a_tile_of_the_pile_beneath_it() -> None:
    # Random play: every hill placed takes the pile's top tile out of the game, so a game
    # has as many turns fewer (tiles set aside apart) as hills were placed before the end.
    tiles = tiles_for(("Base Game", HS))
    hill_codes = {f"{HS}/{c}" for c in "CDFHIMNO"}
    for seed in range(5):
        result = play_random_game(
            game_rng(seed, 0), player_names(2), tiles.reference_counts(), RulesConfig(), tiles,
            keep_record=True,
        )  # fmt: skip
        assert result.record is not None
        played = result.record["turns"]
        hills = sum(1 for turn in played if turn["tile"] in hill_codes)
        beneath = 90 - 1 - len(played) - result.set_aside
        assert 0 < beneath <= hills  # the last hills may find the pile empty


# -- numbers and records ----------------------------------------------------------------


def test_the_numbers_are_in_the_rules_configuration(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(["rules-config"], capsys)
    assert code == 0
    modules = json.loads(out)["modules"]
    assert modules["vineyards"] == {"monastery_completed_per_vineyard": 3}
    assert modules["sheep"] == {
        "shepherds_per_player": 1,
        "flock_per_sheep": 1,
        "sheep_tokens_1": 4,
        "sheep_tokens_2": 5,
        "sheep_tokens_3": 5,
        "sheep_tokens_4": 2,
        "wolf_tokens": 2,
    }
    # A flock of 3 sheep herded; at 2 points per sheep through --config, 6.
    record = {
        "players": ["Ann", "Ben"],
        "products": ["Base Game", HS],
        "options": {"tiles": "unlimited"},
        "start": {"tile": "U", "x": 0, "y": 0, "rotation": 0},
        "turns": [
            {"player": "Ann", "tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "field:ER",
             "figure": "shepherd", "sheep": 3},
            {"player": "Ben", "tile": "B", "x": 0, "y": -1, "rotation": 0},
            {"player": "Ann", "tile": "U", "x": 2, "y": 0, "rotation": 0,
             "flock": {"action": "herd", "x": 1, "y": 0}},
        ],
    }  # fmt: skip
    path = tmp_path / "flock.json"
    path.write_text(json.dumps(record), "utf-8")
    config = tmp_path / "rules.json"
    config.write_text(json.dumps({"modules": {"sheep": {"flock_per_sheep": 2}}}), "utf-8")
    code, out, _ = run(["score", str(path)], capsys)
    assert (code, json.loads(out)["scores"]) == (0, {"Ann": 3, "Ben": 0})
    code, out, _ = run(["score", str(path), "--config", str(config)], capsys)
    assert (code, json.loads(out)["scores"]) == (0, {"Ann": 6, "Ben": 0})
    # No 3-sheep token in the bag: the record's draw is refused, exit 2 with the turn.
    config.write_text(json.dumps({"modules": {"sheep": {"sheep_tokens_3": 0}}}), "utf-8")
    code, _, err = run(["score", str(path), "--config", str(config)], capsys)
    assert code == 2 and "turn 1: the shepherd placed: the bag holds no 3-sheep token" in err


def test_the_wikis_claims_set_the_numbers() -> None:
    # The vocabulary's claims: `monastery completed vineyard 3` (the stored Hills & Sheep
    # excerpt), `flock during_game sheep N` (VOCAB's unit sheep).
    claims = [
        claim(1, "monastery", "completed", "vineyard", 4),
        claim(2, "flock", "during_game", "sheep", 2),
        claim(3, "monastery", "completed", "tile", 1),  # the base game's, not these modules'
    ]
    values = module_values(HS, claims, ["vineyards", "sheep"])
    found = {v.engine_key: (v.value, v.provenance.status) for v in values}
    assert found["monastery_completed_per_vineyard"] == (4, "claims")
    assert found["flock_per_sheep"] == (2, "claims")
    assert found["wolf_tokens"] == (2, "default")
    config = reference_config(HS, "C2")
    assert config.rules_modules == ["hills", "vineyards", "sheep"]


def test_the_schema_and_image_names_know_the_product(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["score", "--schema"], capsys)
    assert code == 0
    schema = json.loads(out)
    turn = schema["$defs"]["Turn"]["properties"]
    assert "shepherd" in turn["figure"]["enum"]
    assert turn["sheep"]["anyOf"] == [
        {"type": "integer", "minimum": 1, "maximum": 4},
        {"const": "wolf"},
        {"type": "null"},
    ]
    assert {"$ref": "#/$defs/FlockAction"} in turn["flock"]["anyOf"]
    assert "FlockAction" in schema["$defs"]
    assert schema["$defs"]["FlockAction"]["properties"]["action"]["enum"] == ["expand", "herd"]
    found = identify_image("Hills_And_Sheep_C2_Tile_K.jpg")
    assert found is not None
    assert (found.product, found.edition_token, found.code) == (HS, "C2", "K")


def test_the_documented_example(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/engine.md's record: Ann's flock 3 (north field) and Ben's 2 (south field) join
    # when Ann's K (its dead-end road's field goes round it) ends the road on (2, 0); Ann
    # grows the flock by 4; Ben's A on (-2, 0) extends it and he herds 3 + 4 + 2 = 9: both
    # score 9 (the field: 5 tiles). The road, closed, and the monasteries hold nobody.
    example = Path(__file__).parents[1] / "fixtures" / "engine" / "hills-and-sheep-example.json"
    code, out, _ = run(["score", str(example)], capsys)
    report = json.loads(out)
    assert (code, report["scores"]) == (0, {"Ann": 9, "Ben": 9})
    assert [(e["player"], e["feature"], e["points"], e["figure"]) for e in report["events"]] == [
        ("Ann", "flock", 9, "shepherd"),
        ("Ben", "flock", 9, "shepherd"),
    ]
