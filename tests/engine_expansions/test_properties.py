"""Invariants over random legal games of every product mix (hypothesis): simulated records
replay to the same scores, the naive board agrees, turning the whole board changes nothing."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.pipeline.engine.geometry import CORNERS, HALVES, SIDES, game_tiles
from carcdb.pipeline.engine.naive import NaiveGame
from carcdb.pipeline.engine.records import parse_record, replay
from carcdb.pipeline.engine.rules import tiles_for
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.engine.simulate import GameResult, game_rng, play_random_game, player_names
from tests.lanes import examples

CONFIG = RulesConfig()
AM, WE, CO = "Abbey and the Mayor", "Winter Edition", "The Courier"
MIXES: list[tuple[tuple[str, ...], dict[str, str]]] = [
    (("Base Game", AM), {}),
    ((WE,), {}),
    ((WE, AM), {}),
    (("Base Game", CO), {"courier": "no-tiles"}),
    (("Base Game", CO), {"courier": "tiles"}),
    (("Base Game", AM, CO), {"courier": "no-tiles"}),
    ((WE, AM, CO), {"courier": "no-tiles"}),
]
mixes = st.sampled_from(MIXES)
seeds = st.integers(min_value=0, max_value=2**32)
player_counts = st.integers(min_value=1, max_value=5)


def simulated_game(
    mix: tuple[tuple[str, ...], dict[str, str]], seed: int, players: int
) -> GameResult:
    """One random game of `mix` (its tiles as `rules.tiles_for` gives them), with its record."""
    products, options = mix
    tiles = tiles_for(products)
    result = play_random_game(
        game_rng(seed, 0),
        player_names(players),
        tiles.reference_counts(),
        CONFIG,
        tiles,
        keep_record=True,
        options=options,
    )
    assert result.record is not None
    return result


def simulated(
    mix: tuple[tuple[str, ...], dict[str, str]], seed: int, players: int
) -> tuple[list[int], dict[str, Any]]:
    result = simulated_game(mix, seed, players)
    assert result.record is not None
    return result.scores, result.record


def replayed(record: dict[str, Any], engine: Any = None) -> list[int]:
    parsed = parse_record(json.dumps(record), "<simulated>")
    if engine is None:
        scores, _ = replay(parsed, CONFIG)
    else:
        scores, _ = replay(parsed, CONFIG, engine=engine)
    return [scores[name] for name in record["players"]]


def rotate_target(target: str, turns: int) -> str:
    kind, _, where = target.partition(":")
    if where in SIDES:
        return f"{kind}:{SIDES[(SIDES.index(where) + turns) % 4]}"
    if where in HALVES:
        return f"{kind}:{HALVES[(HALVES.index(where) + 2 * turns) % 8]}"
    if where in CORNERS:
        return f"{kind}:{CORNERS[(CORNERS.index(where) + turns) % 4]}"
    return target  # monastery, abbey, field:I ...


def rotate_record(record: dict[str, Any], turns: int) -> dict[str, Any]:
    """The same game with the whole board turned `turns` quarter turns clockwise."""

    def turn_square(place: dict[str, Any]) -> dict[str, Any]:
        x, y = place["x"], place["y"]
        for _ in range(turns):
            x, y = -y, x  # clockwise with y growing south
        moved = {**place, "x": x, "y": y}
        if "rotation" in place:
            moved["rotation"] = (place["rotation"] + 90 * turns) % 360
        if "meeple" in place:
            moved["meeple"] = rotate_target(place["meeple"], turns)
        # Every square the turn names turns too: its moves, a figure taken back (the abbot),
        # a module's fields that name squares (a flock's shepherd).
        for key, value in place.items():
            if isinstance(value, dict) and "x" in value:
                moved[key] = turn_square(value)
            elif isinstance(value, list) and all(isinstance(v, dict) and "x" in v for v in value):
                moved[key] = [turn_square(v) for v in value]
        return moved

    return {
        **record,
        "start": turn_square(record["start"]),
        "turns": [turn_square(t) for t in record["turns"]],
    }


def check_random_game(
    mix: tuple[tuple[str, ...], dict[str, str]], seed: int, players: int, turns: int
) -> None:
    """A random game's record replays to its scores, on the whole board turned `turns`
    quarter turns too, and on the naive board."""
    scores, record = simulated(mix, seed, players)
    assert all(score >= 0 for score in scores)
    assert replayed(record) == scores
    assert replayed(rotate_record(record, turns)) == scores
    assert replayed(record, NaiveGame) == scores


@settings(max_examples=examples(30), deadline=None)
@given(mixes, seeds, player_counts)
def test_simulated_records_replay_to_the_same_scores(
    mix: tuple[tuple[str, ...], dict[str, str]], seed: int, players: int
) -> None:
    scores, record = simulated(mix, seed, players)
    assert all(score >= 0 for score in scores)
    assert replayed(record) == scores


@settings(max_examples=examples(15), deadline=None)
@given(mixes, seeds, player_counts, st.integers(min_value=1, max_value=3))
def test_rotating_the_whole_board_keeps_the_scores(
    mix: tuple[tuple[str, ...], dict[str, str]], seed: int, players: int, turns: int
) -> None:
    scores, record = simulated(mix, seed, players)
    assert replayed(rotate_record(record, turns)) == scores


@settings(max_examples=6, deadline=None)
@given(mixes, seeds, st.integers(min_value=2, max_value=4))
def test_the_naive_board_scores_simulated_games_the_same(
    mix: tuple[tuple[str, ...], dict[str, str]], seed: int, players: int
) -> None:
    scores, record = simulated(mix, seed, players)
    assert replayed(record, NaiveGame) == scores


def test_every_figure_is_used() -> None:
    placed: dict[str, int] = {}
    abbeys = 0
    for seed in range(20):
        tiles = game_tiles(("Base Game", AM, CO))
        result = play_random_game(
            game_rng(seed, 0),
            player_names(3),
            tiles.reference_counts(),
            CONFIG,
            tiles,
            keep_record=True,
            options={"courier": "no-tiles"},
        )
        for name, count in result.figures_placed.items():
            placed[name] = placed.get(name, 0) + count
        assert result.record is not None
        abbeys += sum(1 for t in result.record["turns"] if t["tile"] == f"{AM}/A")
        for t in result.record["turns"]:
            placed["move"] = placed.get("move", 0) + len(t.get("moves", []))
    assert set(placed) == {"meeple", "mayor", "wagon", "barn", "move"}
    assert min(placed.values()) > 0
    assert abbeys > 0
