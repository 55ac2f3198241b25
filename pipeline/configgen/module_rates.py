"""Scoring claims that state a rule module's numbers, as each number says it is stated.

Every rule module declares its numbers (`pipeline.engine.rules.module.Number`) with a
`reader`: how the wiki's scoring claims state that number. This module reads claims that way,
with no knowledge of any particular module:

- `rate`: a claim of the number's feature (`claim_feature`) and unit in its state. The
  number's state `completed` takes claims `completed`/`during_game`; `incomplete` takes
  `incomplete`/`end_game`; `end_game` takes `end_game` only. Bonus claims are not rates.
- `order`: the rulebook states two rates during the game in a fixed order in every block
  (the barn: first a barn put on a field with farmers, then a farmers' field joined to a
  barn's): the `order`-th during-game claim of the feature and unit in one block (per unit).
- `ratio`: a sentence of the feature without points whose counts are N coats of arms and one
  other number M states a strength: M / N per coat of arms (a mayor's).

Numbers without a reader (supplies) are set by no claim.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace

from carcdb.pipeline.configgen.claim_rates import Claim
from carcdb.pipeline.engine.rules import module_classes, rule_modules
from carcdb.pipeline.engine.rules.module import Number

ModuleKey = tuple[str, str, str]  # feature, state, unit
_DURING = {"during_game", "completed"}
_STATES = {
    "completed": _DURING,
    "incomplete": {"incomplete", "end_game"},
    "end_game": {"end_game"},
}


@dataclass(frozen=True)
class ModuleNumber:
    module: str
    feature: str
    state: str
    unit: str
    default: int
    engine_key: str | None  # None: kept for the claim checks, no tile the engine plays has it
    number: Number

    @property
    def key(self) -> ModuleKey:
        return (self.feature, self.state, self.unit)


def module_numbers(modules: Iterable[str] | None = None) -> list[ModuleNumber]:
    """The numbers of `modules` (every module when None): the supplies first, then the
    others, each in module then declaration order."""
    known = rule_modules()
    names = list(known) if modules is None else [m for m in known if m in set(modules)]
    found = [
        ModuleNumber(
            name,
            n.feature,
            n.state,
            n.unit,
            n.default,
            n.key if n.engine else None,
            n,
        )
        for name in names
        for n in known[name].numbers
    ]
    return sorted(found, key=lambda m: m.state != "supply")


def product_modules(product: str) -> list[str]:
    """The rule modules `product` switches on besides the base game's."""
    return [cls.name for cls in module_classes([product]) if cls.name != "base"]


def claim_index(claim: Claim) -> int:
    """The claim's position in its rules block (`...:scoring/7` -> 7)."""
    tail = claim.claim_id.rpartition("/")[2]
    return int(tail) if tail.isdigit() else 0


def module_claims(claims: list[Claim], modules: set[str]) -> list[tuple[Claim, ModuleKey]]:
    """The claims that state a number of `modules`, each with the key it states.

    A ratio claim is returned with `points` set to the strength it states.
    """
    out: list[tuple[Claim, ModuleKey]] = []
    numbers = [m for m in module_numbers(modules) if m.number.reader]
    for number in numbers:
        if number.number.reader == "rate":
            out += [(c, number.key) for c in claims if _is_rate(c, number)]
        elif number.number.reader == "ratio":
            for claim in claims:
                strength = ratio(claim, number)
                if strength is not None:
                    out.append((replace(claim, points=strength), number.key))
    ordered = [m for m in numbers if m.number.reader == "order"]
    by_unit: dict[tuple[str, str], list[ModuleNumber]] = defaultdict(list)
    for number in ordered:
        by_unit[(number.number.claimed_feature, number.unit)].append(number)
    for (feature, unit), members in by_unit.items():
        members.sort(key=lambda m: m.number.order)
        blocks: dict[tuple[str, str, int, int], list[Claim]] = defaultdict(list)
        for claim in claims:
            if claim.feature != feature or claim.unit != unit or claim.bonus:
                continue
            if claim.points is None or claim.state not in _DURING:
                continue
            blocks[(claim.title, claim.revision_key, claim.line, claim.col)].append(claim)
        for block in blocks.values():
            block.sort(key=claim_index)
            for number in members:
                if number.number.order < len(block):
                    out.append((block[number.number.order], number.key))
    return out


def _is_rate(claim: Claim, number: ModuleNumber) -> bool:
    return (
        claim.feature == number.number.claimed_feature
        and claim.unit == number.unit
        and not claim.bonus
        and claim.points is not None
        and claim.state in _STATES.get(number.state, {number.state})
    )


def ratio(claim: Claim, number: ModuleNumber) -> int | None:
    """The strength per coat of arms a sentence states, or None if it states none."""
    if claim.feature != number.number.claimed_feature or claim.points is not None:
        return None
    if len(claim.counts) != 2:
        return None
    coats = [n for n, unit in claim.counts if unit == "coat_of_arms"]
    other = [n for n, unit in claim.counts if unit == "unknown"]
    if len(coats) != 1 or len(other) != 1 or coats[0] <= 0 or other[0] % coats[0]:
        return None
    return other[0] // coats[0]
