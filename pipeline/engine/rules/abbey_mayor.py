"""Abbey and the Mayor: the abbey, the mayor and the wagon (the barn is `barn`).

- Abbey: each player holds one abbey tile outside the draw pile and may place it instead of
  drawing, only into a hole (a square with a tile on all four sides), never after the last
  land tile. It closes every road and city side it touches without becoming part of them,
  joins no field, and is scored exactly as a monastery (`cloister_points`); it counts as one of
  a monastery's 8 neighbours like any tile. A follower may go on it (a monk), nothing beside.
- Mayor: a follower that goes only into a city no follower occupies; its strength in the
  majority is the city's coats of arms (0 without), times `mayor_strength_per_coat_of_arms`.
- Wagon: a follower (strength 1) on a road, city, monastery or abbey, never a field. When its
  feature is scored during a turn it returns and its owner may move it onto an unfinished,
  unoccupied road, city, monastery or abbey with a segment on the tile it stood on or one of
  the 8 around it; several wagons decide in turn order from the active player (`Game`).
"""

from __future__ import annotations

from typing import ClassVar

from pipeline.engine.figures import MAYOR, WAGON, FigureType
from pipeline.engine.geometry import ABBEY
from pipeline.engine.rules.module import Game, RuleModule
from pipeline.engine.scoring import Formula, cloister_points

ABBEY_TILE = "abbey"  # the reserve key of the players' abbey tiles


class AbbeyRules(RuleModule):
    name = "abbey"
    formulas: ClassVar[dict[int, Formula]] = {ABBEY: cloister_points}

    def setup(self, game: Game) -> None:
        game.reserve[ABBEY_TILE] = [game.config.abbeys_per_player] * len(game.players)
        game.completed["abbey"] = 0


class MayorRules(RuleModule):
    name = "mayor"
    figures = (MAYOR,)

    def supply(self, game: Game, figure: FigureType) -> int:
        return game.config.mayors_per_player


class WagonRules(RuleModule):
    name = "wagon"
    figures = (WAGON,)

    def supply(self, game: Game, figure: FigureType) -> int:
        return game.config.wagons_per_player
