"""Clean streams for scripts (docs/cli.md): a message is one line off a terminal however long,
and notices go to stderr, so a pipe carries the command's output alone."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from carcdb.pipeline.cli.output import console
from tests.engine.test_cli import run


def test_a_long_message_is_one_line_in_a_pipe(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / ("a-rather-long-folder-name-" * 4) / "inns-and-cathedrals-c2.json"
    out.parent.mkdir()
    argv = ["engine-config", "--reference", "--product", "Inns and Cathedrals", "--out", str(out)]
    code, stdout, _ = run([*argv, "--db", str(tmp_path / "none.duckdb")], capsys)
    assert code == 0
    lines = stdout.splitlines()
    assert len(lines) == 1 and len(lines[0]) > 160, lines
    assert lines[0].endswith("rule modules inns_cathedrals: 7 values, 0 from claims")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_layout_follows_the_stream_written_to(monkeypatch: pytest.MonkeyPatch) -> None:
    # A terminal first (an earlier command, or test, in this process): its console folds a
    # long line at the terminal's width; a pipe afterwards still gets the line whole.
    line = "wrote " + "x" * 200
    terminal, pipe = _Terminal(), io.StringIO()
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr(sys, "stdout", terminal)
    console.print(line)
    monkeypatch.setattr(sys, "stdout", pipe)
    console.print(line)
    assert len(terminal.getvalue().splitlines()) > 1
    assert pipe.getvalue() == line + "\n"


def test_notices_go_to_stderr(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = ["simulate", "--games", "2", "--db", str(tmp_path / "none.duckdb")]
    code, stdout, stderr = run(argv, capsys)
    assert code == 0
    assert "notice: no warehouse at" in stderr
    assert "notice" not in stdout and "random games" in stdout


def test_check_json_gives_evidence_as_json_data(
    capsys: pytest.CaptureFixture[str], sample_db: Path
) -> None:
    code, stdout, _ = run(["check", "--json", "--db", str(sample_db)], capsys)
    assert code in (0, 1)
    results = json.loads(stdout)
    # JSON data (an object, or the list a check stores), never a string holding JSON
    assert results and all(isinstance(r["evidence"], dict | list) for r in results)
    catalog = next(r for r in results if r["check"] == "pages_in_catalog")
    assert catalog["evidence"] == {"base_title": catalog["scope"].rpartition("/")[0]}
