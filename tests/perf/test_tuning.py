"""The speed settings of `pipeline.run.tuning` change no output, and are safe to leave on.

A build with every setting off (`TUNED = False`: the collector running, DuckDB's own threads
and memory limit, parsing in this process) stores exactly what the tuned multi-job build
stores: the same digest for every table. What makes pausing the collector safe is tested as
a contract: the caller's collector state comes back, even after a bug in a stage, and a parsed
page leaves no cyclic garbage to wait for a collection.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest

from benchmarks.digest import differences, table_digests
from carcdb.pipeline.parse.document import ParsedDocument, RevisionText
from carcdb.pipeline.parse.registry import registered_stages
from carcdb.pipeline.parse.stage import ParseStage, StageOutput
from carcdb.pipeline.run import tuning
from carcdb.pipeline.run.build import build_corpus
from carcdb.pipeline.run.page_parse import rows_of
from carcdb.pipeline.run.tuning import collector_paused
from carcdb.pipeline.synth import generate_corpus


@pytest.fixture
def collector_on() -> Iterator[None]:
    was_enabled = gc.isenabled()
    gc.enable()
    yield
    if not was_enabled:
        gc.disable()


@pytest.fixture
def untuned(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tuning, "TUNED", False)


def _assert_same_tables(tuned: Path, untuned: Path) -> None:
    ours, theirs = table_digests(tuned), table_digests(untuned)
    assert differences(ours, theirs) == []
    # Not two empty warehouses: parsed rows and check results are among what was compared.
    assert ours["main.tiles"].rows > 0 and ours["main.rules"].rows > 0
    assert ours["main.check_results"].rows > 0


@pytest.mark.slow
@pytest.mark.usefixtures("untuned")
def test_an_untuned_build_stores_what_the_tuned_build_stores(
    sample_db: Path, tmp_path: Path
) -> None:
    """`sample_db` is the tuned build, one parse worker per core."""
    untuned = tmp_path / "untuned.duckdb"
    build_corpus(untuned, jobs=0)
    _assert_same_tables(sample_db, untuned)


@pytest.mark.slow
def test_a_generated_corpus_builds_alike_tuned_and_untuned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus = tmp_path / "corpus"
    generate_corpus(corpus, pages=6, langs=3, seed=5)
    build_corpus(tmp_path / "tuned.duckdb", corpus, jobs=2)
    monkeypatch.setattr(tuning, "TUNED", False)
    build_corpus(tmp_path / "untuned.duckdb", corpus, jobs=0)
    _assert_same_tables(tmp_path / "tuned.duckdb", tmp_path / "untuned.duckdb")


@pytest.mark.usefixtures("untuned", "collector_on")
def test_untuned_means_the_library_defaults(tmp_path: Path) -> None:
    """The switch the comparisons rely on: with it off, nothing is changed."""
    with collector_paused():
        assert gc.isenabled()
    conn = duckdb.connect(str(tmp_path / "w.duckdb"))
    settings = "SELECT current_setting('threads'), current_setting('memory_limit')"
    defaults = conn.execute(settings).fetchone()
    tuning.cap_build_memory(conn)
    tuning.leave_cores_to_workers(conn, 1)
    assert conn.execute(settings).fetchone() == defaults
    conn.close()


def test_a_collector_switched_off_by_the_caller_stays_off(collector_on: None) -> None:
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()
    gc.enable()
    with collector_paused():
        pass
    assert gc.isenabled()


def _revision(text: str) -> RevisionText:
    return RevisionText("rev-1", "Joc de bază", "Base game", "ro", text)


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
    gc.disable()  # no automatic collection may find the garbage first
    try:
        result = rows_of(revision, stages)
        assert result.rows["tiles"].count > 0
        assert gc.collect() == 0
    finally:
        gc.enable()
