"""Traders and Builders (C2): goods to whoever completes a city and the three majorities at
the end, the builder's bonus tile, the pig's 4 per city; random games of the product.

Every position is written from the rules (docs/engine.md, Traders and Builders) and replayed through
the fast and the naive engine (`play`); the scores in the comments are worked out by hand. The start
tile is the base game's D at (0, 0): a city cap on its north side, a road west-east. Tiles of the
product are `Traders and Builders/<code>` (T: a wine city on two sides, N and W; G the same with
grain; Q: a west-east wine city)."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.engine.geometry import game_tiles
from carcdb.pipeline.engine.naive import NaiveGame
from carcdb.pipeline.engine.rules import with_every_module
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.engine.simulate import game_rng, play_random_game, player_names
from tests.conftest import FIXTURES
from tests.engine_expansions.helpers import game, illegal, play, turn
from tests.engine_expansions.test_properties import replayed, rotate_record, simulated
from tests.lanes import examples

TB = "Traders and Builders"
BASE_TB = ("Base Game", TB)
AM, CO = "Abbey and the Mayor", "The Courier"


def tb(code: str) -> str:
    return f"{TB}/{code}"


def goods_events(events: list[Any]) -> list[tuple[str, str, int]]:
    return [(e.player, e.goods, e.points) for e in events if e.feature == "goods"]


# -- goods ----------------------------------------------------------------------------


def test_goods_go_to_the_player_who_completes_the_city_without_a_meeple_in_it() -> None:
    scores, events = play(
        game(
            ["Ann", "Ben"],
            # Ann's wine tile T turned 180 (city S and E) on the start's city, her meeple in it.
            turn("Ann", tb("T"), 0, -1, 180, "city:S"),
            # Ben closes the city's east side with a cap: D + T + E, 3 tiles.
            turn("Ben", "E", 1, -1, 270),
            products=BASE_TB,
        )
    )
    # Ann scores the city (3 tiles x 2 = 6); Ben, who has no meeple there, takes its wine:
    # the only wine at the end, 10 points. Nobody has grain or cloth: no event.
    assert [(e.turn, e.player, e.feature, e.points) for e in events] == [
        (2, "Ann", "city", 6),
        (None, "Ben", "goods", 10),
    ]
    assert goods_events(events) == [("Ben", "wine", 10)]
    assert scores == {"Ann": 6, "Ben": 10}


def test_an_unfinished_city_gives_no_goods() -> None:
    # The same wine city left open: Ann's meeple scores it at the end (2 tiles x 1), and
    # nobody ever completed it, so nobody holds wine.
    scores, events = play(
        game(["Ann", "Ben"], turn("Ann", tb("T"), 0, -1, 180, "city:S"), products=BASE_TB)
    )
    assert goods_events(events) == []
    assert scores == {"Ann": 2, "Ben": 0}


def goods_ties() -> dict[str, Any]:
    return game(
        ["Ann", "Ben"],
        # A city of four tiles around (0, -1)..(1, 0): D's cap, T (wine) turned 180 (S, E),
        # G (grain) turned 270 (W, S), closed by Ann's K (city N, road S-W) on (1, 0).
        turn("Ann", tb("T"), 0, -1, 180),
        turn("Ben", tb("G"), 1, -1, 270),
        turn("Ann", "K", 1, 0, 0),  # completes it: Ann takes 1 wine and 1 grain
        # A west-east wine city Q south of the start, closed east by D turned 270 (city W)
        # and west by Ben's cap E turned 90 (city E).
        turn("Ben", tb("Q"), 0, 1, 0),
        turn("Ann", "D", 1, 1, 270),
        turn("Ben", "E", -1, 1, 90),  # completes it: Ben takes 1 wine
        products=BASE_TB,
    )


def test_goods_ties_all_score_and_a_kind_nobody_holds_scores_nobody() -> None:
    # No meeple anywhere, so only the goods score: wine 1-1 (both 10), grain Ann's alone
    # (10), cloth nobody's (no event). Ann 20, Ben 10.
    scores, events = play(goods_ties())
    assert goods_events(events) == [("Ann", "wine", 10), ("Ben", "wine", 10), ("Ann", "grain", 10)]
    assert all(e.when == "final" and e.turn is None for e in events)
    assert scores == {"Ann": 20, "Ben": 10}


def test_the_goods_majority_is_a_number_of_the_configuration() -> None:
    config = RulesConfig(modules={"goods": {"goods_majority": 7}})
    scores, _ = play(goods_ties(), config)
    assert scores == {"Ann": 14, "Ben": 7}  # the same three majorities at 7 each


# -- the builder ----------------------------------------------------------------------


def builder_turns() -> list[dict[str, Any]]:
    return [
        turn("Ann", "U", 1, 0, 0, "road:W"),  # Ann's meeple on the start's road
        turn("Ben", "E", 0, -1, 180),  # closes the start's city (nobody in it)
        # Ann's builder on the road she holds; placing it is no extension: Ben plays next.
        turn("Ann", "U", 2, 0, 0, "road:W", "builder"),
        turn("Ben", "B", 0, 1, 0),
        turn("Ann", "U", 3, 0, 0),  # extends the builder's road: one more tile at once
        turn("Ann", "U", -1, 0, 0),  # the bonus tile extends it too, but gives no other
    ]


def test_the_builder_gives_one_bonus_tile_and_no_second() -> None:
    turns = [
        *builder_turns(),
        turn("Ben", "U", 4, 0, 0),  # Ben extends Ann's builder's road: no bonus for him
        turn("Ann", "B", 1, 1, 0),
    ]
    scores, events = play(game(["Ann", "Ben"], *turns, products=BASE_TB))
    # The road (-1, 0)..(4, 0) is open at both ends: Ann's meeple scores 6 tiles x 1 at the
    # end. The builder is no follower and changes no points: the event names no figure.
    assert [(e.player, e.feature, e.tiles, e.points, e.figure) for e in events] == [
        ("Ann", "road", 6, 6, None)
    ]
    assert scores == {"Ann": 6, "Ben": 0}


def test_a_third_tile_in_a_row_is_refused() -> None:
    record = game(["Ann", "Ben"], *builder_turns(), turn("Ann", "U", 4, 0, 0), products=BASE_TB)
    error = illegal(record)
    assert "turn 7: a bonus tile does not give another: it is Ben's turn, not Ann's" in error


def test_the_bonus_tile_is_not_the_other_players() -> None:
    skipped = game(
        ["Ann", "Ben"], *builder_turns()[:5], turn("Ben", "B", 1, 1, 0), products=BASE_TB
    )
    assert "turn 6: it is Ann's turn, not Ben's" in illegal(skipped)


def test_the_builder_returns_when_its_road_is_scored() -> None:
    turns = [
        *builder_turns()[:3],
        turn("Ben", "W", 3, 0, 0),  # a junction closes the road's east end
        # Ann closes the west end with a junction: the road W D U U W (5 tiles) is complete
        # and scores Ann's meeple 5; meeple and builder go home. The tile extended the
        # builder's road, so Ann still plays one more tile.
        turn("Ann", "W", -1, 0, 0),
        turn("Ann", "U", 4, 0, 0, "road:W"),  # bonus tile: a meeple on the junction's road
        turn("Ben", "B", 0, 1, 0),
        turn("Ann", "U", 5, 0, 0, "road:W", "builder"),  # the builder is back in the supply
        turn("Ben", "B", 1, 1, 0),
        turn("Ann", "U", 6, 0, 0),  # extends the builder's new road: bonus
        turn("Ann", "B", 2, 1, 0),
    ]
    scores, events = play(game(["Ann", "Ben"], *turns, products=BASE_TB))
    # At the end the road (3, 0)..(6, 0) is open: 4 tiles for Ann. 5 + 4 = 9.
    assert [(e.turn, e.player, e.feature, e.tiles, e.points) for e in events] == [
        (5, "Ann", "road", 5, 5),
        (None, "Ann", "road", 4, 4),
    ]
    assert scores == {"Ann": 9, "Ben": 0}


def test_an_abbey_closing_the_builder_s_road_is_no_extension() -> None:
    turns = [
        turn("Ann", "U", -1, 0, 0, "road:E"),  # Ann's meeple on the start's road
        turn("Ben", "E", 0, -1, 180),
        turn("Ann", "U", -2, 0, 0, "road:E", "builder"),
        # Monastery tiles (fields all round) make a hole at (1, 0), east of the road's end.
        turn("Ben", "B", 1, -1, 0),
        turn("Ann", "B", 0, 1, 0),
        turn("Ben", "B", 1, 1, 0),
        turn("Ann", "B", 2, -1, 0),
        turn("Ben", "B", 2, 0, 0),
        # Ann's abbey closes the road's east end; an abbey is not part of the road, so the
        # road is not extended and Ben plays next.
        turn("Ann", f"{AM}/A", 1, 0, None),
        turn("Ben", "B", 3, 0, 0),
    ]
    scores, events = play(game(["Ann", "Ben"], *turns, products=("Base Game", AM, TB)))
    # The road (-2, 0)..(0, 0), open to the west: 3 tiles for Ann's meeple at the end (the
    # abbey's tile does not count); nobody is on a monastery or the abbey.
    assert [(e.player, e.feature, e.tiles, e.points) for e in events] == [("Ann", "road", 3, 3)]
    assert scores == {"Ann": 3, "Ben": 0}


def test_a_builder_on_the_board_is_not_in_the_supply() -> None:
    record = game(
        ["Ann", "Ben"], *builder_turns()[:4], turn("Ann", "U", 3, 0, 0, "road:W", "builder")
    )
    record["products"] = list(BASE_TB)
    assert "turn 5: builder 'road:W': Ann has no builder left" in illegal(record)


def test_the_builder_needs_the_players_follower_on_its_feature() -> None:
    alone = game(["Ann", "Ben"], turn("Ann", "U", 1, 0, 0, "road:W", "builder"), products=BASE_TB)
    assert (
        "turn 1: builder 'road:W': a builder goes only on a road or city where Ann already "
        "has a follower on that feature" in illegal(alone)
    )
    others = game(
        ["Ann", "Ben"],
        turn("Ann", "E", 0, -1, 180),
        turn("Ben", "U", 1, 0, 0, "road:W"),  # Ben's meeple, not Ann's
        turn("Ann", "U", 2, 0, 0, "road:W", "builder"),
        products=BASE_TB,
    )
    assert "turn 3: builder 'road:W': a builder goes only" in illegal(others)
    field = game(["Ann"], turn("Ann", "U", 1, 0, 0, "field:NL", "builder"), products=BASE_TB)
    assert "a builder may only go on a city or a road, not on a field" in illegal(field)
    base = game(["Ann"], turn("Ann", "U", 1, 0, 0, "road:W", "builder"), products=("Base Game",))
    assert "no builder in this game: its product is not played" in illegal(base)


def test_a_builder_in_a_city() -> None:
    record = game(
        ["Ann", "Ben"],
        turn("Ann", tb("T"), 0, -1, 180, "city:S"),  # Ann's meeple in the wine city
        turn("Ben", "B", 0, 1, 0),
        turn("Ann", tb("G"), 1, -1, 270, "city:W", "builder"),  # her builder in it too
        turn("Ben", "B", -1, 1, 0),
        # Ann's K closes the city: it extends the builder's city, so Ann plays again; the
        # city (D, T, G, K: 4 tiles x 2 = 8) scores and its wine and grain are hers.
        turn("Ann", "K", 1, 0, 0),
        turn("Ann", "B", 0, 2, 0),
        products=BASE_TB,
    )
    scores, events = play(record)
    assert [(e.turn, e.player, e.feature, e.points, e.figure) for e in events] == [
        (5, "Ann", "city", 8, None),
        (None, "Ann", "goods", 10, None),
        (None, "Ann", "goods", 10, None),
    ]
    assert scores == {"Ann": 28, "Ben": 0}


# -- the pig ----------------------------------------------------------------------------


def pig_alone() -> dict[str, Any]:
    return game(
        ["Ann", "Ben"],
        # The cap E turned 180 closes the start's city (2 tiles, nobody in it); Ann's farmer
        # on E's field, which borders that city.
        turn("Ann", "E", 0, -1, 180, "field:NL"),
        turn("Ben", "B", 1, -1, 0),  # a monastery tile: its field joins E's
        turn("Ann", "B", -1, -1, 0, "field:NL", "pig"),  # Ann's pig by her farmer
        products=BASE_TB,
    )


def test_a_pig_scores_4_per_completed_city_for_the_field_s_winner() -> None:
    scores, events = play(pig_alone())
    # One completed city by the field; Ann alone holds it, with her pig: 1 x 4.
    assert [(e.player, e.feature, e.tiles, e.points, e.figure) for e in events] == [
        ("Ann", "field", 3, 4, "pig")
    ]
    assert scores == {"Ann": 4, "Ben": 0}


def test_the_pig_s_rate_is_a_number_of_the_configuration() -> None:
    config = RulesConfig(modules={"pig": {"pig_per_completed_city": 5}})
    assert play(pig_alone(), config)[0] == {"Ann": 5, "Ben": 0}


def pig_field(ben_second_farmer: bool) -> dict[str, Any]:
    return game(
        ["Ann", "Ben"],
        turn("Ann", "E", 0, -1, 180, "field:NL"),  # Ann's farmer north of the start's city
        turn("Ben", "U", 1, 0, 0, "field:NL"),  # Ben's farmer north of the road
        turn("Ann", "B", -1, -1, 0, "field:NL", "pig"),
        # Ben's second farmer south of the road, or none.
        turn("Ben", "U", 2, 0, 0, *(("field:SL",) if ben_second_farmer else ())),
        turn("Ann", "A", 3, 0, 90),  # the road ends at A: north and south fields join
        turn("Ben", "B", 1, -1, 0),  # joins Ann's field to the road's: one field of 7 tiles
        products=BASE_TB,
    )


def test_a_pig_of_a_tied_winner_scores_4_and_the_other_winner_3() -> None:
    scores, events = play(pig_field(ben_second_farmer=False))
    # One farmer each: both win the field by the one completed city; Ann's pig makes hers 4.
    assert [(e.player, e.feature, e.tiles, e.points, e.figure) for e in events] == [
        ("Ann", "field", 7, 4, "pig"),
        ("Ben", "field", 7, 3, None),
    ]
    assert scores == {"Ann": 4, "Ben": 3}


def test_a_pig_without_the_majority_scores_nothing() -> None:
    scores, events = play(pig_field(ben_second_farmer=True))
    # Ben's two farmers beat Ann's one (the pig is no follower): Ben 1 city x 3, Ann nothing.
    assert [(e.player, e.feature, e.points) for e in events] == [("Ben", "field", 3)]
    assert scores == {"Ann": 0, "Ben": 3}


def test_the_pig_needs_the_players_farmer() -> None:
    alone = game(["Ann"], turn("Ann", "U", 1, 0, 0, "field:NL", "pig"), products=BASE_TB)
    assert (
        "turn 1: pig 'field:NL': a pig goes only on a field where Ann already has a follower "
        "on that feature" in illegal(alone)
    )
    road = game(["Ann"], turn("Ann", "U", 1, 0, 0, "road:W", "pig"), products=BASE_TB)
    assert "a pig may only go on a field, not on a road" in illegal(road)


# -- configuration and records ------------------------------------------------------------


def test_the_numbers_are_in_the_rules_configuration(capsys: pytest.CaptureFixture[str]) -> None:
    modules = with_every_module(RulesConfig()).modules
    assert modules["goods"] == {"goods_majority": 10}
    assert modules["builder"] == {"builders_per_player": 1}
    assert modules["pig"] == {"pigs_per_player": 1, "pig_per_completed_city": 4}
    assert run_app(["score", "--schema"]) == 0
    figures = json.loads(capsys.readouterr().out)["$defs"]["Turn"]["properties"]["figure"]
    assert {"builder", "pig"} <= set(figures["enum"])


def test_the_documented_example(capsys: pytest.CaptureFixture[str]) -> None:
    example = FIXTURES / "engine" / "traders-and-builders-example.json"
    assert run_app(["score", str(example)]) == 0
    report = json.loads(capsys.readouterr().out)
    # Ann's road (-1, 0)..(3, 0), open: 5; Ben completed the wine city: 10.
    assert report["scores"] == {"Ann": 5, "Ben": 10}
    assert report["events"][-1]["goods"] == "wine"
    assert play(json.loads(example.read_text()))[0] == report["scores"]


def test_rules_config_and_config_change_the_goods_score_through_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_app(["rules-config"]) == 0
    config = json.loads(capsys.readouterr().out)
    assert config["modules"]["goods"]["goods_majority"] == 10
    config["modules"]["goods"]["goods_majority"] = 7
    (tmp_path / "rules.json").write_text(json.dumps(config), "utf-8")
    (tmp_path / "game.json").write_text(json.dumps(goods_ties()), "utf-8")
    argv = ["score", str(tmp_path / "game.json"), "--config", str(tmp_path / "rules.json")]
    assert run_app(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["scores"] == {"Ann": 14, "Ben": 7}
    assert [e.get("goods") for e in report["events"]] == ["wine", "wine", "grain"]


def test_two_builders_per_player_from_the_configuration() -> None:
    record = game(
        ["Ann", "Ben"], *builder_turns()[:4], turn("Ann", "U", 3, 0, 0, "road:W", "builder")
    )
    record["products"] = list(BASE_TB)
    config = RulesConfig(modules={"builder": {"builders_per_player": 2}})
    # The second builder on the same road: the tile extended the first one's, a bonus.
    record["turns"].append(turn("Ann", "U", -1, 0, 0))
    scores, _ = play(record, config)
    assert scores == {"Ann": 5, "Ben": 0}  # road (-1, 0)..(3, 0), open: 5 tiles


# -- random games -------------------------------------------------------------------------

MIXES: list[tuple[tuple[str, ...], dict[str, str]]] = [
    (BASE_TB, {}),
    (("Base Game", AM, TB), {}),
    (("Base Game", CO, TB), {"courier": "no-tiles"}),
    (("Base Game", AM, CO, TB), {"courier": "no-tiles"}),
    (("Winter Edition", TB), {}),
]
mixes = st.sampled_from(MIXES)
seeds = st.integers(min_value=0, max_value=2**32)


@settings(max_examples=examples(30), deadline=None)
@given(mixes, seeds, st.integers(min_value=1, max_value=5), st.integers(min_value=0, max_value=3))
def test_random_games_replay_turned_and_on_the_naive_board(
    mix: tuple[tuple[str, ...], dict[str, str]], seed: int, players: int, turns: int
) -> None:
    """A random game's record, the whole board turned `turns` quarter turns, replays to the
    game's scores; unturned, the naive engine replays it (the fast one in every other test
    of random games here)."""
    scores, record = simulated(mix, seed, players)
    if turns:
        assert replayed(rotate_record(record, turns)) == scores
    else:
        assert replayed(record, NaiveGame) == scores


def test_random_play_uses_every_figure_and_the_bonus_turn() -> None:
    placed: dict[str, int] = {}
    bonus = goods = pigs = 0
    tiles = game_tiles(("Base Game", AM, TB))
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
        record_turns = result.record["turns"]
        bonus += sum(a["player"] == b["player"] for a, b in pairwise(record_turns))
        _, events = play(result.record)
        goods += sum(e.feature == "goods" for e in events)
        pigs += sum(e.figure == "pig" for e in events)
    assert {"meeple", "mayor", "wagon", "barn", "builder", "pig"} <= set(placed)
    assert min(placed.values()) > 0
    assert (bonus > 0, goods > 0, pigs > 0) == (True, True, True)


def simulate_and_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], games: int
) -> tuple[dict[str, Any], list[int]]:
    out = tmp_path / "games"
    argv = ["simulate", "--games", str(games), "--seed", "3", "--json", "--out", str(out)]
    argv += ["--products", ",".join(BASE_TB), "--db", str(tmp_path / "none.duckdb")]
    assert run_app(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    scores: list[int] = []
    for path in sorted(out.glob("game-*.json")):
        assert run_app(["score", str(path)]) == 0
        scores += json.loads(capsys.readouterr().out)["scores"].values()
    return summary, scores


def test_simulate_writes_records_that_score_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary, scores = simulate_and_score(tmp_path, capsys, 5)
    assert summary["products"] == list(BASE_TB)
    assert summary["draw_pile_tiles"] == 72 + 24
    assert (min(scores), max(scores)) == (summary["min_score"], summary["max_score"])
    assert round(sum(scores) / len(scores), 3) == summary["mean_score"]


@pytest.mark.slow
def test_two_hundred_simulated_games_use_every_figure_and_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary, scores = simulate_and_score(tmp_path, capsys, 200)
    assert set(summary["figures_placed"]) == {"meeple", "builder", "pig"}
    assert len(scores) == 400
    assert (min(scores), max(scores)) == (summary["min_score"], summary["max_score"])
    assert round(sum(scores) / len(scores), 3) == summary["mean_score"]
