"""The River and The River II: the river's course, placed before every land tile.

- The spring is the start tile (a product's start tile replaces the base game's, so the base
  game's D goes into the pile). Each river side of the spring opens the river there.
- River tiles come first: each must continue the river, one of its river sides against an open
  end (edges already match a river side only with a river side); a tile touching no open end,
  or two at once, is refused. With The River II the fork comes first, right after the spring,
  and gives the river two ends.
- No U-turn: the river may not turn the same way twice in a row. By default (`"river_turns":
  "last-turn"`) straights between two turns do not reset that (the last turn, ignoring
  straights, decides); `"adjacent"` is the FAQ's looser reading (only two turns on
  consecutive tiles are refused). Each end of a forked river keeps its own last turn.
- The lake comes last: after a lake only a lake may follow, and once every end is closed by a
  lake the river is closed: no river tile after it. No land tile (an abbey neither) while the
  river is open. An end that no lake left (not on the board) can close any more is blocked:
  when every end is closed or blocked, the river is closed where it is (The River II's two
  branches can block each other; The River's one river never blocks with the default reading).
- Random play (`arrange_pile`): the fork first, then the other river tiles in the shuffled
  order, then the lakes, then the land tiles. A spring other than the start tile is left out
  (the FAQ for the two sets together: one spring and one lake are discarded; the lake left
  over finds no open end and is set aside).

The choices where the rules leave a point open, and why, are in docs/engine.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, NamedTuple

from carcdb.pipeline.engine.board import Pos
from carcdb.pipeline.engine.geometry import SIDE_OFFSETS, SIDES, Oriented
from carcdb.pipeline.engine.rules.module import Game, RuleModule

LAST_TURN, ADJACENT = "last-turn", "adjacent"
STRAIGHT, RIGHT, LEFT = 0, 1, 3  # an exit's side minus the heading, mod 4 (clockwise: right)
TURN_NAMES = {RIGHT: "right", LEFT: "left"}
LAND_FIRST = "the river comes first: a land tile may go down only after the lake closes the river"
CLOSED = "the lake closed the river: no river tile after it"
BLOCKED = (
    "the river is closed: no lake left can close any of its open ends, so no river tile "
    "goes down after it"
)


class End(NamedTuple):
    """An open end of the river: the empty square it faces is the key of `RiverRules.ends`."""

    entry: int  # the side of that square the river comes in by
    turn: int  # the last turn that counts for the U-turn rule (STRAIGHT: none)
    turned_at: Pos | None  # the square of that turn


def is_fork(o: Oriented) -> bool:
    return any(len(sides) > 2 for sides in o.rivers)


class RiverRules(RuleModule):
    name = "river"
    options: ClassVar[dict[str, tuple[str, ...]]] = {"river_turns": (LAST_TURN, ADJACENT)}
    symbols: ClassVar[tuple[str, ...]] = ("rivers", "spring", "lake")

    def setup(self, game: Game) -> None:
        self.tiles = game.tiles
        self.reset_on_straight = self.chosen["river_turns"] == ADJACENT
        self.ends: dict[Pos, list[End]] = {}
        self.spring = ""  # the start tile, when it is a spring
        # With The River II the fork goes down first; then no fork is awaited.
        self.fork_awaited = any(is_fork(v[0]) for v in game.tiles.oriented.values())
        self.lake_placed = False
        # Lake copies not on the board yet: an end none of them can close is blocked.
        self.lakes = {
            name: shape.copies
            for name, shape in game.tiles.shapes.items()
            if shape.lake and not shape.special
        }
        self.open = False  # an end a lake can still close is open
        self.river_tiles = frozenset(n for n, v in game.tiles.oriented.items() if v[0].rivers)

    # -- the rules ----------------------------------------------------------------------
    def on_start(self, game: Game, pos: Pos) -> None:
        o = game.board.placed[pos]
        if o.spring:
            self.spring = o.code
            for sides in o.rivers:
                for side in sides:
                    self._open(pos, side, End((side + 2) % 4, STRAIGHT, None))
        self.open = self._still_open(game)

    def tile_problem(self, game: Game, player: int, pos: Pos, o: Oriented) -> str | None:
        if not self.spring:
            springs = sorted(n for n, v in self.tiles.oriented.items() if v[0].spring)
            return (
                f"the river starts from the spring: with {' or '.join(springs)} in the game "
                "the start tile is a spring"
            )
        if not o.rivers:
            return LAND_FIRST if self.open else None
        if not self.open:
            return CLOSED if not self.ends else f"{BLOCKED} (its ends face {_squares(self.ends)})"
        if o.spring:
            return f"the river has one spring, the start tile {self.spring}: {o.code} is not played"
        if self.fork_awaited and not is_fork(o):
            return "the fork comes first: with The River II it goes down right after the spring"
        if self.lake_placed and not o.lake:
            return "the lakes come last: after a lake only a lake may follow"
        entries = self.ends.get(pos)
        if not entries:
            return (
                f"a river tile must continue the river: {o.code} at {pos} touches none of its "
                f"open ends (the river is open towards {_squares(self.ends)})"
            )
        if len(entries) > 1:
            return (
                f"a river tile must continue the river: {o.code} at {pos} would join two of "
                "its open ends"
            )
        end = entries[0]
        for exit_side, turn in self._exits(o, end):
            if turn != STRAIGHT and turn == end.turn:
                way = TURN_NAMES[turn]
                since = "" if self.reset_on_straight else " (straights between do not count)"
                return (
                    f"the river turns {way} twice in a row (a U-turn): {o.code} rotated "
                    f"{o.rotation} at {pos} leaves by its {SIDES[exit_side]} side, a {way} turn "
                    f"after the {way} turn at {end.turned_at}{since}"
                )
        return None

    def constrains(self, game: Game, code: str) -> bool:
        # Once the river is closed, no land tile is refused.
        return self.open or not self.spring or code in self.river_tiles

    def on_place(self, game: Game, pos: Pos, o: Oriented) -> None:
        if not o.rivers:
            return
        entries = self.ends.pop(pos, None)
        if not entries:  # (placed without its rules checked: nothing continues)
            return
        end = entries[0]
        if is_fork(o):
            self.fork_awaited = False
        if o.lake:
            self.lake_placed = True
            self.lakes[o.code] -= 1
        for exit_side, turn in self._exits(o, end):
            if turn != STRAIGHT:
                last, at = turn, pos
            elif self.reset_on_straight:
                last, at = STRAIGHT, None
            else:
                last, at = end.turn, end.turned_at
            self._open(pos, exit_side, End((exit_side + 2) % 4, last, at))
        self.open = self._still_open(game)

    # -- random play --------------------------------------------------------------------
    def arrange_pile(self, pile: list[str], shuffle: Callable[[list[Any]], None]) -> list[str]:
        """The fork, the river tiles, the lakes, then the land tiles (`pile.pop()` takes from
        the end); the order within each group is the shuffled pile's."""
        land: list[str] = []
        rivers: list[str] = []
        lakes: list[str] = []
        forks: list[str] = []
        for name in pile:
            o = self.tiles.oriented[name][0]
            if not o.rivers:
                land.append(name)
            elif o.lake:
                lakes.append(name)
            elif is_fork(o):
                forks.append(name)
            elif not o.spring:  # a second spring is left out: the start tile is the spring
                rivers.append(name)
        return land + lakes + rivers + forks

    # -- helpers ------------------------------------------------------------------------
    def _still_open(self, game: Game) -> bool:
        """Whether a lake not yet placed fits some open end (continuing the river there):
        once none does, the river is closed where it is."""
        board = game.board
        for square, entries in self.ends.items():
            if len(entries) > 1:
                continue  # two ends facing one square: no tile may join them
            entry = entries[0].entry
            for name, left in self.lakes.items():
                if left > 0 and any(
                    entry in o.rivers[0] and board.why_illegal(square, o) is None
                    for o in self.tiles.oriented[name]
                ):
                    return True
        return False

    def _open(self, pos: Pos, side: int, end: End) -> None:
        dx, dy = SIDE_OFFSETS[side]
        self.ends.setdefault((pos[0] + dx, pos[1] + dy), []).append(end)

    @staticmethod
    def _exits(o: Oriented, end: End) -> list[tuple[int, int]]:
        """(side, turn) of every side the river leaves `o` by, coming in by `end.entry`."""
        heading = (end.entry + 2) % 4
        for sides in o.rivers:
            if end.entry in sides:
                return [(s, (s - heading) % 4) for s in sides if s != end.entry]
        return []


def _squares(ends: dict[Pos, list[End]]) -> str:
    return ", ".join(str(pos) for pos in sorted(ends))
