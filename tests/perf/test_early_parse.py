"""Parsing while reading: revisions go to the workers as their files are read, and their
results are used only where the warehouse stored them as they were sent."""

from __future__ import annotations

import functools
import json
import multiprocessing
import time
from pathlib import Path

import pytest

from carcdb.pipeline.extract.corpus import read_corpus, read_sources
from carcdb.pipeline.progress import NoProgress
from carcdb.pipeline.run import early_parse, parse_runner
from carcdb.pipeline.run.build import build_corpus
from carcdb.pipeline.run.early_parse import EarlyParse
from carcdb.pipeline.run.page_parse import PageRows, ParseLimits
from carcdb.pipeline.run.parse_runner import parse_pending
from carcdb.pipeline.run.workers import StartingPool
from carcdb.pipeline.synth import generate_corpus
from carcdb.warehouse.connection import read_only, write_transaction
from carcdb.warehouse.store import store_batches
from tests.perf.stages import COUNT_STAGE, TABLE, create_table


@pytest.fixture
def counting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parse_runner, "registered_stages", lambda: [COUNT_STAGE])


def _corpus(folder: Path, pages: list[tuple[str, str, str]]) -> Path:
    """(title, language, text) per file, the language given in the manifest."""
    folder.mkdir(parents=True)
    files = []
    for index, (title, language, text) in enumerate(pages):
        (folder / f"{index}.wiki").write_text(text, "utf-8")
        files.append({"path": f"{index}.wiki", "title": title, "lang": language})
    (folder / "manifest.json").write_text(json.dumps({"files": files}), "utf-8")
    return folder


def _table(db: Path, table: str) -> list[tuple[object, ...]]:
    with read_only(db) as conn:
        return sorted(conn.execute(f"SELECT * FROM {table}").fetchall(), key=repr)


def _counts(db: Path) -> list[tuple[object, ...]]:
    with read_only(db) as conn:
        return sorted(
            conn.execute(
                f"SELECT title, language, revision_key, name, uses FROM {TABLE}"
            ).fetchall()
        )


@pytest.mark.slow
def test_a_build_that_parses_while_reading_stores_what_parsing_after_storing_does(
    tmp_path: Path,
) -> None:
    corpus = tmp_path / "corpus"
    generate_corpus(corpus, pages=3, langs=2, seed=6)
    early = build_corpus(tmp_path / "early.duckdb", corpus, jobs=1)
    after = build_corpus(tmp_path / "after.duckdb", corpus, jobs=0)
    assert early.parse.parsed == after.parse.parsed == 6
    assert early.parse.rows == after.parse.rows
    for table in ("tiles", "tile_lists", "rules", "scoring_claims"):
        assert _table(tmp_path / "early.duckdb", table) == _table(tmp_path / "after.duckdb", table)


def _same(pool: StartingPool) -> StartingPool:
    return pool


@pytest.mark.slow
@pytest.mark.usefixtures("counting")
def test_an_early_result_for_a_page_stored_otherwise_is_parsed_again(tmp_path: Path) -> None:
    """Early results stand only where the warehouse stored the page as the file said. Here
    the stored page "Foo/fr" is then marked German: its early parse (French) is dropped and
    the page parsed again, exactly as a parse after storing sees it."""
    corpus = _corpus(tmp_path / "corpus", [("Foo", "fr", "{{A}}{{B}}"), ("Bar", "fr", "{{C}}")])
    batches = read_sources(read_corpus(corpus), NoProgress())
    stored = {}
    for parse_early in (False, True):
        db = tmp_path / f"early-{parse_early}.duckdb"
        starting = StartingPool([COUNT_STAGE], 1, ParseLimits())
        early = EarlyParse(starting, already_parsed=set()) if parse_early else None
        try:
            for batch in batches:
                if early is not None:
                    early.add(batch)
            if early is not None:
                early.finish()
            with write_transaction(db) as conn:
                create_table(conn)
                store_batches(conn, batches)
                conn.execute("UPDATE pages SET language = 'de' WHERE title = 'Foo/fr'")
                report = parse_pending(
                    conn, jobs=1, workers=functools.partial(_same, starting), early=early
                )
        finally:
            if early is not None:
                early.close()
            starting.close()
        assert report.parsed == 2
        stored[parse_early] = _counts(db)
    assert stored[True] == stored[False]
    assert {(title, language) for title, language, *_ in stored[True]} == {
        ("Foo/fr", "de"),
        ("Bar/fr", "fr"),
    }


def test_only_revisions_not_parsed_yet_are_sent_once_each(tmp_path: Path) -> None:
    corpus = _corpus(
        tmp_path / "corpus",
        [("One", "en", "{{A}}"), ("Two", "en", "{{B}}"), ("Two", "en", "{{B}}")],
    )
    batches = read_sources(read_corpus(corpus), NoProgress())
    one, two = batches[0].revisions[0], batches[1].revisions[0]
    early = EarlyParse(StartingPool([COUNT_STAGE], 1, ParseLimits()), {one.revision_key})
    try:
        for batch in batches:
            early.add(batch)
        early.finish()
        assert list(early.sent) == [two.revision_key]
        as_stored = {two.revision_key: early.sent[two.revision_key]}
        usable = early.usable(as_stored)
        assert usable == {two.revision_key}
        results = list(early.take(usable))
    finally:
        early.close()
    assert [r.revision_key for r in results if isinstance(r, PageRows)] == [two.revision_key]
    stored_otherwise = {two.revision_key: ("Two", "Two", "de", two.sha256)}
    assert early.usable(stored_otherwise) == set()


def test_a_failed_build_stops_early_parsing_even_with_results_waiting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Results wait in a bounded queue; closing takes them so the parse thread can end."""
    monkeypatch.setattr(early_parse, "HELD_RESULTS", 1)
    corpus = _corpus(tmp_path / "corpus", [(f"P{i}", "en", "{{A}}" * i) for i in range(1, 7)])
    batches = read_sources(read_corpus(corpus), NoProgress())
    early = EarlyParse(StartingPool([COUNT_STAGE], 1, ParseLimits()), already_parsed=set())
    for batch in batches:
        early.add(batch)
    early.finish()
    waited = 0.0
    while not early._results.full() and waited < 60:  # one result held, the others wait
        time.sleep(0.01)
        waited += 0.01
    assert early._results.full()
    early.close()
    assert multiprocessing.active_children() == []  # closing also stopped the workers
    assert len(early.sent) == 6


def test_killing_a_build_with_pages_in_flight_closes_each_pipe_once(tmp_path: Path) -> None:
    """A bad file read while the workers parse: the workers are killed, the driving thread
    sees them die, and only then are their pipes closed. Closing them from both threads
    once closed a file that had reused a pipe's number (EBADF, a crash in CI)."""
    corpus = _corpus(tmp_path / "corpus", [(f"P{i}", "en", "{{A}}" * 200) for i in range(40)])
    batches = read_sources(read_corpus(corpus), NoProgress())
    fds = Path("/proc/self/fd")
    opened: list[int] = []
    for _ in range(5):
        starting = StartingPool([COUNT_STAGE], 2, ParseLimits())
        early = EarlyParse(starting, already_parsed=set())
        for batch in batches:
            early.add(batch)
        starting.pool()  # the workers have started and have pages in flight
        early.close(kill=True)
        early.close()  # closing again does nothing
        assert multiprocessing.active_children() == []
        opened.append(len(list(fds.iterdir())) if fds.exists() else 0)
    # The first round starts the fork server (its pipes stay); then every pipe is closed.
    assert len(set(opened[1:])) == 1
