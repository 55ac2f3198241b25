"""Each base-game rule on a small hand-built board (replayed by the fast and naive engines)."""

from __future__ import annotations

import json

import pytest

from carcdb.pipeline.engine.board import IllegalMove
from carcdb.pipeline.engine.game import Game
from carcdb.pipeline.engine.geometry import tile_set
from carcdb.pipeline.engine.records import parse_record, replay
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.errors import GameRecordError
from tests.engine.boards import TurnSpec, play, record, summary


def test_closed_road_loop_scores_when_closed() -> None:
    # Four curves: (0,0) east-south, (1,0) west-south, (1,1) north-west, (0,1) north-east.
    scores, events = play(
        record(
            ["Ann"],
            ("V", 0, 0, 270),
            ("Ann", "V", 1, 0, 0, "road:W"),
            ("Ann", "V", 1, 1, 90),
            ("Ann", "V", 0, 1, 180),
        )
    )
    assert summary(events) == [(3, "Ann", "road", 4, 0, 4)]
    assert events[0].when == "turn"
    assert scores == {"Ann": 4}


def test_road_between_two_villages_is_complete() -> None:
    # Start D's road runs west-east; a village (W) east and a crossroads (X) west end it.
    scores, events = play(
        record(
            ["Ann"],
            ("D", 0, 0, 0),
            ("Ann", "W", 1, 0, 0, "road:W"),
            ("Ann", "X", -1, 0, 0),
        )
    )
    assert summary(events) == [(2, "Ann", "road", 3, 0, 3)]
    assert scores == {"Ann": 3}


def test_road_ending_in_one_village_is_incomplete_at_the_end() -> None:
    scores, events = play(record(["Ann"], ("D", 0, 0, 0), ("Ann", "W", 1, 0, 0, "road:W")))
    assert summary(events) == [(None, "Ann", "road", 2, 0, 2)]
    assert scores == {"Ann": 2}


# A 2x2 city: corners M (coat) at (0,0) and (-1,-1), N (no coat) at (-1,0) and (0,-1).
TWO_COATS = (
    ("Ann", "N", -1, 0, 90, "city:E"),
    ("Ann", "N", 0, -1, 270),
    ("Ann", "M", -1, -1, 180),
)


def test_city_with_two_coats_of_arms_completed() -> None:
    scores, events = play(record(["Ann"], ("M", 0, 0, 0), *TWO_COATS))
    assert summary(events) == [(3, "Ann", "city", 4, 2, 4 * 2 + 2 * 2)]
    assert scores == {"Ann": 12}


def test_city_incomplete_at_the_end_scores_one_per_tile_and_coat() -> None:
    scores, events = play(record(["Ann"], ("M", 0, 0, 0), *TWO_COATS[:2]))
    assert summary(events) == [(None, "Ann", "city", 3, 1, 3 + 1)]
    assert scores == {"Ann": 4}


def test_two_separate_cities_on_one_tile() -> None:
    # H has separate caps north and south; a cap on each side closes two 2-tile cities.
    scores, events = play(
        record(
            ["Ann", "Ben"],
            ("H", 0, 0, 0),
            ("Ann", "E", 0, 1, 0, "city:N"),
            ("Ben", "E", 0, -1, 180, "city:S"),
        )
    )
    assert summary(events) == [(1, "Ann", "city", 2, 0, 4), (2, "Ben", "city", 2, 0, 4)]
    assert scores == {"Ann": 4, "Ben": 4}


def test_field_bordering_the_same_city_twice_counts_it_once() -> None:
    # City: caps at (0,0) and (0,-1); two monasteries east join both caps' fields into one.
    scores, events = play(
        record(
            ["Ann"],
            ("E", 0, 0, 0),
            ("Ann", "E", 0, -1, 180, "field:EL"),
            ("Ann", "B", 1, 0, 0),
            ("Ann", "B", 1, -1, 0),
        )
    )
    assert summary(events) == [(None, "Ann", "field", 4, 0, 3)]
    assert scores == {"Ann": 3}


def test_field_of_an_incomplete_city_scores_nothing() -> None:
    scores, events = play(record(["Ann"], ("E", 0, 0, 0), ("Ann", "B", 0, 1, 0, "field:NL")))
    assert summary(events) == [(None, "Ann", "field", 2, 0, 0)]
    assert scores == {"Ann": 0}


def test_tied_majority_scores_both_in_full() -> None:
    # Ann's cap at (-1,1) and Ben's at (1,1) are joined by G at (0,1): a 3-tile city.
    scores, events = play(
        record(
            ["Ann", "Ben"],
            ("B", 0, 0, 0),
            ("Ann", "B", -1, 0, 0),
            ("Ben", "B", 1, 0, 0),
            ("Ann", "E", -1, 1, 90, "city:E"),
            ("Ben", "E", 1, 1, 270, "city:W"),
            ("Ann", "G", 0, 1, 0),
        )
    )
    assert summary(events) == [(5, "Ann", "city", 3, 0, 6), (5, "Ben", "city", 3, 0, 6)]
    assert scores == {"Ann": 6, "Ben": 6}


def test_majority_takes_all_the_points() -> None:
    # Ann holds two caps, Ben one; R (city east, south, west) at (0,1) joins all three.
    scores, events = play(
        record(
            ["Ann", "Ben"],
            ("B", 0, 0, 0),
            ("Ann", "B", -1, 0, 0),
            ("Ben", "B", 1, 0, 0),
            ("Ann", "E", -1, 1, 90, "city:E"),
            ("Ben", "E", 1, 1, 270, "city:W"),
            ("Ann", "B", -1, 2, 0),
            ("Ben", "B", 1, 2, 0),
            ("Ann", "E", 0, 2, 0, "city:N"),
            ("Ben", "R", 0, 1, 180),
        )
    )
    assert summary(events) == [(8, "Ann", "city", 4, 0, 8)]
    assert scores == {"Ann": 8, "Ben": 0}


def test_meeple_on_the_feature_its_tile_completes_scores_at_once_and_returns() -> None:
    config = RulesConfig()
    tiles = tile_set()
    game = Game(["Ann"], config, tiles)
    game.start((0, 0), tiles.oriented["H"][0])
    game.place((0, 1), tiles.oriented["E"][0])
    game.put_meeple(0, game.target_segment("city:N"))
    assert game.supply == [6]
    with pytest.raises(IllegalMove, match="one meeple"):
        game.put_meeple(0, game.target_segment("field:EL"))
    events = game.end_turn()
    assert [(e.turn, e.feature, e.tiles, e.points, e.when) for e in events] == [
        (1, "city", 2, 4, "turn")
    ]
    assert game.supply == [7]
    assert game.finish() == []
    assert game.scores == [4]


def test_monastery_completed_by_its_eighth_neighbour() -> None:
    around = [(1, 0), (-1, 0), (1, 1), (-1, 1), (1, 2), (-1, 2), (0, 2)]
    turns = [("Ann", "B", 0, 1, 0, "monastery")] + [("Ann", "B", x, y, 0) for x, y in around]
    scores, events = play(record(["Ann"], ("B", 0, 0, 0), *turns))
    assert summary(events) == [(8, "Ann", "monastery", 9, 0, 9)]
    assert scores == {"Ann": 9}
    scores, events = play(record(["Ann"], ("B", 0, 0, 0), *turns[:-1]))
    assert summary(events) == [(None, "Ann", "monastery", 8, 0, 8)]


def _illegal(data: dict[str, object], config: RulesConfig | None = None) -> str:
    with pytest.raises(GameRecordError) as caught:
        replay(parse_record(json.dumps(data), "game.json"), config or RulesConfig(), "game.json")
    return str(caught.value)


def test_player_with_no_meeple_left() -> None:
    # Eight monasteries in a row, a meeple on each: the eighth has none left (7 each).
    turns = [("Ann", "B", x, 0, 0, "monastery") for x in range(1, 9)]
    message = _illegal(record(["Ann"], ("B", 0, 0, 0), *turns))
    assert message.startswith("game.json: turn 8: meeple 'monastery': Ann has no meeple left")
    play(record(["Ann"], ("B", 0, 0, 0), *turns[:7]))  # seven are fine
    two = _illegal(record(["Ann"], ("B", 0, 0, 0), *turns[:2]), RulesConfig(meeples_per_player=1))
    assert "turn 2: meeple 'monastery': Ann has no meeple left" in two


def test_occupied_feature_is_refused() -> None:
    message = _illegal(
        record(
            ["Ann", "Ben"],
            ("D", 0, 0, 0),
            ("Ann", "U", 1, 0, 0, "road:W"),
            ("Ben", "U", 2, 0, 0, "road:W"),
        )
    )
    assert "turn 2: meeple 'road:W': that road is already occupied" in message


@pytest.mark.parametrize(
    ("turn", "reason"),
    [
        (("Ann", "Z", 1, 0, 0), "turn 1: unknown tile 'Z'"),
        (("Ann", "E", 1, 0, 0), "its W side is field but the tile at (0, 0) shows road there"),
        (
            ("Ann", "U", 1, 0, 0, "city:N"),
            "turn 1: meeple 'city:N': tile U rotated 0 has no 'city:N'",
        ),
        (("Ann", "U", 1, 0, 0, "road:N"), "has no 'road:N'"),
        (("Ann", "U", 5, 5, 0), "turn 1: square (5, 5) does not touch any placed tile"),
        (("Ann", "U", 0, 0, 0), "turn 1: square (0, 0) is already taken by tile D"),
        (("Ben", "U", 1, 0, 0), "turn 1: it is Ann's turn, not Ben's"),
        (("Eve", "U", 1, 0, 0), "turn 1: 'Eve' is not one of the players"),
    ],
)
def test_illegal_turns_name_the_turn_and_reason(turn: TurnSpec, reason: str) -> None:
    assert reason in _illegal(record(["Ann", "Ben"], ("D", 0, 0, 0), turn))


def test_malformed_record_names_the_turn() -> None:
    data = record(["Ann"], ("D", 0, 0, 0), ("Ann", "U", 1, 0, 45))
    assert "turn 1 (turns.0.rotation)" in _illegal(data)
    with pytest.raises(GameRecordError, match="not JSON"):
        parse_record("{", "bad.json")
