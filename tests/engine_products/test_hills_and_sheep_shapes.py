"""Hills and Sheep's shapes (C2, 18 tiles): the box, the new tile keys `hill` and `vineyard`
(validated, carried by the oriented tiles, drawn, exchanged with JCloisterZone's files), and
its reference set as an engine configuration."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from carcdb.pipeline.configgen.reference import reference_config
from carcdb.pipeline.draw.tile_svg import tile_svg
from carcdb.pipeline.engine.config_file import builtin_tile_geometry
from carcdb.pipeline.engine.geometry import TileShape, product_entry, registry, tile_set
from carcdb.pipeline.engine.reference_sets import reference_set
from carcdb.pipeline.interchange.jcz_xml import read_jcz
from carcdb.pipeline.interchange.shapes import rotation_between, signature
from carcdb.schemas.engine_config import TileGeometry
from tests.engine.test_cli import run
from tests.engine_expansions.test_product_shapes import rotate

HS = "Hills and Sheep"
FIELDS = set(TileGeometry.model_fields)


def shapes() -> dict[str, TileShape]:
    return {t.code: t for t in product_entry(HS).tiles}


def geometry(code: str) -> TileGeometry:
    return TileGeometry.model_validate(registry()[(HS, code)].model_dump(include=FIELDS))


def test_the_box_holds_18_tiles_8_hills_8_vineyards_2_monasteries() -> None:
    tiles = shapes()
    assert list(tiles) == list("ABCDEFGHIJKLMNOP")
    assert sum(t.copies for t in tiles.values()) == 18
    assert sum(t.copies for t in tiles.values() if t.hill) == 8
    assert sum(t.copies for t in tiles.values() if t.vineyard) == 8
    assert sorted(c for c, t in tiles.items() if t.monastery) == ["J", "K"]
    assert not any(t.hill and t.vineyard for t in tiles.values())
    assert sorted(c for c, t in tiles.items() if t.copies == 2) == ["A", "B"]
    assert sorted(c for c, t in tiles.items() if t.garden) == ["N"]  # the C2 set's garden
    entry = product_entry(HS)
    assert entry.default_edition == "C2" and entry.editions["C2"].tiles == 18


def test_every_code_is_marked_inferred_with_its_source() -> None:
    for tile in shapes().values():
        assert tile.inferred, tile.code
        assert "hills_and_sheep.xml" in tile.source and "hills-and-sheep:2" in tile.source
        assert "code: inferred" in tile.source
        assert tile.editions["C2"].copies == tile.copies


@pytest.mark.parametrize("code", list("ABCDEFGHIJKLMNOP"))
def test_every_shape_is_valid_in_every_rotation_and_keeps_its_flags(code: str) -> None:
    shape = shapes()[code]
    tiles = tile_set(HS)
    for turns in range(4):
        turned = TileShape.model_validate(rotate(shape, turns))
        assert signature(turned) == signature(shape, turns)
        oriented = tiles.oriented[f"{HS}/{code}"][turns]
        assert (oriented.hill, oriented.vineyard) == (shape.hill, shape.vineyard)
    assert ("|hill" in signature(shape)) == shape.hill
    assert ("|vineyard" in signature(shape)) == shape.vineyard


def test_the_keys_are_left_out_when_false() -> None:
    hill = builtin_tile_geometry(HS, "C").model_dump(mode="json")
    assert hill["hill"] is True and "vineyard" not in hill
    vineyard = builtin_tile_geometry(HS, "A").model_dump(mode="json")
    assert vineyard["vineyard"] is True and "hill" not in vineyard
    base = builtin_tile_geometry("Base Game", "D").model_dump(mode="json")
    assert set(base) == {"edges", "monastery", "cities", "roads", "fields"}


def _tile(code: str, **changes: Any) -> dict[str, Any]:
    data = registry()[("Abbey and the Mayor", code)].model_dump(mode="json")
    data.update(changes)
    return data


@pytest.mark.parametrize("flag", ["hill", "vineyard"])
def test_an_abbey_with_a_hill_or_a_vineyard_is_refused(flag: str) -> None:
    with pytest.raises(ValidationError, match="an abbey is a monastery alone: no hill"):
        TileShape.model_validate(_tile("A", **{flag: True}))


def test_hills_and_vineyards_are_drawn() -> None:
    def kinds(code: str) -> list[str]:
        root = ET.fromstring(tile_svg(geometry(code), label=code).split("\n", 1)[1])
        return [el.attrib["data-kind"] for el in root.iter() if "data-kind" in el.attrib]

    assert kinds("C").count("hill") == 1 and "vineyard" not in kinds("C")
    assert kinds("A").count("vineyard") == 1 and "hill" not in kinds("A")
    assert {"hill", "garden"} <= set(kinds("N"))
    assert "hill" in tile_svg(geometry("N")) and "a hill" not in tile_svg(geometry("J"))
    assert "hill" in tile_svg(geometry("C")).split("<desc>")[1].split("</desc>")[0]


# Written for this test in JCloisterZone's vocabulary (its expansion files' spelling): a
# vineyard cap whose second city reaches along the north side (a drawing hint), a hill curve.
JCZ_STYLE = b"""<?xml version="1.0" encoding="utf-8"?>
<defs>
  <tiles>
    <tile id="Y/corner-and-cap">
      <vineyard />
      <city>N W</city>
      <city multi-edge="N">E</city>
      <field city="N E">SL SR</field>
    </tile>
    <tile id="Y/hill-curve">
      <hill />
      <road wagon-move="a">W S</road>
      <city castle-base="false">N</city>
      <field city="N">EL ER SL WR</field>
      <field>SR WL</field>
    </tile>
  </tiles>
  <sets><tile-set id="y:1"><ref count="1" tile="Y/hill-curve"/></tile-set></sets>
</defs>
"""


@pytest.mark.parametrize(("tile_id", "code"), [("Y/corner-and-cap", "B"), ("Y/hill-curve", "O")])
def test_jcloisterzone_spelling_reads_as_our_shapes(tile_id: str, code: str) -> None:
    tiles = {tile.tile_id: tile for tile in read_jcz(JCZ_STYLE, "y.xml").tiles}
    read = tiles[tile_id].geometry
    assert read is not None, tiles[tile_id].unsupported
    assert tiles[tile_id].ignored == []
    assert rotation_between(geometry(code), read) is not None
    assert (read.hill, read.vineyard) == (geometry(code).hill, geometry(code).vineyard)


def test_the_reference_set_is_an_engine_configuration(tmp_path: Path) -> None:
    box = reference_set(HS, "C2")
    assert box.total == 18 and box.draw_pile_total() == 18 and not box.unknown()
    assert [t.garden_copies for t in box.tiles if t.garden_copies] == [1]
    config = reference_config(HS, "C2")
    assert config.tile_set.draw_pile_total == 18 and len(config.tile_set.tiles) == 16
    dumped = json.loads(config.model_dump_json())
    flags = [(c, g.get("hill", False), g.get("vineyard", False))
             for c, g in sorted(dumped["geometry"]["tiles"].items())]  # fmt: skip
    assert sum(h for _c, h, _v in flags) == 8 and sum(v for _c, _h, v in flags) == 6


def test_the_cli_writes_the_reference_without_a_warehouse(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "hs.json"
    argv = ["engine-config", "--reference", "--product", HS, "--edition", "C2"]
    code, stdout, _ = run([*argv, "--out", str(out), "--db", str(tmp_path / "no.duckdb")], capsys)
    assert code == 0, stdout
    assert json.loads(out.read_text())["tile_set"]["draw_pile_total"] == 18
