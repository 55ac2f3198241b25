"""The rules configuration: every number scoring uses, versioned, with a JSON form.

Defaults are the base game (C2/C3, domain notes §4). A later step generates this object from
the warehouse's rules tables and passes it as `--config CONFIG.json`; the engine never reads
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
        description="Copies per tile code for simulation; null = warehouse, else reference.",
    )
