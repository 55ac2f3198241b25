"""Box contents (docs/contents.md) against the engine: figure supplies and reference sets.

- `contents.figure_supply` (error): a figure the Contents counts (and the abbey tiles, one
  set per player) against the rule modules' supply numbers (`module_values` of the product's
  `module_classes`; meeples: the base game's `meeples_per_player`, plus the one meeple per
  colour that marks the score). A box total is that number times the colours: those the
  sentence (or its Contents section) names, else, for an expansion, the engine's most players
  (`MAX_PLAYERS`: an expansion's figures come one set per colour of six); a count per player
  is compared with the supply itself (a meeple's with or without the score marker).
- `contents.reference_set` (error): `tiles` and feature counts against the product's reference
  set (`reference_sets.reference_set(product, edition)`: the bundled shape data's box).
A figure no module supplies (the courier), a product carcdb plays no rules of, a product
without a reference set: a skip saying so. A failure names the Contents sentence and the
engine's number.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import duckdb

from carcdb.pipeline.checks.contents import box_groups, said, scope_of, sentences_evidence
from carcdb.pipeline.checks.inputs import CheckInputs
from carcdb.pipeline.engine.figures import MAX_PLAYERS
from carcdb.pipeline.engine.reference_sets import ReferenceSet, reference_products, reference_set
from carcdb.pipeline.engine.rules import module_classes, module_values
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.engine.shape_data import TileShape
from carcdb.pipeline.parse.contents.lexicon import vocabulary
from carcdb.pipeline.products import default_edition, is_base, product
from carcdb.schemas.checks import CheckResult, outcome, skip
from carcdb.schemas.contents import BoxContent, ContentsBasis

SCORE_MARKERS = 1  # meeples per colour in the box beyond a player's supply: the score marker


@dataclass(frozen=True)
class Supply:
    per_player: int  # what a player starts with
    per_colour: int  # what the box holds per colour
    source: str  # the engine's number, for messages


def supplies(name: str) -> dict[str, Supply]:
    """Item -> the engine's supply of it in a game of product `name`."""
    config = RulesConfig()
    meeples = config.meeples_per_player
    found = {
        "meeple": Supply(
            meeples,
            meeples + SCORE_MARKERS,
            f"base meeples_per_player {meeples} + {SCORE_MARKERS} score marker per colour",
        )
    }
    for cls in module_classes([name]):
        values = module_values(config, cls)
        for number in cls.numbers:
            if number.state == "supply":
                value = values[number.key]
                found[number.feature] = Supply(value, value, f"{cls.name} {number.key} {value}")
    return found


def _section_colours(records: list[BoxContent]) -> dict[tuple[str, str], int]:
    """(title, section) -> the colours a sentence of that Contents section names."""
    colours: dict[tuple[str, str], int] = {}
    for record in records:
        if record.colours is not None:
            colours.setdefault((record.location.title, record.section), record.colours)
    return colours


def _colours(record: BoxContent, named: dict[tuple[str, str], int]) -> tuple[int | None, str]:
    if record.colours is not None:
        return record.colours, "named by the sentence"
    section = named.get((record.location.title, record.section))
    if section is not None:
        return section, "named in its Contents section"
    if record.product is not None and not is_base(record.product):
        return MAX_PLAYERS, "an expansion: the engine's most players"
    return None, "the sentence names no number of colours"


def check_contents_supplies(
    conn: duckdb.DuckDBPyConnection, inputs: CheckInputs | None = None
) -> list[CheckResult]:
    """Every figure count of the Contents against the engine's supply numbers."""
    inputs = CheckInputs.of(conn, inputs)
    items = vocabulary().items
    records = inputs.box_contents
    named = _section_colours(records)
    results = []
    for record in records:
        info = items[record.item]
        if info.kind != "figure" and not info.per_player:
            continue
        where = record.location
        scope = f"{where.title} line {where.line}:{where.col} Contents {record.item}"
        if record.basis is ContentsBasis.PER_PLAYER:
            scope += " per player"
        if record.product is None or product(record.product) is None:
            why = f"carcdb plays no rules of {record.product or 'the page (no product)'}"
            results.append(skip("contents.figure_supply", scope, why))
            continue
        supply = supplies(record.product).get(record.item)
        if supply is None:
            modules = ", ".join(cls.name for cls in module_classes([record.product]))
            why = f"no rule module of {record.product} ({modules}) has a supply of {record.item}"
            results.append(skip("contents.figure_supply", scope, why))
            continue
        if record.basis is ContentsBasis.PER_PLAYER:
            allowed = sorted({supply.per_player, supply.per_colour})
            ok, expected = record.count in allowed, " or ".join(map(str, allowed))
            how = "per player"
        else:
            colours, how = _colours(record, named)
            if colours is None:
                results.append(skip("contents.figure_supply", scope, how))
                continue
            total = supply.per_colour * colours
            ok, expected = record.count == total, str(total)
            how = f"{supply.per_colour} per colour x {colours} colours, {how}"
        results.append(
            outcome(
                "contents.figure_supply",
                scope,
                ok,
                f"{expected} ({how})",
                f"{record.count} (Contents)",
                f"the Contents counts {record.count} {record.item} ({said([record])}) but the "
                f"engine's {record.product} rules give {expected}: {supply.source}, {how}",
                {
                    "contents": sentences_evidence([record]),
                    "supply": supply.source,
                    "basis": record.basis.value,
                },
            )
        )
    return results


def _cities(shape: TileShape, wanted: Callable[..., bool]) -> bool:
    return any(wanted(city) for city in shape.cities)


# Vocabulary item -> whether a reference tile's shape shows it.
SHOWS: dict[str, Callable[[TileShape], bool]] = {
    "inn": lambda s: any(road.inn for road in s.roads),
    "cathedral": lambda s: _cities(s, lambda c: c.cathedral),
    "goods": lambda s: _cities(s, lambda c: c.goods is not None),
    "wine": lambda s: _cities(s, lambda c: c.goods == "wine"),
    "grain": lambda s: _cities(s, lambda c: c.goods == "grain"),
    "cloth": lambda s: _cities(s, lambda c: c.goods == "cloth"),
    "river": lambda s: bool(s.rivers),
    "spring": lambda s: s.spring,
    "lake": lambda s: s.lake,
    "abbey": lambda s: s.abbey,
    "monastery": lambda s: s.monastery and not s.abbey,
    "letter": lambda s: s.letter,
}


def reference_count(box: ReferenceSet, item: str) -> tuple[int, list[str]] | None:
    """Copies of `item` in the reference box, and the codes whose shape is unknown (None:
    the shape data cannot say)."""
    if item == "tiles":
        return box.draw_pile_total(), []
    if item == "garden":
        return sum(tile.garden_copies for tile in box.tiles), box.unknown()
    shows = SHOWS.get(item)
    if shows is None:
        return None
    copies = sum(tile.copies for tile in box.tiles if tile.shape is not None and shows(tile.shape))
    return copies, box.unknown()


def check_contents_reference(
    conn: duckdb.DuckDBPyConnection, inputs: CheckInputs | None = None
) -> list[CheckResult]:
    """Tiles and features of the Contents against the product's reference set."""
    inputs = CheckInputs.of(conn, inputs)
    known = set(reference_products())
    results = []
    groups = box_groups(inputs.box_contents, ("tiles", "feature", "good"))
    for (title, name, edition, item), records in groups.items():
        scope = scope_of(title, item, name, edition)
        if name is None or name not in known:
            why = f"the shape data holds no reference set of {name or 'the page (no product)'}"
            results.append(skip("contents.reference_set", scope, why))
            continue
        chosen = edition or default_edition(name)
        try:
            box = reference_set(name, chosen)
        except KeyError as missing:
            results.append(skip("contents.reference_set", scope, str(missing.args[0])))
            continue
        counted = reference_count(box, item)
        if counted is None:
            why = f"the shape data does not mark {item} on tiles"
            results.append(skip("contents.reference_set", scope, why))
            continue
        expected, unknown = counted
        total = sum(record.count for record in records)
        if total != expected and unknown:
            why = f"{len(unknown)} tiles of the reference set have no known shape: {unknown}"
            results.append(skip("contents.reference_set", scope, why))
            continue
        results.append(
            outcome(
                "contents.reference_set",
                scope,
                total == expected,
                f"{expected} (reference set {name} {chosen})",
                f"{total} (Contents)",
                f"the Contents counts {total} {item} ({said(records)}) but the reference set "
                f"of {name} {chosen} ({box.source}) holds {expected}",
                {"contents": sentences_evidence(records), "reference": f"{name} {chosen}"},
            )
        )
    return results
