"""JCloisterZone XML for Inns and Cathedrals, Traders and Builders, the rivers and Hills and
Sheep: every shape written and read back unchanged, JCloisterZone's spelling of the new
features read, and the CLI's export of products the warehouse holds no list of (their
reference sets) and import."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.engine.geometry import registry
from carcdb.pipeline.interchange.jcz_xml import SetToWrite, read_jcz, write_jcz
from carcdb.pipeline.interchange.shapes import rotation_between
from carcdb.schemas.engine_config import TileGeometry

NEW = (
    "Inns and Cathedrals",
    "Traders and Builders",
    "The River",
    "The River II",
    "Hills and Sheep",
)
FIELDS = set(TileGeometry.model_fields)


def geometry(product: str, code: str) -> TileGeometry:
    return TileGeometry.model_validate(registry()[(product, code)].model_dump(include=FIELDS))


def test_every_new_shape_is_written_and_read_back_unchanged() -> None:
    tiles = [(f"{p}/{c}", geometry(p, c)) for (p, c) in sorted(registry()) if p in NEW]
    assert len(tiles) == 18 + 24 + 12 + 12 + 16
    text = write_jcz("test", tiles, [SetToWrite("s", "c", [(tiles[0][0], 1)])])
    assert 'inn="yes"' in text and 'cathedral="yes"' in text and 'resource="cloth"' in text
    assert 'group="river-spring"' in text and 'group="river-fork"' in text and "<garden/>" in text
    assert text.count("<hill/>") == 8 and text.count("<vineyard/>") == 6
    parsed = read_jcz(text.encode(), "t.xml")
    for (tile_id, original), tile in zip(tiles, parsed.tiles, strict=True):
        assert tile.tile_id == tile_id
        assert tile.geometry == original, tile_id


# Written for this test in JCloisterZone's vocabulary (its expansion files' spelling).
JCZ_STYLE = b"""<?xml version="1.0" encoding="utf-8"?>
<defs>
  <tiles>
    <tile id="X/cathedral"><city cathedral="yes">N E S W</city></tile>
    <tile id="X/cloth-garden">
      <garden />
      <city resource="cloth" wagon-move="a">N W</city>
      <road wagon-move="a">E</road>
      <field city="N">EL</field>
      <field city="N">ER SL SR</field>
    </tile>
    <tile id="X/spring" max="1" group="river-spring">
      <field>NL NR EL ER SL SR WL WR</field>
      <river>S</river>
    </tile>
    <tile id="X/volcano" max="1" group="river-lake">
      <volcano />
      <field>NL NR EL ER SL SR WL WR</field>
      <river>N</river>
    </tile>
    <tile id="X/lake-by-a-city" group="river">
      <city>E</city>
      <field city="E">NL NR WR</field>
      <field city="E">SL SR WL</field>
      <river>W</river>
    </tile>
    <tile id="X/inn-bridge" group="river">
      <road inn="yes">N S</road>
      <field>NR EL</field><field>ER SL</field><field>SR WL</field><field>WR NL</field>
      <river>E W</river>
    </tile>
    <tile id="X/salt"><city resource="salt">N</city><field city="N">EL ER SL SR WL WR</field></tile>
  </tiles>
  <sets><tile-set id="x:1"><ref count="1" tile="X/spring"/></tile-set></sets>
</defs>
"""


@pytest.mark.parametrize(
    ("tile_id", "ours"),
    [
        ("X/cathedral", ("Inns and Cathedrals", "KA")),
        ("X/cloth-garden", ("Traders and Builders", "K")),
        ("X/spring", ("The River", "A")),
        ("X/volcano", ("The River II", "C")),
        ("X/lake-by-a-city", ("The River II", "B")),
        ("X/inn-bridge", ("The River II", "G")),
    ],
)
def test_jcloisterzone_spelling_reads_as_our_shapes(tile_id: str, ours: tuple[str, str]) -> None:
    tiles = {tile.tile_id: tile for tile in read_jcz(JCZ_STYLE, "x.xml").tiles}
    read = tiles[tile_id].geometry
    assert read is not None, tiles[tile_id].unsupported
    shape = geometry(*ours)
    assert rotation_between(shape, read) is not None
    assert (read.garden, read.spring, read.lake) == (shape.garden, shape.spring, shape.lake)
    assert tiles["X/volcano"].ignored == ["volcano"]


def test_unknown_goods_are_not_guessed() -> None:
    salt = next(t for t in read_jcz(JCZ_STYLE, "x.xml").tiles if t.tile_id == "X/salt")
    assert salt.geometry is None
    assert salt.unsupported == "resource='salt' is not wine, grain or cloth"


def test_export_writes_reference_sets_and_import_compares_their_shapes(
    capsys: pytest.CaptureFixture[str], sample_db: Path, tmp_path: Path
) -> None:
    db = tmp_path / "wh.duckdb"
    shutil.copy(sample_db, db)
    out = tmp_path / "new.xml"
    args = ["export", "--format", "jcz", "--products", ",".join(NEW), "--out", str(out)]
    assert run_app([*args, "--db", str(db), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert {s["set_id"]: s["tiles"] for s in summary["sets"]} == {
        "Inns and Cathedrals:C2": 18,
        "Traders and Builders:C2": 24,
        "The River:C2": 12,
        "The River II:C2": 12,
        "Hills and Sheep:C2": 18,
    }
    assert sum("reference set" in note for note in summary["notes"]) == 5
    parsed = read_jcz(out.read_bytes(), str(out))
    assert len(parsed.tiles) == 82 and all(t.geometry is not None for t in parsed.tiles)
    assert run_app(["import-shapes", str(out), "--db", str(db), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["tiles"] == 82 and report["differences"] == []
    assert report["sets"] == dict.fromkeys(summary_ids(summary))  # not in the warehouse


def summary_ids(summary: dict[str, list[dict[str, str]]]) -> list[str]:
    return [s["set_id"] for s in summary["sets"]]
