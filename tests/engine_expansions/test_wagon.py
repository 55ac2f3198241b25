"""The wagon (Abbey and the Mayor page, "Căruța"): a follower on a road, city or cloister that
may move on after its feature is scored, onto an unfinished, unoccupied feature on its tile or
one of the 8 around it."""

from __future__ import annotations

from typing import Any

from tests.engine_expansions.helpers import game, illegal, move, play, summary, turn


def road_closed_by_ben(*moves: dict[str, Any]) -> dict[str, Any]:
    """Ann's wagon on the road west of a village at (1, 0); Ben closes the road with a
    village at (-1, 0): a road of 3 tiles, scored on turn 2."""
    return game(
        ["Ann", "Ben"],
        turn("Ann", "W", 1, 0, 0, "road:W", "wagon"),
        turn("Ben", "W", -1, 0, 0, moves=list(moves)),
    )


def test_wagon_moves_on_after_its_road_is_scored() -> None:
    scores, events = play(road_closed_by_ben(move("Ann", 1, 0, "road:S")))
    assert summary(events) == [
        (2, "Ann", "road", 3, 0, 3, "wagon"),  # treated as a normal meeple: 3 tiles
        (None, "Ann", "road", 1, 0, 1, "wagon"),  # where it moved: 1 tile, open at the end
    ]
    assert scores == {"Ann": 4, "Ben": 0}


def test_wagon_may_stay_home_or_take_the_city_next_door() -> None:
    assert play(road_closed_by_ben())[0] == {"Ann": 3, "Ben": 0}
    # the start tile's city (0, 0) is next to the village the wagon stood on: 1 tile, open
    scores, events = play(road_closed_by_ben(move("Ann", 0, 0, "city:N")))
    assert summary(events)[-1] == (None, "Ann", "city", 1, 0, 1, "wagon")
    assert scores == {"Ann": 4, "Ben": 0}


def test_wagon_placed_scored_and_moved_in_one_turn() -> None:
    # The page's FAQ: placed instead of a meeple, scored at once, then moved.
    scores, events = play(
        game(
            ["Ben", "Ann"],
            turn("Ben", "W", 1, 0),
            turn("Ann", "W", -1, 0, 0, "road:E", "wagon", [move("Ann", -1, 0, "road:S")]),
        )
    )
    assert summary(events) == [
        (2, "Ann", "road", 3, 0, 3, "wagon"),
        (None, "Ann", "road", 1, 0, 1, "wagon"),
    ]
    assert scores == {"Ben": 0, "Ann": 4}


def test_wagon_is_refused_onto_a_completed_feature() -> None:
    message = illegal(road_closed_by_ben(move("Ann", 1, 0, "road:W")))
    assert "turn 2: move of Ann's wagon to 'road:W' on (1, 0)" in message
    assert "that road is completed: a wagon moves only to an unfinished one" in message


def test_wagon_moves_one_tile_at_most() -> None:
    message = illegal(road_closed_by_ben(move("Ann", -1, 0, "road:S")))
    assert "a wagon moves only to the tile it stood on ((1, 0)) or one of the 8" in message


def test_only_a_freed_wagon_moves() -> None:
    data = game(
        ["Ann", "Ben"], turn("Ann", "W", 1, 0, 0, "road:W", "wagon", [move("Ann", 1, 0, "road:S")])
    )
    assert "turn 1: move of Ann's wagon to 'road:S' on (1, 0): Ann has no wagon to move" in (
        illegal(data)
    )


def test_wagon_never_on_a_field() -> None:
    data = game(["Ann"], turn("Ann", "W", 1, 0, 0, "field:NL", "wagon"))
    message = illegal(data)
    assert "turn 1: wagon 'field:NL': a wagon may only go on an abbey or a city" in message
    assert "not on a field" in message
