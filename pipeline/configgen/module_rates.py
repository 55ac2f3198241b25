"""Scoring claims of the expansions' rules, as the rule modules' numbers read them.

The rules stage stores the Abbey and the Mayor page's barn summary as rate claims (feature
`barn`, unit `completed_city` or `fortress`) with state `during_game` (or `completed`) or
`end_game`, and its mayor example as a sentence pairing a number with coats of arms
("Your mayor has strength 3 (3 coats of arms)"). `module_claims()` maps them to the module
values of the engine configuration:

- a barn claim at the end of the game is the barn's own rate (`end_game`);
- the page states two rates during the game, in this order in every block (the rulebook's:
  first a barn put on a field with farmers, then a farmers' field joined to a barn's): the
  first during-game barn rate of a block (per unit) is `placed`, the second `joined`;
- a city sentence without points whose counts are N coats of arms and one other number M
  states a mayor's strength: M / N per coat of arms.
Bonus claims (`(+1)` for a pig), multipliers (a besieged city) and features no module has are
not used.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace

from pipeline.configgen.claim_rates import Claim

ModuleKey = tuple[str, str, str]  # feature, state, unit


@dataclass(frozen=True)
class ModuleNumber:
    module: str
    feature: str
    state: str
    unit: str
    default: int
    engine_key: str | None  # None: kept for the claim checks, no tile the engine plays has it

    @property
    def key(self) -> ModuleKey:
        return (self.feature, self.state, self.unit)


# Abbey and the Mayor, in document order; defaults are the page's numbers.
MODULE_NUMBERS = (
    ModuleNumber("abbey", "abbey", "supply", "per_player", 1, "abbeys_per_player"),
    ModuleNumber("mayor", "mayor", "supply", "per_player", 1, "mayors_per_player"),
    ModuleNumber("wagon", "wagon", "supply", "per_player", 1, "wagons_per_player"),
    ModuleNumber("barn", "barn", "supply", "per_player", 1, "barns_per_player"),
    ModuleNumber(
        "mayor", "mayor", "strength", "coat_of_arms", 1, "mayor_strength_per_coat_of_arms"
    ),
    ModuleNumber("barn", "barn", "placed", "completed_city", 3, "barn_placed_per_completed_city"),
    ModuleNumber("barn", "barn", "placed", "fortress", 4, None),
    ModuleNumber("barn", "barn", "joined", "completed_city", 1, "barn_joined_per_completed_city"),
    ModuleNumber("barn", "barn", "joined", "fortress", 2, None),
    ModuleNumber("barn", "barn", "end_game", "completed_city", 4, "barn_final_per_completed_city"),
    ModuleNumber("barn", "barn", "end_game", "fortress", 5, None),
)
_BARN_UNITS = {"completed_city", "fortress"}
_DURING = {"during_game", "completed"}
_ORDER = ("placed", "joined")


def claim_index(claim: Claim) -> int:
    """The claim's position in its rules block (`...:scoring/7` -> 7)."""
    tail = claim.claim_id.rpartition("/")[2]
    return int(tail) if tail.isdigit() else 0


def module_claims(claims: list[Claim], modules: set[str]) -> list[tuple[Claim, ModuleKey]]:
    """The claims that state a module value of `modules`, each with the key it states.

    A mayor's strength claim is returned with `points` set to the strength per coat.
    """
    out: list[tuple[Claim, ModuleKey]] = []
    if "barn" in modules:
        during: dict[tuple[str, str, int, int, str], list[Claim]] = defaultdict(list)
        for claim in claims:
            if claim.feature != "barn" or claim.bonus or claim.points is None:
                continue
            if claim.unit not in _BARN_UNITS:
                continue
            if claim.state == "end_game":
                out.append((claim, ("barn", "end_game", claim.unit)))
            elif claim.state in _DURING:
                block = (claim.title, claim.revision_key, claim.line, claim.col, claim.unit)
                during[block].append(claim)
        for block, members in during.items():
            ordered = sorted(members, key=claim_index)
            for state, claim in zip(_ORDER, ordered, strict=False):
                out.append((claim, ("barn", state, block[4])))
    if "mayor" in modules:
        for claim in claims:
            strength = mayor_strength(claim)
            if strength is not None:
                out.append((replace(claim, points=strength), ("mayor", "strength", "coat_of_arms")))
    return out


def mayor_strength(claim: Claim) -> int | None:
    """The strength per coat of arms a mayor sentence states, or None if it is none."""
    if claim.feature != "city" or claim.points is not None or len(claim.counts) != 2:
        return None
    coats = [number for number, unit in claim.counts if unit == "coat_of_arms"]
    other = [number for number, unit in claim.counts if unit == "unknown"]
    if len(coats) != 1 or len(other) != 1 or coats[0] <= 0 or other[0] % coats[0]:
        return None
    return other[0] // coats[0]
