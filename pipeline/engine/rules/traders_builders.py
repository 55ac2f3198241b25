"""Traders and Builders (C2): trade goods, the builder and the pig.

- Goods: a city completed during the game gives every goods symbol on it (wine, grain, cloth,
  summed by the board per feature) to the player who placed the completing tile, whether or
  not they have a follower there and whether or not anyone scores the city. At the end of the
  game the players with the most of each kind each score `goods_majority` (10); a player with
  none of a kind never wins it. Events: feature `goods`, `goods` the kind.
- Builder: a special figure (not a follower: no majority, never named in events) put on a road
  or city segment of the tile just placed, on a feature where its owner already has a
  follower. When its owner later places a tile that extends that feature, they play one more
  tile at once (the game's bonus turn; a bonus tile gives no other). It returns with the
  followers when its feature is scored.
- Pig: a special figure put on a field segment of the tile just placed where its owner has a
  farmer. If that player wins the field, they score `pig_per_completed_city` (4) instead of
  the field's rate per completed city; it returns when the field is scored.

The choices where the rules leave a point open are in docs/engine.md.
"""

from __future__ import annotations

from typing import ClassVar

from carcdb.pipeline.engine.board import Pos
from carcdb.pipeline.engine.figures import FigureType, followers_of, player_of
from carcdb.pipeline.engine.geometry import CITY, FIELD, ROAD, Oriented
from carcdb.pipeline.engine.rules.module import Game, Number, RuleModule, supply_number, take_spot
from carcdb.pipeline.engine.scoring import ScoreEvent

GOODS = ("wine", "grain", "cloth")  # the order of the final majorities and their events

BUILDER = FigureType(
    "builder",
    7,
    frozenset({ROAD, CITY}),
    strength=0,
    follower=False,
    supply="builders_per_player",
    named=False,
)
PIG = FigureType("pig", 6, frozenset({FIELD}), strength=0, follower=False, supply="pigs_per_player")


class _BesideFollower(RuleModule):
    """A module whose figure goes only beside one of its owner's followers."""

    figure: ClassVar[FigureType]
    where: ClassVar[str]  # "a builder goes only on a road or city"

    def figure_problem(
        self, game: Game, player: int, figure: FigureType, pos: Pos, segment: int
    ) -> str | None:
        if figure is not self.figure:
            return None
        if followers_of(game.board.figures_of(game.board.fid(pos, segment)), player):
            return None
        return f"{self.where} where {game.players[player]} already has a follower on that feature"


class GoodsRules(RuleModule):
    name = "goods"
    numbers: ClassVar[tuple[Number, ...]] = (
        Number("goods_majority", 10, "goods", "end_game", "majority", reader="rate"),
    )
    symbols: ClassVar[tuple[str, ...]] = GOODS

    def setup(self, game: Game) -> None:
        self.held = [dict.fromkeys(GOODS, 0) for _ in game.players]

    def after_scoring(self, game: Game, events: list[ScoreEvent]) -> None:
        board = game.board
        for fid in game.turn_completed:
            if board.kind_of(fid) != CITY:
                continue
            symbols = board.symbols_of(fid)
            if symbols:
                held = self.held[game.active]
                for kind in GOODS:
                    held[kind] += symbols.get(kind, 0)

    def final(self, game: Game, events: list[ScoreEvent]) -> None:
        points = self.values["goods_majority"]
        for kind in GOODS:
            counts = [held[kind] for held in self.held]
            most = max(counts)
            if most <= 0:
                continue  # nobody holds this kind: nobody wins it
            for player, count in enumerate(counts):
                if count == most:
                    game.scores[player] += points
                    events.append(
                        ScoreEvent(
                            None, game.players[player], "goods", 0, 0, points, "final", goods=kind
                        )
                    )


class BuilderRules(_BesideFollower):
    name = "builder"
    figures: ClassVar[tuple[FigureType, ...]] = (BUILDER,)
    numbers: ClassVar[tuple[Number, ...]] = (supply_number(BUILDER),)
    figure = BUILDER
    where = "a builder goes only on a road or city"

    def setup(self, game: Game) -> None:
        self.spots: dict[int, list[tuple[Pos, int]]] = {}  # player -> where their builders are
        self.bonus = False  # this turn's tile extended a feature with the player's builder

    def figure_placed(self, game: Game, code: int, pos: Pos, segment: int) -> None:
        self.spots.setdefault(player_of(code), []).append((pos, segment))

    def figure_returned(self, game: Game, code: int, fid: int, turn: int | None) -> None:
        player = player_of(code)
        take_spot(self.spots[player], game.board, fid, f"builder of player {player}")

    def on_place(self, game: Game, pos: Pos, o: Oriented) -> None:
        # Decided when the tile goes down (before this turn's figure and scoring): the tile
        # extends the feature even when it completes it and the builder goes home.
        self.bonus = False
        spots = self.spots.get(game.active)
        if not spots:
            return
        board = game.board
        builders = {board.fid(spot, segment) for spot, segment in spots}
        kinds = BUILDER.kinds
        for segment, kind in enumerate(o.kinds):
            if kind in kinds and board.fid(pos, segment) in builders:
                self.bonus = True
                return

    def extra_turn(self, game: Game) -> bool:
        return self.bonus


class PigRules(_BesideFollower):
    name = "pig"
    figures: ClassVar[tuple[FigureType, ...]] = (PIG,)
    numbers: ClassVar[tuple[Number, ...]] = (
        supply_number(PIG),
        Number("pig_per_completed_city", 4, "pig", "end_game", "completed_city", reader="rate"),
    )
    figure = PIG
    where = "a pig goes only on a field"

    def player_points(self, game: Game, fid: int, player: int, points: int) -> int:
        board = game.board
        if board.kind_of(fid) != FIELD or PIG.code(player) not in board.figures_of(fid):
            return points
        return board.cities_of(fid) * self.values["pig_per_completed_city"]
