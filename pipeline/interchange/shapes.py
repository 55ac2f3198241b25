"""Tile shapes compared up to rotation: a rotation-independent signature of a `TileGeometry`.

Two shapes are the same tile when one, turned by some quarter turns clockwise, has the same
sides, the same city segments (with their coats of arms), road segments, field segments
(with the cities each borders) and monastery, and the expansions' features: inns, cathedrals,
goods, river segments, a spring or a lake, a hill or a vineyard (written only where present,
so a base-game signature is what it was before they existed). The order segments are listed
in, and which side of a city a field names it by, do not matter. A mirror image is another
tile (J and K of the base game). A garden is not compared: JCloisterZone's base sets split a
tile into garden and plain variants of one shape.
"""

from __future__ import annotations

from dataclasses import dataclass

from carcdb.pipeline.engine.geometry import HALVES, SIDES, turned_half, turned_side
from carcdb.schemas.engine_config import TileGeometry


def _sides(names: list[str], turns: int) -> tuple[int, ...]:
    return tuple(sorted(turned_side(name, turns) for name in names))


def _halves(names: list[str], turns: int) -> tuple[int, ...]:
    return tuple(sorted(turned_half(name, turns) for name in names))


def signature(shape: TileGeometry, turns: int = 0) -> str:
    """The shape turned `turns` quarter turns clockwise, as text independent of list order."""
    edges = "".join(shape.edges[(i - turns) % 4] for i in range(4))
    cities = [_sides(list(c.sides), turns) for c in shape.cities]
    city_text = sorted(
        f"{''.join(SIDES[s] for s in sides)}+{c.coats_of_arms}"
        + ("+cathedral" if c.cathedral else "")
        + (f"+{c.goods}" if c.goods else "")
        for sides, c in zip(cities, shape.cities, strict=True)
    )
    road_text = sorted(
        "".join(SIDES[s] for s in _sides(list(r.sides), turns)) + ("+inn" if r.inn else "")
        for r in shape.roads
    )
    field_text = sorted(
        ".".join(HALVES[h] for h in _halves(list(f.halves), turns))
        + ">"
        + ",".join(sorted("".join(SIDES[s] for s in cities[i]) for i in f.borders_cities))
        for f in shape.fields
    )
    river_text = sorted(
        "".join(SIDES[s] for s in _sides(list(r.sides), turns)) for r in shape.rivers
    )
    rivers = f"|W:{' '.join(river_text)}" if river_text else ""
    ends = "".join(
        f"|{name}" for name in ("spring", "lake", "hill", "vineyard") if getattr(shape, name)
    )
    return (
        f"{edges}|{'M' if shape.monastery else '-'}|C:{' '.join(city_text)}"
        f"|R:{' '.join(road_text)}|F:{' '.join(field_text)}{rivers}{ends}"
    )


@dataclass(frozen=True)
class Canonical:
    """The smallest signature over the four rotations, and the turns that give it."""

    key: str
    turns: int


def canonical(shape: TileGeometry) -> Canonical:
    return min(
        (Canonical(signature(shape, turns), turns) for turns in range(4)),
        key=lambda c: (c.key, c.turns),
    )


def rotation_between(a: TileGeometry, b: TileGeometry) -> int | None:
    """Quarter turns clockwise that make `a` into `b`, or None when they are different tiles."""
    target = signature(b)
    for turns in range(4):
        if signature(a, turns) == target:
            return turns
    return None
