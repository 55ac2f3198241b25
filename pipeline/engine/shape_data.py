"""Tile-shape data: the conventions, the validated models of `shapes/*.json`, and loading.

Owns the side/half conventions the whole engine uses:
- sides N E S W are indexes 0..3 clockwise; `x` grows east and `y` grows south;
- field halves NL NR EL ER SL SR WL WR are indexes 0..7 clockwise (NL is the west half of the
  north side), so a clockwise quarter turn maps side s -> s+1 and half h -> h+2;
- corners NE SE SW NW are indexes 0..3 clockwise; corner c lies between halves 2c+1 and
  2c+2 (NE between NR and EL);
- edge kinds: FIELD, ROAD, CITY, RIVER (a river side: like a road side it has two field
  halves, and it matches only a river side), and ABBEY_SIDE (the abbey fits any neighbour).

The shapes are project data (`shapes/<product>.json`, one file per product, keyed by (product,
code)), validated on load: every side typed consistently, segments disjoint, field halves
complete, city indexes valid, river segments on exactly the river sides, a spring or a lake
ending one river on one side, an abbey without a hill or a vineyard; each edition's copies
(`editions`) adding up to the product's box. A product file may reuse another product's shape
(`shared`: the Winter Edition's letters are the base game's tiles) and lists the codes whose
shape is not known from public descriptions (`unknown`): the engine refuses those, it never
guesses.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import ClassVar, Literal

from pydantic import Field, model_validator

from carcdb.schemas.base import Record
from carcdb.schemas.engine_config import (
    CityGeometry,
    FieldGeometry,
    RiverGeometry,
    RoadGeometry,
    TileGeometry,
)

SHAPES_DIR = Path(__file__).parent / "shapes"
BASE_GAME = "Base Game"

SIDES = ("N", "E", "S", "W")
HALVES = ("NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR")


def turned_side(name: str, turns: int) -> int:
    """The index in SIDES of side `name` once the tile is turned `turns` quarter turns clockwise."""
    return (SIDES.index(name) + turns) % 4


def turned_half(name: str, turns: int) -> int:
    """The index in HALVES of field half `name` once the tile is turned clockwise (two halves
    per side)."""
    return (HALVES.index(name) + 2 * turns) % 8


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
RIVER = 5  # edge kind of a river side (not a segment kind: no figure stands on a river)
EDGE_KINDS = {"F": FIELD, "R": ROAD, "C": CITY, "W": RIVER, "A": ABBEY_SIDE}
KIND_NAMES = {FIELD: "field", ROAD: "road", CITY: "city", RIVER: "river"}
# Edge letters whose side has two field halves.
HALVED_EDGES = "RFW"
# Segment kinds that are never an edge.
MONASTERY = 3
ABBEY = 4
GARDEN = 5  # a segment only where a game's rules make gardens a feature (The Abbot)
CLOISTERS = (MONASTERY, ABBEY, GARDEN)  # completed by their 8 neighbours, scored per 3x3 tile

# Copy illustrations that put a feature of the shape data on the copies showing them: the
# illustration -> the shape key those copies have (a `Garden` copy has a garden).
ILLUSTRATED_FEATURES = {"Garden": "garden"}

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
RiverSegment = RiverGeometry


class TileEdition(Record):
    """A tile code's copies in one edition's box, and (where the wiki partitions them) which
    copies show which illustration (`{"Garden": 1, "None": 2}`; None = plain copies)."""

    copies: int = Field(ge=0)
    illustrations: dict[str, int] | None = Field(
        default=None, description="Per-copy illustrations adding up to `copies`; null: unknown."
    )

    @model_validator(mode="after")
    def _adds_up(self) -> TileEdition:
        if self.illustrations is not None:
            if any(n <= 0 for n in self.illustrations.values()):
                raise ValueError(f"illustration counts must be positive: {self.illustrations}")
            if sum(self.illustrations.values()) != self.copies:
                raise ValueError(
                    f"illustrations {self.illustrations} add up to "
                    f"{sum(self.illustrations.values())}, not the {self.copies} copies"
                )
        return self


class ProductEdition(Record):
    """One edition of a product's box: how many tiles it holds and where that is stated."""

    tiles: int = Field(ge=0, description="Copies of every tile of the box (special ones too).")
    source: str = Field(min_length=1)


def _segment_sides(where: str, kind: str, edges: str, segments: list[list[str]]) -> None:
    """Segments of one edge letter cover exactly the sides of that letter, each side once."""
    seen = [side for sides in segments for side in sides]
    if len(seen) != len(set(seen)):
        raise ValueError(f"{where}: a side is in two {kind} segments")
    expected = {SIDES[i] for i, edge in enumerate(edges) if edge == kind}
    if set(seen) != expected:
        raise ValueError(
            f"{where}: edges {edges} say {kind} on {sorted(expected)}, "
            f"segments cover {sorted(seen)}"
        )


class TileShape(TileGeometry):
    """One tile type at rotation 0 as stored in `shapes/*.json`: a `TileGeometry` with its
    code, a description, the copies in the product's box and where the shape comes from."""

    OPTIONAL: ClassVar[tuple[str, ...]] = (
        *TileGeometry.OPTIONAL,
        "special",
        "inferred",
        "source",
        "editions",
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
    editions: dict[str, TileEdition] = Field(
        default_factory=dict,
        description="Copies (and illustrations) per edition; `copies` is the default edition's.",
    )

    @model_validator(mode="after")
    def _consistent(self) -> TileShape:
        where = f"tile {self.code}"
        if self.abbey != (self.edges == "AAAA"):
            raise ValueError(f"{where}: an abbey has edges AAAA, and only an abbey does")
        if self.abbey and (
            self.cities or self.roads or self.fields or self.rivers or not self.monastery
        ):
            raise ValueError(f"{where}: an abbey is a monastery alone: no city, road or field")
        if self.abbey and (self.hill or self.vineyard):
            raise ValueError(f"{where}: an abbey is a monastery alone: no hill or vineyard")
        for kind, segments in (("C", self.cities), ("R", self.roads), ("W", self.rivers)):
            _segment_sides(where, kind, self.edges, [list(s.sides) for s in segments])
        halves = [half for segment in self.fields for half in segment.halves]
        if len(halves) != len(set(halves)):
            raise ValueError(f"{where}: a field half is in two field segments")
        open_halves = {
            HALVES[2 * i + j]
            for i, edge in enumerate(self.edges)
            if edge in HALVED_EDGES
            for j in (0, 1)
        }
        if set(halves) != open_halves:
            raise ValueError(
                f"{where}: field halves {sorted(halves)} must be exactly the halves of the "
                f"road, field and river sides {sorted(open_halves)}"
            )
        if self.spring and self.lake:
            raise ValueError(f"{where}: a tile is a spring or a lake, not both")
        if (self.spring or self.lake) and not (
            len(self.rivers) == 1 and len(self.rivers[0].sides) == 1
        ):
            end = "spring" if self.spring else "lake"
            raise ValueError(
                f"{where}: a {end} has exactly one river segment, touching exactly one side"
            )
        for edition, entry in self.editions.items():
            garden_copies = (entry.illustrations or {}).get("Garden", 0)
            if self.garden and entry.illustrations is not None and garden_copies != entry.copies:
                raise ValueError(
                    f"{where} {edition}: the shape has a garden, so every copy shows it "
                    f"(illustrations {entry.illustrations})"
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
    editions: dict[str, TileEdition] = Field(default_factory=dict)


class UnknownShape(Record):
    """A code whose shape no public description gives: the engine refuses the tile."""

    code: str = Field(min_length=1)
    copies: int = Field(ge=0)
    reason: str = Field(min_length=1)
    editions: dict[str, TileEdition] = Field(default_factory=dict)


class ProductTiles(Record):
    product: str
    start_tile: str | None = Field(
        default=None, description="The code whose first copy starts the game (base games)."
    )
    default_edition: str | None = Field(
        default=None, description="The edition whose copies the tiles' `copies` state."
    )
    editions: dict[str, ProductEdition] = Field(
        default_factory=dict, description="The editions whose box contents the data states."
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
        self._editions_add_up()
        return self

    def _editions_add_up(self) -> None:
        """Every tile states every edition of the product; each edition's copies add up to
        its box, and `copies` is the default edition's. A product stating no edition has no
        reference set: its tiles' editions are not read (a tile built from another product's
        shape may carry that product's)."""
        if (self.default_edition is None) != (not self.editions) or (
            self.default_edition is not None and self.default_edition not in self.editions
        ):
            raise ValueError(
                f"{self.product}: default_edition {self.default_edition} must be one of the "
                f"editions {sorted(self.editions)} (both or neither)"
            )
        if not self.editions:
            return
        entries = self.entries()
        for code, copies, editions in entries:
            if set(editions) != set(self.editions):
                raise ValueError(
                    f"{self.product} {code}: editions {sorted(editions)}, the product's are "
                    f"{sorted(self.editions)}"
                )
            if self.default_edition is not None and editions[self.default_edition].copies != (
                copies
            ):
                raise ValueError(
                    f"{self.product} {code}: copies {copies}, but "
                    f"{editions[self.default_edition].copies} in {self.default_edition}"
                )
        for edition, box in self.editions.items():
            total = sum(editions[edition].copies for _code, _copies, editions in entries)
            if total != box.tiles:
                raise ValueError(
                    f"{self.product} {edition}: the tiles' copies add up to {total}, "
                    f"the box holds {box.tiles}"
                )

    def entries(self) -> list[tuple[str, int, dict[str, TileEdition]]]:
        """(code, copies, editions) of every code: shapes, shared and unknown alike."""
        out = [(t.code, t.copies, t.editions) for t in self.tiles]
        out += [(t.code, t.copies, t.editions) for t in self.shared]
        return out + [(t.code, t.copies, t.editions) for t in self.unknown]

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
            original.model_copy(
                update={
                    "code": shared.code,
                    "copies": shared.copies,
                    "editions": shared.editions,
                }
            ),
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
