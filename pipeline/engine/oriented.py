"""One tile shape in one rotation, in the engine's fast form (plain slotted objects).

Segments are numbered locally: cities first, then roads, then fields, then the monastery (or
the abbey). A segment touching no side (an inner field) is named by its kind and a Roman
numeral in the shape's order: `field:I`, `field:II`. Rivers are not segments (no figure stands
on one): a river side is the edge kind RIVER, and the river segments' rotated sides are kept
for the river's placement rules.
"""

from __future__ import annotations

from pipeline.engine.shape_data import (
    ABBEY,
    ABBEY_SIDE,
    CITY,
    EDGE_KINDS,
    FIELD,
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
)


class Oriented:
    """One tile shape turned `rotation` degrees clockwise, in board orientation.

    `edge_segments` are the city and road segments (the ones a placement may complete).
    `side_segment[s]` is the city/road segment on side s (-1 on a field side);
    `half_segment[h]` the field segment holding half h (-1 on a city side);
    `corner_segment[c]` the field segment filling corner c (both its halves), else -1: a barn
    may stand where four such corners meet.
    Per segment: `inns[i]` (a road with an inn), `cathedrals[i]` (a city with a cathedral),
    `goods[i]` (a city's goods, else None). Per tile: `rivers` (each river segment's sides,
    sorted), `spring`, `lake`, `garden`.
    """

    __slots__ = (
        "abbey",
        "cathedrals",
        "coats",
        "code",
        "corner_segment",
        "edge_segments",
        "edges",
        "field_borders",
        "garden",
        "goods",
        "half_segment",
        "inns",
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
        "targets",
    )

    def __init__(self, shape: TileShape, rotation: int, code: str | None = None) -> None:
        turn = rotation // 90
        self.code = shape.code if code is None else code
        self.rotation = rotation
        self.abbey = shape.abbey
        self.letter = shape.letter
        self.garden = shape.garden
        self.spring = shape.spring
        self.lake = shape.lake
        edges = [0] * 4
        for side, letter in enumerate(shape.edges):
            edges[(side + turn) % 4] = EDGE_KINDS[letter]
        self.edges: tuple[int, ...] = tuple(edges)
        kinds: list[int] = []
        open_ends: list[int] = []
        coats: list[int] = []
        inns: list[bool] = []
        cathedrals: list[bool] = []
        goods: list[str | None] = []
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
                city = segment if isinstance(segment, CitySegment) else None
                coats.append(0 if city is None else city.coats_of_arms)
                cathedrals.append(city is not None and city.cathedral)
                goods.append(None if city is None else city.goods)
                inns.append(isinstance(segment, RoadSegment) and segment.inn)
                field_borders.append(())
                for side in sides:
                    side_segment[side] = index
                    targets[f"{KIND_NAMES[kind]}:{SIDES[side]}"] = index
                names.append(f"{KIND_NAMES[kind]}:{SIDES[sides[0]]}")
        inner = 0
        for field in shape.fields:
            index = len(kinds)
            halves = sorted(rot_half(h) for h in field.halves)
            kinds.append(FIELD)
            open_ends.append(0)
            coats.append(0)
            inns.append(False)
            cathedrals.append(False)
            goods.append(None)
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
            inns.append(False)
            cathedrals.append(False)
            goods.append(None)
            field_borders.append(())
            name = "abbey" if shape.abbey else "monastery"
            targets[name] = self.monastery
            targets["monastery"] = self.monastery  # an abbey is a monastery for the records too
            names.append(name)
        self.kinds = tuple(kinds)
        self.edge_segments = tuple(i for i, k in enumerate(kinds) if k in (CITY, ROAD))
        self.open_ends = tuple(open_ends)
        self.coats = tuple(coats)
        self.inns = tuple(inns)
        self.cathedrals = tuple(cathedrals)
        self.goods = tuple(goods)
        self.rivers = tuple(
            tuple(sorted(rot_side(side) for side in river.sides)) for river in shape.rivers
        )
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
