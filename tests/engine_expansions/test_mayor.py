"""The mayor (Abbey and the Mayor page, "Primarul"): only in a city; its strength is the
city's coats of arms, 0 without any."""

from __future__ import annotations

from typing import Any

from tests.engine_expansions.helpers import game, illegal, play, summary, turn


def city_of_three_parts(coat: bool) -> dict[str, Any]:
    """Three city parts, each closed but for one side, joined by the last tile into a city of
    6 tiles: Ann's mayor in the north part, one of Ben's meeples in each other part. With
    `coat`, the north part (F), the west part (F) and the joining tile (Q) have a coat each;
    without, the same shapes without coats (G, R)."""
    two_sides, three_sides = ("F", "Q") if coat else ("G", "R")
    return game(
        ["Ann", "Ben"],
        turn("Ann", two_sides, 1, 0, 90, "city:N", "mayor"),
        turn("Ben", "B", 0, 0),
        turn("Ann", "B", 2, 0),
        turn("Ben", two_sides, 0, 1, 0, "city:W"),
        turn("Ann", "E", -1, 1, 90),
        turn("Ben", "E", 2, 1, 270, "city:W"),
        turn("Ann", three_sides, 1, 1, 0),
        start=("E", 1, -1, 180),
    )


def test_mayor_with_three_coats_of_arms_beats_two_meeples() -> None:
    scores, events = play(city_of_three_parts(coat=True))
    # 6 tiles x 2 + 3 coats x 2 = 18; strength 3 (mayor) against 2 (two meeples): Ann alone.
    assert summary(events) == [(7, "Ann", "city", 6, 3, 18, "mayor")]
    assert scores == {"Ann": 18, "Ben": 0}


def test_mayor_without_coats_of_arms_loses_to_two_meeples() -> None:
    scores, events = play(city_of_three_parts(coat=False))
    # 6 tiles x 2 = 12; strength 0 (mayor) against 2: Ben.
    assert summary(events) == [(7, "Ben", "city", 6, 0, 12, None)]
    assert scores == {"Ann": 0, "Ben": 12}


def test_a_city_with_only_a_mayor_and_no_coat_scores_for_nobody() -> None:
    data = game(
        ["Ann"],
        turn("Ann", "E", 0, -1, 180, "city:S", "mayor"),
        # the mayor came back when the city was completed: it may go into a new city
        turn("Ann", "K", 1, 0, 0, "city:N", "mayor"),
    )
    scores, events = play(data)
    # The 2-tile city closed on turn 1 scores nothing (strength 0); the open city of turn 2
    # has no coat either: nothing at the end.
    assert events == []
    assert scores == {"Ann": 0}


def test_a_city_with_a_mayor_is_occupied() -> None:
    # The page's FAQ: a mayor in a city without a coat of arms still occupies it.
    occupied = game(
        ["Ann", "Ben"],
        turn("Ann", "K", 1, 0, 0, "city:N", "mayor"),
        turn("Ben", "E", 1, -1, 180, "city:S"),
    )
    assert "turn 2: meeple 'city:S': that city is already occupied" in illegal(occupied)


def test_a_mayor_goes_only_into_a_city() -> None:
    data = game(["Ann"], turn("Ann", "K", 1, 0, 0, "road:W", "mayor"))
    assert "turn 1: mayor 'road:W': a mayor may only go on a city, not on a road" in illegal(data)


def test_no_mayor_left() -> None:
    data = game(
        ["Ann"],
        turn("Ann", "K", 1, 0, 0, "city:N", "mayor"),
        turn("Ann", "J", -1, 0, 0, "city:N", "mayor"),
    )
    assert "turn 2: mayor 'city:N': Ann has no mayor left" in illegal(data)
