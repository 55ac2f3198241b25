"""The hostile-input corpus: every refused input leaves the warehouse exactly as it was.

`refused(...)` runs one CLI command on a copy of the sample warehouse and checks the three
promises: the exit code, one line on stderr and no traceback, and an unchanged warehouse (a
digest of every table, the `runs` log included).
"""

from __future__ import annotations

import faulthandler
import filecmp
import os
import subprocess
import sys
from collections.abc import Callable, Container, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from benchmarks.digest import TableDigest, table_digests
from carcdb.pipeline.cli.app import run_app
from tests.conftest import ROOT


@dataclass(frozen=True)
class Outcome:
    code: int
    out: str
    err: str


Run = Callable[..., Outcome]


@pytest.fixture(scope="session")
def sample_digests(sample_db: Path) -> dict[str, TableDigest]:
    """The digest of every table of the sample warehouse, computed once per session."""
    return table_digests(sample_db, everything=True)


def holds_the_sample(
    warehouse: Path, sample_db: Path, sample_digests: dict[str, TableDigest]
) -> bool:
    """Whether `warehouse` holds what the sample warehouse holds: a byte copy of the sample's
    file with no write-ahead log beside it needs no digest (the digest of every table is the
    expensive part of a refusal test); any other file is digested and compared."""
    wal = warehouse.with_name(warehouse.name + ".wal")
    if not wal.exists() and filecmp.cmp(warehouse, sample_db, shallow=False):
        return True
    return table_digests(warehouse, everything=True) == sample_digests


def _stat(path: Path) -> tuple[int, int]:
    found = path.stat()
    return found.st_size, found.st_mtime_ns


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Run:
    def run(*args: str) -> Outcome:
        code = run_app(list(args))
        out, err = capsys.readouterr()
        return Outcome(code, out, err)

    return run


def matrix(
    firsts: Iterable[str],
    seconds: Iterable[str],
    fast: Container[tuple[str, str]],
    label: Callable[[str], str] = str,
) -> list[Any]:
    """Every (first, second) pair as a test parameter: the `fast` ones in `make test`, the
    others marked slow (`make test-all`); `label` names a second in the test's id."""
    return [
        pytest.param(
            first,
            second,
            id=f"{first}-{label(second)}",
            marks=() if (first, second) in fast else pytest.mark.slow,
        )
        for first in firsts
        for second in list(seconds)
    ]


def one_line(err: str) -> str:
    """The single line of an error message (asserting there is exactly one, no traceback)."""
    assert "Traceback" not in err, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    return lines[0]


@pytest.fixture
def refused(
    cli: Run, warehouse: Path, sample_db: Path, sample_digests: dict[str, TableDigest]
) -> Callable[..., str]:
    """Run `carcdb ARGS --db WAREHOUSE`; assert exit 2, one line, nothing written. Returns the
    line."""
    untouched = _stat(warehouse)

    def check(*args: str, code: int = 2) -> str:
        # A byte copy of the sample not written since (no write-ahead log either) has the
        # sample's digests.
        wal = warehouse.with_name(warehouse.name + ".wal")
        sample = _stat(warehouse) == untouched and not wal.exists()
        before = sample_digests if sample else table_digests(warehouse, everything=True)
        outcome = cli(*args, "--db", str(warehouse))
        assert outcome.code == code, outcome
        line = one_line(outcome.err)
        if sample:
            assert holds_the_sample(warehouse, sample_db, sample_digests)
        else:
            assert table_digests(warehouse, everything=True) == before
        return line

    return check


CARCDB = [sys.executable, "-m", "carcdb.pipeline.cli"]


def bounded_cli(
    *args: str, seconds: float = 120, memory_mb: int = 1024, env: dict[str, str] | None = None
) -> Outcome:
    """Run `carcdb ARGS` in a child process that may use `memory_mb` of address space
    (`RLIMIT_AS`) and `seconds` of time: the watchdog of a hostile input that used to hang or
    to take all memory. Ran past its time: the test fails; past its memory: carcdb's
    MemoryError exits 70, which no hostile-input test expects."""

    def limit() -> None:
        import resource

        size = memory_mb << 20
        resource.setrlimit(resource.RLIMIT_AS, (size, size))

    try:
        done = subprocess.run(
            [*CARCDB, *args],
            capture_output=True,
            text=True,
            timeout=seconds,
            preexec_fn=limit,
            env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"carcdb {' '.join(args)[:200]} ran past its {seconds:g}s watchdog")
    return Outcome(done.returncode, done.stdout, done.stderr)


@contextmanager
def watchdog(seconds: float) -> Iterator[None]:
    """An in-process watchdog (a thread timer): a block that runs past `seconds` ends the
    test process with every thread's traceback, so a hang fails the run instead of stalling
    it."""
    # (pytest captures sys.stderr: the process's own stream has a file descriptor)
    faulthandler.dump_traceback_later(seconds, exit=True, file=sys.__stderr__ or 2)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()
