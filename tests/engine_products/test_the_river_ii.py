"""The River II (C2; its codes are inferred, see the shape file) and The River with it: the
fork right after the spring, two ends each with its own last turn, the lakes last, a river
closed by its lakes or where no lake can close it any more, one spring; and no abbey into a
hole while the river is open (random play asks every module's placement rules).

The tiles at rotation 0 (pipeline/engine/shapes/the_river_ii.json): A spring (river leaves E),
B lake by a city (river W, city E), C lake (river W), D the fork (river W, N, E), E WCWC (river
N-S through a city W-E), F FWFW (river W-E, monastery), G WRWR (river N-S, road W-E), H CWRW,
I FFWW (curve W-S), J CWWC (curve S-E), K WFFW (curve W-N), L RRWW (curve W-S, road N-E).
The fork at (1, 0) turned 0 takes the river in by W: its north branch turns left (the
branch's last turn), its east branch goes straight (no turn yet).
"""

from __future__ import annotations

from typing import Any

from carcdb.pipeline.engine.game import Game
from carcdb.pipeline.engine.geometry import game_tiles
from carcdb.pipeline.engine.naive import NaiveGame
from carcdb.pipeline.engine.ruleset import RulesConfig
from tests.engine_expansions.helpers import AM, game, illegal, play, turn

R2 = "The River II"


def r(code: str) -> str:
    return f"{R2}/{code}"


FORK = turn("Ann", r("D"), 1, 0, 0)


def river_ii(*turns: dict[str, Any], products: tuple[str, ...] = ("Base Game", R2)) -> Any:
    return game(["Ann", "Ben"], *turns, start=(r("A"), 0, 0, 0), products=products)


def test_the_fork_comes_first() -> None:
    error = illegal(river_ii(turn("Ann", r("F"), 1, 0, 0)))
    assert "turn 1: the fork comes first: with The River II it goes down right after" in error


def test_each_branch_keeps_its_own_last_turn() -> None:
    # North branch, in by S at (1, -1): I (river W-S) turns left, after the fork's left.
    error = illegal(river_ii(FORK, turn("Ben", r("I"), 1, -1, 0)))
    assert "turn 2: the river turns left twice in a row (a U-turn)" in error
    assert "after the left turn at (1, 0)" in error
    # J (river S-E) turns right there: fine. The east branch has turned nowhere yet: K
    # (river W-N) turns left at (2, 0), L turned 180 (river N-E) ... right: both fine.
    for branch in (turn("Ben", r("J"), 1, -1, 0), turn("Ben", r("K"), 2, 0, 0)):
        assert play(river_ii(FORK, branch))[0] == {"Ann": 0, "Ben": 0}


def test_the_lakes_come_last_and_close_both_branches() -> None:
    east_lake = turn("Ben", r("C"), 2, 0, 0)  # closes the east branch
    # A river tile after a lake is refused, though the north branch is open...
    error = illegal(river_ii(FORK, east_lake, turn("Ann", r("J"), 1, -1, 0)))
    assert "turn 3: the lakes come last: after a lake only a lake may follow" in error
    # ...and so is a land tile (the base game's monastery fits the spring's north side).
    error = illegal(river_ii(FORK, east_lake, turn("Ann", "B", 0, -1, 0)))
    assert "turn 3: the river comes first" in error
    # The other lake, turned 270 (river S, city N), closes the north branch: the river is
    # closed, land tiles go down and river tiles no more.
    north_lake = turn("Ann", r("B"), 1, -1, 270)
    assert play(river_ii(FORK, east_lake, north_lake, turn("Ben", "B", 0, -1, 0)))[0] == {
        "Ann": 0,
        "Ben": 0,
    }
    error = illegal(river_ii(FORK, east_lake, north_lake, turn("Ben", r("F"), 0, 1, 0)))
    assert "turn 4: the lake closed the river: no river tile after it" in error


# The north branch turns right at (1, -1) towards (2, -1); the east branch turns left at
# (2, 0) towards (2, -1) too: both ends face one square, which no tile may take (it would
# join them), so no lake can close the river any more.
BLOCKING = [FORK, turn("Ben", r("J"), 1, -1, 0), turn("Ann", r("K"), 2, 0, 0)]


def test_branches_that_block_each_other_close_the_river() -> None:
    # I (river W-S) fits the square's two river sides, joining the ends: refused.
    error = illegal(river_ii(*BLOCKING, turn("Ben", r("I"), 2, -1, 0)))
    assert "turn 4: the river is closed: no lake left can close any of its open ends" in error
    assert "goes down after it (its ends face (2, -1))" in error
    error = illegal(river_ii(*BLOCKING, turn("Ben", r("F"), 0, 1, 0)))
    assert "turn 4: the river is closed" in error
    # Land tiles go down from then on.
    assert play(river_ii(*BLOCKING, turn("Ben", "B", 0, 1, 0)))[0] == {"Ann": 0, "Ben": 0}


def test_a_river_tile_may_not_join_two_ends() -> None:
    # Records do not count copies, so a second fork at (2, 0) gives the river a third end:
    # its left branch and the north branch's right turn at (1, -1) both face (2, -1), while
    # the end at (3, 0) stays open. I (river W-S) fits both river sides there: refused.
    data = river_ii(
        FORK,
        turn("Ben", r("D"), 2, 0, 0),
        turn("Ann", r("J"), 1, -1, 0),
        turn("Ben", r("I"), 2, -1, 0),
    )
    error = illegal(data)
    assert "turn 4: a river tile must continue the river: The River II/I at (2, -1) would join" in (
        error
    )


def test_with_the_river_one_spring_starts_and_the_fork_still_comes_first() -> None:
    both = ("Base Game", "The River", R2)
    error = illegal(river_ii(turn("Ann", "The River/A", -1, 0, 180), products=both))
    assert "turn 1: the river has one spring, the start tile The River II/A" in error
    error = illegal(river_ii(turn("Ann", "The River/D", 1, 0, 0), products=both))
    assert "turn 1: the fork comes first" in error
    # The River's spring may start it as well; its tiles continue either branch.
    data = game(
        ["Ann"],
        turn("Ann", r("D"), 1, 0, 0),
        turn("Ann", "The River/G", 2, 0, 0),  # the east branch turns right
        start=("The River/A", 0, 0, 0),
        products=both,
    )
    assert play(data)[0] == {"Ann": 0}


# A hole at (2, -1) between the two branches while the river is open: the north branch goes
# E (1, -1) straight, J (1, -2) right, F (2, -2) straight; the east branch H (2, 0)
# straight, K (3, 0) left, L turned 270 (3, -1) right. The east branch's end (4, -1) is open.
HOLE = [
    ("D", 1, 0, 0),
    ("E", 1, -1, 0),
    ("H", 2, 0, 0),
    ("J", 1, -2, 0),
    ("K", 3, 0, 0),
    ("F", 2, -2, 0),
    ("L", 3, -1, 270),
]


def test_no_abbey_into_a_hole_while_the_river_is_open() -> None:
    products = ("Base Game", R2, AM)
    names = ["Ann", "Ben"]
    turns = [turn(names[i % 2], r(c), x, y, rot) for i, (c, x, y, rot) in enumerate(HOLE)]
    error = illegal(river_ii(*turns, turn("Ben", f"{AM}/A", 2, -1, None), products=products))
    assert "turn 8: the river comes first" in error
    for engine in (Game, NaiveGame):
        tiles = game_tiles(products)
        played = engine(["Ann"], RulesConfig(), tiles, products=list(products))
        played.start((0, 0), tiles.oriented[r("A")][0])
        for code, x, y, rotation in HOLE:
            o = tiles.oriented[r(code)][rotation // 90]
            assert played.why_illegal((x, y), o, 0) is None
            played.place((x, y), o, 0)
            played.end_turn()
        abbey = tiles.abbeys[0]
        assert [pos for pos, _ in played.board.legal_placements(abbey)] == [(2, -1)]
        assert played.placements(abbey) == []
        assert played.modules["abbey"].special_draw(played, 0, lambda n: 0) is None
