"""The small pictures an expansion feature adds to a tile drawing, on the 100 x 100 grid.

Rivers are drawn by `tile_svg` like roads (blue, wider, under the roads: a road crosses a river
on a bridge); this module draws what stands at one point: an inn (a small house with a red
roof) beside its road, a cathedral (a tall church with a cross) in its city, a goods token
(a round token with its letter: W wine, G grain, C cloth) in its city, a garden (a hedge with
flowers), a spring (a rock with water) and a lake (a blue pond) where a river starts or ends,
a hill (a green mound with a darker ridge) and a vineyard (rows of vines with grapes).
Every mark carries `data-kind` (`inn`, `cathedral`, `goods` with `data-goods`, `garden`,
`spring`, `lake`, `hill`, `vineyard`) so tests and the report can find it.
"""

from __future__ import annotations

Point = tuple[float, float]

RIVER_COLOUR = "#3d8fd6"
RIVER_EDGE = "#1f5f99"
LAKE_COLOUR = "#5aa7e6"
GOODS = {  # goods -> (token colour, letter)
    "wine": ("#7b2d5b", "W"),
    "grain": ("#d9b236", "G"),
    "cloth": ("#3a6fb5", "C"),
}


def inn(at: Point) -> str:
    x, y = at
    return (
        f'<g data-kind="inn">'
        f'<rect x="{x - 6:g}" y="{y - 3:g}" width="12" height="9" fill="#f2ead8" '
        'stroke="#5b4a3a" stroke-width="1.2"/>'
        f'<path d="M{x - 8:g},{y - 2:g} L{x:g},{y - 9:g} L{x + 8:g},{y - 2:g} Z" fill="#b5452f" '
        'stroke="#5b4a3a" stroke-width="1.2"/>'
        f'<rect x="{x - 1.5:g}" y="{y + 1:g}" width="3" height="5" fill="#5b4a3a"/>'
        "</g>"
    )


def cathedral(at: Point) -> str:
    x, y = at
    return (
        f'<g data-kind="cathedral">'
        f'<rect x="{x - 9:g}" y="{y - 4:g}" width="18" height="14" fill="#ece3cf" '
        'stroke="#5b4a3a" stroke-width="1.4"/>'
        f'<rect x="{x - 4:g}" y="{y - 16:g}" width="8" height="12" fill="#ece3cf" '
        'stroke="#5b4a3a" stroke-width="1.4"/>'
        f'<path d="M{x:g},{y - 24:g} v8 M{x - 3:g},{y - 21:g} h6" stroke="#5b4a3a" '
        'stroke-width="1.6"/>'
        f'<path d="M{x - 2:g},{y + 10:g} v-5 q2,-3 4,0 v5 Z" fill="#5b4a3a"/>'
        "</g>"
    )


def goods(at: Point, kind: str) -> str:
    colour, letter = GOODS[kind]
    x, y = at
    return (
        f'<g data-kind="goods" data-goods="{kind}">'
        f'<circle cx="{x:g}" cy="{y:g}" r="6" fill="{colour}" stroke="#f4f4f4" '
        'stroke-width="1.4"/>'
        f'<text x="{x:g}" y="{y + 3:g}" font-size="8" font-family="sans-serif" '
        f'text-anchor="middle" fill="#f4f4f4">{letter}</text>'
        "</g>"
    )


def garden(at: Point) -> str:
    x, y = at
    flowers = "".join(
        f'<circle cx="{x + dx:g}" cy="{y + dy:g}" r="1.8" fill="{colour}"/>'
        for dx, dy, colour in ((-4, -2, "#e86a92"), (0, 2, "#f2d14b"), (4, -2, "#e86a92"))
    )
    return (
        f'<g data-kind="garden">'
        f'<rect x="{x - 8:g}" y="{y - 6:g}" width="16" height="11" rx="3" fill="#5e8c3a" '
        'stroke="#3e5f27" stroke-width="1.2"/>'
        f"{flowers}</g>"
    )


def spring(at: Point) -> str:
    x, y = at
    return (
        f'<g data-kind="spring">'
        f'<path d="M{x - 11:g},{y + 6:g} L{x - 4:g},{y - 8:g} L{x + 3:g},{y - 2:g} '
        f'L{x + 7:g},{y - 9:g} L{x + 12:g},{y + 6:g} Z" fill="#9a9184" stroke="#5b544a" '
        'stroke-width="1.2"/>'
        f'<circle cx="{x:g}" cy="{y + 4:g}" r="4" fill="{LAKE_COLOUR}" stroke="{RIVER_EDGE}" '
        'stroke-width="1"/>'
        "</g>"
    )


def lake(at: Point) -> str:
    x, y = at
    return (
        f'<ellipse data-kind="lake" cx="{x:g}" cy="{y:g}" rx="18" ry="13" fill="{LAKE_COLOUR}" '
        f'stroke="{RIVER_EDGE}" stroke-width="1.5"/>'
    )


def hill(at: Point) -> str:
    x, y = at
    return (
        f'<g data-kind="hill">'
        f'<path d="M{x - 16:g},{y + 7:g} Q{x - 6:g},{y - 13:g} {x + 4:g},{y - 6:g} '
        f'Q{x + 11:g},{y - 11:g} {x + 16:g},{y + 7:g} Z" fill="#6f9a45" stroke="#3e5f27" '
        'stroke-width="1.3"/>'
        f'<path d="M{x - 8:g},{y - 2:g} Q{x - 2:g},{y - 7:g} {x + 3:g},{y - 3:g}" fill="none" '
        'stroke="#3e5f27" stroke-width="1.1"/>'
        "</g>"
    )


def vineyard(at: Point) -> str:
    x, y = at
    rows = "".join(
        f'<path d="M{x - 10:g},{y + dy:g} h20" stroke="#6b4a2b" stroke-width="1.4"/>'
        for dy in (-5, 0, 5)
    )
    grapes = "".join(
        f'<circle cx="{x + dx:g}" cy="{y + dy + 1.8:g}" r="1.8" fill="#6a2d78"/>'
        for dx in (-6, 0, 6)
        for dy in (-5, 0, 5)
    )
    return f'<g data-kind="vineyard">{rows}{grapes}</g>'
