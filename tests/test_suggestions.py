"""A mistyped tile, page or product name is answered with the names close to it (issue 28
item 5), real CLI runs on the sample warehouse; never a list of every name."""

from __future__ import annotations

from pathlib import Path

import pytest

from carcdb.pipeline.cli.app import run_app
from carcdb.schemas.suggest import close_matches, did_you_mean


def carcdb(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = run_app(list(args))
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) <= 1, err
    return code, err.strip()


def test_close_matches_by_whole_name_and_part() -> None:
    names = ["Base Game/N", "Base Game/O", "Hills and Sheep/O", "The River/A"]
    assert close_matches("O", names) == ["Base Game/O", "Hills and Sheep/O"]
    assert close_matches("base game/o", names)[0] == "Base Game/O"
    assert close_matches("zzzz", names) == []
    assert close_matches("", names) == []
    assert did_you_mean("rivr", names) == 'did you mean "The River/A"?'
    assert close_matches("Courier", ["The Courier (Fan Expansion)/ro", "Base game/ro"]) == [
        "The Courier (Fan Expansion)/ro"
    ]


def test_draw_suggests_the_tile_meant(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = carcdb(capsys, "draw", "--tile", "O")
    assert code == 2
    assert 'did you mean "Base Game/O"?' in err
    assert "Base Game/A" not in err  # not every name
    code, err = carcdb(capsys, "draw", "--tile", "Base Game/Z")
    assert code == 2
    assert err.endswith(
        "fix: Base Game has the tile shapes " + ", ".join("ABCDEFGHIJKLMNOPQRSTUVWX")
    )
    code, err = carcdb(capsys, "draw", "--tile", "nothing like it")
    assert code == 2
    assert 'e.g. "Abbey and the Mayor/A" (products: Abbey and the Mayor, Base Game,' in err
    assert "Base Game/A" not in err


def test_a_mistyped_page_is_answered_with_the_page_meant(
    capsys: pytest.CaptureFixture[str], sample_db: Path
) -> None:
    db = ["--db", str(sample_db)]
    code, err = carcdb(capsys, "tiles", "--page", "Base gme", *db)
    assert code == 2
    assert 'did you mean "Base game"? (or "Base game/ro")' in err
    code, err = carcdb(capsys, "rules", "--page", "Courier", *db)
    assert code == 2
    assert 'did you mean "The Courier (Fan Expansion)"?' in err
    code, err = carcdb(capsys, "tiles", "--page", "Base game", "--lang", "en", *db)
    assert code == 2
    assert err.endswith("fix: 'Base game' is stored in ro (--lang)")


def test_a_mistyped_product_is_answered_with_the_product_meant(
    capsys: pytest.CaptureFixture[str], sample_db: Path, tmp_path: Path
) -> None:
    db = ["--db", str(sample_db)]
    out = tmp_path / "x.xml"
    code, err = carcdb(capsys, "export", "-f", "jcz", "--products", "Base Gme", "-o", str(out), *db)
    assert code == 2
    assert err.endswith('fix: did you mean "Base Game"?')
    assert not out.exists()
    code, err = carcdb(
        capsys, "simulate", "--games", "1", "--products", "Base Game,Inns & Cathedrals", *db
    )
    assert code == 2
    assert err.endswith('fix: did you mean "Inns and Cathedrals"?')
    code, err = carcdb(capsys, "engine-config", "--reference", "--product", "Inns and Cathedral")
    assert code == 2
    assert err.endswith('fix: did you mean "Inns and Cathedrals"?')
