"""The Abbot: gardens on the base game's Garden copies, the abbot, its return for points.

Hand-built positions, written from the rules (docs/engine.md, The Abbot: the abbot goes on the
monastery or the garden of the placed tile; only an abbot stands on a garden; a garden scores as a
monastery; instead of placing a figure a player may take the abbot back and score it at once as at
game end). Every record is replayed by the fast and the naive engine (`play`), and the expected
scores are worked out by hand in the comments.

Tiles used (rotation 0): `U` a straight road west-east with fields north and south (its
Garden copy `"tile": "U", "copy": "Garden"` adds a garden); `B` a monastery in a field (all
four sides field); `A` a monastery with a road leaving south (rotated 90: the road leaves
west). A row of `U`s joins roads west-east and fields north-south, so a 3x3 block of them fits.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.configgen.drawpile import draw_pile
from carcdb.pipeline.configgen.game_pile import game_draw_pile
from carcdb.pipeline.engine.geometry import game_tiles, tile_set
from carcdb.pipeline.engine.naive import NaiveGame
from carcdb.pipeline.engine.rules import tiles_for
from carcdb.pipeline.engine.ruleset import RulesConfig
from tests.engine_expansions.helpers import game, illegal, play, summary
from tests.engine_expansions.helpers import turn as base_turn
from tests.engine_expansions.test_properties import replayed, rotate_record, simulated_game
from tests.lanes import examples

AB = "The Abbot"
AM = "Abbey and the Mayor"
BASE_AB = ("Base Game", AB)
START = ("U", 0, 0, 0)
CONFIG = RulesConfig()


def turn(
    player: str,
    tile: str,
    x: int,
    y: int,
    rotation: int | None = 0,
    *,
    copy: str | None = None,
    meeple: str | None = None,
    figure: str | None = None,
    back: tuple[int, int] | None = None,
) -> dict[str, Any]:
    """One turn; `copy` names the copy placed, `back` the square an abbot is taken back
    from (`return`)."""
    out = base_turn(player, tile, x, y, rotation, meeple, figure)
    if copy is not None:
        out["copy"] = copy
    if back is not None:
        out["return"] = {"figure": "abbot", "x": back[0], "y": back[1]}
    return out


def abbot_game(players: list[str], *turns: dict[str, Any], **kw: Any) -> dict[str, Any]:
    kw.setdefault("start", START)
    kw.setdefault("products", BASE_AB)
    return game(players, *turns, **kw)


def garden_turn(player: str = "Ann", x: int = 1, y: int = 0) -> dict[str, Any]:
    return turn(player, "U", x, y, copy="Garden", meeple="garden", figure="abbot")


# The 3x3 block around the garden on (1, 0), after the start tile on (0, 0) and the garden.
AROUND_GARDEN = [(2, 0), (0, -1), (1, -1), (2, -1), (0, 1), (1, 1), (2, 1)]


def abbot_config(**numbers: int) -> RulesConfig:
    return RulesConfig.model_validate({"modules": {"abbot": numbers}})


# -- gardens ---------------------------------------------------------------------------


def completed_garden() -> dict[str, Any]:
    """Ann's abbot on the garden of (1, 0); Ben's meeple on the middle row's road; the 8th
    neighbour (Ben's tile on (2, 1), turn 8) completes the garden; Ann's abbot, back home,
    goes on a monastery on (1, 2) in turn 9."""
    turns = [garden_turn()]
    for index, (x, y) in enumerate(AROUND_GARDEN):
        player = "Ben" if index % 2 == 0 else "Ann"
        meeple = "road:E" if (x, y) == (2, 0) else None
        turns.append(turn(player, "U", x, y, meeple=meeple))
    turns.append(turn("Ann", "B", 1, 2, meeple="monastery", figure="abbot"))
    return abbot_game(["Ann", "Ben"], *turns)


def test_abbot_on_a_completed_garden_scores_9() -> None:
    scores, events = play(completed_garden())
    # Turn 8: the garden's 3x3 square is full: 9 tiles x 1 = 9 for Ann, and the abbot goes
    # home (turn 9 places it again). Final: Ann's monastery on (1, 2) has 3 neighbours
    # ((0, 1), (1, 1), (2, 1)): 1 + 3 = 4; Ben's road is the row y=0, 3 tiles, open at both
    # ends: 3. Ann 9 + 4 = 13, Ben 3.
    assert scores == {"Ann": 13, "Ben": 3}
    assert summary(events) == [
        (8, "Ann", "garden", 9, 0, 9, "abbot"),
        (None, "Ben", "road", 3, 0, 3, None),
        (None, "Ann", "monastery", 4, 0, 4, "abbot"),
    ]


def incomplete_garden() -> dict[str, Any]:
    """Ann's abbot on the garden of (1, 0); Ben plays (2, 0) and Ann (0, -1); game over."""
    return abbot_game(
        ["Ann", "Ben"], garden_turn(), turn("Ben", "U", 2, 0), turn("Ann", "U", 0, -1)
    )


def test_abbot_on_an_incomplete_garden_scores_1_plus_its_neighbours_at_game_end() -> None:
    scores, events = play(incomplete_garden())
    # The garden's neighbours: (0, 0), (2, 0), (0, -1): 1 + 3 = 4 tiles x 1.
    assert scores == {"Ann": 4, "Ben": 0}
    assert summary(events) == [(None, "Ann", "garden", 4, 0, 4, "abbot")]


def test_changed_garden_numbers_change_the_scores() -> None:
    # 3 per tile when completed: 9 x 3 = 27 (+ 4 for the monastery, the base game's rate).
    completed, _ = play(completed_garden(), abbot_config(garden_completed_per_tile=3))
    assert completed == {"Ann": 31, "Ben": 3}
    # 2 per tile at game end: 4 tiles x 2 = 8.
    final, _ = play(incomplete_garden(), abbot_config(garden_final_per_tile=2))
    assert final == {"Ann": 8, "Ben": 0}


def test_a_tile_whose_shape_has_a_garden_has_it_on_every_copy() -> None:
    # Abbey and the Mayor's H (a road leaving south and a garden, rotated 90: the road
    # leaves west onto the start tile's) needs no `copy`. Its only neighbour is (0, 0):
    # 1 + 1 = 2 at game end.
    data = abbot_game(
        ["Ann"],
        turn("Ann", f"{AM}/H", 1, 0, 90, meeple="garden", figure="abbot"),
        products=("Base Game", AM, AB),
    )
    scores, events = play(data)
    assert scores == {"Ann": 2}
    assert summary(events) == [(None, "Ann", "garden", 2, 0, 2, "abbot")]


# -- the abbot on a monastery ----------------------------------------------------------


def test_abbot_on_a_monastery() -> None:
    # A (rotated 90, its road leaving west onto the start tile's road) on (1, 0) with Ann's
    # abbot; seven monastery tiles B fill its 3x3 square, the last (Ben, turn 8) completes
    # it: 9 tiles x 1 = 9, a monastery scored by the abbot. No other figure is out.
    turns = [turn("Ann", "A", 1, 0, 90, meeple="monastery", figure="abbot")]
    for index, (x, y) in enumerate(AROUND_GARDEN):
        turns.append(turn("Ben" if index % 2 == 0 else "Ann", "B", x, y))
    scores, events = play(abbot_game(["Ann", "Ben"], *turns))
    assert scores == {"Ann": 9, "Ben": 0}
    assert summary(events) == [(8, "Ann", "monastery", 9, 0, 9, "abbot")]


def test_abbot_on_an_abbey() -> None:
    # An abbey is a monastery for the abbot (choice, docs/engine.md). Monastery tiles B on
    # the 7 squares around (1, 0) but the start tile's; the abbey goes into the hole (1, 0)
    # with the abbot and completes at once: 9 tiles x 1 = 9 for Ann, turn 8.
    turns = []
    for index, (x, y) in enumerate([(0, -1), (1, -1), (2, -1), (2, 0), (0, 1), (1, 1), (2, 1)]):
        turns.append(turn("Ann" if index % 2 == 0 else "Ben", "B", x, y))
    turns.append(turn("Ben", f"{AM}/A", 1, 0, None, meeple="abbey", figure="abbot"))
    scores, events = play(abbot_game(["Ann", "Ben"], *turns, products=("Base Game", AM, AB)))
    assert scores == {"Ann": 0, "Ben": 9}
    assert summary(events) == [(8, "Ben", "abbey", 9, 0, 9, "abbot")]


# -- the return --------------------------------------------------------------------------


def returned(back: bool = True) -> dict[str, Any]:
    """Ann's abbot on the garden of (1, 0), taken back in turn 3 (or not), and placed again
    on a monastery on (1, 1) in turn 5."""
    return abbot_game(
        ["Ann", "Ben"],
        garden_turn(),
        turn("Ben", "U", 2, 0),
        turn("Ann", "U", 0, -1, back=(1, 0) if back else None),
        turn("Ben", "U", 1, -1),
        turn("Ann", "B", 1, 1, meeple="monastery", figure="abbot"),
    )


def test_abbot_returned_scores_at_once_and_can_be_placed_again() -> None:
    scores, events = play(returned())
    # Turn 3: the garden's neighbours are (0, 0), (2, 0) and the tile just placed on
    # (0, -1): 1 + 3 = 4 at once. The abbot is home and goes on the monastery of (1, 1) in
    # turn 5; at the end that monastery has 3 neighbours ((0, 0), (1, 0), (2, 0)): 4.
    # Ann 4 + 4 = 8. The garden, left empty, scores nothing more.
    assert scores == {"Ann": 8, "Ben": 0}
    assert summary(events) == [
        (3, "Ann", "garden", 4, 0, 4, "abbot"),
        (None, "Ann", "monastery", 4, 0, 4, "abbot"),
    ]
    assert events[0].when == "turn"


def test_without_the_return_the_abbot_is_still_out() -> None:
    message = illegal(returned(back=False))
    assert "turn 5: abbot 'monastery': Ann has no abbot left" in message


def test_a_return_on_the_turn_that_completes_the_garden_is_worth_the_completed_value() -> None:
    # One player fills the garden's square; the 8th tile (turn 8) is placed together with
    # the return. The garden is complete then: 9 tiles x garden_completed_per_tile (3) = 27,
    # as if the abbot had stayed (choice, docs/engine.md), not 9 x the final rate (1).
    config = abbot_config(garden_completed_per_tile=3)
    kept = [garden_turn(), *(turn("Ann", "U", x, y) for x, y in AROUND_GARDEN)]
    back = [*kept[:-1], turn("Ann", "U", 2, 1, back=(1, 0))]
    kept_scores, _ = play(abbot_game(["Ann"], *kept), config)
    back_scores, events = play(abbot_game(["Ann"], *back), config)
    assert kept_scores == back_scores == {"Ann": 27}
    assert summary(events) == [(8, "Ann", "garden", 9, 0, 27, "abbot")]


def test_an_abbot_returned_that_is_not_on_the_board_is_refused() -> None:
    never = abbot_game(["Ann"], turn("Ann", "U", 1, 0, back=(1, 0)))
    assert (
        "turn 1: return of the abbot on (1, 0): Ann has no abbot on (1, 0) "
        "(it is not on the board)" in illegal(never)
    )
    elsewhere = abbot_game(
        ["Ann", "Ben"], garden_turn(), turn("Ben", "U", 2, 0), turn("Ann", "U", 0, -1, back=(2, 0))
    )
    assert (
        "turn 3: return of the abbot on (2, 0): Ann has no abbot on (2, 0) (it stands on (1, 0))"
        in (illegal(elsewhere))
    )
    others = abbot_game(["Ann", "Ben"], garden_turn(), turn("Ben", "U", 2, 0, back=(1, 0)))
    assert "turn 2: return of the abbot on (1, 0): Ben has no abbot on (1, 0)" in illegal(others)
    # After its garden was scored the abbot is home: nothing to take back.
    scored = completed_garden()
    scored["turns"][-1] = turn("Ann", "B", 1, 2, back=(1, 0))
    assert "turn 9: return of the abbot on (1, 0): Ann has no abbot on (1, 0)" in illegal(scored)


def test_a_return_and_a_figure_on_the_same_turn_are_refused() -> None:
    both = abbot_game(
        ["Ann", "Ben"],
        garden_turn(),
        turn("Ben", "U", 2, 0),
        turn("Ann", "U", 0, -1, meeple="road:E", back=(1, 0)),
    )
    assert "turn 3: a figure is taken back instead of placing one, not as well" in illegal(both)


def test_a_return_in_a_game_without_the_abbot_is_refused() -> None:
    data = game(["Ann"], turn("Ann", "U", 1, 0, back=(1, 0)), start=START, products=("Base Game",))
    assert "no abbot in this game: its product is not played" in illegal(data)


# -- where figures may stand -------------------------------------------------------------


def test_a_meeple_is_refused_on_a_garden() -> None:
    data = abbot_game(["Ann"], turn("Ann", "U", 1, 0, copy="Garden", meeple="garden"))
    assert "turn 1: meeple 'garden': only an abbot may stand on a garden, not a meeple" in illegal(
        data
    )


def test_an_abbot_is_refused_on_a_road_a_field_or_a_city() -> None:
    for tile, target, feature in (("U", "road:E", "road"), ("U", "field:NL", "field")):
        data = abbot_game(["Ann"], turn("Ann", tile, 1, 0, meeple=target, figure="abbot"))
        assert (
            f"turn 1: abbot '{target}': an abbot may only go on an abbey or a garden or a "
            f"monastery, not on a {feature}" in illegal(data)
        )
    city = abbot_game(["Ann"], turn("Ann", "E", 0, -1, meeple="city:N", figure="abbot"))
    assert "not on a city" in illegal(city)


def test_a_plain_copy_has_no_garden() -> None:
    data = abbot_game(["Ann"], turn("Ann", "U", 1, 0, meeple="garden", figure="abbot"))
    assert "turn 1: abbot 'garden': tile U rotated 0 has no 'garden'" in illegal(data)


# -- copies ------------------------------------------------------------------------------


def test_a_copy_whose_tile_has_no_garden_copy_is_refused() -> None:
    no_copy = abbot_game(["Ann"], turn("Ann", "A", 1, 0, 90, copy="Garden"))
    assert (
        "turn 1: tile 'A' has no copy 'Garden' in this game (its copies that matter: none)"
        in illegal(no_copy)
    )
    # Without The Abbot no copy is told apart.
    base = game(
        ["Ann"], turn("Ann", "U", 1, 0, copy="Garden"), start=START, products=("Base Game",)
    )
    assert "tile 'U' has no copy 'Garden' in this game" in illegal(base)
    # An illustration The Abbot does not tell apart.
    farm = abbot_game(["Ann"], turn("Ann", "U", 1, 0, copy="Farmhouse"))
    assert "has no copy 'Farmhouse' in this game (its copies that matter: Garden)" in illegal(farm)
    # The draw pile's name of the copies is not a record's tile name.
    bracket = abbot_game(["Ann"], turn("Ann", "U[Garden]", 1, 0))
    assert "turn 1: unknown tile 'U[Garden]'" in illegal(bracket)


def test_base_game_prefix_and_copy() -> None:
    data = abbot_game(["Ann"], {**garden_turn(), "tile": "Base Game/U"})
    assert play(data)[0] == {"Ann": 2}  # the garden and the start tile: 1 + 1


def test_the_tile_set_keeps_the_garden_copies_apart() -> None:
    tiles = tiles_for(BASE_AB)
    counts = tiles.reference_counts()
    # One copy each of E, H, I, M, N, R, U, V shows a Garden (the C2 and C3 boxes alike).
    for letter, copies in {"E": 5, "H": 3, "I": 2, "M": 2, "N": 3, "R": 3, "U": 8, "V": 9}.items():
        assert (counts[letter], counts[f"{letter}[Garden]"]) == (copies - 1, 1)
    assert sum(counts.values()) == 72
    assert tiles.shapes["E[Garden]"].garden and not tiles.shapes["E"].garden
    assert "garden" in tiles.oriented["E[Garden]"][0].targets
    # Games without The Abbot keep one tile per letter, as before.
    plain = game_tiles(("Base Game",)).reference_counts()
    assert plain["E"] == 5 and "E[Garden]" not in plain
    # A tile whose shape has a garden is not split.
    with_am = tiles_for(("Base Game", AM, AB))
    assert f"{AM}/H[Garden]" not in with_am.shapes


def test_counts_from_elsewhere_are_split_the_same_way() -> None:
    tiles = tiles_for(BASE_AB)
    # By the shape data's partition, by a source's own, and not when the copies are named.
    assert tiles.split_counts({"E": 5, "D": 4}) == {"E": 4, "E[Garden]": 1, "D": 4}
    assert tiles.split_counts({"E": 5}, {"E": {"Garden": 2, "None": 3}}) == {
        "E": 3,
        "E[Garden]": 2,
    }
    assert tiles.split_counts({"E": 2, "E[Garden]": 3}) == {"E": 2, "E[Garden]": 3}
    # A pile with fewer copies than the partition keeps what it has.
    assert tiles.split_counts({"I": 1}) == {"I[Garden]": 1}
    assert game_tiles(("Base Game",)).split_counts({"E": 5}) == {"E": 5}


def test_the_draw_pile_splits_the_reference_and_the_configuration(tmp_path: Path) -> None:
    tiles = tiles_for(BASE_AB)
    pile = game_draw_pile(tiles, CONFIG, tmp_path / "none.duckdb")
    assert pile.counts == tiles.reference_counts()
    assert not any("The Abbot" in notice for notice in pile.notices)  # no tiles of its own
    config = RulesConfig(draw_pile={"D": 4, "E": 5})
    assert game_draw_pile(tiles, config, tmp_path / "none.duckdb").counts == {
        "D": 4,
        "E": 4,
        "E[Garden]": 1,
    }


def test_the_warehouse_pile_is_split_by_the_pages_illustrations(sample_db: Path) -> None:
    # The sample's `Base game/ro` lists C2 and C3 with each copy's illustration.
    c2 = draw_pile(tile_set(), CONFIG, sample_db, "C2")
    assert c2.illustrations["E"]["Garden"] == 1
    tiles = tiles_for(BASE_AB)
    pile = game_draw_pile(tiles, CONFIG, sample_db, {"Base Game": "C2"})
    assert pile.source == f"warehouse {sample_db}"
    assert (pile.counts["E"], pile.counts["E[Garden]"]) == (4, 1)
    assert sum(pile.counts.values()) == 72


def test_rules_config_shows_the_abbots_numbers_and_config_changes_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert run_app(["rules-config"]) == 0
    config = json.loads(capsys.readouterr().out)
    assert config["modules"]["abbot"] == {
        "abbots_per_player": 1,
        "garden_completed_per_tile": 1,
        "garden_final_per_tile": 1,
    }
    record = tmp_path / "garden.json"
    record.write_text(json.dumps(completed_garden()), "utf-8")
    config["modules"]["abbot"]["garden_completed_per_tile"] = 2
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps(config), "utf-8")
    assert run_app(["score", str(record), "--config", str(rules)]) == 0
    # The completed garden: 9 tiles x 2 = 18, + the monastery's 4; Ben's road 3.
    assert json.loads(capsys.readouterr().out)["scores"] == {"Ann": 22, "Ben": 3}


def test_score_exits_2_naming_the_turn_and_the_reason(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "meeple.json"
    data = abbot_game(["Ann"], turn("Ann", "U", 1, 0, copy="Garden", meeple="garden"))
    record.write_text(json.dumps(data), "utf-8")
    assert run_app(["score", str(record)]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "turn 1: meeple 'garden': only an abbot may stand on a garden, not a meeple" in err


# -- random games ------------------------------------------------------------------------

MIXES: list[tuple[tuple[str, ...], dict[str, str]]] = [
    (BASE_AB, {}),
    (("Base Game", AM, AB), {}),
    (("Base Game", "The Courier", AB), {"courier": "no-tiles"}),
]
mixes = st.sampled_from(MIXES)
seeds = st.integers(min_value=0, max_value=2**32)
player_counts = st.integers(min_value=1, max_value=5)


def simulated(
    mix: tuple[tuple[str, ...], dict[str, str]], seed: int, players: int
) -> tuple[list[int], dict[str, Any], dict[str, int]]:
    """Scores, record and figures placed of one random game."""
    result = simulated_game(mix, seed, players)
    assert result.record is not None
    return result.scores, result.record, result.figures_placed


@settings(max_examples=examples(30), deadline=None)
@given(mixes, seeds, player_counts)
def test_simulated_records_replay_to_the_same_scores(
    mix: tuple[tuple[str, ...], dict[str, str]], seed: int, players: int
) -> None:
    scores, record, _ = simulated(mix, seed, players)
    assert record["products"] == list(mix[0])
    assert replayed(record) == scores


@settings(max_examples=examples(15), deadline=None)
@given(mixes, seeds, player_counts, st.integers(min_value=1, max_value=3))
def test_rotating_the_whole_board_keeps_the_scores(
    mix: tuple[tuple[str, ...], dict[str, str]], seed: int, players: int, turns: int
) -> None:
    scores, record, _ = simulated(mix, seed, players)
    assert replayed(rotate_record(record, turns)) == scores


@settings(max_examples=6, deadline=None)
@given(mixes, seeds, st.integers(min_value=2, max_value=4))
def test_the_naive_board_scores_simulated_games_the_same(
    mix: tuple[tuple[str, ...], dict[str, str]], seed: int, players: int
) -> None:
    scores, record, _ = simulated(mix, seed, players)
    assert replayed(record, NaiveGame) == scores


@pytest.mark.parametrize("mix", MIXES[:2], ids=["base", "abbey-and-mayor"])
def test_every_figure_the_return_and_the_garden_copies_are_used(
    mix: tuple[tuple[str, ...], dict[str, str]],
) -> None:
    placed: dict[str, int] = {}
    returns = copies = 0
    for seed in range(10):
        _, record, figures = simulated(mix, seed, 3)
        for name, count in figures.items():
            placed[name] = placed.get(name, 0) + count
        returns += sum(1 for t in record["turns"] if "return" in t)
        copies += sum(1 for t in record["turns"] if t.get("copy") == "Garden")
    expected = {"meeple", "abbot"} | ({"mayor", "wagon", "barn"} if AM in mix[0] else set())
    assert set(placed) == expected
    assert min(placed.values()) > 0
    assert returns > 0 and copies > 0


def _simulate_and_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], games: int
) -> tuple[dict[str, Any], list[int]]:
    records = tmp_path / "games"
    argv = ["simulate", "--games", str(games), "--seed", "5", "--players", "3", "--json"]
    argv += ["--products", "Base Game,The Abbot", "--db", str(tmp_path / "none.duckdb")]
    assert run_app([*argv, "--out", str(records)]) == 0
    summary_json = json.loads(capsys.readouterr().out)
    replayed_scores: list[int] = []
    for path in sorted(records.glob("game-*.json")):
        assert run_app(["score", str(path)]) == 0
        replayed_scores += json.loads(capsys.readouterr().out)["scores"].values()
    return summary_json, replayed_scores


def test_simulate_writes_records_that_score_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary_json, scores = _simulate_and_score(tmp_path, capsys, 8)
    assert summary_json["products"] == list(BASE_AB)
    assert summary_json["draw_pile_tiles"] == 72
    assert set(summary_json["figures_placed"]) == {"meeple", "abbot"}
    assert len(scores) == 24
    assert (min(scores), max(scores)) == (summary_json["min_score"], summary_json["max_score"])
    assert round(sum(scores) / 24, 3) == summary_json["mean_score"]


@pytest.mark.slow
def test_simulate_200_games_and_score_every_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary_json, scores = _simulate_and_score(tmp_path, capsys, 200)
    assert summary_json["figures_placed"]["abbot"] > 0
    assert summary_json["features_completed"]["garden"] > 0  # a random 3x3 square is rare
    assert len(scores) == 600
    assert round(sum(scores) / 600, 3) == summary_json["mean_score"]
