"""The checks and each page's parse run with the cyclic garbage collector paused, and restore
it; a parsed page leaves no cyclic garbage behind for it."""

from __future__ import annotations

import gc
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import pytest

from pipeline.checks import Check
from pipeline.checks.inputs import CheckInputs
from pipeline.parse.document import ParsedDocument, RevisionText
from pipeline.parse.registry import registered_stages
from pipeline.parse.stage import ParseStage, StageOutput
from pipeline.run import build as build_module
from pipeline.run.tuning import collector_paused
from pipeline.run.workers import rows_of
from pipeline.synth import generate_corpus
from schemas.checks import CheckResult, CheckStatus
from warehouse.store import store_batches


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


def test_a_collector_switched_off_by_the_caller_stays_off(collector_on: None) -> None:
    gc.disable()
    with collector_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()
    gc.enable()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def _revision(text: str) -> RevisionText:
    return RevisionText("rev-1", "Joc de bază", "Base game", "ro", text)


def test_a_page_is_parsed_paused_and_the_collector_is_back_after(collector_on: None) -> None:
    seen: list[bool] = []

    def record(document: ParsedDocument) -> StageOutput:
        seen.append(gc.isenabled())
        return StageOutput()

    rows_of(_revision("{{Tile|a=1}}"), [ParseStage("record", (), record)])
    assert seen == [False]
    assert gc.isenabled()


def test_a_failing_stage_still_restores_the_collector(collector_on: None) -> None:
    def broken(document: ParsedDocument) -> StageOutput:
        raise ZeroDivisionError("a bug in a stage")

    with pytest.raises(ZeroDivisionError):
        rows_of(_revision("{{Tile|a=1}}"), [ParseStage("broken", (), broken)])
    assert gc.isenabled()


def test_a_parsed_page_leaves_no_cyclic_garbage(collector_on: None) -> None:
    """The page's tree is freed by reference counting as soon as the page is done: nothing
    waits for a collection (`spans.linear_walk` once kept the tree in a cycle of closures)."""
    page = Path(__file__).resolve().parents[1] / "fixtures" / "tiles" / "base_game_ro.wiki"
    revision = _revision(page.read_text(encoding="utf-8"))
    stages = registered_stages()
    rows_of(revision, stages)  # warms the caches the stages keep between pages
    gc.collect()
    with collector_paused():  # no automatic collection may find the garbage first
        result = rows_of(revision, stages)
        assert result.rows["tiles"].count > 0
        assert gc.collect() == 0


def test_a_build_stores_with_the_collector_paused_and_restores_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, collector_on: None
) -> None:
    seen: list[bool] = []
    real_store = store_batches

    def recording_store(conn: duckdb.DuckDBPyConnection, batches: Any) -> Any:
        seen.append(gc.isenabled())
        return real_store(conn, batches)

    monkeypatch.setattr(build_module, "store_batches", recording_store)
    corpus = tmp_path / "corpus"
    generate_corpus(corpus, pages=2, langs=1, seed=3)
    report = build_module.build_corpus(tmp_path / "w.duckdb", corpus, jobs=0)
    assert report.parse.parsed == 2
    assert seen == [False]
    assert gc.isenabled()
