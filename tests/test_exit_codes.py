"""One exit-code policy, tested per command (issue 28 item 6; docs/cli.md): 0 ok; 1 checks
failed, pages missing or nothing to write; 2 bad input; 70 a bug; 130 interrupted. Real CLI
runs on a private copy of the sample warehouse; `-h` is `--help` everywhere."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import pytest

import carcdb.pipeline.cli  # noqa: F401 (registers every command)
from carcdb.pipeline.cli.app import _command, run_app
from carcdb.pipeline.fakewiki.corpus import FakeCorpus, corpus_pages
from carcdb.pipeline.fakewiki.server import FakeWiki
from tests.conftest import FIXTURES, SAMPLE

ABBEY = SAMPLE / "004_463e2d43ade5f599.txt"
GAME = FIXTURES / "engine" / "domain-example.json"
JCZ = FIXTURES / "interchange" / "rotated_old_names.xml"
COURIER = "The Courier (Fan Expansion)"

# (command, arguments, exit code); {db} the warehouse copy, {tmp} a fresh folder, {api} a
# fake wiki serving the sample, {bad} a warehouse whose Base Game D count no longer adds up.
CASES: list[tuple[str, list[str], int]] = [
    ("tiles", ["--page", "Base game/ro"], 0),
    ("tiles", ["--page", "No such page"], 2),
    ("rules", ["--page", "Base game/ro"], 0),
    ("rules", ["--page", "No such page"], 2),
    ("scoring-claims", ["--page", "Base game/ro"], 0),
    ("scoring-claims", ["--page", "No such page"], 2),
    ("contents", ["--page", "Base game"], 0),
    ("contents", ["--page", "No such page"], 2),
    ("import", [str(ABBEY)], 0),
    ("import", ["{tmp}/missing.txt"], 2),
    ("build", [], 0),
    ("build", ["--corpus", "{tmp}/missing"], 2),
    ("check", [], 0),
    ("check", ["--db", "{bad}"], 1),
    ("check", ["--db", "{tmp}/none.duckdb"], 2),
    ("status", [], 0),
    ("status", ["--db", "{tmp}/none.duckdb"], 2),
    ("sql", ["SELECT 1"], 0),
    ("sql", ["SELECT 1; SELECT 2"], 2),
    ("draw", ["--tile", "Base Game/D"], 0),
    ("draw", ["--tile", "O"], 2),
    ("score", [str(GAME)], 0),
    ("score", ["{tmp}/missing.json"], 2),
    ("simulate", ["--games", "1"], 0),
    ("simulate", ["--players", "9"], 2),
    ("rules-config", [], 0),
    ("rules-config", ["--bogus"], 2),
    ("engine-config", ["--page", "Base game", "--edition", "C3"], 0),
    ("engine-config", ["--page", COURIER, "--edition", "C2", "--out", "{tmp}/c.json"], 1),
    ("engine-config", ["--page", "Base game", "--edition", "C9"], 2),
    ("export", ["--format", "csv", "--out", "{tmp}/csv"], 0),
    ("export", ["--format", "jcz", "--products", "The Courier", "--out", "{tmp}/c.xml"], 1),
    ("export", ["--format", "csv", "--tables", "nope", "--out", "{tmp}/csv"], 2),
    ("import-shapes", [str(JCZ)], 0),
    ("import-shapes", ["{tmp}/missing.xml"], 2),
    ("extract", ["--page", "Base game", "--lang", "ro", "--api", "{api}", "--throttle", "0"], 0),
    ("extract", ["--page", "No such page", "--api", "{api}", "--throttle", "0"], 1),
    (
        "extract",
        ["--page", "Base game", "--lang", "xx-nope", "--api", "{api}", "--throttle", "0"],
        2,
    ),
    ("fake-wiki", ["-h"], 0),
    ("fake-wiki", ["--port", "99999"], 2),
    ("gen-corpus", ["--out", "{tmp}/corpus", "--pages", "2"], 0),
    ("gen-corpus", ["--out", str(GAME), "--pages", "2"], 2),
    ("report", ["--out", "{tmp}/report"], 0),
    ("report", ["--out", str(GAME)], 2),
    ("diff editions", ["C2", "C3", "--page", "Base game"], 0),
    ("diff editions", ["C2", "C9", "--page", "Base game"], 2),
    ("diff translations", ["--page", "Base game", "--lang", "ro,ro"], 2),
    ("diff translations", ["--page", "Base game", "--lang", "en,ro"], 2),
]
# Arguments that reach the command's body (help is answered before it).
BODY_ARGS = {"fake-wiki": ["--port", "0"]}
# Commands that take no --db.
NO_DB = {"score", "rules-config", "fake-wiki", "gen-corpus", "draw"}


@pytest.fixture(scope="module")
def wiki() -> Iterator[FakeWiki]:
    served = FakeWiki(FakeCorpus(corpus_pages(SAMPLE))).start()
    yield served
    served.stop()


@pytest.fixture
def bad(warehouse: Path, tmp_path: Path) -> Path:
    """A copy of the sample warehouse with Base Game C3's D one copy more than its total."""
    copy = tmp_path / "bad" / "carcdb.duckdb"
    copy.parent.mkdir()
    copy.write_bytes(warehouse.read_bytes())
    with duckdb.connect(str(copy)) as conn:
        conn.execute(
            "UPDATE tiles SET count = count + 1 WHERE title = 'Base game/ro' AND code = 'D' "
            "AND edition = 'C3' AND product = 'Base Game'"
        )
    return copy


def _argv(command: str, args: list[str], values: dict[str, str]) -> list[str]:
    filled = [arg.format(**values) for arg in args]
    if command not in NO_DB and "--db" not in args:
        filled += ["--db", values["db"]]
    return [*command.split(), *filled]


# Successful runs that do a whole command's work (a build, an export, a fake-wiki extraction,
# a report) are covered in the fast lane by their commands' own tests; here they run in the
# full lane only. Every refusal and every "nothing to do" exit stays in the fast lane.
SLOW_SUCCESSES = {"build", "check", "export", "import", "import-shapes", "extract", "report",
                  "diff editions", "engine-config", "gen-corpus", "simulate"}  # fmt: skip


@pytest.mark.parametrize(
    ("command", "args", "code"),
    [
        pytest.param(
            command,
            args,
            code,
            id=f"{command} {code}: {' '.join(args)}",
            marks=pytest.mark.slow if code == 0 and command in SLOW_SUCCESSES else (),
        )
        for command, args, code in CASES
    ],
)
def test_every_command_exits_by_the_policy(
    capsys: pytest.CaptureFixture[str],
    request: pytest.FixtureRequest,
    warehouse: Path,
    tmp_path: Path,
    command: str,
    args: list[str],
    code: int,
) -> None:
    # The altered warehouse and the fake wiki are made only for the cases that name them.
    values = {"db": str(warehouse), "tmp": str(tmp_path)}
    if any("{bad}" in arg for arg in args):
        values["bad"] = str(request.getfixturevalue("bad"))
    if any("{api}" in arg for arg in args):
        values["api"] = request.getfixturevalue("wiki").url
    got = run_app(_argv(command, args, values))
    err = capsys.readouterr().err
    assert got == code, err
    if code == 2:
        assert err.startswith("error: ") and len(err.strip().splitlines()) == 1, err


def _commands() -> dict[str, Any]:
    group: Any = _command()
    found: dict[str, Any] = {}
    for name, command in group.commands.items():
        for sub_name, sub in getattr(command, "commands", {}).items():
            found[f"{name} {sub_name}"] = sub
        if not hasattr(command, "commands"):
            found[name] = command
    return found


def test_the_table_covers_every_command_with_success_and_bad_input() -> None:
    codes: dict[str, set[int]] = {}
    for command, _args, code in CASES:
        codes.setdefault(command, set()).add(code)
    assert set(codes) == set(_commands())
    lacking = {c: n for c, n in codes.items() if not {0, 2} <= n and c != "diff translations"}
    assert lacking == {}


@pytest.mark.parametrize("command", sorted(_commands()))
def test_h_is_help_on_every_command(capsys: pytest.CaptureFixture[str], command: str) -> None:
    assert run_app([*command.split(), "-h"]) == 0
    assert capsys.readouterr().out.startswith(f"Usage: carcdb {command}")


@pytest.mark.parametrize("command", sorted(_commands()))
def test_a_bug_is_70_and_ctrl_c_is_130_on_every_command(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """Each command's body replaced by one that breaks, then by one that gets a real SIGINT:
    the command's own arguments parsed, the one mapping answers."""
    target = _commands()[command]
    first = next(a for c, a, _n in CASES if c == command)
    argv = [*command.split(), *BODY_ARGS.get(command, first)]
    argv = [a.replace("{tmp}", "/nonexistent").replace("{api}", "http://x") for a in argv]

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("an invariant broke")

    def interrupted(*args: object, **kwargs: object) -> None:
        signal.raise_signal(signal.SIGINT)

    monkeypatch.setattr(target, "callback", broken)
    assert run_app(argv) == 70
    assert "internal error: RuntimeError: an invariant broke" in capsys.readouterr().err
    monkeypatch.setattr(target, "callback", interrupted)
    assert run_app(argv) == 130
    assert capsys.readouterr().err.strip() == "interrupted"


def test_shell_completion_is_offered() -> None:
    """Typer's completion protocol, as the installed bash script calls it."""
    env = {**os.environ, "_CARCDB_COMPLETE": "complete_bash", "COMP_CWORD": "2"}
    found = subprocess.run(
        [sys.executable, "-m", "carcdb.pipeline.cli"],
        env={**env, "COMP_WORDS": "carcdb sql --form"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert found.returncode == 0, found.stderr
    assert found.stdout.split() == ["--format"]


def test_diff_translations_names_the_languages_present(
    capsys: pytest.CaptureFixture[str], warehouse: Path, tmp_path: Path
) -> None:
    db = ["--db", str(warehouse)]
    base = ["diff", "translations", "--page", "Base game", *db]
    assert run_app([*base, "--lang", "en,ro"]) == 2
    err = capsys.readouterr().err
    assert "the page is not stored in en; 'Base game' is stored in ro" in err
    assert "e.g. --lang ro" not in err  # one language cannot make a pair
    # a second language (a small English page under the same base title)
    page = tmp_path / "base-en.wiki"
    page.write_text("== Scoring ==\nA completed road scores 1 point per tile.\n", "utf-8")
    assert run_app(["import", str(page), "--title", "Base game/en", "--lang", "en", *db]) == 0
    capsys.readouterr()
    assert run_app([*base, "--lang", "ro,ro"]) == 2
    err = capsys.readouterr().err
    assert "ro given twice" in err and "'Base game' is stored in en, ro (e.g. --lang en,ro)" in err
    assert run_app([*base, "--lang", "de,ro"]) == 2
    assert "fix: pass two of its languages (e.g. --lang en,ro)" in capsys.readouterr().err
    assert run_app([*base, "--lang", "en,ro"]) == 0
