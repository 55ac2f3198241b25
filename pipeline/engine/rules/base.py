"""The base game: meeples, and the road, city, monastery and field formulas.

Every game starts from this module; the Winter Edition plays it unchanged (its rules page:
"the rules of the Winter Edition are identical to the normal rules"). Its numbers are the
top-level fields of the rules configuration.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from carcdb.pipeline.engine.figures import MEEPLE, FigureType
from carcdb.pipeline.engine.geometry import CITY, FIELD, MONASTERY, ROAD
from carcdb.pipeline.engine.rules.module import RuleModule
from carcdb.pipeline.engine.scoring import (
    Facts,
    Formula,
    city_points,
    cloister_points,
    field_points,
    road_points,
)

BOX, UNLIMITED = "box", "unlimited"


class BaseRules(RuleModule):
    name = "base"
    figures: ClassVar[tuple[FigureType, ...]] = (MEEPLE,)
    symbols: ClassVar[tuple[str, ...]] = ()
    # `box`: a record plays at most the copies of each tile the products' boxes hold;
    # `unlimited`: a hand-built position of tiles, as many copies as it takes.
    options: ClassVar[dict[str, tuple[str, ...]]] = {"tiles": (BOX, UNLIMITED)}

    def formulas(self, previous: Mapping[int, Formula]) -> dict[int, Formula]:
        return {ROAD: self.road, CITY: self.city, MONASTERY: self.cloister, FIELD: self.field}

    def supply(self, figure: FigureType) -> int:
        return self.config.meeples_per_player

    def road(self, facts: Facts) -> int:
        return road_points(self.config, facts)

    def city(self, facts: Facts) -> int:
        return city_points(self.config, facts)

    def cloister(self, facts: Facts) -> int:
        return cloister_points(self.config, facts)

    def field(self, facts: Facts) -> int:
        return field_points(self.config, facts)
