"""Inns and Cathedrals (2nd/3rd edition rules): the large meeple, inns and cathedrals.

- Large meeple: a follower like a meeple (road, city, monastery, abbey, field) that counts 2
  in every majority (its figure's strength, as a meeple's is 1); `large_meeples_per_player`
  (1) each.
- Inn: a road with at least one inn (`inn` on a road segment: `board.symbols_of`) scores
  `inn_completed_per_tile` (2) per tile when completed, and `inn_incomplete_per_tile` (0) per
  tile in the final scoring. Several inns on one road change nothing.
- Cathedral: a city with at least one cathedral scores `cathedral_completed_per_tile` (3) per
  tile and `cathedral_completed_per_coat_of_arms` (3) per coat of arms when completed, and
  `cathedral_incomplete_per_tile` / `..._per_coat_of_arms` (0) in the final scoring.

A road without an inn and a city without a cathedral score as the modules before this one
say (`formulas(previous)` wraps their formulas), so the base game's numbers still apply.
Fields are unchanged (a completed city with a cathedral is one completed city to a farmer).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from carcdb.pipeline.engine.figures import FEATURE_KINDS, FigureType
from carcdb.pipeline.engine.geometry import CITY, ROAD
from carcdb.pipeline.engine.rules.module import Number, RuleModule, supply_number
from carcdb.pipeline.engine.scoring import Facts, Formula

LARGE_MEEPLE = FigureType(
    "large_meeple", 4, FEATURE_KINDS, strength=2, supply="large_meeples_per_player"
)
INN, CATHEDRAL = "inn", "cathedral"


def _rate(key: str, default: int, feature: str, state: str, unit: str) -> Number:
    return Number(key, default, feature, state, unit, reader="rate")


class InnsCathedralsRules(RuleModule):
    name = "inns_cathedrals"
    figures: ClassVar[tuple[FigureType, ...]] = (LARGE_MEEPLE,)
    numbers: ClassVar[tuple[Number, ...]] = (
        supply_number(LARGE_MEEPLE),
        _rate("inn_completed_per_tile", 2, INN, "completed", "tile"),
        _rate("inn_incomplete_per_tile", 0, INN, "incomplete", "tile"),
        _rate("cathedral_completed_per_tile", 3, CATHEDRAL, "completed", "tile"),
        _rate("cathedral_completed_per_coat_of_arms", 3, CATHEDRAL, "completed", "coat_of_arms"),
        _rate("cathedral_incomplete_per_tile", 0, CATHEDRAL, "incomplete", "tile"),
        _rate("cathedral_incomplete_per_coat_of_arms", 0, CATHEDRAL, "incomplete", "coat_of_arms"),
    )
    symbols: ClassVar[tuple[str, ...]] = (INN, CATHEDRAL)

    def formulas(self, previous: Mapping[int, Formula]) -> dict[int, Formula]:
        values = self.values
        road, city = previous[ROAD], previous[CITY]
        inn_rates = values["inn_completed_per_tile"], values["inn_incomplete_per_tile"]
        tile_rates = values["cathedral_completed_per_tile"], values["cathedral_incomplete_per_tile"]
        coat_rates = (
            values["cathedral_completed_per_coat_of_arms"],
            values["cathedral_incomplete_per_coat_of_arms"],
        )

        def inn_road(facts: Facts) -> int:
            if INN not in facts.symbols:
                return road(facts)
            return facts.tiles * inn_rates[not facts.complete]

        def cathedral_city(facts: Facts) -> int:
            if CATHEDRAL not in facts.symbols:
                return city(facts)
            state = not facts.complete
            return facts.tiles * tile_rates[state] + facts.coats * coat_rates[state]

        return {ROAD: inn_road, CITY: cathedral_city}
