"""Inns and Cathedrals in random play: hypothesis properties over random legal games of the
product with the base game (and with Abbey and the Mayor, The Courier, the Winter Edition),
every figure used, and `carcdb simulate --out` records that `carcdb score` replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.engine.geometry import game_tiles
from carcdb.pipeline.engine.records import parse_record, replay
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.engine.simulate import game_rng, play_random_game, player_names
from tests.engine_expansions.test_properties import check_random_game
from tests.lanes import examples

IC, AM, CO, WE = "Inns and Cathedrals", "Abbey and the Mayor", "The Courier", "Winter Edition"
MIXES: list[tuple[tuple[str, ...], dict[str, str]]] = [
    (("Base Game", IC), {}),
    (("Base Game", IC, AM), {}),
    (("Base Game", IC, CO), {"courier": "no-tiles"}),
    (("Base Game", AM, IC, CO), {"courier": "no-tiles"}),
    ((WE, IC), {}),
]
mixes = st.sampled_from(MIXES)
seeds = st.integers(min_value=0, max_value=2**32)
player_counts = st.integers(min_value=1, max_value=5)


@settings(max_examples=examples(25), deadline=None)
@given(mixes, seeds, player_counts, st.integers(min_value=1, max_value=3))
def test_random_games_replay_turned_and_on_the_naive_board(
    mix: tuple[tuple[str, ...], dict[str, str]], seed: int, players: int, turns: int
) -> None:
    """A random game's record replays to its scores, turned and on the naive board."""
    check_random_game(mix, seed, players, turns)


def test_every_figure_is_used_on_every_kind_of_feature() -> None:
    placed: dict[str, int] = {}
    large_on: set[str] = set()
    scored_by_large: set[str] = set()
    tiles = game_tiles(("Base Game", AM, IC))
    for seed in range(12):
        result = play_random_game(
            game_rng(seed, 0),
            player_names(3),
            tiles.reference_counts(),
            RulesConfig(),
            tiles,
            keep_record=True,
        )
        for name, count in result.figures_placed.items():
            placed[name] = placed.get(name, 0) + count
        assert result.record is not None
        for turn in result.record["turns"]:
            if turn.get("figure") == "large_meeple":
                large_on.add(turn["meeple"].partition(":")[0])
        _, events = replay(parse_record(json.dumps(result.record), "<simulated>"), RulesConfig())
        scored_by_large |= {e.feature for e in events if "large_meeple" in (e.figure or "")}
    assert set(placed) == {"meeple", "mayor", "wagon", "barn", "large_meeple"}
    assert min(placed.values()) > 0
    assert large_on == {"road", "city", "field", "monastery", "abbey"}
    assert {"road", "city", "field"} <= scored_by_large


def simulate_and_score(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    games: int,
    products: str,
    figures: frozenset[str] = frozenset({"meeple", "large_meeple"}),
) -> None:
    """`carcdb simulate --out` with the reference counts (72 + 18 tiles), then `carcdb score`
    on each record: each record replays to the scores of its game (game i is seeded on its
    own, so it is played again here), and every one of `figures` was placed."""
    records = tmp_path / "games"
    argv = ["simulate", "--games", str(games), "--seed", "3", "--json", "--products", products]
    argv += ["--db", str(tmp_path / "none.duckdb"), "--out", str(records)]
    assert run_app(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["products"] == products.split(",")
    assert summary["draw_pile_tiles"] == 72 + 18
    assert set(summary["figures_placed"]) == figures
    tiles = game_tiles(tuple(products.split(",")))
    paths = sorted(records.glob("game-*.json"))
    assert len(paths) == games
    for index, path in enumerate(paths):
        expected = play_random_game(
            game_rng(3, index), player_names(2), tiles.reference_counts(), RulesConfig(), tiles
        ).scores
        assert run_app(["score", str(path)]) == 0
        assert list(json.loads(capsys.readouterr().out)["scores"].values()) == expected


def test_simulate_out_records_replay_through_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    simulate_and_score(tmp_path, capsys, 10, f"Base Game,{IC}")


@pytest.mark.slow
def test_two_hundred_simulated_games_replay_through_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    simulate_and_score(tmp_path, capsys, 200, f"Base Game,{IC}")
