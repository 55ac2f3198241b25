"""Random play of The River and The River II (with the base game, the Winter Edition, Abbey
and the Mayor, The Courier): records replay to the same scores, the naive engine agrees,
turning the whole board changes nothing; every river phase of The River places every river
tile (the default reading of the U-turn rule); `carcdb simulate` and `carcdb score` agree."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.engine.geometry import game_tiles
from carcdb.pipeline.engine.naive import NaiveGame
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.engine.simulate import game_rng, play_random_game, player_names
from tests.engine_expansions.test_properties import replayed, rotate_record, simulated
from tests.lanes import examples

RI, R2 = "The River", "The River II"
AM, WE, CO = "Abbey and the Mayor", "Winter Edition", "The Courier"
NO_TILES = {"courier": "no-tiles"}
MIXES: list[tuple[tuple[str, ...], dict[str, str]]] = [
    (("Base Game", RI), {}),
    (("Base Game", RI), {"river_turns": "adjacent"}),
    ((WE, RI), {}),
    (("Base Game", RI, AM), {}),
    (("Base Game", RI, CO), NO_TILES),
    (("Base Game", RI, AM, CO), NO_TILES),
    (("Base Game", R2), {}),
    (("Base Game", R2, AM), {}),
    (("Base Game", RI, R2), {}),
    (("Base Game", RI, R2, AM), {}),
]
mixes = st.sampled_from(MIXES)
seeds = st.integers(min_value=0, max_value=2**32)
player_counts = st.integers(min_value=1, max_value=5)


@settings(max_examples=examples(40), deadline=None)
@given(mixes, seeds, player_counts)
def test_random_river_games_replay_to_the_same_scores(
    mix: tuple[tuple[str, ...], dict[str, str]], seed: int, players: int
) -> None:
    scores, record = simulated(mix, seed, players)
    assert record["start"]["tile"].endswith("/A")  # a spring starts every river game
    assert replayed(record) == scores


@settings(max_examples=examples(20), deadline=None)
@given(mixes, seeds, player_counts, st.integers(min_value=1, max_value=3))
def test_turning_the_whole_board_keeps_the_scores(
    mix: tuple[tuple[str, ...], dict[str, str]], seed: int, players: int, turns: int
) -> None:
    scores, record = simulated(mix, seed, players)
    assert replayed(rotate_record(record, turns)) == scores


@settings(max_examples=examples(10), deadline=None)
@given(mixes, seeds, st.integers(min_value=2, max_value=4))
def test_the_naive_engine_scores_random_river_games_the_same(
    mix: tuple[tuple[str, ...], dict[str, str]], seed: int, players: int
) -> None:
    scores, record = simulated(mix, seed, players)
    assert replayed(record, NaiveGame) == scores


def river_phases(options: dict[str, str], games: int) -> list[tuple[int, list[str]]]:
    """(tiles set aside, tiles placed) of random games of The River's tiles alone."""
    tiles = game_tiles(("Base Game", RI))
    counts = {name: n for name, n in tiles.reference_counts().items() if name.startswith(RI)}
    out = []
    for seed in range(games):
        result = play_random_game(
            game_rng(seed, 0), player_names(2), counts, RulesConfig(), tiles,
            keep_record=True, options=options,
        )  # fmt: skip
        assert result.record is not None
        out.append((result.set_aside, [t["tile"] for t in result.record["turns"]]))
    return out


def test_every_river_tile_can_always_be_placed_with_the_last_turn_reading() -> None:
    # Turns alternate right and left, so the river only ever heads two ways (east and south,
    # or east and north) and never comes back beside itself: every square ahead is free.
    for set_aside, placed in river_phases({}, 500):
        assert set_aside == 0
        assert len(placed) == 11 and placed[-1] == f"{RI}/L"


def test_the_adjacent_reading_can_block_the_river() -> None:
    # With straights resetting the rule the river can come back beside itself; a blocked
    # tile is set aside (the base rule), and once no lake can close the river it is closed.
    phases = river_phases({"river_turns": "adjacent"}, 500)
    blocked = [placed for set_aside, placed in phases if set_aside]
    assert blocked
    assert all(len(placed) < 11 for placed in blocked)


def test_every_figure_is_used_with_the_river() -> None:
    placed: dict[str, int] = {}
    abbeys = 0
    tiles = game_tiles(("Base Game", RI, AM))
    for seed in range(10):
        result = play_random_game(
            game_rng(seed, 0), player_names(3), tiles.reference_counts(), RulesConfig(), tiles,
            keep_record=True,
        )  # fmt: skip
        for name, count in result.figures_placed.items():
            placed[name] = placed.get(name, 0) + count
        assert result.record is not None
        abbeys += sum(1 for t in result.record["turns"] if t["tile"] == f"{AM}/A")
    assert set(placed) == {"meeple", "mayor", "wagon", "barn"} and min(placed.values()) > 0
    assert abbeys > 0


def simulate_and_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], products: str, games: int
) -> dict[str, object]:
    out = tmp_path / "games"
    argv = ["simulate", "--games", str(games), "--seed", "3", "--json", "--out", str(out)]
    argv += ["--products", products, "--db", str(tmp_path / "none.duckdb")]
    assert run_app(argv) == 0
    summary: dict[str, object] = json.loads(capsys.readouterr().out)
    replayed_scores: list[int] = []
    for path in sorted(out.glob("game-*.json")):
        assert run_app(["score", str(path)]) == 0
        replayed_scores += json.loads(capsys.readouterr().out)["scores"].values()
    assert len(replayed_scores) == 2 * games
    assert min(replayed_scores) == summary["min_score"]
    assert max(replayed_scores) == summary["max_score"]
    assert round(sum(replayed_scores) / len(replayed_scores), 3) == summary["mean_score"]
    return summary


def test_simulate_plays_the_river_and_score_replays_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = simulate_and_score(tmp_path, capsys, "Base Game,The River", 10)
    assert summary["products"] == ["Base Game", RI]
    assert summary["draw_pile_tiles"] == 72 + 12  # the base game's D is in the pile
    assert summary["tiles_set_aside"] == 0


@pytest.mark.slow
@pytest.mark.parametrize("products", ["Base Game,The River", "Base Game,The River II"])
def test_simulate_200_games_and_score_replays_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], products: str
) -> None:
    simulate_and_score(tmp_path, capsys, products, 200)


def test_an_illegal_river_record_exits_2_naming_the_turn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = {
        "players": ["Ann"],
        "products": ["Base Game", RI],
        "start": {"tile": f"{RI}/A", "x": 0, "y": 0, "rotation": 0},
        "turns": [{"player": "Ann", "tile": "B", "x": 0, "y": -1, "rotation": 0}],
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert run_app(["score", str(path)]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "turn 1: the river comes first: a land tile may go down only after the lake" in err
