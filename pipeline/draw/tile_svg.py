"""One tile shape as SVG, on a 100 x 100 grid, north up, turned by `rotation` degrees clockwise.

What is drawn, bottom to top:
- the fields: the green ground; each field segment is named in the drawing's description;
- roads: from each side they touch to the other side (straight or curved), or, for a road
  that ends on the tile, to the centre, where a village square, the monastery or the city
  stops it;
- cities: the sides they hold joined along the tile's edge, the walls curving inward where a
  city leaves the edge (a cap, a corner, a band across the tile, all but one side);
- rivers: blue, under the roads (a road crosses a river on a bridge), side to side like a
  road, from every side to the centre for a fork, and from their one side to the spring or
  the lake;
- the monastery: a chapel in the middle; coats of arms: shields inside their city; the marks
  of `marks` (inn, cathedral, goods, garden, spring, lake, hill, vineyard).
Every element carries `data-kind` (`city`, `road`, `river`, `monastery`, `coat`, `field`, and
the marks') so tests and the report can find them; text content is XML-escaped.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from carcdb.pipeline.draw import marks
from carcdb.pipeline.engine.geometry import HALVES, SIDES, turned_half, turned_side
from carcdb.schemas.engine_config import CityGeometry, RoadGeometry, TileGeometry

SIZE = 100.0
CENTRE = (50.0, 50.0)
# Each side's corners, clockwise: N runs from the north-west corner to the north-east one.
CORNERS = ((0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0))
SIDE_MIDDLES = ((50.0, 0.0), (100.0, 50.0), (50.0, 100.0), (0.0, 50.0))

FIELD_COLOUR = "#9cc26b"
CITY_COLOUR = "#d9a85b"
CITY_WALL = "#8a5a2b"
ROAD_COLOUR = "#f5efe0"
ROAD_EDGE = "#6f6250"
ROOF = "#b5452f"
SHIELD = "#2f5da8"

Point = tuple[float, float]


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _fmt(point: Point) -> str:
    return f"{point[0]:g},{point[1]:g}"


def _runs(sides: set[int]) -> list[list[int]]:
    """The city's sides as clockwise runs of neighbouring sides (N W -> one run W, N)."""
    if len(sides) == 4:
        return [[0, 1, 2, 3]]
    start = next(s for s in range(4) if s in sides and (s - 1) % 4 not in sides)
    runs: list[list[int]] = []
    for step in range(4):
        side = (start + step) % 4
        if side not in sides:
            continue
        if runs and (side - 1) % 4 == runs[-1][-1]:
            runs[-1].append(side)
        else:
            runs.append([side])
    return runs


def _wall_control(gap: list[int], begin: Point, end: Point) -> Point:
    """Where the wall between two stretches of city edge bends: the curve bows into the
    field for a corner city, and into the city for a cap or a band."""
    if len(gap) == 1:
        return _lerp(SIDE_MIDDLES[gap[0]], CENTRE, 0.7)
    if len(gap) == 2:
        return _lerp(CENTRE, CORNERS[gap[1]], 0.25)
    return _lerp(_lerp(begin, end, 0.5), CENTRE, 1.0)


def city_path(sides_named: list[str]) -> str:
    """The outline of a city holding these sides (SVG path data)."""
    sides = {SIDES.index(name) for name in sides_named}
    if len(sides) == 4:
        return "M0,0 L100,0 L100,100 L0,100 Z"
    runs = _runs(sides)
    parts: list[str] = []
    for index, run in enumerate(runs):
        first, last = run[0], run[-1]
        begin = CORNERS[first]
        parts.append(("M" if index == 0 else "L") + _fmt(begin))
        for side in run:
            parts.append("L" + _fmt(CORNERS[(side + 1) % 4]))
        following = runs[(index + 1) % len(runs)][0]
        gap = [(last + 1 + k) % 4 for k in range((following - last - 1) % 4)]
        end = CORNERS[(last + 1) % 4]
        target = CORNERS[following]
        control = _wall_control(gap, end, target)
        parts.append(f"Q{_fmt(control)} {_fmt(target)}")
    return " ".join(parts) + " Z"


def road_path(sides_named: list[str], stops_at: Point) -> str:
    """A road's centre line: side to side, or from its one side to `stops_at`."""
    sides = [SIDES.index(name) for name in sides_named]
    start = SIDE_MIDDLES[sides[0]]
    if len(sides) == 1:
        return f"M{_fmt(start)} L{_fmt(stops_at)}"
    end = SIDE_MIDDLES[sides[1]]
    if (sides[0] - sides[1]) % 2 == 0:
        return f"M{_fmt(start)} L{_fmt(end)}"
    return f"M{_fmt(start)} Q{_fmt(CENTRE)} {_fmt(end)}"


def river_path(sides_named: list[str]) -> str:
    """A river's centre line: like a road's, and from every side to the centre for a fork."""
    if len(sides_named) <= 2:
        return road_path(sides_named, CENTRE)
    return " ".join(
        f"M{_fmt(SIDE_MIDDLES[SIDES.index(name)])} L{_fmt(CENTRE)}" for name in sides_named
    )


# Where an inn stands beside its road: a step clockwise off the road, per side.
INN_OFFSETS = ((11.0, 0.0), (0.0, 11.0), (-11.0, 0.0), (0.0, -11.0))


def _inn_anchor(road: RoadGeometry) -> Point:
    side = SIDES.index(road.sides[0])
    x, y = _lerp(SIDE_MIDDLES[side], CENTRE, 0.45)
    dx, dy = INN_OFFSETS[side]
    return (x + dx, y + dy)


def _open_corner(shape: TileGeometry, skip: int = 0) -> Point:
    """A corner of the tile away from its cities (SW, SE, NE, NW, in that order), the
    `skip`-th such (another mark stands on the first)."""
    city_sides = {side for city in shape.cities for side in city.sides}
    corners = [
        at
        for sides, at in ((("S", "W"), (24.0, 80.0)), (("S", "E"), (76.0, 80.0)),
                          (("N", "E"), (76.0, 22.0)), (("N", "W"), (24.0, 22.0)))
        if not city_sides & set(sides)
    ]  # fmt: skip
    return corners[skip] if skip < len(corners) else (24.0, 80.0)


def _garden_anchor(shape: TileGeometry) -> Point:
    """A corner of the tile away from its cities (SW, SE, NE, NW, in that order)."""
    return _open_corner(shape)


def _coat_anchor(city: CityGeometry) -> Point:
    middles = [SIDE_MIDDLES[SIDES.index(name)] for name in city.sides]
    mean = (sum(p[0] for p in middles) / len(middles), sum(p[1] for p in middles) / len(middles))
    if len(city.sides) == 4:
        return (72.0, 28.0)
    return _lerp(mean, CENTRE, 0.3)


def _shield(at: Point) -> str:
    x, y = at
    return (
        f'<path data-kind="coat" d="M{x - 6:g},{y - 7:g} h12 v6 q0,7 -6,9 q-6,-2 -6,-9 Z" '
        f'fill="{SHIELD}" stroke="#f4f4f4" stroke-width="1.5"/>'
        f'<path d="M{x:g},{y - 4:g} v10 M{x - 4:g},{y:g} h8" stroke="#f4f4f4" stroke-width="1.4"/>'
    )


def _chapel() -> str:
    return (
        '<g data-kind="monastery">'
        '<rect x="37" y="44" width="26" height="20" fill="#f2ead8" stroke="#5b4a3a" '
        'stroke-width="1.5"/>'
        f'<path d="M34,45 L50,30 L66,45 Z" fill="{ROOF}" stroke="#5b4a3a" stroke-width="1.5"/>'
        '<path d="M50,18 v10 M46,22 h8" stroke="#5b4a3a" stroke-width="2"/>'
        '<rect x="46" y="53" width="8" height="11" fill="#5b4a3a"/>'
        "</g>"
    )


def _road_end(shape: TileGeometry) -> tuple[Point, bool]:
    """Where one-sided roads stop, and whether a village square is drawn there."""
    dead_ends = sum(1 for road in shape.roads if len(road.sides) == 1)
    if shape.monastery:
        return (50.0, 56.0), False
    if dead_ends >= 2 or (dead_ends == 1 and not shape.cities):
        return CENTRE, True
    return CENTRE, False


def _turned_sides(sides: list[str], turns: int) -> list[str]:
    """Sides turned clockwise by `turns` quarter turns, in N E S W order."""
    return [SIDES[i] for i in sorted(turned_side(side, turns) for side in sides)]


def _turned_halves(halves: list[str], turns: int) -> list[str]:
    return [HALVES[i] for i in sorted(turned_half(h, turns) for h in halves)]


def turned(shape: TileGeometry, rotation: int) -> TileGeometry:
    """The shape as it lies turned `rotation` degrees clockwise: what was north is east at 90."""
    turns = _check_rotation(rotation) // 90
    if not turns:
        return shape
    edges = shape.edges if shape.edges == "AAAA" else shape.edges[-turns:] + shape.edges[:-turns]
    return shape.model_copy(
        update={
            "edges": edges,
            **{
                name: [
                    s.model_copy(update={"sides": _turned_sides(list(s.sides), turns)})
                    for s in getattr(shape, name)
                ]
                for name in ("cities", "roads", "rivers")
            },
            "fields": [
                f.model_copy(update={"halves": _turned_halves(list(f.halves), turns)})
                for f in shape.fields
            ],
        }
    )


def describe(shape: TileGeometry, rotation: int = 0) -> str:
    """The shape in words as drawn, turned `rotation` degrees clockwise (the drawing's
    description, read by screen readers: at 90 the city of Base Game/D is east)."""
    turn = f", turned {rotation % 360} degrees clockwise" if rotation % 360 else ""
    shape = turned(shape, rotation)
    parts = [f"edges {shape.edges} (N E S W){turn}"]
    for city in shape.cities:
        coats = f", {city.coats_of_arms} coat(s) of arms" if city.coats_of_arms else ""
        parts.append(f"city {' '.join(city.sides)}{coats}")
    parts += [f"road {' '.join(road.sides)}" for road in shape.roads]
    for field in shape.fields:
        borders = (
            " bordering city "
            + ", ".join(" ".join(shape.cities[i].sides) for i in field.borders_cities)
            if field.borders_cities
            else ""
        )
        parts.append(f"field {' '.join(field.halves)}{borders}")
    if shape.monastery:
        parts.append("monastery")
    for city in shape.cities:
        if city.cathedral:
            parts.append(f"cathedral in city {' '.join(city.sides)}")
        if city.goods:
            parts.append(f"{city.goods} in city {' '.join(city.sides)}")
    parts += [f"inn by road {' '.join(road.sides)}" for road in shape.roads if road.inn]
    parts += [f"river {' '.join(river.sides)}" for river in shape.rivers]
    parts += [
        name for name in ("spring", "lake", "garden", "hill", "vineyard") if getattr(shape, name)
    ]
    return "; ".join(parts)


def _body(shape: TileGeometry) -> str:
    """The drawing at rotation 0 on the 100 x 100 grid, clipped to the tile, framed."""
    body: list[str] = [f'<rect width="100" height="100" fill="{FIELD_COLOUR}"/>']
    for index, field in enumerate(shape.fields):
        body.append(
            f'<g data-kind="field" data-halves={quoteattr(" ".join(field.halves))} '
            f'data-index="{index}"/>'
        )
    for river in shape.rivers:
        line = river_path(list(river.sides))
        body.append(
            f'<path data-kind="river" data-sides={quoteattr(" ".join(river.sides))} d="{line}" '
            f'fill="none" stroke="{marks.RIVER_EDGE}" stroke-width="17" stroke-linecap="butt"/>'
            f'<path d="{line}" fill="none" stroke="{marks.RIVER_COLOUR}" stroke-width="13" '
            'stroke-linecap="butt"/>'
        )
    if shape.spring:
        body.append(marks.spring(CENTRE))
    if shape.lake:
        body.append(marks.lake(CENTRE))
    stop, square = _road_end(shape)
    for road in shape.roads:
        line = road_path(list(road.sides), stop)
        body.append(
            f'<path data-kind="road" data-sides={quoteattr(" ".join(road.sides))} d="{line}" '
            f'fill="none" stroke="{ROAD_EDGE}" stroke-width="13" stroke-linecap="butt"/>'
            f'<path d="{line}" fill="none" stroke="{ROAD_COLOUR}" stroke-width="9" '
            'stroke-linecap="butt"/>'
        )
    if square:
        body.append(
            f'<rect data-kind="village" x="41" y="41" width="18" height="18" fill="{ROOF}" '
            'stroke="#5b4a3a" stroke-width="1.5"/>'
        )
    for city in shape.cities:
        body.append(
            f'<path data-kind="city" data-sides={quoteattr(" ".join(city.sides))} '
            f'data-coats="{city.coats_of_arms}" d="{city_path(list(city.sides))}" '
            f'fill="{CITY_COLOUR}" stroke="{CITY_WALL}" stroke-width="2.5" '
            'stroke-linejoin="round"/>'
        )
    if shape.monastery:
        body.append(_chapel())
    for city in shape.cities:
        anchor = _coat_anchor(city)
        for k in range(city.coats_of_arms):
            body.append(_shield((anchor[0] + 14 * k, anchor[1])))
        if city.cathedral:
            body.append(marks.cathedral((45.0, 58.0) if len(city.sides) == 4 else anchor))
        if city.goods:
            body.append(marks.goods((anchor[0] - 13, anchor[1] + 9), city.goods))
    body += [marks.inn(_inn_anchor(road)) for road in shape.roads if road.inn]
    if shape.garden:
        body.append(marks.garden(_garden_anchor(shape)))
    if shape.hill or shape.vineyard:
        at = _open_corner(shape, skip=1 if shape.garden else 0)
        body.append(marks.hill(at) if shape.hill else marks.vineyard(at))
    # A nested <svg> clips what it holds to the tile: walls and roads stop at the edge.
    return (
        f'<svg width="100" height="100" viewBox="0 0 100 100">{"".join(body)}</svg>'
        '<rect width="100" height="100" fill="none" stroke="#3d3d3d" stroke-width="1.5"/>'
    )


def _check_rotation(rotation: int) -> int:
    if rotation % 90:
        raise ValueError(f"rotation {rotation} is not a multiple of 90 degrees")
    return rotation % 360


def tile_svg(
    shape: TileGeometry,
    *,
    label: str = "",
    rotation: int = 0,
    size: int = 120,
    standalone: bool = True,
) -> str:
    """The SVG document (or, with `standalone=False`, an inline `<svg>` element)."""
    rotation = _check_rotation(rotation)
    inner = _body(shape)
    if rotation:
        inner = f'<g transform="rotate({rotation} 50 50)">{inner}</g>'
    namespace = ' xmlns="http://www.w3.org/2000/svg"' if standalone else ""
    svg = (
        f'<svg{namespace} viewBox="-2 -2 104 104" width="{size}" height="{size}" '
        f'role="img" data-tile={quoteattr(label)} data-rotation="{rotation}">'
        f"<title>{escape(label or 'tile')}</title>"
        f"<desc>{escape(describe(shape, rotation))}</desc>"
        f"{inner}</svg>"
    )
    if standalone:
        return '<?xml version="1.0" encoding="utf-8"?>\n' + svg + "\n"
    return svg


def tile_symbol(shape: TileGeometry, symbol_id: str, label: str) -> str:
    """The drawing as an SVG `<symbol>`, drawn many times in one page by `tile_use`."""
    return (
        f'<symbol id={quoteattr(symbol_id)} viewBox="-2 -2 104 104">'
        f"<title>{escape(label)}</title><desc>{escape(describe(shape))}</desc>"
        f"{_body(shape)}</symbol>"
    )


def tile_use(symbol_id: str, label: str, *, rotation: int = 0, size: int = 64) -> str:
    """An inline `<svg>` showing the symbol `symbol_id`."""
    rotation = _check_rotation(rotation)
    turn = f' transform="rotate({rotation} 50 50)"' if rotation else ""
    return (
        f'<svg class="tile-drawing" viewBox="-2 -2 104 104" width="{size}" height="{size}" '
        f'role="img" aria-label={quoteattr(label)} data-tile={quoteattr(label)}>'
        f"<use href={quoteattr('#' + symbol_id)}{turn}/></svg>"
    )
