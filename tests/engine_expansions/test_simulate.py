"""`carcdb simulate --products ...`: each product's pile from the warehouse, every figure, and
records that `carcdb score` replays to the same scores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.configgen.game_pile import game_draw_pile
from carcdb.pipeline.engine.geometry import game_tiles
from carcdb.pipeline.engine.ruleset import RulesConfig


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = run_app(argv)
    out = capsys.readouterr()
    return code, out.out, " ".join(out.err.split())


def test_piles_of_each_product_from_the_warehouse(sample_db: Path) -> None:
    tiles = game_tiles(("Base Game", "Abbey and the Mayor", "The Courier"))
    pile = game_draw_pile(tiles, RulesConfig(), sample_db)
    assert sum(pile.counts.values()) == 72 + 12  # The Courier's tiles have no shape
    assert pile.counts["Abbey and the Mayor/M"] == 1
    assert "Abbey and the Mayor/A" not in pile.counts  # the abbeys are no draw-pile tiles
    assert any("ignored The Courier codes with no tile shape: 01" in n for n in pile.notices)
    winter = game_draw_pile(game_tiles(("Winter Edition",)), RulesConfig(), sample_db)
    assert sum(winter.counts.values()) == 84
    assert winter.counts["D"] == 4 and winter.counts["Winter Edition/Z12"] == 1


@pytest.mark.slow
def test_simulated_records_replay_through_score(
    sample_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "games"
    products = "Base Game,Abbey and the Mayor,The Courier"
    argv = ["simulate", "--games", "4", "--seed", "7", "--players", "3", "--json"]
    argv += ["--products", products, "--option", "courier=no-tiles", "--db", str(sample_db)]
    code, out, _ = run([*argv, "--out", str(records)], capsys)
    assert code == 0
    summary = json.loads(out)
    assert summary["products"] == products.split(",")
    assert summary["draw_pile_tiles"] == 84
    replayed: list[int] = []
    for path in sorted(records.glob("game-*.json")):
        record = json.loads(path.read_text())
        assert record["options"] == {"courier": "no-tiles"}
        code, out, _ = run(["score", str(path)], capsys)
        assert code == 0
        replayed += json.loads(out)["scores"].values()
    assert len(replayed) == 12
    assert (min(replayed), max(replayed)) == (summary["min_score"], summary["max_score"])
    assert round(sum(replayed) / 12, 3) == summary["mean_score"]


def test_bad_products_and_options(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = ["--db", str(tmp_path / "none.duckdb")]
    for argv, error in (
        (["--products", "The Tower"], "unknown product 'The Tower'"),
        (["--products", "The Courier"], "holds no base game"),
        (
            ["--option", "courier=no-tiles"],
            "options of these products: ['tiles=box', 'tiles=unlimited']",
        ),
        (["--products", "Base Game,The Courier", "--option", "courier"], "courier=tiles"),
    ):
        code, _, err = run(["simulate", "--games", "1", *db, *argv], capsys)
        assert (code, error in err) == (2, True), err


def test_winter_edition_table(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(
        ["simulate", "--games", "2", "--products", "Winter Edition", "--db", str(tmp_path / "x")],
        capsys,
    )
    assert code == 0
    assert "random games, 84 tiles" in out
    assert "products: Winter Edition" in out
