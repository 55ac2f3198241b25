"""Invariants over random legal games (hypothesis): scores, replay, board rotation, baseline."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.pipeline.engine.game import Game
from carcdb.pipeline.engine.geometry import HALVES, SIDES, tile_set
from carcdb.pipeline.engine.naive import NaiveGame
from carcdb.pipeline.engine.records import parse_record, replay
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.engine.simulate import game_rng, play_random_game, player_names
from tests.lanes import examples

CONFIG = RulesConfig()
seeds = st.integers(min_value=0, max_value=2**32)
player_counts = st.integers(min_value=1, max_value=5)


def simulated(seed: int, players: int) -> tuple[list[int], dict[str, Any], int]:
    tiles = tile_set()
    result = play_random_game(
        game_rng(seed, 0),
        player_names(players),
        tiles.reference_counts(),
        CONFIG,
        tiles,
        keep_record=True,
    )
    assert result.record is not None
    return result.scores, result.record, result.set_aside


def rotate_target(target: str, turns: int) -> str:
    kind, _, where = target.partition(":")
    if where in SIDES:
        return f"{kind}:{SIDES[(SIDES.index(where) + turns) % 4]}"
    if where in HALVES:
        return f"{kind}:{HALVES[(HALVES.index(where) + 2 * turns) % 8]}"
    return target


def rotate_record(record: dict[str, Any], turns: int) -> dict[str, Any]:
    """The same game with the whole board turned `turns` quarter turns clockwise."""

    def turn_place(place: dict[str, Any]) -> dict[str, Any]:
        x, y = place["x"], place["y"]
        for _ in range(turns):
            x, y = -y, x  # clockwise with y growing south: north (0,-1) -> east (1,0)
        moved = {**place, "x": x, "y": y, "rotation": (place["rotation"] + 90 * turns) % 360}
        if "meeple" in place:
            moved["meeple"] = rotate_target(place["meeple"], turns)
        return moved

    return {
        "players": record["players"],
        "start": turn_place(record["start"]),
        "turns": [turn_place(t) for t in record["turns"]],
    }


def replayed(record: dict[str, Any], engine: Any = None) -> list[int]:
    parsed = parse_record(json.dumps(record), "<simulated>")
    scores, _ = replay(parsed, CONFIG) if engine is None else replay(parsed, CONFIG, engine=engine)
    return [scores[name] for name in record["players"]]


@pytest.mark.slow
@settings(max_examples=examples(40), deadline=None)
@given(seeds, player_counts)
def test_simulated_record_replays_to_the_same_scores(seed: int, players: int) -> None:
    scores, record, set_aside = simulated(seed, players)
    assert all(score >= 0 for score in scores)
    assert replayed(record) == scores
    assert len(record["turns"]) + set_aside == 71  # every drawn tile placed or set aside


@settings(max_examples=examples(20), deadline=None)
@given(seeds, player_counts, st.integers(min_value=1, max_value=3))
def test_rotating_the_whole_board_keeps_the_scores(seed: int, players: int, turns: int) -> None:
    scores, record, _ = simulated(seed, players)
    assert replayed(rotate_record(record, turns)) == scores


@settings(max_examples=10, deadline=None)
@given(seeds, player_counts)
def test_naive_baseline_scores_simulated_games_the_same(seed: int, players: int) -> None:
    scores, record, _ = simulated(seed, players)
    assert replayed(record, NaiveGame) == scores


def test_rotate_record_turns_a_quarter_clockwise() -> None:
    place = {"x": 0, "y": -1, "rotation": 270, "meeple": "field:WR"}
    start = {"x": 0, "y": 0, "rotation": 0}
    rotated = rotate_record({"players": ["A"], "start": start, "turns": [place]}, 1)
    # WR (north half of the west side) turns into the east half of the north side: NR.
    assert rotated["turns"][0] == {"x": 1, "y": 0, "rotation": 0, "meeple": "field:NR"}


@pytest.mark.slow
@settings(max_examples=5, deadline=None)
@given(seeds)
def test_frontier_placements_equal_a_full_scan(seed: int) -> None:
    """At every turn of a random game, the fast engine's legal placements for every tile
    type are exactly what the naive bounding-box scan finds."""
    _scores, record, _ = simulated(seed, 2)
    tiles = tile_set()
    fast = Game(["A"], CONFIG, tiles)
    naive = NaiveGame(["A"], CONFIG, tiles)
    start = tiles.oriented[record["start"]["tile"]][0]
    fast.start((0, 0), start)
    naive.start((0, 0), start)
    for number, turn in enumerate(record["turns"]):
        if number % 7 == 0:  # every 7th turn keeps the naive scans cheap
            for code in tiles.shapes:
                found = {(pos, o.rotation) for pos, o in fast.legal_placements(code)}
                assert found == {(pos, o.rotation) for pos, o in naive.legal_placements(code)}
        o = tiles.oriented[turn["tile"]][turn["rotation"] // 90]
        for engine in (fast, naive):
            engine.place((turn["x"], turn["y"]), o)
            engine.end_turn()
