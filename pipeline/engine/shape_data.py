"""Tile-shape data: the conventions, the validated models of `shapes/*.json`, and loading.

Owns the side/half conventions the whole engine uses:
- sides N E S W are indexes 0..3 clockwise; `x` grows east and `y` grows south;
- field halves NL NR EL ER SL SR WL WR are indexes 0..7 clockwise (NL is the west half of the
  north side), so a clockwise quarter turn maps side s -> s+1 and half h -> h+2;
- corners NE SE SW NW are indexes 0..3 clockwise; corner c lies between halves 2c+1 and
  2c+2 (NE between NR and EL);
- edge kinds: FIELD, ROAD, CITY, and ABBEY_SIDE (the abbey fits any neighbour).

The shapes are project data (`shapes/<product>.json`, one file per product, keyed by (product,
code)), validated on load: every side typed consistently, segments disjoint, field halves
complete, city indexes valid. A product file may reuse another product's shape (`shared`: the
Winter Edition's letters are the base game's tiles) and lists the codes whose shape is not
known from public descriptions (`unknown`): the engine refuses those, it never guesses.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import ClassVar, Literal

from pydantic import Field, model_validator

from schemas.base import Record
from schemas.engine_config import CityGeometry, FieldGeometry, RoadGeometry, TileGeometry

SHAPES_DIR = Path(__file__).parent / "shapes"
BASE_GAME = "Base Game"

SIDES = ("N", "E", "S", "W")
HALVES = ("NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR")
CORNERS = ("NE", "SE", "SW", "NW")
ROTATIONS = (0, 90, 180, 270)
# Neighbour offsets per side, y grows south.
SIDE_OFFSETS = ((0, -1), (1, 0), (0, 1), (-1, 0))
# The squares meeting at each corner besides the tile itself: (dx, dy, their corner there).
CORNER_SQUARES = (
    ((0, -1, 1), (1, -1, 2), (1, 0, 3)),  # NE: north tile's SE, NE tile's SW, east tile's NW
    ((1, 0, 2), (1, 1, 3), (0, 1, 0)),  # SE
    ((0, 1, 3), (-1, 1, 0), (-1, 0, 1)),  # SW
    ((-1, 0, 0), (-1, -1, 1), (0, -1, 2)),  # NW
)

FIELD, ROAD, CITY = 0, 1, 2
ABBEY_SIDE = 3  # edge kind of the abbey's sides only
EDGE_KINDS = {"F": FIELD, "R": ROAD, "C": CITY, "A": ABBEY_SIDE}
KIND_NAMES = {FIELD: "field", ROAD: "road", CITY: "city"}
# Segment kinds that are never an edge.
MONASTERY = 3
ABBEY = 4
GARDEN = 5  # a segment only where a game's rules make gardens a feature (The Abbot)
CLOISTERS = (MONASTERY, ABBEY, GARDEN)  # completed by their 8 neighbours, scored per 3x3 tile

SideName = Literal["N", "E", "S", "W"]
HalfName = Literal["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"]
ROMAN = ("I", "II", "III", "IV")


def opposite_side(side: int) -> int:
    return (side + 2) % 4


def opposite_half(half: int) -> int:
    """The half of the neighbour's facing side that touches `half` (left and right swap)."""
    return opposite_side(half // 2) * 2 + (1 - half % 2)


def corner_halves(corner: int) -> tuple[int, int]:
    """The two halves meeting at a corner of the tile (NE: NR and EL)."""
    return 2 * corner + 1, (2 * corner + 2) % 8


# The one geometry model: the engine configuration document's (`schemas.engine_config`).
CitySegment = CityGeometry
RoadSegment = RoadGeometry
FieldSegment = FieldGeometry


class TileShape(TileGeometry):
    """One tile type at rotation 0 as stored in `shapes/*.json`: a `TileGeometry` with its
    code, a description, the copies in the product's box and where the shape comes from."""

    OPTIONAL: ClassVar[tuple[str, ...]] = (
        *TileGeometry.OPTIONAL,
        "special",
        "inferred",
        "source",
    )

    code: str = Field(min_length=1)
    name: str
    copies: int = Field(ge=0)
    special: bool = Field(default=False, description="Outside the draw pile (the abbeys).")
    inferred: bool = Field(
        default=False,
        description="The code-to-shape assignment is inferred, not stated by a source.",
    )
    source: str = Field(default="", description="Where the shape and its code come from.")

    @model_validator(mode="after")
    def _consistent(self) -> TileShape:
        where = f"tile {self.code}"
        if self.abbey != (self.edges == "AAAA"):
            raise ValueError(f"{where}: an abbey has edges AAAA, and only an abbey does")
        if self.abbey and (self.cities or self.roads or self.fields or not self.monastery):
            raise ValueError(f"{where}: an abbey is a monastery alone: no city, road or field")
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
            HALVES[2 * i + j] for i, edge in enumerate(self.edges) if edge in "RF" for j in (0, 1)
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


class SharedShape(Record):
    """A code of this product whose shape is another product's tile (`same_as`: PRODUCT/CODE)."""

    code: str = Field(min_length=1)
    copies: int = Field(ge=0)
    same_as: str = Field(pattern=r"^[^/]+/[^/]+$")


class UnknownShape(Record):
    """A code whose shape no public description gives: the engine refuses the tile."""

    code: str = Field(min_length=1)
    copies: int = Field(ge=0)
    reason: str = Field(min_length=1)


class ProductTiles(Record):
    product: str
    start_tile: str | None = Field(
        default=None, description="The code whose first copy starts the game (base games)."
    )
    tiles: list[TileShape] = Field(default_factory=list)
    shared: list[SharedShape] = Field(default_factory=list)
    unknown: list[UnknownShape] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique_codes(self) -> ProductTiles:
        codes = self.codes()
        if len(codes) != len(set(codes)):
            raise ValueError(f"{self.product}: duplicate tile codes")
        if self.start_tile is not None and self.start_tile not in codes:
            raise ValueError(f"{self.product}: start tile {self.start_tile} is not a tile")
        return self

    def codes(self) -> list[str]:
        return (
            [t.code for t in self.tiles]
            + [t.code for t in self.shared]
            + [t.code for t in self.unknown]
        )


class TileData(Record):
    format_version: Literal[1]
    about: str
    products: list[ProductTiles]


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
def product_entry(product: str) -> ProductTiles:
    for entry in bundled_products():
        if entry.product == product:
            return entry
    raise KeyError(f"no tile data for product {product!r}")


def resolve(entry: ProductTiles) -> dict[str, tuple[TileShape, str]]:
    """Code -> (its shape under this product's code, the (product) that owns the shape)."""
    shapes: dict[str, tuple[TileShape, str]] = {t.code: (t, entry.product) for t in entry.tiles}
    for shared in entry.shared:
        owner, _, code = shared.same_as.partition("/")
        base = product_entry(owner)
        original = next((t for t in base.tiles if t.code == code), None)
        if original is None:
            raise ValueError(f"{entry.product} {shared.code}: {shared.same_as} has no shape")
        shapes[shared.code] = (
            original.model_copy(update={"code": shared.code, "copies": shared.copies}),
            owner,
        )
    return shapes


@cache
def resolved() -> dict[tuple[str, str], tuple[TileShape, str, str]]:
    """(product, code) -> (shape, owning product, owner's code) for every known shape."""
    out: dict[tuple[str, str], tuple[TileShape, str, str]] = {}
    for entry in bundled_products():
        for code, (shape, owner) in resolve(entry).items():
            owner_code = code
            for shared in entry.shared:
                if shared.code == code:
                    owner_code = shared.same_as.partition("/")[2]
            out[(entry.product, code)] = (shape, owner, owner_code)
    return out


@cache
def registry() -> dict[tuple[str, str], TileShape]:
    """Every known tile shape of the bundled data, keyed by (product, code)."""
    return {key: shape for key, (shape, _owner, _code) in resolved().items()}


@cache
def unknown_shapes() -> dict[tuple[str, str], UnknownShape]:
    """(product, code) -> why its shape is unknown, for every code marked unknown."""
    return {(p.product, u.code): u for p in bundled_products() for u in p.unknown}
