"""The base game: meeples, and the road, city, monastery and field formulas.

Every game starts from this module; the Winter Edition plays it unchanged (its rules page:
"the rules of the Winter Edition are identical to the normal rules").
"""

from __future__ import annotations

from typing import ClassVar

from pipeline.engine.figures import MEEPLE, FigureType
from pipeline.engine.rules.module import Game, RuleModule
from pipeline.engine.scoring import BASE_FORMULAS, Formula


class BaseRules(RuleModule):
    name = "base"
    figures = (MEEPLE,)
    formulas: ClassVar[dict[int, Formula]] = dict(BASE_FORMULAS)

    def supply(self, game: Game, figure: FigureType) -> int:
        return game.config.meeples_per_player
