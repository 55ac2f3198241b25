"""Tile drawings: every shape draws, each city covers exactly its sides, rotation, the CLI."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.draw.tile_svg import SIDE_MIDDLES, city_path, tile_svg
from carcdb.pipeline.draw.tiles import resolve_tile, tile_names
from carcdb.pipeline.engine.geometry import SIDES, registry

SVG = "{http://www.w3.org/2000/svg}"
SHAPES = sorted(registry().items())


def kinds(svg: str) -> list[str]:
    root = ET.fromstring(svg.split("\n", 1)[1])
    return [el.attrib["data-kind"] for el in root.iter() if "data-kind" in el.attrib]


@pytest.mark.parametrize(("key", "shape"), SHAPES, ids=[f"{p}/{c}" for (p, c), _ in SHAPES])
def test_every_shape_draws_each_of_its_parts(key: tuple[str, str], shape: object) -> None:
    from carcdb.schemas.engine_config import TileGeometry

    assert isinstance(shape, TileGeometry)
    found = kinds(tile_svg(shape, label="/".join(key)))
    assert found.count("city") == len(shape.cities)
    assert found.count("road") == len(shape.roads)
    assert found.count("field") == len(shape.fields)
    assert found.count("monastery") == int(shape.monastery)
    assert found.count("coat") == sum(c.coats_of_arms for c in shape.cities)


def _polygon(path: str) -> list[tuple[float, float]]:
    """The outline of a path of M, L and Q commands, curves flattened to 16 segments."""
    points: list[tuple[float, float]] = []
    for command, numbers in re.findall(r"([MLQZ])([^MLQZ]*)", path):
        values = [float(v) for v in re.findall(r"-?[\d.]+", numbers)]
        if command in "ML":
            points.append((values[0], values[1]))
        elif command == "Q":
            (x0, y0), (cx, cy), (x1, y1) = points[-1], values[:2], values[2:]
            for step in range(1, 17):
                t = step / 16
                points.append(
                    (
                        (1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x1,
                        (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y1,
                    )
                )
    return points


def _inside(point: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


@pytest.mark.parametrize(("key", "shape"), SHAPES, ids=[f"{p}/{c}" for (p, c), _ in SHAPES])
def test_each_city_covers_exactly_its_sides(key: tuple[str, str], shape: object) -> None:
    from carcdb.schemas.engine_config import TileGeometry

    assert isinstance(shape, TileGeometry)
    for city in shape.cities:
        outline = _polygon(city_path(list(city.sides)))
        for index, side in enumerate(SIDES):
            middle = SIDE_MIDDLES[index]
            inset = (middle[0] + (50 - middle[0]) * 0.06, middle[1] + (50 - middle[1]) * 0.06)
            assert _inside(inset, outline) == (side in city.sides), (key, city.sides, side)


def test_rotation_turns_the_drawing_and_labels_are_escaped() -> None:
    shape = resolve_tile("Base Game/D")
    svg = tile_svg(shape, label="a<b & c", rotation=270, standalone=False)
    assert 'transform="rotate(270 50 50)"' in svg
    assert "<title>a&lt;b &amp; c</title>" in svg
    assert 'data-tile="a&lt;b &amp; c"' in svg
    with pytest.raises(ValueError, match="multiple of 90"):
        tile_svg(shape, rotation=45)


def test_products_sharing_base_shapes_resolve() -> None:
    assert resolve_tile("Winter Edition/D") == resolve_tile("Base Game/D")
    assert len(tile_names()) == len(registry())


def test_draw_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "D.svg"
    assert run_app(["draw", "--tile", "Base Game/D", "--out", str(out), "-r", "90"]) == 0
    root = ET.fromstring(out.read_text("utf-8").split("\n", 1)[1])
    assert root.tag == f"{SVG}svg"
    assert root.attrib["data-rotation"] == "90"
    assert run_app(["draw", "--all", "--out", str(tmp_path / "all")]) == 0
    assert len(list((tmp_path / "all").glob("*.svg"))) == len(registry())
    capsys.readouterr()
    assert run_app(["draw", "--tile", "Base Game/Z"]) == 2
    err = capsys.readouterr().err
    assert "no tile shape 'Base Game/Z'" in err and len(err.strip().splitlines()) == 1
    assert run_app(["draw", "--tile", "Base Game/D", "--rotation", "45"]) == 2


NEW_PRODUCTS = ("Inns and Cathedrals", "Traders and Builders", "The River", "The River II")
NEW_SHAPES = [(key, shape) for key, shape in SHAPES if key[0] in NEW_PRODUCTS]


@pytest.mark.parametrize(("key", "shape"), NEW_SHAPES, ids=[f"{p}/{c}" for (p, c), _ in NEW_SHAPES])
def test_rivers_inns_cathedrals_and_goods_are_drawn(key: tuple[str, str], shape: object) -> None:
    from carcdb.schemas.engine_config import TileGeometry

    assert isinstance(shape, TileGeometry)
    svg = tile_svg(shape, label="/".join(key))
    found = kinds(svg)
    assert found.count("river") == len(shape.rivers)
    assert found.count("inn") == sum(road.inn for road in shape.roads)
    assert found.count("cathedral") == sum(city.cathedral for city in shape.cities)
    goods = sorted(city.goods for city in shape.cities if city.goods)
    assert sorted(re.findall(r'data-goods="(\w+)"', svg)) == goods
    for mark in ("spring", "lake", "garden"):
        assert found.count(mark) == int(getattr(shape, mark)), mark
    if shape.rivers:
        assert "#3d8fd6" in svg  # blue


def test_draw_command_draws_a_river_tile(tmp_path: Path) -> None:
    out = tmp_path / "spring.svg"
    assert run_app(["draw", "--tile", "The River/A", "--out", str(out)]) == 0
    svg = out.read_text("utf-8")
    assert kinds(svg).count("river") == 1 and "spring" in kinds(svg)
    assert "river E; spring" in svg  # the description says it too


def _desc(svg: str) -> str:
    found = re.search(r"<desc>(.*?)</desc>", svg)
    assert found is not None
    return found.group(1)


def test_the_description_follows_the_rotation(tmp_path: Path) -> None:
    out = tmp_path / "D90.svg"
    assert run_app(["draw", "--tile", "Base Game/D", "--rotation", "90", "--out", str(out)]) == 0
    desc = _desc(out.read_text("utf-8"))
    # drawn turned a quarter clockwise: the city east, the road north to south
    assert desc.startswith("edges RCRF (N E S W), turned 90 degrees clockwise; city E; road N S;")
    assert "field NR SL bordering city E" in desc
    assert "city N" not in desc
    assert _desc(tile_svg(resolve_tile("Base Game/D"))).startswith("edges CRFR (N E S W); city N")


@pytest.mark.parametrize(("key", "shape"), SHAPES, ids=[f"{p}/{c}" for (p, c), _ in SHAPES])
def test_a_turned_shape_moves_every_side_clockwise(key: tuple[str, str], shape: object) -> None:
    from carcdb.pipeline.draw.tile_svg import turned
    from carcdb.schemas.engine_config import TileGeometry

    assert isinstance(shape, TileGeometry)
    for rotation in (90, 180, 270):
        turns = rotation // 90
        once = turned(shape, rotation)
        if shape.edges != "AAAA":
            assert all(once.edges[(i + turns) % 4] == shape.edges[i] for i in range(4)), key
        for before, after in zip(shape.cities, once.cities, strict=True):
            moved = {SIDES[(SIDES.index(side) + turns) % 4] for side in before.sides}
            assert set(after.sides) == moved
        back = turned(once, 360 - rotation)
        assert [sorted(c.sides) for c in back.cities] == [sorted(c.sides) for c in shape.cities]
        assert [sorted(f.halves) for f in back.fields] == [sorted(f.halves) for f in shape.fields]
