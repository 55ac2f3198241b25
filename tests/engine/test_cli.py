"""`carcdb score`, `carcdb simulate`, `carcdb rules-config` through the real CLI entry point."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.engine.rules import with_every_module
from carcdb.pipeline.engine.ruleset import RulesConfig
from tests.conftest import FIXTURES

EXAMPLE = FIXTURES / "engine" / "domain-example.json"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = run_app(argv)
    out = capsys.readouterr()
    return code, out.out, " ".join(out.err.split())  # rich wraps long error lines


def test_score_prints_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["score", str(EXAMPLE)], capsys)
    assert code == 0
    report = json.loads(out)
    assert report["scores"] == {"Ann": 5, "Ben": 2}
    assert {e["when"] for e in report["events"]} == {"final"}
    assert set(report["events"][0]) == {
        "turn",
        "player",
        "feature",
        "tiles",
        "coats_of_arms",
        "points",
        "when",
    }


def test_score_reads_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(EXAMPLE.read_text()))
    code, out, _ = run(["score", "--stdin"], capsys)
    assert code == 0
    assert json.loads(out)["scores"] == {"Ann": 5, "Ben": 2}


def test_illegal_record_exits_2_with_turn_and_reason(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = json.loads(EXAMPLE.read_text())
    data["turns"][2]["tile"] = "Q7"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    code, out, err = run(["score", str(bad)], capsys)
    assert code == 2
    assert out == ""
    assert "turn 3: unknown tile 'Q7'" in err
    assert run(["score", str(tmp_path / "missing.json")], capsys)[0] == 2
    assert run(["score"], capsys)[0] == 2


def test_config_changes_the_numbers(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(["rules-config"], capsys)
    assert code == 0
    config = RulesConfig.model_validate_json(out)
    assert config == with_every_module(RulesConfig())  # every module's numbers, at default
    assert config.modules["barn"]["barn_final_per_completed_city"] == 4
    doubled = tmp_path / "rules.json"
    doubled.write_text(
        config.model_copy(update={"city_final_per_tile": 2}).model_dump_json(), "utf-8"
    )
    code, out, _ = run(["score", str(EXAMPLE), "--config", str(doubled)], capsys)
    assert code == 0
    assert json.loads(out)["scores"] == {"Ann": 7, "Ben": 2}  # city 2 tiles x 2 + monastery 3
    for text, error in (
        ('{"product": "Inns"}', "no tile data for product 'Inns'"),
        ('{"draw_pile": {"D": -1}}', "draw_pile.D"),
        ("{", "not JSON"),
    ):
        (tmp_path / "other.json").write_text(text)
        code, _, err = run(
            ["score", str(EXAMPLE), "--config", str(tmp_path / "other.json")], capsys
        )
        assert (code, error in err) == (2, True), err
    broken = tmp_path / "broken.json"
    broken.write_text('{"format_version": 3}')
    code, _, err = run(["score", str(EXAMPLE), "--config", str(broken)], capsys)
    assert code == 2
    assert "format_version" in err


def test_simulate_records_replay_through_score(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    records = tmp_path / "games"
    argv = ["simulate", "--games", "5", "--seed", "3", "--players", "3", "--json"]
    code, out, _ = run([*argv, "--out", str(records), "--db", str(tmp_path / "no.duckdb")], capsys)
    assert code == 0
    summary = json.loads(out)
    assert summary["games"] == 5
    assert "no warehouse at" in summary["notices"][0]
    replayed: list[int] = []
    for path in sorted(records.glob("game-*.json")):
        code, out, _ = run(["score", str(path)], capsys)
        assert code == 0
        replayed += json.loads(out)["scores"].values()
    assert len(replayed) == 15
    assert min(replayed) == summary["min_score"]
    assert max(replayed) == summary["max_score"]
    assert round(sum(replayed) / 15, 3) == summary["mean_score"]


def test_simulate_table_output(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(["simulate", "--games", "3", "--db", str(tmp_path / "no.duckdb")], capsys)
    assert code == 0
    assert "notice: no warehouse at" in err  # notices on stderr
    assert "random games" in out
    assert run(["simulate", "--players", "0", "--db", str(tmp_path / "no.duckdb")], capsys)[0] == 2
    (tmp_path / "file").write_text("x")
    code, _, err = run(
        [
            "simulate",
            "--games",
            "1",
            "--out",
            str(tmp_path / "file"),
            "--db",
            str(tmp_path / "no.duckdb"),
        ],
        capsys,
    )
    assert code == 2
    assert "is a file where a folder is written" in err


def test_format_1_configs_are_read_into_module_sections(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A rules configuration written before modules had sections keeps working: its
    top-level Abbey and the Mayor numbers land in their modules' sections."""
    old = tmp_path / "v1.json"
    old.write_text('{"format_version": 1, "barns_per_player": 2, "mayors_per_player": 0}')
    config = RulesConfig.model_validate_json(old.read_text())
    assert config.format_version == 2
    assert config.modules == {"barn": {"barns_per_player": 2}, "mayor": {"mayors_per_player": 0}}
    assert run(["score", str(EXAMPLE), "--config", str(old)], capsys)[0] == 0
    unknown = tmp_path / "unknown.json"
    unknown.write_text('{"modules": {"barn": {"barn_rate": 3}, "dragon": {}}}')
    code, _, err = run(["score", str(EXAMPLE), "--config", str(unknown)], capsys)
    assert code == 2
    assert "modules.barn.barn_rate: not a number of barn" in err
    assert "modules.dragon: no rule module of that name" in err
