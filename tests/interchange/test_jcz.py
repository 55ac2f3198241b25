"""JCloisterZone tile XML: export of the sample's base game, import back, planted differences,
the older vocabulary, rotation, and unsafe or malformed files."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.engine.geometry import HALVES, SIDES, registry
from carcdb.pipeline.errors import InputError
from carcdb.pipeline.interchange.jcz_xml import SetToWrite, read_jcz, write_jcz
from carcdb.pipeline.interchange.shapes import canonical, rotation_between, signature
from carcdb.schemas.engine_config import TileGeometry
from tests.conftest import FIXTURES

BASE = [
    (code, shape) for (product, code), shape in sorted(registry().items()) if product == "Base Game"
]


def carcdb(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = run_app(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(sample_db: Path, tmp_path: Path) -> Path:
    """A private copy of the sample warehouse: importing writes to it."""
    copy = tmp_path / "wh.duckdb"
    shutil.copy(sample_db, copy)
    return copy


def export_base(capsys: pytest.CaptureFixture[str], db: Path, out: Path, *extra: str) -> str:
    code, stdout, err = carcdb(
        capsys,
        "export",
        "--format",
        "jcz",
        "--products",
        "Base Game",
        "--out",
        str(out),
        "--db",
        str(db),
        *extra,
    )
    assert code == 0, err
    return stdout


def import_json(capsys: pytest.CaptureFixture[str], db: Path, path: Path, *extra: str) -> Any:
    code, out, err = carcdb(capsys, "import-shapes", str(path), "--db", str(db), "--json", *extra)
    assert code == 0, err
    return json.loads(out)


def test_base_game_c3_is_24_shapes_and_72_tiles_and_round_trips_clean(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    out = tmp_path / "base.xml"
    printed = export_base(capsys, db, out, "--editions", "C3")
    assert "24 tile shapes" in printed
    parsed = read_jcz(out.read_bytes(), str(out))
    assert len(parsed.tiles) == 24
    assert all(tile.geometry is not None for tile in parsed.tiles)
    assert [s.set_id for s in parsed.sets] == ["Base Game:C3"]
    assert sum(ref.count for ref in parsed.refs) == 72
    assert {ref.tile_id: ref.count for ref in parsed.refs}["Base Game/V"] == 9
    report = import_json(capsys, db, out)
    assert report["tiles"] == 24
    assert report["sets"] == {"Base Game:C3": ["Base Game", "C3"]}
    assert report["differences"] == []
    assert report["not_compared"] == []


@pytest.mark.slow
def test_both_editions_round_trip_and_results_are_stored(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    out = tmp_path / "base.xml"
    export_base(capsys, db, out)
    report = import_json(capsys, db, out)
    assert report["sets"] == {
        "Base Game:C2": ["Base Game", "C2"],
        "Base Game:C3": ["Base Game", "C3"],
    }
    assert report["differences"] == []
    code, stdout, _ = carcdb(capsys, "check", "--db", str(db), "--json")
    assert code == 0
    stored = [r for r in json.loads(stdout) if r["check"].startswith("jcz.")]
    assert len([r for r in stored if r["check"] == "jcz.shape"]) == 24
    assert {r["status"] for r in stored} == {"pass"}


@pytest.mark.slow
def test_a_planted_shape_difference_is_flagged(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    out = tmp_path / "base.xml"
    export_base(capsys, db, out, "--editions", "C3")
    text = out.read_text("utf-8")
    start = text.index('<tile id="Base Game/D">')
    planted = text[:start] + text[start:].replace(
        "<city>N</city>", '<city pennants="1">N</city>', 1
    )
    out.write_text(planted, "utf-8")
    differences = import_json(capsys, db, out)["differences"]
    shape = [d for d in differences if d["check"] == "jcz.shape"]
    assert len(shape) == 1
    assert "tile Base Game/D" in shape[0]["scope"]
    assert shape[0]["expected"] != shape[0]["actual"]
    assert f"{out}:" in shape[0]["scope"]  # names the file and line
    counts = [d for d in differences if d["check"] == "jcz.tile_set_count"]
    # D's copies now have a shape the edition lacks, and the edition's D shape has none.
    assert sorted((d["expected"], d["actual"]) for d in counts) == [("0", "4"), ("4", "0")]


@pytest.mark.slow
def test_a_planted_count_difference_is_flagged(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    out = tmp_path / "base.xml"
    export_base(capsys, db, out, "--editions", "C3")
    text = out.read_text("utf-8").replace(
        '<ref count="9" tile="Base Game/V"/>', '<ref count="8" tile="Base Game/V"/>'
    )
    out.write_text(text, "utf-8")
    differences = import_json(capsys, db, out)["differences"]
    assert [d["check"] for d in differences] == ["jcz.tile_set_count", "jcz.tile_set_total"]
    count, total = differences
    assert (count["expected"], count["actual"]) == ("9", "8")
    assert count["scope"].endswith(": V")
    assert count["evidence"]["file_tiles"] == ["Base Game/V"]
    assert (total["expected"], total["actual"]) == ("72", "71")


@pytest.mark.slow
def test_other_ids_match_up_to_rotation_in_the_older_vocabulary(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    path = FIXTURES / "interchange" / "rotated_old_names.xml"
    report = import_json(capsys, db, path, "--set", "test:1=Base Game:C3")
    code, stdout, _ = carcdb(capsys, "check", "--db", str(db), "--json", "--all")
    assert code == 0
    shapes = {r["evidence"].get("tile"): r for r in json.loads(stdout) if r["check"] == "jcz.shape"}

    def matches(tile: str) -> list[str]:
        found: list[str] = shapes[tile]["evidence"]["matches"]
        return found

    assert "Base Game V" in matches("T/curve-north-east")
    assert "Base Game A" in matches("T/cloister-road-west")
    assert "Base Game M" in matches("T/corner-pennant-garden")  # the garden is not compared
    assert "Base Game D" in matches("T/start-upside-down")
    assert shapes["T/city-and-dead-end"]["status"] == "fail"
    not_compared = [r for r in report["not_compared"] if r["check"] == "jcz.shape"]
    assert len(not_compared) == 1
    assert "INNER_FARM" in not_compared[0]["message"]
    # The 16-tile set is compared with the 72-tile edition: a total and per-shape differences.
    checks = [d["check"] for d in report["differences"]]
    assert "jcz.tile_set_total" in checks
    assert "jcz.tile_set_count" in checks


def test_an_unmapped_set_is_reported_not_compared(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    path = FIXTURES / "interchange" / "rotated_old_names.xml"
    report = import_json(capsys, db, path)
    assert report["sets"] == {"test:1": None}
    (skipped,) = [r for r in report["not_compared"] if r["check"] == "jcz.tile_set"]
    assert "--set" in skipped["message"]


REF_NOPE = b"<ref count='1' tile='nope'/>"
REF_X = b"<ref count='x' tile='a'/>"
TILE_A = b"<defs><tiles><tile id='a'/></tiles>"


@pytest.mark.parametrize(
    ("text", "expect"),
    [
        (b'<!DOCTYPE defs [<!ENTITY a "aaaa">]><defs/>', "DOCTYPE"),
        (b"<defs><tiles><tile id='x'><road>N</road></tile></tiles", "malformed XML at line 1"),
        (b"<mediawiki/>", "root element <mediawiki>"),
        (b"<defs><sets><tile-set id='s'>" + REF_NOPE + b"</tile-set></sets></defs>", "'nope'"),
        (TILE_A + b"<sets><tile-set id='s'>" + REF_X + b"</tile-set></sets></defs>", "'x' is not"),
        (b"<defs><tiles><tile id='a'/><tile id='a'/></tiles></defs>", "defined twice"),
    ],
)
def test_unsafe_or_broken_files_are_input_errors(text: bytes, expect: str) -> None:
    with pytest.raises(InputError, match=r"f\.xml") as caught:
        read_jcz(text, "f.xml")
    assert expect in str(caught.value)


def test_a_bad_file_writes_nothing(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.xml"
    bad.write_bytes(b"<defs><tiles><tile id='a'>")
    code, _, err = carcdb(capsys, "import-shapes", str(bad), "--db", str(db))
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    code, out, _ = carcdb(
        capsys, "sql", "SELECT count(*) AS n FROM jcz_tiles", "--db", str(db), "--json"
    )
    assert json.loads(out) == [{"n": 0}]


def test_every_base_shape_is_written_and_read_back_unchanged() -> None:
    fields = set(TileGeometry.model_fields)
    tiles = [
        (f"Base Game/{code}", TileGeometry.model_validate(shape.model_dump(include=fields)))
        for code, shape in BASE
    ]
    text = write_jcz("test", tiles, [SetToWrite("s", "c", [(tiles[0][0], 2)])])
    parsed = read_jcz(text.encode(), "t.xml")
    assert [t.tile_id for t in parsed.tiles] == [t for t, _ in tiles]
    for (_, original), tile in zip(tiles, parsed.tiles, strict=True):
        assert tile.geometry is not None
        assert signature(tile.geometry) == signature(original)
        assert rotation_between(original, tile.geometry) == 0


def test_base_shapes_are_24_distinct_tiles_and_mirrors_differ() -> None:
    keys = {canonical(shape).key for _, shape in BASE}
    assert len(BASE) == len(keys) == 24
    shapes = dict(BASE)
    assert rotation_between(shapes["J"], shapes["K"]) is None  # mirror images


def rotate(shape: TileGeometry, turns: int) -> TileGeometry:
    def side(name: str) -> str:
        return SIDES[(SIDES.index(name) + turns) % 4]

    def half(name: str) -> str:
        return HALVES[(HALVES.index(name) + 2 * turns) % 8]

    return TileGeometry.model_validate(
        {
            "edges": "".join(shape.edges[(i - turns) % 4] for i in range(4)),
            "monastery": shape.monastery,
            "cities": [
                {"sides": [side(s) for s in c.sides], "coats_of_arms": c.coats_of_arms}
                for c in shape.cities
            ],
            "roads": [{"sides": [side(s) for s in r.sides]} for r in shape.roads],
            "fields": [
                {"halves": [half(h) for h in f.halves], "borders_cities": f.borders_cities}
                for f in shape.fields
            ],
        }
    )


@given(st.sampled_from(BASE), st.integers(0, 3), st.randoms(use_true_random=False))
def test_rotation_and_listing_order_do_not_change_the_tile(
    item: tuple[str, Any], turns: int, rnd: Any
) -> None:
    _, shape = item
    turned = rotate(shape, turns)
    # List the segments in another order: the same tile.
    cities = list(range(len(turned.cities)))
    rnd.shuffle(cities)
    order = {old: new for new, old in enumerate(cities)}
    shuffled = TileGeometry.model_validate(
        {
            **turned.model_dump(),
            "cities": [turned.cities[i].model_dump() for i in cities],
            "roads": [r.model_dump() for r in reversed(turned.roads)],
            "fields": [
                {
                    "halves": list(reversed(f.halves)),
                    "borders_cities": sorted(order[i] for i in f.borders_cities),
                }
                for f in reversed(turned.fields)
            ],
        }
    )
    assert canonical(shuffled).key == canonical(shape).key
    assert rotation_between(shape, shuffled) is not None


def test_a_second_file_reports_its_own_differences(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    clean = tmp_path / "clean.xml"
    export_base(capsys, db, clean, "--editions", "C3")
    changed = tmp_path / "changed.xml"
    text = clean.read_text("utf-8")
    altered = re.sub(r'(<ref count=")9(" tile="Base Game/V")', r"\g<1>8\2", text)
    assert altered != text
    changed.write_text(altered, "utf-8")
    assert len(import_json(capsys, db, changed)["differences"]) == 2
    second = import_json(capsys, db, clean)  # the earlier file's differences are not this one's
    assert second["differences"] == []
    code, out, _ = carcdb(capsys, "import-shapes", str(clean), "--db", str(db))
    assert code == 0 and "0 difference(s)" in out
