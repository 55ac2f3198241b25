"""The rules configuration: every number scoring uses, versioned, with a JSON form.

The base game's numbers (C2/C3) are top-level fields; every rule module's numbers are its own
section of `modules` (`{"barn": {"barn_placed_per_completed_city": 3, ...}}`), declared by the
module itself (`RuleModule.numbers`: key, default, the wiki claims that state it). A section or
number left out takes the module's default; `rules.module_numbers` fills them in and refuses
names no module declares. `carcdb engine-config` generates this object from the warehouse's
rules tables and passes it as `--config CONFIG.json`; the engine never reads scoring numbers
from anywhere else.

Format 1 (before rule modules had sections) wrote Abbey and the Mayor's numbers at the top
level; such a file is read into the sections of format 2 (`LEGACY_MODULE_KEYS`).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from carcdb.schemas.base import Record

RULES_FORMAT_VERSION: Literal[2] = 2
# Format 1's top-level module numbers -> the module whose section holds them now.
LEGACY_MODULE_KEYS = {
    "abbeys_per_player": "abbey",
    "mayors_per_player": "mayor",
    "wagons_per_player": "wagon",
    "barns_per_player": "barn",
    "mayor_strength_per_coat_of_arms": "mayor",
    "barn_placed_per_completed_city": "barn",
    "barn_joined_per_completed_city": "barn",
    "barn_final_per_completed_city": "barn",
}

ModuleSection = dict[str, Annotated[int, Field(ge=0)]]


class RulesConfig(Record):
    """Scoring values and supplies for one rules variant (defaults: the base game)."""

    format_version: Literal[2] = RULES_FORMAT_VERSION
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
        "PRODUCT/CODE, a copy with an illustration that matters NAME[ILLUSTRATION]); "
        "null = warehouse, else reference.",
    )
    modules: dict[str, ModuleSection] = Field(
        default_factory=dict,
        description="Each rule module's numbers, by module name (see `carcdb rules-config`); "
        "a module or number left out takes its default.",
    )

    @model_validator(mode="before")
    @classmethod
    def _format_1(cls, data: Any) -> Any:
        """A format-1 document: its top-level module numbers move into their sections."""
        if not isinstance(data, dict) or data.get("format_version") != 1:
            return data
        out = {key: value for key, value in data.items() if key not in LEGACY_MODULE_KEYS}
        out["format_version"] = RULES_FORMAT_VERSION
        sections: dict[str, dict[str, Any]] = {
            name: dict(section) for name, section in dict(out.get("modules") or {}).items()
        }
        for key, module in LEGACY_MODULE_KEYS.items():
            if key in data:
                sections.setdefault(module, {})[key] = data[key]
        if sections:
            out["modules"] = sections
        return out

    def section(self, module: str) -> ModuleSection:
        """The numbers given for `module` (its defaults are the module's)."""
        return self.modules.get(module, {})
