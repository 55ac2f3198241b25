"""Shared fixtures: the bundled sample corpus and fresh warehouse paths."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from carcdb.pipeline.extract.corpus import sample_corpus_dir
from tests.lanes import examples

# Properties that name no example count of their own: hypothesis's 100, fewer in the fast lane.
# No per-example deadline and no "too slow" health check: tests never assert wall-clock times, and
# on a shared 2-core machine the first example of a property (imports, caches) can take 300 ms and
# fail CI as "flaky".
settings.register_profile(
    "carcdb",
    max_examples=examples(100),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("carcdb")

SAMPLE = sample_corpus_dir()
FIXTURES = Path(__file__).parent / "fixtures"
ROOT = Path(__file__).resolve().parent.parent


def in_ci() -> bool:
    """CI sets CI=true (.ci/run too): there a test may not skip because a tool is missing."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "wh" / "carcdb.duckdb"


@pytest.fixture(scope="session")
def sample_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One warehouse built from the bundled sample, shared read-only by many tests."""
    from carcdb.pipeline.run.build import build_corpus

    path = tmp_path_factory.mktemp("sample") / "carcdb.duckdb"
    build_corpus(path)
    return path


@pytest.fixture
def warehouse(sample_db: Path, tmp_path: Path) -> Path:
    """A private copy of the sample warehouse (built once per session)."""
    copy = tmp_path / "wh" / "carcdb.duckdb"
    copy.parent.mkdir()
    shutil.copyfile(sample_db, copy)
    return copy


def _contents_tables(terminalreporter: pytest.TerminalReporter) -> None:
    """The Contents reader's score per half when its corpus test ran: a test's own output is
    not shown from pytest-xdist's workers, and `make test` shows these figures."""
    corpus_test = "tests/contents/test_corpus.py::test_half_reaches_its_bar"
    ran = any(
        getattr(report, "nodeid", "").startswith(corpus_test)
        for reports in terminalreporter.stats.values()
        for report in reports
    )
    if not ran:
        return
    from tests.contents.real_contents import HALVES, scores, table

    terminalreporter.section("Contents items read from the real corpus, per half")
    for half in HALVES:
        terminalreporter.write_line(table(scores(half), half))


DUCKDB14_VENV = Path(os.environ.get("CARCDB_DUCKDB14_VENV", ROOT / ".venv-duckdb14"))


@pytest.fixture(scope="session")
def duckdb14() -> Path:
    """The python of a venv with DuckDB 1.4, the oldest carcdb supports (`make duckdb14`,
    made here when missing): one process cannot load two DuckDB versions."""
    python = DUCKDB14_VENV / "bin" / "python"
    if not python.exists():
        try:
            subprocess.run(
                [sys.executable, "-m", "venv", str(DUCKDB14_VENV)], check=True, timeout=300
            )
            subprocess.run(
                [str(python), "-m", "pip", "install", "-q", "duckdb==1.4.*"],
                check=True,
                timeout=900,
            )
        except (subprocess.SubprocessError, OSError) as exc:
            if in_ci():
                pytest.fail(f"cannot create the DuckDB 1.4 venv {DUCKDB14_VENV}: {exc}")
            pytest.skip(f"no DuckDB 1.4 venv at {DUCKDB14_VENV} and it could not be made: {exc}")
    return python


def _recorded_tables(terminalreporter: pytest.TerminalReporter) -> None:
    """Print what tests recorded as `corpus_tables` (the real-text corpus's recall and
    precision per half and language): recorded properties travel from xdist workers with their
    reports, which printing from inside a worker does not."""
    printed: set[str] = set()
    for reports in terminalreporter.stats.values():
        for report in reports:
            for name, value in getattr(report, "user_properties", ()):
                if name == "corpus_tables" and value not in printed:
                    printed.add(value)
                    terminalreporter.write_sep("-", "real-text corpus: scoring claims")
                    terminalreporter.write_line(str(value))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The real-text corpora's tables (scoring claims, box contents) at the end of a run."""
    _recorded_tables(terminalreporter)
    _contents_tables(terminalreporter)
