"""The process as a whole: a bug exits 70 in one line, Ctrl-C exits 130 leaving the warehouse
as it was, readers are served while a build runs, and every page's parse has a time limit."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from benchmarks.digest import table_digests
from carcdb.pipeline.cli.app import EXIT_BUG, EXIT_INTERRUPTED
from carcdb.warehouse.connection import reader_copy_path
from tests.conftest import SAMPLE
from tests.hostile.conftest import Run, one_line

CARCDB = [sys.executable, "-m", "carcdb.pipeline.cli"]


def test_a_bug_exits_70_with_one_line_and_the_traceback_only_on_request(
    cli: Run, warehouse: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(db: Path) -> None:
        raise RuntimeError("an invariant broke\nacross lines")

    monkeypatch.setattr("carcdb.pipeline.run.build.check_warehouse", broken)
    outcome = cli("check", "--db", str(warehouse))
    assert outcome.code == EXIT_BUG == 70
    line = one_line(outcome.err)
    assert "internal error: RuntimeError: an invariant broke across lines" in line
    assert "bug in carcdb" in line and "--debug" in line
    debug = cli("--debug", "check", "--db", str(warehouse))
    assert debug.code == 70 and "Traceback (most recent call last)" in debug.err
    monkeypatch.setenv("CARCDB_DEBUG", "1")
    assert "Traceback" in cli("check", "--db", str(warehouse)).err


def _slow_corpus(folder: Path) -> Path:
    """The sample and one page whose parse takes many seconds (unclosed templates)."""
    folder.mkdir()
    for item in SAMPLE.iterdir():
        if item.suffix == ".txt":
            shutil.copyfile(item, folder / item.name)
    (folder / "slow.wiki").write_text("{{a|" * 9000, "utf-8")
    manifest = json.loads((SAMPLE / "manifest.json").read_text("utf-8"))
    manifest["files"].append({"path": "slow.wiki", "title": "Slow", "format": "wikitext"})
    (folder / "manifest.json").write_text(json.dumps(manifest), "utf-8")
    return folder


def _wait_for(path: Path, process: subprocess.Popen[str], seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, f"{path} never appeared"
        time.sleep(0.05)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")
def test_ctrl_c_ends_quietly_with_the_warehouse_as_it_was_and_readers_are_served(
    cli: Run, warehouse: Path, tmp_path: Path
) -> None:
    corpus = _slow_corpus(tmp_path / "corpus")
    before = table_digests(warehouse, everything=True)
    env = {**os.environ, "PYTHONPATH": str(Path.cwd())}
    build = subprocess.Popen(
        [*CARCDB, "build", "--corpus", str(corpus), "--db", str(warehouse), "--jobs", "1",
         "--page-timeout", "600"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    try:
        # The build holds the warehouse once the readers' copy is published.
        _wait_for(reader_copy_path(warehouse), build)
        status = cli("status", "--json", "--db", str(warehouse))
        assert status.code == 0, status.err  # not "locked": the copy is read
        assert json.loads(status.out)["pages"] == 4  # as it was before the build
        build.send_signal(signal.SIGINT)
        _out, err = build.communicate(timeout=60)
    finally:
        if build.poll() is None:
            build.kill()
            build.communicate()
    assert build.returncode == EXIT_INTERRUPTED == 130
    assert "Traceback" not in err and err.strip() == "interrupted"
    assert table_digests(warehouse, everything=True) == before
    assert not reader_copy_path(warehouse).exists()


@pytest.mark.slow
def test_the_parse_time_limit_holds_with_jobs_0(cli: Run, tmp_path: Path) -> None:
    """`--jobs 0` parses in this process: the limit still stops a page that would take
    minutes (1 MB of `[http://a `), and the page becomes a finding."""
    page = tmp_path / "links.wiki"
    page.write_text("[http://a " * 100_000, "utf-8")
    db = tmp_path / "wh.duckdb"
    started = time.monotonic()
    outcome = cli("import", str(page), "--title", "Links", "--jobs", "0", "--page-timeout", "1",
                  "--db", str(db))  # fmt: skip
    assert outcome.code == 0, outcome.err
    assert time.monotonic() - started < 60
    found = cli("sql", "SELECT code FROM findings WHERE stage = 'parse'", "--json", "--db", str(db))
    assert json.loads(found.out) == [{"code": "parse.timeout"}]


@pytest.mark.slow
def test_quiet_prints_nothing_on_every_command(cli: Run, warehouse: Path, tmp_path: Path) -> None:
    game = SAMPLE.parent.parent / "tests" / "fixtures" / "engine" / "domain-example.json"
    commands = [
        ["status"], ["check"], ["sql", "SELECT 1"], ["tiles", "--page", "Base game/ro"],
        ["rules", "--page", "Base game/ro"], ["scoring-claims", "--page", "Base game/ro"],
        ["engine-config", "--page", "Base game", "--edition", "C3"],
        ["build"],
    ]  # fmt: skip
    for command in commands:
        outcome = cli(*command, "--db", str(warehouse), "--quiet")
        assert (outcome.code, outcome.out, outcome.err) == (0, "", ""), command
    no_db = str(tmp_path / "none.duckdb")
    for command in (["score", str(game)], ["rules-config"],
                    ["simulate", "--games", "2", "--db", no_db]):  # fmt: skip
        outcome = cli(*command, "-q")
        assert (outcome.code, outcome.out, outcome.err) == (0, "", ""), command
    bad = cli("score", str(tmp_path / "missing.json"), "-q")
    assert bad.code == 2 and "no such file" in one_line(bad.err)  # errors still show


def test_version_and_the_database_from_the_environment(
    cli: Run, warehouse: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    version = cli("--version")
    assert version.code == 0 and version.out.startswith("carcdb ")
    monkeypatch.setenv("CARCDB_DB", str(warehouse))
    outcome = cli("status", "--json")
    assert outcome.code == 0 and json.loads(outcome.out)["pages"] == 4
