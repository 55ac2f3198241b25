"""Rule modules, and which products switch them on.

The base game (`base`) is the module every game starts from. A game's products add theirs:
Abbey and the Mayor the abbey, mayor, wagon and barn; The Courier the courier (option
`courier`: `tiles` or `no-tiles`); the Winter Edition none (its rules are the base game's).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pipeline.engine.rules.abbey_mayor import AbbeyRules, MayorRules, WagonRules
from pipeline.engine.rules.barn import BarnRules
from pipeline.engine.rules.base import BaseRules
from pipeline.engine.rules.courier import CourierRules
from pipeline.engine.rules.module import RuleModule

PRODUCT_MODULES: dict[str, tuple[type[RuleModule], ...]] = {
    "Base Game": (BaseRules,),
    "Winter Edition": (BaseRules,),
    "Abbey and the Mayor": (AbbeyRules, MayorRules, WagonRules, BarnRules),
    "The Courier": (CourierRules,),
}
MODULE_NAMES = {cls.name: cls for classes in PRODUCT_MODULES.values() for cls in classes}


def known_options(products: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """Option name -> allowed values (the first the default) of these products' modules."""
    out: dict[str, tuple[str, ...]] = {}
    for product in products:
        for cls in PRODUCT_MODULES.get(product, ()):
            out.update(cls.options)
    return out


def modules_for(products: Sequence[str], options: Mapping[str, str]) -> list[RuleModule]:
    """The modules of a game of `products` (the base game's first), configured by `options`."""
    classes: list[type[RuleModule]] = [BaseRules]
    for product in products:
        for cls in PRODUCT_MODULES.get(product, ()):
            if cls not in classes:
                classes.append(cls)
    modules: list[RuleModule] = []
    for cls in classes:
        if cls is CourierRules:
            modules.append(CourierRules(options.get("courier", CourierRules.options["courier"][0])))
        else:
            modules.append(cls())
    return modules
