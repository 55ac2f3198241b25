"""The rules configuration: every number scoring uses, versioned, with a JSON form.

Defaults are the base game (C2/C3, domain notes §4) and, for the expansions' rule modules,
the numbers their rules pages state (Abbey and the Mayor: one abbey, mayor, wagon and barn per
player; barn scoring 3 / 1 per completed city during the game and 4 at the end; a mayor's
strength is its city's coats of arms). `carcdb engine-config` generates this object from the
warehouse's rules tables and passes it as `--config CONFIG.json`; the engine never reads
scoring numbers from anywhere else.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from schemas.base import Record

RULES_FORMAT_VERSION: Literal[1] = 1


class RulesConfig(Record):
    """Scoring values and supplies for one rules variant (defaults: the base game)."""

    format_version: Literal[1] = RULES_FORMAT_VERSION
    product: str = "Base Game"
    meeples_per_player: int = Field(default=7, ge=0)
    road_completed_per_tile: int = Field(default=1, ge=0)
    road_final_per_tile: int = Field(default=1, ge=0)
    city_completed_per_tile: int = Field(default=2, ge=0)
    city_completed_per_coat_of_arms: int = Field(default=2, ge=0)
    city_final_per_tile: int = Field(default=1, ge=0)
    city_final_per_coat_of_arms: int = Field(default=1, ge=0)
    # A monastery scores per tile of its 3x3 square: itself plus each neighbour (9 complete).
    monastery_completed_per_tile: int = Field(default=1, ge=0)
    monastery_final_per_tile: int = Field(default=1, ge=0)
    field_per_completed_city: int = Field(default=3, ge=0)
    draw_pile: dict[str, Annotated[int, Field(ge=0)]] | None = Field(
        default=None,
        description="Copies per tile name for simulation (base letters bare, other tiles "
        "PRODUCT/CODE); null = warehouse, else reference.",
    )
    # Abbey and the Mayor (used when a game's products switch its modules on).
    abbeys_per_player: int = Field(default=1, ge=0)
    mayors_per_player: int = Field(default=1, ge=0)
    wagons_per_player: int = Field(default=1, ge=0)
    barns_per_player: int = Field(default=1, ge=0)
    mayor_strength_per_coat_of_arms: int = Field(default=1, ge=0)
    barn_placed_per_completed_city: int = Field(
        default=3, ge=0, description="Farmers' field scored when a barn is put on it."
    )
    barn_joined_per_completed_city: int = Field(
        default=1, ge=0, description="Farmers' field scored when a tile joins it to a barn's."
    )
    barn_final_per_completed_city: int = Field(
        default=4, ge=0, description="A barn's field at the end of the game."
    )
