"""The tile commands through the real CLI entry point, on the sample warehouse."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcdb.pipeline.cli import app as _app  # noqa: F401  (registers every command)
from carcdb.pipeline.cli.app import run_app


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = run_app(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_tiles_json(sample_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        capsys,
        "tiles",
        "--page",
        "Base game",
        "--lang",
        "ro",
        "--edition",
        "C2",
        "--db",
        str(sample_db),
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert data["title"] == "Base game/ro"
    tiles = {t["code"]: t for t in data["tiles"]}
    assert sum(t["count"] for t in tiles.values()) == 72
    assert tiles["D"]["start_tile"] is True
    assert tiles["V"]["illustrations"]["Pigsty"] == 2
    assert tiles["B"]["features"] == {"Monastery": 1}


def test_tiles_table(sample_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "tiles", "--page", "Abbey and the Mayor", "--db", str(sample_db))
    assert code == 0
    assert "special: outside the draw pile" in out
    assert "12 tiles in 12 types" in out and "6 tiles in 1 types" in out


@pytest.mark.slow
def test_diff_editions(sample_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        capsys,
        "diff",
        "editions",
        "--page",
        "Base game",
        "--lang",
        "ro",
        "C2",
        "C3",
        "--db",
        str(sample_db),
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert data["left"] == {"edition": "C2", "product": "Base Game"}
    assert {d["code"] for d in data["differences"]} == {"V"}
    code, out, _ = _run(
        capsys,
        "diff",
        "editions",
        "--page",
        "Base game",
        "--lang",
        "ro",
        "C2",
        "C3",
        "--db",
        str(sample_db),
    )
    assert code == 0 and "1 tile type(s) differ: V" in out


def test_unknown_page_is_bad_input(sample_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "tiles", "--page", "Nope", "--db", str(sample_db))
    assert code == 2
    assert "--page" in err and "fix:" in err and "Base game/ro" in err


def test_check_json_lists_tile_checks(
    sample_db: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "copy.duckdb"
    db.write_bytes(sample_db.read_bytes())
    code, out, _ = _run(capsys, "check", "--db", str(db), "--json")
    assert code == 0
    names = {r["check"] for r in json.loads(out)}
    assert {"tiles.declared_total", "tiles.start_tile", "tiles.reference_counts"} <= names


@pytest.mark.slow
def test_check_exits_1_on_a_failing_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "base.wiki"
    text = (Path(__file__).parent.parent / "fixtures" / "tiles" / "base_game_ro.wiki").read_text(
        "utf-8"
    )
    page.write_text(text.replace("|tiles=72}}", "|tiles=71}}", 1))
    db = tmp_path / "wh.duckdb"
    code, _, _ = _run(
        capsys,
        "import",
        str(page),
        "--title",
        "Base game/ro",
        "--format",
        "wikitext",
        "--db",
        str(db),
        "--quiet",
    )
    assert code == 0
    code, out, _ = _run(capsys, "check", "--db", str(db))
    # The engine's draw pile disagrees with tiles=71 too: two failing errors.
    assert code == 1 and "failing errors: 2" in out
    code, out, _ = _run(capsys, "check", "--db", str(db), "--json")
    assert code == 1
    failing = [r for r in json.loads(out) if r["status"] == "fail"]
    assert [(r["check"], r["expected"], r["actual"]) for r in failing] == [
        ("tiles.declared_total", "71", "72"),
        ("engine.draw_pile_total", "71", "72"),
    ]
