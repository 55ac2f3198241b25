"""Parallel parsing: any number of workers gives the same rows; the guards stop bad pages."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from carcdb.pipeline import checks
from carcdb.pipeline.errors import InputError
from carcdb.pipeline.extract.corpus import read_corpus, read_sources
from carcdb.pipeline.parse.document import RevisionText
from carcdb.pipeline.progress import NoProgress
from carcdb.pipeline.run import parse_runner
from carcdb.pipeline.run import session as session_module
from carcdb.pipeline.run.build import build_corpus, store_and_parse
from carcdb.pipeline.run.page_parse import PageFailure, PageRows, ParseLimits
from carcdb.pipeline.run.workers import StageBugError, WorkerPool
from carcdb.pipeline.synth import generate_corpus
from carcdb.warehouse.connection import read_only, write_transaction
from carcdb.warehouse.queries import status
from tests.perf.corpora import write_corpus
from tests.perf.stages import BUG, COUNT_STAGE, DIE, HOG, SLEEP, TABLE, create_table


@pytest.fixture
def counting(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the template-counting stage (workers receive the stage list from the parent)."""
    monkeypatch.setattr(parse_runner, "registered_stages", lambda: [COUNT_STAGE])


def _prepared(db: Path) -> Path:
    with write_transaction(db) as conn:
        create_table(conn)
    return db


def _rows(db: Path) -> list[tuple[object, ...]]:
    with read_only(db) as conn:
        return sorted(
            conn.execute(f"SELECT revision_key, title, name, uses FROM {TABLE}").fetchall()
        )


@pytest.mark.slow
@pytest.mark.usefixtures("counting")
def test_any_number_of_jobs_gives_the_same_rows(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    generate_corpus(corpus, pages=3, langs=2, seed=5)
    rows = {}
    for jobs in (0, 1, 2):
        db = _prepared(tmp_path / f"jobs{jobs}.duckdb")
        report = build_corpus(db, corpus, jobs=jobs)
        assert report.parse.parsed == 6
        assert report.parse.jobs == jobs
        assert report.parse.rows[TABLE] > 0
        # Every page's parse was timed (in whichever process parsed it) and summed.
        assert 0 < report.parse.tree_seconds < max(1, jobs) * report.parse.seconds
        rows[jobs] = _rows(db)
    assert len({key for key, *_ in rows[0]}) == 6
    assert rows[0] == rows[1] == rows[2]


@pytest.mark.slow
@pytest.mark.usefixtures("counting")
def test_guards_turn_pathological_pages_into_findings(tmp_path: Path) -> None:
    corpus = write_corpus(
        tmp_path / "corpus",
        [
            ("Good A", "{{Tile|count=1}} text {{Tile|count=2}}"),
            ("Sleepy", f"{SLEEP} {{{{X}}}}"),
            ("Good B", "{{A}}{{B}}"),
            ("Hog", f"{HOG} {{{{X}}}}"),
            ("Dies", f"{DIE} {{{{X}}}}"),
            ("Good C", "no templates at all"),
        ],
    )
    db = _prepared(tmp_path / "wh.duckdb")
    limits = ParseLimits(seconds_per_page=3.0, memory_mb=1024)
    report = build_corpus(db, corpus, jobs=2, limits=limits)
    assert report.parse.parsed == 6
    assert report.parse.failed == 3
    with read_only(db) as conn:
        guarded = dict(
            conn.execute("SELECT title, code FROM findings WHERE stage = 'parse'").fetchall()
        )
        info = conn.execute("SELECT title, code FROM findings WHERE stage = 'perf'").fetchall()
        parsed = conn.execute("SELECT count(*) FROM parsed_revisions").fetchall()[0][0]
    assert guarded == {"Sleepy": "parse.timeout", "Hog": "parse.memory", "Dies": "parse.crashed"}
    assert {title for _, title, _, _ in _rows(db)} == {"Good A", "Good B"}
    assert info == [("Good C", "perf.no_templates")]
    assert parsed == 6
    # The stopped pages are marked parsed: the next build does not hang on them again.
    again = build_corpus(db, corpus, jobs=2, limits=limits)
    assert (again.parse.parsed, again.files_unchanged) == (0, 6)


@pytest.mark.slow
@pytest.mark.usefixtures("counting")
def test_a_stage_bug_crashes_and_leaves_the_warehouse_as_it_was(tmp_path: Path) -> None:
    db = _prepared(tmp_path / "wh.duckdb")
    build_corpus(db, write_corpus(tmp_path / "one", [("Page", "{{A}}")]), jobs=1)
    with read_only(db) as conn:
        before = status(conn)["table_rows"]
    broken = write_corpus(tmp_path / "two", [("Page", "{{A}}"), ("Other", f"{BUG} {{{{A}}}}")])
    with pytest.raises(StageBugError, match="a bug in a stage"):
        build_corpus(db, broken, jobs=1)
    with read_only(db) as conn:
        assert status(conn)["table_rows"] == before


@pytest.mark.slow
def test_pages_sent_to_a_worker_that_has_just_died_go_to_its_replacement() -> None:
    def revision(title: str, text: str) -> RevisionText:
        return RevisionText(f"sha:{title}", title, title, "en", text)

    def source() -> Iterator[RevisionText]:
        yield revision("Dies", f"{DIE} {{{{X}}}}")
        # The worker dies before the next page is sent to it, so the send hits a closed pipe
        # (waited for: a fixed sleep let a slow machine send before the worker was gone).
        pool._workers[0].process.join(30)
        yield revision("Good A", "{{A}}")
        yield revision("Good B", "{{B}}")

    with WorkerPool([COUNT_STAGE], 1, ParseLimits(seconds_per_page=10.0)) as pool:
        results = list(pool.parse(source()))
    failures = [r for r in results if isinstance(r, PageFailure)]
    assert [(f.revision.title, f.reason) for f in failures] == [("Dies", "crashed")]
    assert sorted(r.revision_key for r in results if isinstance(r, PageRows)) == [
        "sha:Good A",
        "sha:Good B",
    ]


def test_a_broken_file_stops_the_build_and_the_workers_started_for_it(tmp_path: Path) -> None:
    """Workers start while the files are read; a file that cannot be read still stops the
    run with nothing written, and no worker is left running."""
    corpus = write_corpus(tmp_path / "corpus", [("Good", "{{Tile|count=1}}"), ("Bad", "x")])
    (corpus / "001.wiki").write_bytes(b"\xff\xfe not utf-8 \xff")
    db = tmp_path / "wh.duckdb"
    with pytest.raises(InputError, match=r"001\.wiki"):
        build_corpus(db, corpus, jobs=2)
    assert multiprocessing.active_children() == []
    assert not db.exists() or _count(db, "revisions") == 0


@pytest.mark.slow
def test_workers_started_in_the_background_parse_like_workers_started_on_demand(
    tmp_path: Path,
) -> None:
    corpus = tmp_path / "corpus"
    generate_corpus(corpus, pages=2, langs=2, seed=4)
    background = build_corpus(tmp_path / "background.duckdb", corpus, jobs=2)
    assert background.parse.jobs == 2 and background.parse.parsed == 4
    batches = read_sources(read_corpus(corpus), NoProgress())
    on_demand = store_and_parse(tmp_path / "on-demand.duckdb", batches, command="build", jobs=2)
    assert on_demand.parse.parsed == 4
    assert on_demand.parse.rows == background.parse.rows
    assert _tiles(tmp_path / "on-demand.duckdb") == _tiles(tmp_path / "background.duckdb")
    assert multiprocessing.active_children() == []


def _tiles(db: Path) -> list[tuple[object, ...]]:
    with read_only(db) as conn:
        return conn.execute(
            "SELECT title, list_index, code, count FROM tiles ORDER BY ALL"
        ).fetchall()


def _count(db: Path, table: str) -> int:
    with read_only(db) as conn:
        return int(conn.execute(f"SELECT count(*) FROM {table}").fetchall()[0][0])


@pytest.mark.slow
def test_the_workers_are_stopped_before_the_checks_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The checks hold every tile row (the build's memory peak): no parse worker may still be
    alive then."""
    corpus = tmp_path / "corpus"
    generate_corpus(corpus, pages=2, langs=2, seed=4)
    alive_during_checks: list[list[str]] = []
    run_the_checks = checks.checks_for_build

    def checks_for_build(*args: Any, **kwargs: Any) -> Any:
        alive_during_checks.append([p.name for p in multiprocessing.active_children()])
        return run_the_checks(*args, **kwargs)

    monkeypatch.setattr(session_module, "checks_for_build", checks_for_build)
    report = build_corpus(tmp_path / "wh.duckdb", corpus, jobs=2)
    assert report.parse.parsed == 4 and report.parse.jobs == 2
    assert alive_during_checks == [[]]
