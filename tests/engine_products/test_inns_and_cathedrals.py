"""Inns and Cathedrals (C2 rules, docs/engine.md): the large meeple, inns and cathedrals.

Every position is hand-built from the rules text (docs/engine.md, Inns and Cathedrals: the large
meeple counts 2 in every majority; a completed road with an inn scores 2 per tile, an incomplete one
0; a completed city with a cathedral 3 per tile and 3 per coat of arms, an incomplete one 0) and
replayed through the fast engine and the naive one (`play`); the expected scores are worked out by
hand in the comments. Board: x grows east, y south; rotations are clockwise."""

from __future__ import annotations

from typing import Any

import pytest

from carcdb.pipeline.engine.ruleset import RulesConfig
from tests.engine_expansions.helpers import game, play, summary, turn

IC = "Inns and Cathedrals"
BASE_IC = ("Base Game", IC)
LARGE = "large_meeple"
MODULE = "inns_cathedrals"


def ic(code: str) -> str:
    return f"{IC}/{code}"


def with_numbers(**numbers: int) -> RulesConfig:
    return RulesConfig(modules={MODULE: numbers})


# -- inns ------------------------------------------------------------------------------


def inn_road(*, inn: bool = True, closed: bool = True) -> dict[str, Any]:
    """Start D (0,0): road west-east. Ann's meeple on the inn road tile IC/B (or the plain
    straight road U) east of it; a monastery with a road ending at it (A) closes the east end,
    another the west end (left out when not `closed`)."""
    straight = ic("B") if inn else "U"
    turns = [
        turn("Ann", straight, 1, 0, 0, "road:E"),
        turn("Ben", "A", 2, 0, 90),  # road leaving west, ending at its monastery
    ]
    if closed:
        turns.append(turn("Ann", "A", -1, 0, 270))  # road leaving east
    return game(["Ann", "Ben"], *turns, products=BASE_IC)


def test_completed_road_with_an_inn_scores_two_per_tile() -> None:
    scores, events = play(inn_road())
    # The road (-1,0) A, (0,0) D, (1,0) IC/B, (2,0) A: 4 tiles, completed on turn 3 with an
    # inn: 4 x 2 = 8 for Ann. Nothing else is occupied (monasteries, the city cap, fields).
    assert summary(events) == [(3, "Ann", "road", 4, 0, 8, None)]
    assert scores == {"Ann": 8, "Ben": 0}


def test_the_same_road_without_an_inn_scores_as_before() -> None:
    scores, events = play(inn_road(inn=False))
    # The plain straight road U in its place: 4 tiles x 1 = 4.
    assert summary(events) == [(3, "Ann", "road", 4, 0, 4, None)]
    assert scores == {"Ann": 4, "Ben": 0}


def test_incomplete_road_with_an_inn_scores_nothing_at_the_end() -> None:
    scores, events = play(inn_road(closed=False))
    # The road (0,0) D, (1,0) IC/B, (2,0) A is open to the west at the end: with an inn it
    # scores 3 x 0 = 0 (the event says Ann won it, for nothing).
    assert summary(events) == [(None, "Ann", "road", 3, 0, 0, None)]
    assert scores == {"Ann": 0, "Ben": 0}
    # Without the inn the open road scores 3 x 1 = 3 at the end.
    assert play(inn_road(inn=False, closed=False))[0] == {"Ann": 3, "Ben": 0}


def inn_road_joined_with_a_plain_road(inn: bool = True) -> dict[str, Any]:
    """Ann's meeple on a plain road, Ben's on a road with an inn (IC/B, or the plain U when
    not `inn`), joined by two curves into one road that two ends close."""
    return game(
        ["Ann", "Ben"],
        turn("Ann", "U", 1, 0, 0, "road:E"),  # road (0,0)-(1,0), open west and east
        turn("Ben", ic("B") if inn else "U", 1, -1, 0, "road:W"),  # its own road, open both ends
        turn("Ann", "V", 2, -1, 0),  # curve west-south: joins (1,-1) and goes on south
        turn("Ben", "V", 2, 0, 90),  # curve north-west: joins (2,-1) and (1,0): one road
        turn("Ann", "A", -1, 0, 270),  # the west end of (0,0) ends at a monastery
        # a city cap south closing D's cap, roads ending at its village west, north and east:
        # the east one closes the road's last end at (1,-1)
        turn("Ben", "L", 0, -1, 180),
        products=BASE_IC,
    )


def test_an_inn_road_joined_with_a_plain_road_scores_as_an_inn_road() -> None:
    scores, events = play(inn_road_joined_with_a_plain_road())
    # The road: (-1,0) A, (0,0) D, (1,0) U, (2,0) V, (2,-1) V, (1,-1) IC/B, (0,-1) L = 7 tiles,
    # completed on turn 6, one inn on it: 7 x 2 = 14. One meeple each: a tie, both score.
    # Turn 6 also completes the 2-tile city of D's and L's caps, unoccupied.
    assert summary(events) == [
        (6, "Ann", "road", 7, 0, 14, None),
        (6, "Ben", "road", 7, 0, 14, None),
    ]
    assert scores == {"Ann": 14, "Ben": 14}
    # The same board with a plain road where the inn was: 7 x 1 each.
    assert play(inn_road_joined_with_a_plain_road(inn=False))[0] == {"Ann": 7, "Ben": 7}


# -- cathedrals ------------------------------------------------------------------------


def cathedral_city(*, cathedral: bool = True, closed: bool = True) -> dict[str, Any]:
    """Start D (0,0): city cap north. Ann's meeple in the four-sided city tile IC/KA (or the
    base game's C, whose city has a coat of arms) north of it; the city grows north through F
    (a coat of arms) turned north-south, and caps (E) close it west, east and north."""
    turns = [
        turn("Ann", ic("KA") if cathedral else "C", 0, -1, 0, "city:S"),
        turn("Ben", "F", 0, -2, 90),  # city north-south with a coat of arms
        turn("Ann", "E", 1, -1, 270),  # cap facing west
        turn("Ben", "E", -1, -1, 90),  # cap facing east
    ]
    if closed:
        turns.append(turn("Ann", "E", 0, -3, 180))  # cap facing south: the city is complete
    return game(["Ann", "Ben"], *turns, products=BASE_IC)


def test_completed_city_with_a_cathedral_scores_three_per_tile_and_coat() -> None:
    scores, events = play(cathedral_city())
    # The city: (0,0) D, (0,-1) IC/KA, (0,-2) F, (1,-1) E, (-1,-1) E, (0,-3) E = 6 tiles,
    # 1 coat of arms (F), completed on turn 5 with a cathedral: 6 x 3 + 1 x 3 = 21 for Ann.
    assert summary(events) == [(5, "Ann", "city", 6, 1, 21, None)]
    assert scores == {"Ann": 21, "Ben": 0}


def test_the_same_city_without_a_cathedral_scores_as_before() -> None:
    scores, events = play(cathedral_city(cathedral=False))
    # C in its place (a coat of arms too): 6 tiles x 2 + 2 coats x 2 = 16.
    assert summary(events) == [(5, "Ann", "city", 6, 2, 16, None)]
    assert scores == {"Ann": 16, "Ben": 0}


def test_incomplete_city_with_a_cathedral_scores_nothing_at_the_end() -> None:
    scores, events = play(cathedral_city(closed=False))
    # The city of 5 tiles and a coat of arms is open to the north at the end: with a
    # cathedral 5 x 0 + 1 x 0 = 0.
    assert summary(events) == [(None, "Ann", "city", 5, 1, 0, None)]
    assert scores == {"Ann": 0, "Ben": 0}
    # Without it (C, a coat of its own): 5 x 1 + 2 x 1 = 7 at the end.
    assert play(cathedral_city(cathedral=False, closed=False))[0] == {"Ann": 7, "Ben": 0}


# -- the large meeple ------------------------------------------------------------------


def three_city_parts(ben_second: bool) -> dict[str, Any]:
    """Three city caps that the last tile (R: city north, east and west) joins into one city of
    4 tiles: Ann's large meeple in the west cap, Ben's meeple in the east cap and, with
    `ben_second`, another of Ben's in the north cap. The start tile D is turned so that its
    city faces south, away from the join."""
    return game(
        ["Ann", "Ben"],
        turn("Ann", "U", -1, 0, 0),
        turn("Ben", "U", 1, 0, 0),
        turn("Ann", "E", -1, -1, 90, "city:E", LARGE),  # cap facing east
        turn("Ben", "E", 1, -1, 270, "city:W"),  # cap facing west
        turn("Ann", "B", -1, -2, 0),  # a monastery, to reach (0,-2)
        turn("Ben", "E", 0, -2, 180, "city:S" if ben_second else None),  # cap facing south
        turn("Ann", "R", 0, -1, 0),  # city north, east, west: joins the three caps
        start=("D", 0, 0, 180),
        products=BASE_IC,
    )


def test_large_meeple_ties_with_two_meeples() -> None:
    scores, events = play(three_city_parts(ben_second=True))
    # The city (0,-1) R, (-1,-1) E, (1,-1) E, (0,-2) E: 4 tiles, no coat, no cathedral:
    # 4 x 2 = 8. Ann's large meeple counts 2, Ben's two meeples 2: both score 8.
    assert summary(events) == [
        (7, "Ann", "city", 4, 0, 8, LARGE),
        (7, "Ben", "city", 4, 0, 8, None),
    ]
    assert scores == {"Ann": 8, "Ben": 8}


def test_large_meeple_beats_one_meeple() -> None:
    scores, events = play(three_city_parts(ben_second=False))
    # The same city of 4 tiles, 8 points: Ann's large meeple (2) against one meeple (1).
    assert summary(events) == [(7, "Ann", "city", 4, 0, 8, LARGE)]
    assert scores == {"Ann": 8, "Ben": 0}


def test_large_meeple_on_a_field() -> None:
    data = game(
        ["Ann", "Ben"],
        # a cap facing south closes D's city cap: a completed city of 2 tiles, unoccupied;
        # Ann's large meeple goes on the cap's field (north, east and west of it)
        turn("Ann", "E", 0, -1, 180, "field:NL", LARGE),
        # a straight road west of D; Ben's farmer on its north field, which meets D's field
        # north of the road (also bordering that city) but not yet Ann's
        turn("Ben", "U", -1, 0, 0, "field:NL"),
        # a monastery (all field) at (-1,-1) joins the two fields
        turn("Ann", "B", -1, -1, 0),
        products=BASE_IC,
    )
    scores, events = play(data)
    # Final scoring: the field borders 1 completed city (D's and E's caps): 1 x 3 = 3. Ann's
    # large meeple (2) against Ben's farmer (1): Ann alone. The road (-1,0)-(0,0) and the
    # monastery have no figure.
    assert summary(events) == [(None, "Ann", "field", 4, 0, 3, LARGE)]
    assert scores == {"Ann": 3, "Ben": 0}


def test_large_meeple_on_a_monastery() -> None:
    surround = [
        ("U", -1, 0),
        ("U", 1, 0),
        ("B", -1, 1),
        ("B", 1, 1),
        ("B", -1, 2),
        ("B", 0, 2),
        ("B", 1, 2),
    ]
    turns = [turn("Ann", "B", 0, 1, 0, "monastery", LARGE)]
    players = ["Ben", "Ann"]
    turns += [turn(players[i % 2], code, x, y) for i, (code, x, y) in enumerate(surround)]
    scores, events = play(game(["Ann", "Ben"], *turns, products=BASE_IC))
    # Ann's monastery at (0,1) is surrounded when the 7th tile goes down on turn 8: the 3x3
    # square (0,0) D, the two U, the five B around it and itself: 9 tiles x 1 = 9.
    assert summary(events) == [(8, "Ann", "monastery", 9, 0, 9, LARGE)]
    assert scores == {"Ann": 9, "Ben": 0}
    # Stopped before the last tile, at the end: 8 tiles of its square, 8 points.
    stopped = game(["Ann", "Ben"], *turns[:-1], products=BASE_IC)
    assert play(stopped)[0] == {"Ann": 8, "Ben": 0}


def test_the_large_meeple_comes_back_when_its_feature_is_scored() -> None:
    data = game(
        ["Ann"],
        turn("Ann", "E", 0, -1, 180, "city:S", LARGE),  # closes D's cap: 2 tiles, 4 points
        turn("Ann", "U", 1, 0, 0, "road:E", LARGE),  # home again: it may go out once more
        products=BASE_IC,
    )
    scores, events = play(data)
    # Turn 1: the city of 2 tiles, 2 x 2 = 4. At the end the road (0,0)-(1,0): 2 x 1 = 2.
    assert summary(events) == [
        (1, "Ann", "city", 2, 0, 4, LARGE),
        (None, "Ann", "road", 2, 0, 2, LARGE),
    ]
    assert scores == {"Ann": 6}


# -- with the other products -------------------------------------------------------------


@pytest.mark.parametrize(("inn", "points"), [(True, 0), (False, 2)])
def test_a_thank_you_message_scores_an_inn_road_as_at_the_end(inn: bool, points: int) -> None:
    data = game(
        ["Ann"],
        turn("Ann", ic("B") if inn else "U", 1, 0, 0, "road:E"),
        products=(*BASE_IC, "The Courier"),
        options={"courier": "no-tiles"},
        end="stop",
    )
    scores, events = play(data)
    # The courier starts on the start tile (0,0); Ann's meeple goes onto the open road
    # (0,0)-(1,0) next to it: her message scores that road as in the final scoring, where an
    # open road with an inn is worth 2 x 0 = 0 (without the inn 2 x 1 = 2).
    assert summary(events) == [(1, "Ann", "courier", 2, 0, points, None)]
    assert events[0].scored_feature == "road"
    assert scores == {"Ann": points}


def test_large_meeple_against_a_meeple_and_a_mayor_without_coats() -> None:
    data = three_city_parts(ben_second=True)
    data["products"] = [*BASE_IC, "Abbey and the Mayor"]
    # Ben's mayor, not a second meeple, in the north cap (turn 6).
    data["turns"][5] = turn("Ben", "E", 0, -2, 180, "city:S", "mayor")
    scores, events = play(data)
    # The city of 4 tiles has no coat of arms: Ben's mayor counts 0, his meeple 1, Ann's large
    # meeple 2: Ann alone, 4 x 2 = 8.
    assert summary(events) == [(7, "Ann", "city", 4, 0, 8, LARGE)]
    assert scores == {"Ann": 8, "Ben": 0}
