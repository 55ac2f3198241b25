"""While the parse workers run, a build's DuckDB connection gets the cores they leave; the
checks, after the workers, get DuckDB's default again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import duckdb
import pytest

from pipeline import build as build_module
from pipeline.checks import checks_for_build
from pipeline.parse_runner import parse_pending
from pipeline.synth import generate_corpus


def _threads(conn: duckdb.DuckDBPyConnection) -> int:
    row = conn.execute("SELECT current_setting('threads')").fetchone()
    assert row is not None
    return int(row[0])


def test_duckdb_threads_leave_the_workers_cores_then_come_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, int] = {}
    real_checks = checks_for_build

    def parse_recording(conn: duckdb.DuckDBPyConnection, **kwargs: Any) -> Any:
        seen["parse"] = _threads(conn)
        return parse_pending(conn, **kwargs)

    def checks_recording(conn: duckdb.DuckDBPyConnection, **kwargs: Any) -> Any:
        seen["checks"] = _threads(conn)
        return real_checks(conn, **kwargs)

    monkeypatch.setattr(build_module, "default_jobs", lambda: 4)
    monkeypatch.setattr(build_module, "parse_pending", parse_recording)
    monkeypatch.setattr(build_module, "checks_for_build", checks_recording)
    corpus = tmp_path / "corpus"
    generate_corpus(corpus, pages=2, langs=1, seed=3)
    report = build_module.build_corpus(tmp_path / "w.duckdb", corpus, jobs=1)
    assert report.parse.parsed == 2
    with duckdb.connect() as fresh:
        default = _threads(fresh)
    assert seen == {"parse": 3, "checks": default}
