"""Exit codes (docs/hardening.md): 70 only for a bug in carcdb; a fault of the input or of the
environment is 2 with one line; a closed pipe ends quietly with 141 (128 + SIGPIPE, what a
shell reports for `yes | head -1`), never 1, which means "checks failed".

Device nodes are made with `mknod` in the test's folder (1,7 is what /dev/full is), never the
system's own.
"""

from __future__ import annotations

import errno
import io
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from carcdb.pipeline.cli.app import EXIT_BROKEN_PIPE, run_app
from tests.hostile.conftest import Run, one_line

CARCDB = [sys.executable, "-m", "carcdb.pipeline.cli"]


class _Failing(io.StringIO):
    """A standard output whose writes fail like a closed pipe or a full disk."""

    def __init__(self, error: OSError) -> None:
        super().__init__()
        self.error = error

    def write(self, text: str) -> int:
        raise self.error

    def flush(self) -> None:
        raise self.error


@pytest.mark.parametrize("args", [["-h"], ["sql", "-h"], ["export", "-h"]])
def test_dash_h_is_help(cli: Run, args: list[str]) -> None:
    outcome = cli(*args)
    assert outcome.code == 0 and outcome.out.startswith("Usage: carcdb")


@pytest.mark.parametrize(
    ("args", "expect"),
    [
        (["fake-wiki", "--port", "70000"], "'--port'"),
        (["fake-wiki", "--port", "-1"], "'--port'"),
        (["sql", "--bogus", "x"], "No such option: --bogus"),
        (["no-such-command"], "No such command"),
        (["export", "-f", "xml", "-o", "x"], "'--format'"),
    ],
)
def test_a_usage_error_is_one_line_exit_2(cli: Run, args: list[str], expect: str) -> None:
    outcome = cli(*args)
    assert outcome.code == 2
    line = one_line(outcome.err)
    assert expect in line and "fix: see carcdb" in line, line


@pytest.mark.parametrize(
    "command",
    [["sql", "SELECT * FROM range(10)"], ["rules", "--page", "Base game/ro"], ["status"],
     ["status", "--json"], ["-h"], ["sql", "-h"]],
)  # fmt: skip
def test_a_closed_pipe_ends_quietly(
    warehouse: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    command: list[str],
) -> None:  # fmt: skip
    """Whatever writes (print, rich's tables, click's help), a closed pipe is 141, not the
    exit 1 rich and click would each give."""
    monkeypatch.setattr(sys, "stdout", _Failing(BrokenPipeError(errno.EPIPE, "Broken pipe")))
    extra = [] if "-h" in command else ["--db", str(warehouse)]
    assert run_app([*command, *extra]) == EXIT_BROKEN_PIPE
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("command", [["rules-config"], ["sql", "SELECT * FROM range(10)"]])
def test_a_full_disk_under_stdout_is_one_line_exit_2(
    warehouse: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: list[str],
) -> None:
    monkeypatch.setattr(sys, "stdout", _Failing(OSError(errno.ENOSPC, "No space left on device")))
    extra = ["--db", str(warehouse)] if command[0] == "sql" else []
    assert run_app([*command, *extra]) == 2
    assert "No space left on device" in one_line(capsys.readouterr().err)


def test_a_warehouse_path_too_long_is_one_line(cli: Run) -> None:
    outcome = cli("check", "--db", "/tmp/" + "d" * 300 + "/w.duckdb")
    assert outcome.code == 2 and "the path is too long" in one_line(outcome.err)


def _env(**extra: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(Path.cwd()), **extra}


@pytest.mark.slow
def test_a_real_closed_pipe_ends_quietly(warehouse: Path) -> None:
    """`carcdb sql ... | head -1` (the reader leaves after one line), and a reader that
    leaves before rich prints a table (`carcdb rules ... | true`)."""
    for command, first in ((["sql", "SELECT * FROM range(1000000)"], b"range\n"),
                           (["rules", "--page", "Base game/ro"], None)):  # fmt: skip
        _read_and_leave([*command, "--db", str(warehouse)], first)


def _read_and_leave(args: list[str], first: bytes | None) -> None:
    child = subprocess.Popen([*CARCDB, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=_env())  # fmt: skip
    assert child.stdout is not None and child.stderr is not None
    if first is not None:
        assert child.stdout.readline() == first
    child.stdout.close()
    with child.stderr:
        err = child.stderr.read()
    assert child.wait(timeout=120) == EXIT_BROKEN_PIPE and err == b""


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "mknod"), reason="device nodes are POSIX")
@pytest.mark.parametrize(
    "command", [["rules-config"], ["sql", "SELECT * FROM range(100000)"], ["draw", "--all", "-h"]]
)
def test_stdout_on_a_full_device_is_one_line_exit_2(
    warehouse: Path, tmp_path: Path, command: list[str]
) -> None:
    full = tmp_path / "full"
    os.mknod(full, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    extra = ["--db", str(warehouse)] if command[0] == "sql" else []
    with full.open("w") as stdout:
        done = subprocess.run([*CARCDB, *command, *extra], stdout=stdout, stderr=subprocess.PIPE,
                              env=_env(), text=True, timeout=120, check=False)  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "No space left on device" in one_line(done.stderr)


@pytest.mark.slow
def test_a_closed_stdin_is_one_line_exit_2() -> None:
    done = subprocess.run([*CARCDB, "score", "-"], capture_output=True, text=True, env=_env(),
                          preexec_fn=lambda: os.close(0), timeout=120, check=False)  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "standard input is closed" in one_line(done.stderr)


@pytest.mark.slow
def test_a_closed_stdout_writes_nowhere(warehouse: Path) -> None:
    done = subprocess.run([*CARCDB, "status", "--db", str(warehouse)], capture_output=False,
                          stderr=subprocess.PIPE, text=True, env=_env(),
                          preexec_fn=lambda: os.close(1), timeout=120, check=False)  # fmt: skip
    assert (done.returncode, done.stderr) == (0, "")


@pytest.mark.slow
@pytest.mark.parametrize(
    "command",
    [["sql", "SELECT 'René ✓ 中' AS n"], ["sql", "SELECT 'René' AS n", "--json"],
     ["rules", "--page", "Base game/ro"], ["scoring-claims", "--page", "Base game/ro", "--json"]],
)  # fmt: skip
def test_an_output_encoding_that_cannot_hold_the_text_escapes_it(
    warehouse: Path, command: list[str]
) -> None:
    done = subprocess.run([*CARCDB, *command, "--db", str(warehouse)], capture_output=True,
                          timeout=120,
                          env=_env(PYTHONIOENCODING="ascii"), check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.isascii() and (b"\\x" in done.stdout or b"\\u" in done.stdout)
