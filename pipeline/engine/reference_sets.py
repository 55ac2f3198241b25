"""Reference tile sets: a product's box contents per edition, from the bundled shape data.

A product file that states `editions` (and `default_edition`) gives, for each edition, every
code's copies in the box and, where the wiki partitions them, which copies show which
illustration. `reference_set(product, edition)` is that box: codes in the file's order, copies,
illustrations and shapes (None for a code whose shape is unknown), so the engine can play a
product whose wiki page the warehouse does not hold, and a check can compare the wiki's list
with it. Garden copies are told apart: a tile whose shape has a garden shows it on every copy,
another shows it on its `Garden` copies (the base game's E, H, I, M, N, R, U, V in C2 and C3).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from carcdb.pipeline.engine.shape_data import (
    ProductTiles,
    TileEdition,
    TileShape,
    bundled_products,
    product_entry,
    resolve,
)

GARDEN = "Garden"


def _junction(shape: TileShape) -> int:
    """Roads ending at the tile's junction (one side each): 3 or 4 make a village."""
    return sum(1 for road in shape.roads if len(road.sides) == 1) if len(shape.roads) >= 3 else 0


# The structural features the wiki's tile lists name on every copy of a tile (its `Feature`
# templates' names) -> what the shape has, as a count comparable with the listed count.
LISTED_FEATURES: dict[str, Callable[[TileShape], int]] = {
    "Monastery": lambda s: int(s.monastery and not s.abbey),
    "Abbey": lambda s: int(s.abbey),
    "InnerField": lambda s: sum(1 for f in s.fields if not f.halves),
    "OverpassingCityBridge": lambda s: sum(1 for c in s.cities if c.bridge),
    "TunnelRoad": lambda s: sum(1 for r in s.roads if r.tunnel),
    "ContinuousRoad": lambda s: sum(1 for r in s.roads if len(r.sides) >= 3),
    "Village": lambda s: int(_junction(s) >= 3),
    "Crossroad": lambda s: int(_junction(s) >= 3),
    "Well": lambda s: int(s.well),
    "Garden": lambda s: int(s.garden),
}


def listed_features(shape: TileShape) -> dict[str, int]:
    """The structural features a tile list would name on every copy of `shape` (a junction
    as `Village`, the base game page's name; `Crossroad` is the other pages' name for it)."""
    found = {name: count(shape) for name, count in LISTED_FEATURES.items() if name != "Crossroad"}
    return {name: n for name, n in found.items() if n}


@dataclass(frozen=True)
class ReferenceTile:
    """One code of a box: its copies there, their illustrations, its shape and whose it is."""

    code: str
    copies: int
    illustrations: dict[str, int] | None  # the wiki's per-copy partition; None: not partitioned
    shape: TileShape | None  # None: the shape is not public (the engine refuses the tile)
    owner: str | None  # the product whose shape data defines the shape
    unknown_reason: str | None = None

    @property
    def special(self) -> bool:
        return self.shape is not None and self.shape.special

    @property
    def garden_copies(self) -> int:
        """How many of the copies show a garden (the abbot's feature)."""
        if self.shape is not None and self.shape.garden:
            return self.copies
        return (self.illustrations or {}).get(GARDEN, 0)


@dataclass(frozen=True)
class ReferenceSet:
    product: str
    edition: str
    source: str  # where the box's total comes from
    total: int  # copies of every tile, special ones too
    start_tile: str | None
    tiles: tuple[ReferenceTile, ...]

    def copies(self) -> dict[str, int]:
        return {tile.code: tile.copies for tile in self.tiles if tile.copies}

    def draw_pile_total(self) -> int:
        return sum(tile.copies for tile in self.tiles if not tile.special)

    def unknown(self) -> list[str]:
        """Codes in the box whose shape is unknown."""
        return [tile.code for tile in self.tiles if tile.shape is None and tile.copies]


def reference_products() -> tuple[str, ...]:
    """Products with at least one reference set, in the bundled files' order."""
    return tuple(entry.product for entry in bundled_products() if entry.editions)


def reference_editions(product: str) -> tuple[str, ...]:
    """The editions whose box the data states, the default first (KeyError: no such product)."""
    entry = product_entry(product)
    rest = sorted(edition for edition in entry.editions if edition != entry.default_edition)
    return (entry.default_edition, *rest) if entry.default_edition else ()


def reference_set(product: str, edition: str | None = None) -> ReferenceSet:
    """The box of `product` in `edition` (its default edition when None).

    KeyError for a product without shape data or an edition the data does not state."""
    entry = product_entry(product)
    chosen = entry.default_edition if edition is None else edition
    if chosen is None or chosen not in entry.editions:
        stated = ", ".join(reference_editions(product)) or "none"
        raise KeyError(f"no reference set of {product} {edition} (editions: {stated})")
    return ReferenceSet(
        product=product,
        edition=chosen,
        source=entry.editions[chosen].source,
        total=entry.editions[chosen].tiles,
        start_tile=entry.start_tile,
        tiles=tuple(_tiles(entry, chosen)),
    )


def _tiles(entry: ProductTiles, edition: str) -> list[ReferenceTile]:
    shapes = resolve(entry)
    out: list[ReferenceTile] = []
    for code, _copies, editions in entry.entries():
        box: TileEdition = editions[edition]
        found = shapes.get(code)
        reason = next((u.reason for u in entry.unknown if u.code == code), None)
        out.append(
            ReferenceTile(
                code=code,
                copies=box.copies,
                illustrations=box.illustrations,
                shape=None if found is None else found[0],
                owner=None if found is None else found[1],
                unknown_reason=reason,
            )
        )
    return out
