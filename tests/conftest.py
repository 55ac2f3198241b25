"""Shared fixtures: the bundled sample corpus and fresh warehouse paths."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from pipeline.extract.corpus import sample_corpus_dir
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
    from pipeline.run.build import build_corpus

    path = tmp_path_factory.mktemp("sample") / "carcdb.duckdb"
    build_corpus(path)
    return path


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
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
