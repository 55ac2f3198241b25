"""The numbers of an engine configuration, from a page's scoring claims.

Each scoring value (`SCORING_KEYS`: the base game's rates) and each number of the product's
rule modules (`module_rates.module_numbers`) is the value most of the page's claims
state (all languages, or the languages asked for); a tie keeps the built-in value if it is
among the tied values, else the smallest. Claims stating another value are listed as
`disagreeing`. With no claim, the value is the built-in default, marked `default`.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from carcdb.pipeline.configgen.claim_rates import Claim, ScoringKey, rate_key
from carcdb.pipeline.configgen.module_rates import (
    ModuleKey,
    module_claims,
    module_numbers,
)
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.schemas.engine_config import ModuleValue, Provenance, ScoringValue, SourcedNumber

# (feature, state, unit) -> the RulesConfig field it sets, in document order.
SCORING_KEYS: dict[ScoringKey, str] = {
    ("road", "completed", "tile"): "road_completed_per_tile",
    ("road", "incomplete", "tile"): "road_final_per_tile",
    ("city", "completed", "tile"): "city_completed_per_tile",
    ("city", "completed", "coat_of_arms"): "city_completed_per_coat_of_arms",
    ("city", "incomplete", "tile"): "city_final_per_tile",
    ("city", "incomplete", "coat_of_arms"): "city_final_per_coat_of_arms",
    ("monastery", "completed", "tile"): "monastery_completed_per_tile",
    ("monastery", "incomplete", "tile"): "monastery_final_per_tile",
    ("field", "end_game", "completed_city"): "field_per_completed_city",
}


def _resolve(
    page: str, key: ScoringKey, default: int, claims: list[Claim]
) -> tuple[int, Provenance]:
    if not claims:
        return default, Provenance(status="default", page=page, supporting=[], disagreeing=[])
    votes = Counter(claim.points for claim in claims)
    most = max(votes.values())
    tied = sorted(int(points) for points, n in votes.items() if n == most and points is not None)
    value = default if default in tied else tied[0]
    return value, Provenance(
        status="claims",
        page=page,
        supporting=[c.ref() for c in claims if c.points == value],
        disagreeing=[c.ref() for c in claims if c.points != value],
    )


def scoring_values(page: str, claims: list[Claim]) -> tuple[list[ScoringValue], SourcedNumber]:
    """The scoring table of a page from its rate claims, defaults where none speaks."""
    defaults = RulesConfig()
    by_key: dict[ScoringKey, list[Claim]] = defaultdict(list)
    for claim in claims:
        key = rate_key(claim)
        if key is not None:
            by_key[key].append(claim)
    values = []
    for key, engine_key in SCORING_KEYS.items():
        points, provenance = _resolve(page, key, getattr(defaults, engine_key), by_key[key])
        feature, state, unit = key
        values.append(
            ScoringValue.model_validate(
                {
                    "feature": feature,
                    "state": state,
                    "unit": unit,
                    "points": points,
                    "engine_key": engine_key,
                    "provenance": provenance,
                }
            )
        )
    meeples = SourcedNumber(
        value=defaults.meeples_per_player,
        provenance=Provenance(status="default", page=page, supporting=[], disagreeing=[]),
    )
    return values, meeples


def module_values(page: str, claims: list[Claim], modules: list[str]) -> list[ModuleValue]:
    """The numbers of `modules`, each the value most of the page's claims state (as the
    scoring values), the module's own default when none does."""
    by_key: dict[ModuleKey, list[Claim]] = defaultdict(list)
    for claim, key in module_claims(claims, set(modules)):
        by_key[key].append(claim)
    values = []
    for number in module_numbers(modules):
        value, provenance = _resolve(page, number.key, number.default, by_key[number.key])
        values.append(
            ModuleValue(
                module=number.module,
                feature=number.feature,
                state=number.state,
                unit=number.unit,
                value=value,
                engine_key=number.engine_key,
                provenance=provenance,
            )
        )
    return values


def module_table(values: list[ModuleValue]) -> dict[ModuleKey, int]:
    """(feature, state, unit) -> value of a configuration's module values."""
    return {(v.feature, v.state, v.unit): v.value for v in values}


def scoring_table(values: list[ScoringValue]) -> dict[ScoringKey, int]:
    """(feature, state, unit) -> points of a configuration's scoring values."""
    return {(str(v.feature), str(v.state), str(v.unit)): v.points for v in values}
