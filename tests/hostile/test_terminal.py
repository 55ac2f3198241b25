"""Wiki text cannot drive a terminal (docs/hardening.md, Terminals): control characters in what
`rules`, `tiles`, `scoring-claims` and `sql` print are escaped. Text for people (tables, messages)
is escaped wherever it goes (`| less` hands it to a terminal too); data for scripts (`sql` TSV, CSV,
JSON, every `--json`) is escaped on a terminal and written as stored to a pipe."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.cli.output import (
    err_console,
    escape_controls,
    escape_json_controls,
    escape_line,
)
from tests.conftest import SAMPLE
from tests.hostile.conftest import one_line

# Clear the screen, set the window title, a C1 CSI, a colour, and a right-to-left override.
EVIL = "\x1b[2J\x1b]0;pwned\x07\x9b2J\x1b[31m\u202eevil"
RAW = ("\x1b[2J", "\x1b]0;", "\x07", "\x9b", "\u202e")
ESCAPED = "\\x1b[2J\\x1b]0;pwned\\x07\\x9b2J\\x1b[31m\\u202eevil"
CARCDB = [sys.executable, "-m", "carcdb.pipeline.cli"]


class Terminal(io.StringIO):
    """A standard stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_escaping_covers_c0_c1_escape_sequences_and_bidi_controls() -> None:
    assert escape_controls(EVIL) == ESCAPED
    assert escape_controls("tab\tnew\nline, é, 中, ✓") == "tab\tnew\nline, é, 中, ✓"
    assert escape_controls("\r\x00\x7f\u2066\u061c") == "\\x0d\\x00\\x7f\\u2066\\u061c"
    as_json = escape_json_controls(json.dumps(EVIL, ensure_ascii=False))
    assert not any(raw in as_json for raw in RAW) and json.loads(as_json) == EVIL


@pytest.fixture(scope="module")
def evil_db(sample_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample plus a page whose rule and scoring texts hold `EVIL`, and a tile list whose
    product name does (stored as a file import and a direct write could store them)."""
    folder = tmp_path_factory.mktemp("evil")
    db = folder / "carcdb.duckdb"
    shutil.copyfile(sample_db, db)
    body = (SAMPLE / "002_bf3e05963fce1bff.txt").read_text("utf-8").split("\n", 2)[2]
    page = folder / "evil.wiki"
    page.write_text(body.replace("puncte", "puncte" + EVIL), "utf-8")
    assert run_app(["import", str(page), "--title", "Evil game/ro", "--db", str(db), "-q"]) == 0
    with duckdb.connect(str(db)) as conn:
        conn.execute("UPDATE tiles SET product = ? WHERE title = 'Evil game/ro'", [EVIL])
    return db


RULES_SQL = "SELECT text FROM rules WHERE contains(text, chr(27)) LIMIT 3"
# Text for people, then data for scripts.
TABLES = {
    "rules": ["rules", "--page", "Evil game/ro"],
    "scoring-claims": ["scoring-claims", "--page", "Evil game/ro"],
    "tiles": ["tiles", "--page", "Evil game/ro"],
}
DATA = {
    "sql": ["sql", RULES_SQL],
    "sql-csv": ["sql", RULES_SQL, "--csv"],
    "sql-json": ["sql", RULES_SQL, "--json"],
    "sql-jsonl": ["sql", RULES_SQL, "--jsonl"],
    "tiles-json": ["tiles", "--page", "Evil game/ro", "--json"],
    "rules-json": ["rules", "--page", "Evil game/ro", "--json"],
}
COMMANDS = {**TABLES, **DATA}


def _strings(data: object) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        data = list(data.values())
    return [text for item in data for text in _strings(item)] if isinstance(data, list) else []


def _run(args: list[str], capsys: pytest.CaptureFixture[str], stdout: io.StringIO | None) -> str:
    with pytest.MonkeyPatch.context() as patch:
        if stdout is not None:
            patch.setattr(sys, "stdout", stdout)
        assert run_app(args) == 0
    printed = capsys.readouterr().out
    return printed if stdout is None else stdout.getvalue()


@pytest.mark.parametrize("command", COMMANDS)
def test_wiki_text_is_escaped_on_a_terminal(
    command: str, evil_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shown = _run([*COMMANDS[command], "--db", str(evil_db)], capsys, Terminal())
    assert not any(raw in shown for raw in RAW), command
    if "json" in command:
        assert "\\u001b[2J" in shown and "\\u009b" in shown and "\\u202e" in shown
        assert any(EVIL in text for text in _strings(json.loads(shown.splitlines()[0]
                   if command.endswith("jsonl") else shown)))  # fmt: skip
    else:  # (a table may fold the escapes, so only the start of one is looked for)
        assert "\\x1b" in shown


@pytest.mark.parametrize("command", TABLES)
def test_tables_are_escaped_in_a_pipe_too(
    command: str, evil_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    piped = _run([*COMMANDS[command], "--db", str(evil_db)], capsys, None)
    assert not any(raw in piped for raw in RAW) and "\\x1b" in piped


@pytest.mark.parametrize("command", DATA)
def test_data_in_a_pipe_is_the_stored_text(
    command: str, evil_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    piped = _run([*COMMANDS[command], "--db", str(evil_db)], capsys, None)
    if "json" in command:
        lines = piped.splitlines() if command.endswith("jsonl") else [piped]
        assert any(EVIL in text for line in lines for text in _strings(json.loads(line)))
        assert "\u202e" in piped and "\x9b" in piped  # what JSON leaves raw, a pipe gets raw
    else:
        assert EVIL in piped


def test_an_error_line_is_escaped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    code = run_app(["status", "--db", str(tmp_path / f"{EVIL}.duckdb")])  # no warehouse there
    assert code == 2
    line = one_line(terminal.getvalue())
    assert not any(raw in line for raw in RAW) and "\\x1b[2J" in line


def _on_a_pty(args: list[str]) -> tuple[int, bytes]:
    import pty

    leader, follower = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(Path.cwd()), "COLUMNS": "200"}
    child = subprocess.Popen([*CARCDB, *args], stdout=follower, stderr=follower, env=env)
    os.close(follower)
    out = b""
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:  # the child closed its end
            break
        if not data:
            break
        out += data
    os.close(leader)
    return child.wait(timeout=120), out


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
@pytest.mark.parametrize("command", ["rules", "scoring-claims", "tiles", "sql"])
def test_a_real_terminal_gets_escapes_and_a_pipe_the_stored_data(
    command: str, evil_db: Path
) -> None:
    args = [*COMMANDS[command], "--db", str(evil_db)]
    code, shown = _on_a_pty(args)
    assert code == 0, shown
    assert not any(raw.encode() in shown for raw in RAW), shown[:2000]
    assert b"\\x1b" in shown
    env = {**os.environ, "PYTHONPATH": str(Path.cwd())}
    piped = subprocess.run([*CARCDB, *args], capture_output=True, env=env, check=True).stdout
    if command in DATA:  # TSV: the stored bytes
        assert EVIL.encode() in piped
    else:
        assert not any(raw.encode() in piped for raw in RAW) and b"\\x1b" in piped


def test_emoji_codes_and_line_breaks_in_titles_print_as_written(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """rich replaced emoji codes in every printed text: the refused page 'Template:X' before
    ': reason' printed 'Template❌ reason'. A title with a newline (a hostile listing's) started
    a line of its own in `extract`'s one-line-per-page report."""
    err_console.print("failed: Template:X: sha1 :smile: :a:", markup=False)
    assert capsys.readouterr().err == "failed: Template:X: sha1 :smile: :a:\n"
    assert escape_line("A\nfailed: B\t\x1b") == "A\\nfailed: B\\t\\x1b"
