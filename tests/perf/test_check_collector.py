"""`run_checks` runs the checks with the cyclic garbage collector paused, and restores it."""

from __future__ import annotations

import gc
import shutil
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest

from pipeline.checks import Check, run_checks
from pipeline.checks.collector import collector_paused
from pipeline.checks.inputs import CheckInputs
from schemas.checks import CheckResult, CheckStatus


@pytest.fixture
def conn(sample_db: Path, tmp_path: Path) -> Iterator[duckdb.DuckDBPyConnection]:
    copy = tmp_path / "carcdb.duckdb"
    shutil.copy(sample_db, copy)
    connection = duckdb.connect(str(copy))
    yield connection
    connection.close()


@pytest.fixture
def collector_on() -> Iterator[None]:
    was_enabled = gc.isenabled()
    gc.enable()
    yield
    if not was_enabled:
        gc.disable()


def _recording(seen: list[bool]) -> Check:
    def run(conn: duckdb.DuckDBPyConnection, inputs: CheckInputs) -> list[CheckResult]:
        seen.append(gc.isenabled())
        pages = conn.execute("SELECT count(*) FROM pages").fetchone()
        return [
            CheckResult(
                check="collector",
                scope="pages",
                status=CheckStatus.PASS,
                severity="error",
                message=f"{pages[0] if pages else 0} pages",
            )
        ]

    return Check("collector", run)


def test_checks_run_paused_and_the_collector_is_back_after(
    conn: duckdb.DuckDBPyConnection, collector_on: None
) -> None:
    seen: list[bool] = []
    results = run_checks(conn, [_recording(seen)])
    assert seen == [False]
    assert gc.isenabled()
    assert [r.check for r in results] == ["collector"]
    stored = conn.execute("SELECT count(*) FROM check_results").fetchone()
    assert stored == (1,)


def test_a_failing_check_still_restores_the_collector(
    conn: duckdb.DuckDBPyConnection, collector_on: None
) -> None:
    def broken(conn: duckdb.DuckDBPyConnection, inputs: CheckInputs) -> list[CheckResult]:
        raise ZeroDivisionError("a bug in a check")

    with pytest.raises(ZeroDivisionError):
        run_checks(conn, [Check("broken", broken)])
    assert gc.isenabled()


def test_a_collector_switched_off_by_the_caller_stays_off(collector_on: None) -> None:
    gc.disable()
    with collector_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()
    gc.enable()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
