"""A build that changed nothing the checks read reuses their results without running them."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import duckdb
import pytest

import carcdb.pipeline.checks as checks_module
from carcdb.pipeline.checks import Check, run_checks
from carcdb.pipeline.checks.inputs import CheckInputs
from carcdb.pipeline.run.build import build_corpus, check_warehouse
from carcdb.schemas.checks import CheckResult
from carcdb.warehouse.check_state import stored_check_results, stored_check_state
from carcdb.warehouse.connection import read_only, write_transaction
from tests.perf.corpora import write_corpus

PAGE = "{{BeginTileList|tiles=3}}\n{{Tile|image=Base_Game_C3_Tile_{code}.png|count={n}}}\n"


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Every registered check, counting its runs (same names, so the same fingerprint)."""
    counter: Counter[str] = Counter()
    real = checks_module.registered_checks()

    def counted(check: Check) -> Check:
        def run(conn: duckdb.DuckDBPyConnection, inputs: CheckInputs) -> list[CheckResult]:
            counter[check.name] += 1
            return check.run(conn, inputs)

        return Check(check.name, run)

    monkeypatch.setattr(checks_module, "registered_checks", lambda: [counted(c) for c in real])
    return counter


def _corpus(folder: Path, count: int = 3) -> Path:
    pages = [
        (f"Page {n}/de", PAGE.format(code=chr(64 + n), n=count) + f"Text {n}.") for n in (1, 2)
    ]
    return write_corpus(folder, pages)


def test_no_change_rebuild_reuses_the_results(
    tmp_path: Path, db_path: Path, calls: Counter[str]
) -> None:
    corpus = _corpus(tmp_path / "corpus")
    first = build_corpus(db_path, corpus, jobs=0)
    assert not first.checks_reused
    assert set(calls.values()) == {1}
    assert len(calls) == len(checks_module.registered_checks())

    second = build_corpus(db_path, corpus, jobs=0)
    assert second.checks_reused
    assert second.checks_computed_at is not None
    assert set(calls.values()) == {1}  # no check ran again
    assert second.checks == first.checks
    assert second.summary()["checks_reused"] is True
    with read_only(db_path) as conn:
        assert stored_check_results(conn) == first.checks
        state = stored_check_state(conn)
    assert state is not None
    assert (state.results, state.run_id, state.checks_version) == (
        len(first.checks),
        first.run_id,
        checks_module.CHECKS_VERSION,
    )


@pytest.mark.slow
def test_a_changed_page_runs_the_checks_again(
    tmp_path: Path, db_path: Path, calls: Counter[str]
) -> None:
    corpus = _corpus(tmp_path / "corpus")
    build_corpus(db_path, corpus, jobs=0)
    (corpus / "001.wiki").write_text(PAGE.format(code="B", n=5) + "Changed.", "utf-8")
    report = build_corpus(db_path, corpus, jobs=0)
    assert (report.store.revisions_new, report.parse.parsed) == (1, 1)
    assert not report.checks_reused
    assert set(calls.values()) == {2}
    # The fresh results are stored and reused by the next unchanged build.
    again = build_corpus(db_path, corpus, jobs=0)
    assert again.checks_reused
    assert again.checks == report.checks
    assert set(calls.values()) == {2}


@pytest.mark.slow
def test_going_back_to_an_earlier_revision_runs_the_checks_again(
    tmp_path: Path, db_path: Path, calls: Counter[str]
) -> None:
    """Nothing new is stored or parsed, but a page's current revision changes."""
    old, new = _corpus(tmp_path / "old"), _corpus(tmp_path / "new", count=4)
    build_corpus(db_path, old, jobs=0)
    build_corpus(db_path, new, jobs=0)
    report = build_corpus(db_path, old, jobs=0)
    assert (report.store.revisions_new, report.parse.parsed) == (0, 0)
    assert not report.checks_reused
    assert set(calls.values()) == {3}


@pytest.mark.slow
def test_a_checks_version_bump_runs_the_checks_again(
    tmp_path: Path, db_path: Path, calls: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus = _corpus(tmp_path / "corpus")
    build_corpus(db_path, corpus, jobs=0)
    monkeypatch.setattr(checks_module, "CHECKS_VERSION", checks_module.CHECKS_VERSION + 1)
    report = build_corpus(db_path, corpus, jobs=0)
    assert not report.checks_reused
    assert set(calls.values()) == {2}
    with read_only(db_path) as conn:
        state = stored_check_state(conn)
    assert state is not None and state.checks_version == checks_module.CHECKS_VERSION


@pytest.mark.slow
def test_carcdb_check_always_runs_and_a_partial_run_is_not_reused(
    tmp_path: Path, db_path: Path, calls: Counter[str]
) -> None:
    corpus = _corpus(tmp_path / "corpus")
    build_corpus(db_path, corpus, jobs=0)
    results = check_warehouse(db_path)
    assert set(calls.values()) == {2}
    assert build_corpus(db_path, corpus, jobs=0).checks == results  # reused
    assert set(calls.values()) == {2}

    with write_transaction(db_path) as conn:
        run_checks(conn, checks_module.registered_checks()[:1])
    assert set(calls.values()) == {2, 3}
    report = build_corpus(db_path, corpus, jobs=0)
    assert not report.checks_reused
    assert report.checks == results
    assert len(calls) == len(checks_module.registered_checks())


@pytest.mark.slow
def test_results_deleted_by_hand_are_not_reused(
    tmp_path: Path, db_path: Path, calls: Counter[str]
) -> None:
    corpus = _corpus(tmp_path / "corpus")
    first = build_corpus(db_path, corpus, jobs=0)
    with write_transaction(db_path) as conn:
        conn.execute("DELETE FROM check_results WHERE position = 0").fetchall()
    report = build_corpus(db_path, corpus, jobs=0)
    assert not report.checks_reused
    assert report.checks == first.checks
