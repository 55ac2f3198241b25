"""The River (C2): the spring starts the game, river tiles come first and continue the river,
no U-turn, the lake last and no land tile before it; a whole river phase, then land tiles,
scored by hand. Every record is replayed by the fast and the naive engine (`play`,
`illegal`), which must agree.

The tiles at rotation 0 (pipeline/engine/shapes/the_river.json): A spring (river leaves E),
B CWRW (city cap N, river W-E, road S ending), C CWCW (city caps N and S, river W-E), D and F
FWFW (straight), E CWWC (city corner N-W, river curve S-E), G and J FFWW (river curve W-S),
H FWRW (monastery, road S), I RRWW (road curve N-E, river curve W-S), K WRWR (river N-S under
a road W-E), L the lake (river comes in by W). The spring is on (0, 0), so the river's first
open end is (1, 0), coming in by its W side, heading east.
"""

from __future__ import annotations

from typing import Any

from carcdb.pipeline.engine.ruleset import RulesConfig
from tests.engine_expansions.helpers import game, illegal, play, summary, turn
from tests.engine_expansions.test_properties import rotate_record

RI = "The River"
PRODUCTS = ("Base Game", RI)
SPRING = (f"{RI}/A", 0, 0, 0)


def r(code: str) -> str:
    return f"{RI}/{code}"


def river_game(*turns: dict[str, Any], options: dict[str, str] | None = None) -> dict[str, Any]:
    return game(["Ann", "Ben"], *turns, start=SPRING, products=PRODUCTS, options=options)


# A right turn: G at (1, 0) takes the river in by W and out by S (heading east, then south).
RIGHT_AT_1_0 = turn("Ann", r("G"), 1, 0, 0)


def test_a_second_right_turn_in_a_row_is_a_u_turn() -> None:
    # J turned 90 has its river on N and W: in by N (heading south), out by W: right again.
    error = illegal(river_game(RIGHT_AT_1_0, turn("Ben", r("J"), 1, 1, 90)))
    assert "turn 2: the river turns right twice in a row (a U-turn)" in error
    assert "at (1, 1) leaves by its W side, a right turn after the right turn at (1, 0)" in error
    # The same tile turned 180 (river N and E) turns left: allowed.
    scores, _ = play(river_game(RIGHT_AT_1_0, turn("Ben", r("J"), 1, 1, 180)))
    assert scores == {"Ann": 0, "Ben": 0}


def test_straights_between_two_turns_do_not_reset_the_u_turn_rule() -> None:
    # Right at (1, 0), the straight K (river N-S) at (1, 1), then right again at (1, 2).
    right_straight_right = [
        RIGHT_AT_1_0,
        turn("Ben", r("K"), 1, 1, 0),
        turn("Ann", r("J"), 1, 2, 90),
    ]
    error = illegal(river_game(*right_straight_right))
    assert "turn 3: the river turns right twice in a row (a U-turn)" in error
    assert "after the right turn at (1, 0) (straights between do not count)" in error
    # The FAQ's looser reading (only immediate U-turns) lets the straight reset it...
    adjacent = {"river_turns": "adjacent"}
    assert play(river_game(*right_straight_right, options=adjacent))[0] == {"Ann": 0, "Ben": 0}
    # ...but still refuses two turns on consecutive tiles.
    error = illegal(river_game(RIGHT_AT_1_0, turn("Ben", r("J"), 1, 1, 90), options=adjacent))
    assert "turn 2: the river turns right twice in a row (a U-turn)" in error
    assert "straights between" not in error


def test_a_river_tile_must_continue_the_river() -> None:
    # D at (0, -1) fits the spring's field side with its own field side, but its river
    # touches no open end: the only one is (1, 0).
    error = illegal(river_game(turn("Ann", r("D"), 0, -1, 0)))
    assert (
        "turn 1: a river tile must continue the river: The River/D at (0, -1) touches none of "
        "its open ends (the river is open towards (1, 0))" in error
    )


def test_no_land_tile_while_the_river_is_open() -> None:
    # The base game's monastery B (all fields) fits the spring's north side.
    error = illegal(river_game(turn("Ann", "B", 0, -1, 0)))
    assert (
        "turn 1: the river comes first: a land tile may go down only after the lake closes "
        "the river" in error
    )
    # Still refused after two river tiles.
    error = illegal(
        river_game(
            turn("Ann", r("D"), 1, 0, 0), turn("Ben", r("F"), 2, 0, 0), turn("Ann", "B", 1, -1)
        )
    )
    assert "turn 3: the river comes first" in error


def test_the_lake_closes_the_river_no_river_tile_after_it() -> None:
    lake = turn("Ann", r("L"), 1, 0, 0)
    # After the lake: a river tile that fits the board (D's field side against the spring's)
    # is refused, a land tile goes down.
    error = illegal(river_game(lake, turn("Ben", r("D"), 0, -1, 0)))
    assert "turn 2: the lake closed the river: no river tile after it" in error
    assert play(river_game(lake, turn("Ben", "B", 0, -1, 0)))[0] == {"Ann": 0, "Ben": 0}


def test_the_spring_is_the_start_tile() -> None:
    data = game(["Ann"], turn("Ann", "U", 1, 0, 0), products=PRODUCTS)  # starts from D
    error = illegal(data)
    assert "turn 1: the river starts from the spring: with The River/A in the game" in error


# A whole river phase (11 tiles: every river tile, the lake last), then three land tiles.
# The turns alternate right and left (G right, E left, I right, J left), with straights
# between, so the river runs east and south and never touches itself.
WHOLE_RIVER = [
    turn("Ann", r("C"), 1, 0, 0, "city:N"),  # Ann's knight in C's north city cap
    turn("Ben", r("G"), 2, 0, 0),  # right: heading south
    turn("Ann", r("K"), 2, 1, 0, "road:W"),  # Ann's thief on K's road, west-east
    turn("Ben", r("E"), 2, 2, 270, "city:W"),  # left: heading east; Ben's knight, city W+S
    turn("Ann", r("H"), 3, 2, 0, "monastery"),  # Ann's monk
    turn("Ben", r("I"), 4, 2, 0, "road:N"),  # right (the last turn was left); Ben's thief
    turn("Ann", r("B"), 4, 3, 90),  # straight south: city E, road W
    turn("Ben", r("J"), 4, 4, 180),  # left: heading east
    turn("Ann", r("D"), 5, 4, 0),
    turn("Ben", r("F"), 6, 4, 0),
    turn("Ann", r("L"), 7, 4, 0),  # the lake closes the river
    # Land tiles: the base game's E (a city cap) turned 180 closes C's north city.
    turn("Ben", "E", 1, -1, 180),
    # L (city cap N, road junction) closes C's south city (Ann's knight on it scores at
    # once) and ends K's road on the west.
    turn("Ann", "L", 1, 1, 0, "city:N"),
    # A (monastery, road) turned 90 ends K's road on the east: Ben's monk on it.
    turn("Ben", "A", 3, 1, 90, "monastery"),
]


def test_a_whole_river_then_land_tiles_scores_like_any_game() -> None:
    scores, events = play(river_game(*WHOLE_RIVER))
    # Turn 12: C's north cap + E's cap, a city of 2 tiles: 2 x 2 = 4 for Ann.
    # Turn 13: C's south cap + L's cap, 2 tiles: 4 for Ann (her knight placed this turn).
    # Turn 14: the road L (1, 1) - K (2, 1) - A (3, 1), ending at L's junction and A's
    #   monastery: 3 tiles, 3 for Ann.
    # Final: Ben's road on I (4, 2), N-E, both ends open: 1 tile, 1. Ben's city on E (2, 2),
    #   W and S open: 1 tile, no coat of arms, 1. Ann's monastery H (3, 2): neighbours K, A,
    #   E, I, B (5 of 8; (4, 1), (2, 3), (3, 3) empty): 1 + 5 = 6. Ben's monastery A (3, 1):
    #   neighbours G, K, E, H, I (5; (3, 0), (4, 0), (4, 1) empty): 6.
    assert summary(events) == [
        (12, "Ann", "city", 2, 0, 4, None),
        (13, "Ann", "city", 2, 0, 4, None),
        (14, "Ann", "road", 3, 0, 3, None),
        (None, "Ben", "road", 1, 0, 1, None),
        (None, "Ben", "city", 1, 0, 1, None),
        (None, "Ann", "monastery", 6, 0, 6, None),
        (None, "Ben", "monastery", 6, 0, 6, None),
    ]
    assert scores == {"Ann": 4 + 4 + 3 + 6, "Ben": 1 + 1 + 6}


def test_the_whole_river_turned_with_the_board_scores_the_same() -> None:
    data = river_game(*WHOLE_RIVER)
    for turns in (1, 2, 3):
        assert play(rotate_record(data, turns))[0] == {"Ann": 17, "Ben": 8}


def test_a_river_with_a_straight_between_two_rights_replays_when_the_option_allows_it() -> None:
    # The looser reading's whole game is legal only under that option: the default refuses
    # its third turn (above). Scores are the base game's: nothing on the river scores.
    turns = [RIGHT_AT_1_0, turn("Ben", r("K"), 1, 1, 0, "road:W"), turn("Ann", r("J"), 1, 2, 90)]
    scores, events = play(river_game(*turns, options={"river_turns": "adjacent"}))
    # Ben's thief on K's road (W-E, both ends open): 1 tile, 1 at the end.
    assert summary(events) == [(None, "Ben", "road", 1, 0, 1, None)]
    assert scores == {"Ann": 0, "Ben": 1}


def test_the_river_has_no_numbers_of_its_own() -> None:
    # The River changes where tiles go, not what features score: its module declares no
    # number, so the rules configuration has no river section to change.
    from carcdb.pipeline.engine.rules import numbers_of, with_every_module

    assert numbers_of("river") == ()
    assert "river" not in with_every_module(RulesConfig()).modules
