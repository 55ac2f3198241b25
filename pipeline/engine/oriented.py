"""One tile shape in one rotation, in the engine's fast form (plain slotted objects).

Segments are numbered locally: cities first, then roads, then fields, then the monastery (or
the abbey), then the garden where the game's rules make gardens a feature (`gardens`). A
segment touching no side (an inner field) is named by its kind and a Roman numeral in the
shape's order: `field:I`, `field:II`. A segment's symbols are what rule modules count on its
feature (an inn on a road, a cathedral or goods in a city): `symbols[segment]`. Rivers are not
segments (no figure stands on one): a river side is the edge kind RIVER, and the river
segments' rotated sides are kept for the river's placement rules (`rivers`).
"""

from __future__ import annotations

from carcdb.pipeline.engine.shape_data import (
    ABBEY,
    ABBEY_SIDE,
    CITY,
    EDGE_KINDS,
    FIELD,
    GARDEN,
    HALVES,
    KIND_NAMES,
    MONASTERY,
    ROAD,
    ROMAN,
    SIDES,
    CitySegment,
    RoadSegment,
    TileShape,
    corner_halves,
    turned_half,
    turned_side,
)


class Oriented:
    """One tile shape turned `rotation` degrees clockwise, in board orientation.

    `edge_segments` are the city and road segments (the ones a placement may complete).
    `side_segment[s]` is the city/road segment on side s (-1 on a field side);
    `half_segment[h]` the field segment holding half h (-1 on a city side);
    `corner_segment[c]` the field segment filling corner c (both its halves), else -1: a barn
    may stand where four such corners meet. Per tile: `rivers` (each river segment's sides,
    sorted), `spring`, `lake`, `garden` (the shape shows one, a feature or not), `hill` and
    `vineyard` (Hills and Sheep: what the tile is, not a segment).
    """

    __slots__ = (
        "abbey",
        "cloisters",
        "coats",
        "code",
        "corner_segment",
        "edge_segments",
        "edges",
        "field_borders",
        "garden",
        "half_segment",
        "hill",
        "kinds",
        "lake",
        "letter",
        "monastery",
        "open_ends",
        "rivers",
        "rotation",
        "segment_names",
        "side_segment",
        "spring",
        "symbol_counts",
        "symbols",
        "targets",
        "vineyard",
    )

    def __init__(
        self, shape: TileShape, rotation: int, code: str | None = None, *, gardens: bool = False
    ) -> None:
        turn = rotation // 90
        self.code = shape.code if code is None else code
        self.rotation = rotation
        self.abbey = shape.abbey
        self.letter = shape.letter
        self.garden = shape.garden
        self.spring = shape.spring
        self.lake = shape.lake
        self.hill = shape.hill
        self.vineyard = shape.vineyard
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
        symbols: list[tuple[str, ...]] = []

        for kind, segments in ((CITY, shape.cities), (ROAD, shape.roads)):
            for segment in segments:
                index = len(kinds)
                sides = sorted(turned_side(s, turn) for s in segment.sides)
                kinds.append(kind)
                open_ends.append(len(sides))
                coats.append(segment.coats_of_arms if isinstance(segment, CitySegment) else 0)
                symbols.append(segment_symbols(segment))
                field_borders.append(())
                for side in sides:
                    side_segment[side] = index
                    targets[f"{KIND_NAMES[kind]}:{SIDES[side]}"] = index
                names.append(f"{KIND_NAMES[kind]}:{SIDES[sides[0]]}")
        inner = 0
        for field in shape.fields:
            index = len(kinds)
            halves = sorted(turned_half(h, turn) for h in field.halves)
            kinds.append(FIELD)
            open_ends.append(0)
            coats.append(0)
            symbols.append(())
            field_borders.append(tuple(field.borders_cities))  # cities are segments 0..n-1
            for half in halves:
                half_segment[half] = index
                targets[f"field:{HALVES[half]}"] = index
            if halves:
                names.append(f"field:{HALVES[halves[0]]}")
            else:
                name = f"field:{ROMAN[inner]}"
                inner += 1
                targets[name] = index
                names.append(name)
        self.monastery = -1
        if shape.monastery:
            self.monastery = len(kinds)
            kinds.append(ABBEY if shape.abbey else MONASTERY)
            open_ends.append(0)
            coats.append(0)
            symbols.append(())
            field_borders.append(())
            name = "abbey" if shape.abbey else "monastery"
            targets[name] = self.monastery
            targets["monastery"] = self.monastery  # an abbey is a monastery for the records too
            names.append(name)
        if gardens and shape.garden:
            targets["garden"] = len(kinds)
            kinds.append(GARDEN)
            open_ends.append(0)
            coats.append(0)
            symbols.append(())
            field_borders.append(())
            names.append("garden")
        self.kinds = tuple(kinds)
        self.cloisters = tuple(i for i, k in enumerate(kinds) if k in (MONASTERY, ABBEY, GARDEN))
        self.symbols = tuple(symbols)
        # Per segment, symbol -> count, shared by every node made from it (never mutated:
        # the board merges features into new dicts); `NO_SYMBOLS` for a segment without.
        self.symbol_counts = tuple(_counts(names) if names else NO_SYMBOLS for names in symbols)
        self.rivers = tuple(
            tuple(sorted(turned_side(side, turn) for side in river.sides)) for river in shape.rivers
        )
        self.edge_segments = tuple(i for i, k in enumerate(kinds) if k in (CITY, ROAD))
        self.open_ends = tuple(open_ends)
        self.coats = tuple(coats)
        self.field_borders = tuple(field_borders)
        self.side_segment = tuple(side_segment)
        self.half_segment = tuple(half_segment)
        corners = []
        for corner in range(4):
            a, b = corner_halves(corner)
            field_at = half_segment[a]
            corners.append(field_at if field_at >= 0 and field_at == half_segment[b] else -1)
        self.corner_segment = tuple(corners)
        self.segment_names = tuple(names)
        self.targets = targets
        assert ABBEY_SIDE not in self.edges or self.abbey

    def __repr__(self) -> str:
        return f"Oriented({self.code}, {self.rotation})"


NO_SYMBOLS: dict[str, int] = {}


def _counts(names: tuple[str, ...]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return counts


def segment_symbols(segment: CitySegment | RoadSegment) -> tuple[str, ...]:
    """What a road or city segment carries that rule modules count: `inn`, `cathedral`, and
    its goods (`wine`, `grain`, `cloth`)."""
    if isinstance(segment, RoadSegment):
        return ("inn",) if segment.inn else ()
    found = ("cathedral",) if segment.cathedral else ()
    return (*found, segment.goods) if segment.goods else found
