"""Tile geometry: the validated tile-shape data, and each shape precomputed in its 4 rotations.

Owns the side/half conventions the whole engine uses:
- sides N E S W are indexes 0..3 clockwise; `x` grows east and `y` grows south;
- field halves NL NR EL ER SL SR WL WR are indexes 0..7 clockwise (NL is the west half of the
  north side), so a clockwise quarter turn maps side s -> s+1 and half h -> h+2;
- edge kinds: FIELD, ROAD, CITY.

The shapes are project data (`shapes/<product>.json`, one file per product, keyed by (product,
code)), validated on load:
every side typed consistently, segments disjoint, field halves complete, city indexes valid.
`Oriented` is the engine's fast form of one shape in one rotation (plain slotted objects, no
validation cost in the game loop).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from schemas.base import Record
from schemas.engine_config import CityGeometry, FieldGeometry, RoadGeometry, TileGeometry

SHAPES_DIR = Path(__file__).parent / "shapes"
BASE_GAME = "Base Game"

SIDES = ("N", "E", "S", "W")
HALVES = ("NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR")
ROTATIONS = (0, 90, 180, 270)
# Neighbour offsets per side, y grows south.
SIDE_OFFSETS = ((0, -1), (1, 0), (0, 1), (-1, 0))

FIELD, ROAD, CITY = 0, 1, 2
EDGE_KINDS = {"F": FIELD, "R": ROAD, "C": CITY}
KIND_NAMES = {FIELD: "field", ROAD: "road", CITY: "city"}
MONASTERY = 3  # segment kind only, never an edge

SideName = Literal["N", "E", "S", "W"]
HalfName = Literal["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"]


def opposite_side(side: int) -> int:
    return (side + 2) % 4


def opposite_half(half: int) -> int:
    """The half of the neighbour's facing side that touches `half` (left and right swap)."""
    return opposite_side(half // 2) * 2 + (1 - half % 2)


# The one geometry model: the engine configuration document's (`schemas.engine_config`).
CitySegment = CityGeometry
RoadSegment = RoadGeometry
FieldSegment = FieldGeometry


class TileShape(TileGeometry):
    """One tile type at rotation 0 as stored in `shapes/*.json`: a `TileGeometry` with its
    code, a description and the copies in the product's box."""

    code: str = Field(min_length=1)
    name: str
    copies: int = Field(ge=0)

    @model_validator(mode="after")
    def _consistent(self) -> TileShape:
        where = f"tile {self.code}"
        for kind, segments in (("C", self.cities), ("R", self.roads)):
            seen: list[str] = [side for segment in segments for side in segment.sides]
            if len(seen) != len(set(seen)):
                raise ValueError(f"{where}: a side is in two {kind} segments")
            expected = {SIDES[i] for i, edge in enumerate(self.edges) if edge == kind}
            if set(seen) != expected:
                raise ValueError(
                    f"{where}: edges {self.edges} say {kind} on {sorted(expected)}, "
                    f"segments cover {sorted(seen)}"
                )
        halves = [half for segment in self.fields for half in segment.halves]
        if len(halves) != len(set(halves)):
            raise ValueError(f"{where}: a field half is in two field segments")
        open_halves = {
            HALVES[2 * i + j] for i, edge in enumerate(self.edges) if edge != "C" for j in (0, 1)
        }
        if set(halves) != open_halves:
            raise ValueError(
                f"{where}: field halves {sorted(halves)} must be exactly the halves of the "
                f"non-city sides {sorted(open_halves)}"
            )
        for segment in self.fields:
            for index in segment.borders_cities:
                if not 0 <= index < len(self.cities):
                    raise ValueError(f"{where}: field borders city #{index}, which is not there")
        return self


class ProductTiles(Record):
    product: str
    start_tile: str
    tiles: list[TileShape]

    @model_validator(mode="after")
    def _unique_codes(self) -> ProductTiles:
        codes = [tile.code for tile in self.tiles]
        if len(codes) != len(set(codes)):
            raise ValueError(f"{self.product}: duplicate tile codes")
        if self.start_tile not in codes:
            raise ValueError(f"{self.product}: start tile {self.start_tile} is not a tile")
        return self


class TileData(Record):
    format_version: Literal[1]
    about: str
    products: list[ProductTiles]


class Oriented:
    """One tile shape turned `rotation` degrees clockwise, in board orientation.

    Segments are numbered locally: cities first, then roads, then fields, then the monastery.
    `side_segment[s]` is the city/road segment on side s (-1 on a field side);
    `half_segment[h]` the field segment holding half h (-1 on a city side).
    """

    __slots__ = (
        "coats",
        "code",
        "edges",
        "field_borders",
        "half_segment",
        "kinds",
        "monastery",
        "open_ends",
        "rotation",
        "segment_names",
        "side_segment",
        "targets",
    )

    def __init__(self, shape: TileShape, rotation: int) -> None:
        turn = rotation // 90
        self.code = shape.code
        self.rotation = rotation
        edges = [0] * 4
        for side, letter in enumerate(shape.edges):
            edges[(side + turn) % 4] = EDGE_KINDS[letter]
        self.edges: tuple[int, ...] = tuple(edges)
        kinds: list[int] = []
        open_ends: list[int] = []
        coats: list[int] = []
        field_borders: list[tuple[int, ...]] = []
        side_segment = [-1] * 4
        half_segment = [-1] * 8
        names: list[str] = []
        targets: dict[str, int] = {}

        def rot_side(name: str) -> int:
            return (SIDES.index(name) + turn) % 4

        def rot_half(name: str) -> int:
            return (HALVES.index(name) + 2 * turn) % 8

        for kind, segments in ((CITY, shape.cities), (ROAD, shape.roads)):
            for segment in segments:
                index = len(kinds)
                sides = sorted(rot_side(s) for s in segment.sides)
                kinds.append(kind)
                open_ends.append(len(sides))
                coats.append(segment.coats_of_arms if isinstance(segment, CitySegment) else 0)
                field_borders.append(())
                for side in sides:
                    side_segment[side] = index
                    targets[f"{KIND_NAMES[kind]}:{SIDES[side]}"] = index
                names.append(f"{KIND_NAMES[kind]}:{SIDES[sides[0]]}")
        for field in shape.fields:
            index = len(kinds)
            halves = sorted(rot_half(h) for h in field.halves)
            kinds.append(FIELD)
            open_ends.append(0)
            coats.append(0)
            field_borders.append(tuple(field.borders_cities))  # cities are segments 0..n-1
            for half in halves:
                half_segment[half] = index
                targets[f"field:{HALVES[half]}"] = index
            names.append(f"field:{HALVES[halves[0]]}")
        self.monastery = -1
        if shape.monastery:
            self.monastery = len(kinds)
            kinds.append(MONASTERY)
            open_ends.append(0)
            coats.append(0)
            field_borders.append(())
            targets["monastery"] = self.monastery
            names.append("monastery")
        self.kinds = tuple(kinds)
        self.open_ends = tuple(open_ends)
        self.coats = tuple(coats)
        self.field_borders = tuple(field_borders)
        self.side_segment = tuple(side_segment)
        self.half_segment = tuple(half_segment)
        self.segment_names = tuple(names)
        self.targets = targets

    def __repr__(self) -> str:
        return f"Oriented({self.code}, {self.rotation})"


class TileSet:
    """The tiles of one product: shapes by code and every (code, rotation) precomputed."""

    def __init__(self, product: ProductTiles) -> None:
        self.product = product.product
        self.start_tile = product.start_tile
        self.shapes = {tile.code: tile for tile in product.tiles}
        self.oriented = {
            code: tuple(Oriented(shape, rotation) for rotation in ROTATIONS)
            for code, shape in self.shapes.items()
        }
        self._fits: dict[tuple[str, tuple[int, ...]], tuple[Oriented, ...]] = {}

    def reference_counts(self) -> dict[str, int]:
        return {code: shape.copies for code, shape in self.shapes.items()}

    def fitting(self, code: str, required: tuple[int, ...]) -> tuple[Oriented, ...]:
        """Rotations of `code` whose edges match `required` (-1 = no neighbour there).

        Memoised: there are at most 4**4 constraint patterns per tile, so after a few games
        every legality test on the frontier is one dictionary lookup.
        """
        key = (code, required)
        found = self._fits.get(key)
        if found is None:
            found = tuple(
                o
                for o in self.oriented[code]
                if all(r < 0 or r == e for r, e in zip(required, o.edges, strict=True))
            )
            self._fits[key] = found
        return found


def load_tile_data(path: Path) -> TileData:
    """Read and validate a tile-data file (a bug in the bundled data crashes loudly)."""
    return TileData.model_validate(json.loads(path.read_text("utf-8")))


@cache
def bundled_products() -> tuple[ProductTiles, ...]:
    """Every product's shapes, from the bundled `shapes/*.json` files."""
    return tuple(
        entry
        for path in sorted(SHAPES_DIR.glob("*.json"))
        for entry in load_tile_data(path).products
    )


@cache
def registry() -> dict[tuple[str, str], TileShape]:
    """Every tile shape of the bundled data, keyed by (product, code)."""
    return {(p.product, t.code): t for p in bundled_products() for t in p.tiles}


@cache
def tile_set(product: str = BASE_GAME) -> TileSet:
    for entry in bundled_products():
        if entry.product == product:
            return TileSet(entry)
    raise KeyError(f"no tile data for product {product!r}")
