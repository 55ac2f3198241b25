"""Reference sets: a product's box as an engine configuration without a wiki page, and the
check that compares a page's tile lists with the engine's box."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcdb.pipeline.checks.reference import check_reference_sets
from carcdb.pipeline.configgen.generate import render
from carcdb.pipeline.configgen.reference import reference_config
from carcdb.pipeline.engine.config_file import load_rules
from carcdb.pipeline.errors import InputError
from carcdb.schemas.engine_config import EngineConfig
from carcdb.warehouse.connection import read_only
from tests.engine.test_cli import run
from tests.engine_config.helpers import build_edited

AM_PAGE = "004_463e2d43ade5f599.txt"


@pytest.mark.parametrize(
    ("product", "edition", "tiles", "types"),
    [
        ("Inns and Cathedrals", "C2", 18, 18),
        ("Traders and Builders", "C2", 24, 24),
        ("The River", "C2", 12, 12),
        ("The River II", "C2", 12, 12),
        ("Base Game", "C2", 72, 24),
        ("Abbey and the Mayor", "C2", 12, 13),
        ("Winter Edition", "WE3", 84, 36),
    ],
)
def test_a_reference_set_is_an_engine_configuration(
    product: str, edition: str, tiles: int, types: int, tmp_path: Path
) -> None:
    config = reference_config(product, edition)
    assert config.tile_set.source is None and config.tile_set.reference
    assert "reference set" in config.tile_set.reference
    assert (config.tile_set.product, config.tile_set.edition) == (product, edition)
    assert config.tile_set.draw_pile_total == tiles
    assert len(config.tile_set.tiles) == types
    assert set(config.geometry.tiles) == {t.code for t in config.tile_set.tiles}
    assert all(v.provenance.status == "default" for v in config.scoring)
    text = render(config)
    assert text == render(EngineConfig.model_validate_json(text))  # same bytes, round trip
    path = tmp_path / "config.json"
    path.write_text(text, "utf-8")
    rules = load_rules(path)  # the engine plays it
    assert sum((rules.draw_pile or {}).values()) == tiles


def test_the_river_starts_with_its_spring() -> None:
    config = reference_config("The River", None)
    assert config.tile_set.start_tile == "A" == config.geometry.start_tile
    assert [t.code for t in config.tile_set.tiles if t.start_tile] == ["A"]


def test_the_base_games_reference_keeps_its_garden_copies() -> None:
    tiles = {t.code: t for t in reference_config("Base Game", "C2").tile_set.tiles}
    gardens = sorted(code for code, tile in tiles.items() if tile.illustrations.get("Garden"))
    assert gardens == ["E", "H", "I", "M", "N", "R", "U", "V"]
    assert tiles["U"].illustrations == {
        "Garden": 1,
        "Highwaymen": 2,
        "Farmhouse": 1,
        "Pigsty": 1,
        "None": 3,
    }


def test_reference_errors_are_input_errors() -> None:
    with pytest.raises(InputError, match="no reference set for product 'The Tower'"):
        reference_config("The Tower", None)
    with pytest.raises(InputError, match="use --edition C3, C2"):
        reference_config("Base Game", "C9")


def test_the_cli_writes_it_without_a_warehouse_and_fails_on_shapeless_tiles(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "ic.json"
    no_db = ["--db", str(tmp_path / "none.duckdb")]
    argv = ["engine-config", "--reference", "--product", "Inns and Cathedrals", "--edition"]
    code, stdout, _ = run([*argv, "C2", "--out", str(out), *no_db], capsys)
    assert code == 0, stdout
    assert "from the reference set" in stdout
    assert json.loads(out.read_text())["tile_set"]["reference"]
    # The Courier's tiles have no public shape: the document is written, the exit is 1.
    courier = ["engine-config", "--reference", "--product", "The Courier"]
    code, _, err = run([*courier, "--out", str(tmp_path / "c.json"), *no_db], capsys)
    assert code == 1
    assert "no tile shape for 01, 02, 03, 04, 05, 06" in err
    code, _, err = run(["engine-config", "--reference", "--page", "Base game", *no_db], capsys)
    assert code == 2 and "--reference takes --product" in err


def test_the_sample_agrees_with_the_reference_sets(sample_db: Path) -> None:
    with read_only(sample_db) as conn:
        results = check_reference_sets(conn)
    compared = {r.scope: r.status.value for r in results if r.status.value != "skip"}
    assert compared == {
        "Abbey and the Mayor/ro Abbey and the Mayor C2": "pass",
        "Base game/ro Base Game C2": "pass",
        "Base game/ro Base Game C3": "pass",
        "The Courier (Fan Expansion)/ro The Courier C2": "pass",
        "Winter Edition Base Game/ro Winter Edition WE3": "pass",
    }


@pytest.mark.slow
def test_a_list_that_differs_from_the_box_is_named(tmp_path: Path) -> None:
    db = build_edited(
        tmp_path,
        "{{Tile|image=Abbey_And_Mayor_C2_Tile_G.jpg|count=1}}",
        "{{Tile|image=Abbey_And_Mayor_C2_Tile_G.jpg|count=2}}",
        AM_PAGE,
    )
    with read_only(db) as conn:
        results = {r.scope: r for r in check_reference_sets(conn)}
    result = results["Abbey and the Mayor/ro Abbey and the Mayor C2"]
    assert result.status.value == "fail"
    assert "G: 2 copies listed, 1 in the box" in result.message
