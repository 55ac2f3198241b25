"""Run a documented command session on the bundled sample, as a reader would in a checkout."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import shutil
import struct
import subprocess
import sys
import termios
from pathlib import Path

from tests.docs.shown import ROOT, Session

# What a session's commands may read from the checkout, by the paths the docs use.
LINKED = ("pipeline", "tests")
# A terminal as wide as piped tables are laid out.
COLUMNS = 160
STYLE = re.compile("\x1b\\[[0-9;]*m")


def workdir(base: Path, sample_db: Path, session: Session) -> Path:
    """A folder like a checkout after `make run`: the sample warehouse in data/; for a session
    that starts by building or importing, a fresh checkout (no warehouse)."""
    work = base / "work"
    work.mkdir()
    for name in LINKED:
        (work / name).symlink_to(ROOT / name)
    if not session.steps[0].command.startswith(("carcdb build", "carcdb import")):
        (work / "data").mkdir()
        shutil.copyfile(sample_db, work / "data" / "carcdb.duckdb")
    return work


def _env() -> dict[str, str]:
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "NO_COLOR": "1",
        "TERM": "dumb",
    }
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "COLUMNS", "LINES"):
        env.pop(name, None)
    return env


def run_step(command: str, work: Path) -> str:
    """What the command prints, standard output and error in the order written, piped (as
    the docs' outputs were taken: tables laid out for 160 columns, messages unwrapped, no
    progress display)."""
    done = subprocess.run(
        ["bash", "-c", command],
        cwd=work,
        env=_env(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=600,
        check=False,
    )
    return done.stdout


def run_on_terminal(command: str, work: Path) -> str:
    """What the command prints with its standard output on a terminal (a pseudo-terminal
    `COLUMNS` wide: a table is drawn where piped output is tab-separated), then its standard
    error, piped (no progress display)."""
    primary, secondary = pty.openpty()
    fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 50, COLUMNS, 0, 0))
    child = subprocess.Popen(
        ["bash", "-c", command],
        cwd=work,
        env={**_env(), "COLUMNS": str(COLUMNS), "TERM": "xterm"},  # (rich: not by stdin)
        stdin=subprocess.DEVNULL,
        stdout=secondary,
        stderr=subprocess.PIPE,
    )
    os.close(secondary)
    chunks: list[bytes] = []
    while True:
        try:
            chunk = os.read(primary, 65536)
        except OSError:  # the terminal closed: the command is done
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(primary)
    assert child.stderr is not None
    errors = child.stderr.read()
    child.stderr.close()
    child.wait(timeout=600)
    text = (b"".join(chunks) + errors).decode("utf-8").replace("\r\n", "\n")
    return STYLE.sub("", text)  # bold headers: what a reader sees is the text
