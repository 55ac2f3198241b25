"""How features relate, the same in every language: `features.json` read into `Relations`
(for `vocabulary`: an inn modifies a road, coats of arms are a city's, fields score at the end,
a tower's paid points are a prisoner's ransom ...; docs/rules.md, 'The lexicon').
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

__all__ = ["Relations", "relations"]


@dataclass(frozen=True)
class Relations:
    """How features relate (`features.json`)."""

    modifiers: dict[str, str]  # inn -> road
    unit_features: dict[str, str]  # coat_of_arms -> city
    refinements: dict[str, frozenset[str]]  # barn -> {field, city, fortress}
    game_end_nature: frozenset[str]
    completable: frozenset[str]
    flat_units: dict[str, str]  # goods -> majority
    sentence_refinements: frozenset[str]  # barn: a sentence naming it refines its own features
    zero_units: dict[str, str]  # road -> tile: "scores nothing" is 0 per tile
    feature_units: dict[str, dict[str, frozenset[str]]]  # city -> completed_city -> {field ...}
    penalty_of: dict[str, str]  # tower -> prisoner: the points a tower sentence takes are a ransom
    never_flat: frozenset[str]  # field, pig: a flat amount of one is a score reached, no rate


@cache
def relations() -> Relations:
    entry = resources.files("carcdb.pipeline.parse.rules").joinpath("features.json")
    data = json.loads(entry.read_text("utf-8"))
    return Relations(
        modifiers=dict(data["modifiers"]),
        unit_features=dict(data["unit_features"]),
        refinements={k: frozenset(v) for k, v in data["refinements"].items()},
        game_end_nature=frozenset(data["game_end_nature"]),
        completable=frozenset(data["completable"]),
        flat_units=dict(data["flat_units"]),
        sentence_refinements=frozenset(data["sentence_refinements"]),
        zero_units={f: unit for unit, fs in data["zero_unit"].items() for f in fs},
        feature_units={
            feature: {unit: frozenset(of) for unit, of in units.items()}
            for feature, units in data["feature_units"].items()
        },
        penalty_of=dict(data["penalty_of"]),
        never_flat=frozenset(data["never_flat"]),
    )
