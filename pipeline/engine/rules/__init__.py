"""Rule modules, found by name, and which products switch them on.

Every module file of this package defines its `RuleModule` classes; they are found by their
`name` (`rule_modules()`), so a new product's rules are one new file. Which modules a product
plays is its line of the product registry (`pipeline.products`). The base game (`base`) is
the module every game starts from.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping, Sequence
from functools import cache

from carcdb.pipeline.engine.figures import FigureType
from carcdb.pipeline.engine.geometry import GARDEN, TileSet, game_tiles, normalise_products
from carcdb.pipeline.engine.rules.module import Number, RuleModule
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.products import PRODUCTS, modules_of

BASE_MODULE = "base"


@cache
def rule_modules() -> dict[str, type[RuleModule]]:
    """Module name -> class, for every module file of this package (in file order)."""
    found: dict[str, type[RuleModule]] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name == "module":
            continue
        loaded = importlib.import_module(f"{__name__}.{info.name}")
        for value in vars(loaded).values():
            if (
                isinstance(value, type)
                and issubclass(value, RuleModule)
                and value.name
                and value.__module__ == loaded.__name__
            ):
                if value.name in found:
                    raise ValueError(f"two rule modules are named {value.name!r}")
                found[value.name] = value
    missing = sorted({m for p in PRODUCTS for m in p.modules} - set(found))
    if missing:
        raise ValueError(f"the product registry names rule modules that do not exist: {missing}")
    return found


def module_classes(products: Sequence[str]) -> list[type[RuleModule]]:
    """The module classes of a game of `products`: the base game's first, then each
    product's in its registry order, once each."""
    known = rule_modules()
    classes = [known[BASE_MODULE]]
    for product in products:
        for name in modules_of(product):
            if known[name] not in classes:
                classes.append(known[name])
    return classes


def known_options(products: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """Option name -> allowed values (the first the default) of these products' modules."""
    out: dict[str, tuple[str, ...]] = {}
    for cls in module_classes(products):
        out.update(cls.options)
    return out


def module_values(config: RulesConfig, cls: type[RuleModule]) -> dict[str, int]:
    """`cls`'s numbers: its defaults, with what the configuration's section gives."""
    values = {number.key: number.default for number in cls.numbers}
    values.update(config.section(cls.name))
    return values


def section_problems(config: RulesConfig) -> list[str]:
    """What in the configuration's `modules` no module declares (empty: all known)."""
    known = rule_modules()
    problems = []
    for name, section in sorted(config.modules.items()):
        cls = known.get(name)
        if cls is None:
            problems.append(f"modules.{name}: no rule module of that name ({sorted(known)})")
            continue
        keys = {number.key for number in cls.numbers}
        problems += [
            f"modules.{name}.{key}: not a number of {name}" for key in section if key not in keys
        ]
    return problems


def with_every_module(config: RulesConfig) -> RulesConfig:
    """`config` with every module's section written out, defaults included (what
    `carcdb rules-config` prints: every number the engine has)."""
    sections = {
        name: module_values(config, cls) for name, cls in rule_modules().items() if cls.numbers
    }
    return config.model_copy(update={"modules": sections})


def numbers_of(name: str) -> tuple[Number, ...]:
    return rule_modules()[name].numbers


def modules_for(
    products: Sequence[str], options: Mapping[str, str], config: RulesConfig | None = None
) -> list[RuleModule]:
    """The modules of a game of `products`, configured by `config` and `options`."""
    config = config or RulesConfig()
    return [cls(config, module_values(config, cls), options) for cls in module_classes(products)]


def tiles_for(products: Sequence[str]) -> TileSet:
    """The tiles of a game of `products`, with gardens as a feature when a module plays them
    and the copies apart whose illustration a module tells apart (The Abbot's `Garden`)."""
    classes = module_classes(products)
    gardens = any(GARDEN in cls.kinds for cls in classes)
    illustrations = tuple(dict.fromkeys(i for cls in classes for i in cls.illustrations))
    return game_tiles(normalise_products(products), gardens, illustrations)


def all_figures() -> dict[str, FigureType]:
    """Figure name -> type, of every module (what records may name): the base game's first,
    then in module order."""
    known = rule_modules()
    ordered = [known[BASE_MODULE], *(c for n, c in known.items() if n != BASE_MODULE)]
    return {f.name: f for cls in ordered for f in cls.figures}
