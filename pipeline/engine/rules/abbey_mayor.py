"""Abbey and the Mayor: the abbey, the mayor and the wagon (the barn is `barn`).

- Abbey: each player holds one abbey tile outside the draw pile and may place it instead of
  drawing, only into a hole (a square with a tile on all four sides), never after the last
  land tile. It closes every road and city side it touches without becoming part of them,
  joins no field, and is scored exactly as a monastery; it counts as one of a monastery's 8
  neighbours like any tile. A follower may go on it (a monk), nothing beside.
- Mayor: a follower that goes only into a city no follower occupies; its strength in the
  majority is the city's coats of arms (0 without), times `mayor_strength_per_coat_of_arms`.
- Wagon: a follower (strength 1) on a road, city, monastery or abbey, never a field. When its
  feature is scored during a turn it returns and its owner may move it onto an unfinished,
  unoccupied road, city, monastery or abbey with a segment on the tile it stood on or one of
  the 8 around it; several wagons decide in turn order from the active player.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from carcdb.pipeline.engine.board import FEATURE_NAMES, IllegalMove, Pos
from carcdb.pipeline.engine.figures import FigureType, player_of
from carcdb.pipeline.engine.geometry import ABBEY, CITY, FIELD, MONASTERY, ROAD, Oriented
from carcdb.pipeline.engine.rules.module import Game, Number, RuleModule, supply_number, take_spot
from carcdb.pipeline.engine.scoring import Facts, Formula, cloister_points

MAYOR = FigureType(
    "mayor",
    1,
    frozenset({CITY}),
    strength=None,
    supply="mayors_per_player",
    strength_number="mayor_strength_per_coat_of_arms",
)
WAGON = FigureType(
    "wagon", 2, frozenset({ROAD, CITY, MONASTERY, ABBEY}), supply="wagons_per_player"
)


class AbbeyRules(RuleModule):
    name = "abbey"
    kinds: ClassVar[dict[int, str]] = {ABBEY: "abbey"}
    numbers: ClassVar[tuple[Number, ...]] = (
        Number("abbeys_per_player", 1, "abbey", "supply", "per_player", description="per player"),
    )
    symbols: ClassVar[tuple[str, ...]] = ("abbey",)

    def setup(self, game: Game) -> None:
        self.left = [self.values["abbeys_per_player"]] * len(game.players)

    def formulas(self, previous: Mapping[int, Formula]) -> dict[int, Formula]:
        return {ABBEY: self.abbey}

    def abbey(self, facts: Facts) -> int:
        return cloister_points(self.config, facts)

    def play_problem(self, game: Game, player: int, o: Oriented) -> str | None:
        # (Whether the last land tile was already drawn is not in a record: set-aside tiles
        # are not written. Random play keeps that rule; docs/engine.md, Limitations.)
        if o.abbey and self.left[player] <= 0:
            return f"{game.players[player]} has no abbey left (one per player)"
        return None

    def on_place(self, game: Game, pos: Pos, o: Oriented) -> None:
        if o.abbey:
            self.left[game.active] -= 1

    def special_draw(
        self, game: Game, player: int, randrange: Callable[[int], int]
    ) -> tuple[str, tuple[Pos, Oriented]] | None:
        """A player holding an abbey places it instead of drawing, with even chance, on a
        random hole (while tiles are left to draw: the caller asks only then) that every
        module's placement rules allow (no abbey while the river is open)."""
        if self.left[player] > 0 and randrange(2) == 0:
            code = game.tiles.abbeys[0]
            holes = game.placements(code)
            if holes:
                return code, holes[randrange(len(holes))]
        return None


class MayorRules(RuleModule):
    name = "mayor"
    figures: ClassVar[tuple[FigureType, ...]] = (MAYOR,)
    numbers: ClassVar[tuple[Number, ...]] = (
        supply_number(MAYOR),
        Number(
            "mayor_strength_per_coat_of_arms",
            1,
            "mayor",
            "strength",
            "coat_of_arms",
            reader="ratio",
            claim_feature="city",
        ),
    )


class WagonRules(RuleModule):
    name = "wagon"
    figures: ClassVar[tuple[FigureType, ...]] = (WAGON,)
    numbers: ClassVar[tuple[Number, ...]] = (supply_number(WAGON),)

    def setup(self, game: Game) -> None:
        self.spots: dict[int, list[tuple[Pos, int]]] = {}  # player -> where their wagons are
        self.pending: list[tuple[int, Pos]] = []  # (player, square it stood on)
        self.pending_turn = 0  # the turn whose scoring freed them

    def figure_placed(self, game: Game, code: int, pos: Pos, segment: int) -> None:
        self.spots.setdefault(player_of(code), []).append((pos, segment))

    def figure_returned(self, game: Game, code: int, fid: int, turn: int | None) -> None:
        player = player_of(code)
        pos = take_spot(self.spots[player], game.board, fid, f"wagon of player {player}")
        if turn is not None:
            if self.pending_turn != turn:
                self.pending, self.pending_turn = [], turn
            self.pending.append((player, pos))

    def pending_moves(self, game: Game) -> list[tuple[int, str, Pos]]:
        """Freed wagons in the order their owners decide (clockwise from the active player)."""
        if not self.pending or self.pending_turn != game.turn:
            return []
        count = len(game.players)
        order = sorted(self.pending, key=lambda w: (w[0] - game.active) % count)
        return [(player, WAGON.name, pos) for player, pos in order]

    def move(self, game: Game, player: int, figure: FigureType, pos: Pos, segment: int) -> None:
        order = [p for p, _name, _pos in self.pending_moves(game)]
        if player not in order:
            raise IllegalMove(f"{game.players[player]} has no wagon to move this turn")
        index = order.index(player)
        from_pos = next(w[1] for w in self.pending if w[0] == player)
        if max(abs(pos[0] - from_pos[0]), abs(pos[1] - from_pos[1])) > 1:
            raise IllegalMove(
                f"a wagon moves only to the tile it stood on ({from_pos}) or one of the 8 "
                f"around it, not to {pos}"
            )
        problem = self.target_problem(game, pos, segment)
        if problem is not None:
            raise IllegalMove(problem)
        code = WAGON.code(player)
        game.board.put_meeple(pos, segment, code)
        game.reserve[WAGON.name][player] -= 1
        self.spots.setdefault(player, []).append((pos, segment))
        game.turn_figures.append((code, pos, segment))
        # Players before this one in the order have passed their chance.
        passed = set(order[: index + 1])
        self.pending = [w for w in self.pending if w[0] not in passed]

    def target_problem(self, game: Game, pos: Pos, segment: int) -> str | None:
        """None when a wagon may move onto that segment, else why not."""
        board = game.board
        o = board.placed.get(pos)
        if o is None:
            return f"there is no tile on {pos}"
        kind = o.kinds[segment]
        if kind not in WAGON.kinds:
            return f"a wagon may not move onto a {FEATURE_NAMES[kind]}"
        fid = board.fid(pos, segment)
        if board.complete(fid):
            name = FEATURE_NAMES[kind]
            return f"that {name} is completed: a wagon moves only to an unfinished one"
        if board.figures_of(fid):
            return f"that {FEATURE_NAMES[kind]} is already occupied"
        return None

    def move_targets(self, game: Game, player: int, from_pos: Pos) -> list[tuple[Pos, int]]:
        """Every (square, segment) a wagon that stood on `from_pos` may move to."""
        board = game.board
        x, y = from_pos
        out: list[tuple[Pos, int]] = []
        seen: set[object] = set()
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                pos = (x + dx, y + dy)
                o = board.placed.get(pos)
                if o is None:
                    continue
                for segment, kind in enumerate(o.kinds):
                    if kind == FIELD or kind not in WAGON.kinds:
                        continue
                    fid = board.fid(pos, segment)
                    if fid in seen:
                        continue
                    seen.add(fid)
                    if self.target_problem(game, pos, segment) is None:
                        out.append((pos, segment))
        return out
