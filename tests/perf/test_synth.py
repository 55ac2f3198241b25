"""The synthetic corpus: deterministic, buildable, and its expected totals are what pages say."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.extract.corpus import read_corpus, read_sources
from carcdb.pipeline.progress import NoProgress
from carcdb.pipeline.run.build import build_corpus
from carcdb.pipeline.synth import EXPECTED, generate_corpus
from carcdb.pipeline.synth.verify import (
    count_tile_lists,
    load_expected,
    verify_tile_tables,
    verify_warehouse,
)
from carcdb.warehouse.connection import read_only


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_same_seed_same_bytes_other_seed_other_bytes(tmp_path: Path) -> None:
    generate_corpus(tmp_path / "a", pages=3, langs=3, seed=11)
    generate_corpus(tmp_path / "b", pages=3, langs=3, seed=11)
    generate_corpus(tmp_path / "c", pages=3, langs=3, seed=12)
    assert _files(tmp_path / "a") == _files(tmp_path / "b")
    assert _files(tmp_path / "a") != _files(tmp_path / "c")


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), langs=st.integers(1, 6))
def test_expected_totals_match_an_independent_count(seed: int, langs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        summary = generate_corpus(out, pages=4, langs=langs, seed=seed, defect_rate=0.5)
        expected = {e["title"]: e for e in load_expected(out)["revisions"]}
        revisions = [
            rev for batch in read_sources(read_corpus(out), NoProgress()) for rev in batch.revisions
        ]
    assert len(revisions) == summary.revisions == 4 * langs
    assert sum(e["total"] for e in expected.values()) == summary.tiles
    for rev in revisions:
        entry = expected[rev.title]
        counted = [t.as_json() for t in count_tile_lists(rev.wikitext)]
        assert counted == entry["lists"], rev.title
        if entry["format"] == "export-translations":
            assert "\n" not in rev.wikitext
        codes = {d["code"] for d in entry["defects"]}
        if "declared_mismatch" in codes:
            assert any(t["declared"] != t["total"] for t in counted)
        if "bad_count" in codes:
            assert any(t["bad_counts"] for t in counted)


@pytest.mark.slow
def test_generated_corpus_builds_with_the_expected_totals(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    summary = generate_corpus(corpus, pages=4, langs=3, seed=3, defect_rate=0.5)
    db = tmp_path / "wh.duckdb"
    report = build_corpus(db, corpus, jobs=2)
    assert report.store.revisions_new == summary.revisions == 12
    with read_only(db) as conn:
        verified = verify_warehouse(conn, corpus)
        tile_lists = verify_tile_tables(conn, corpus)
        languages = conn.execute("SELECT DISTINCT language FROM pages ORDER BY 1").fetchall()
    assert verified.ok, verified.mismatches
    assert (verified.revisions, verified.tiles) == (12, summary.tiles)
    assert languages == [("de",), ("en",), ("ro",)]
    # The tiles stage reads the same totals from the stored pages, defects included.
    assert tile_lists.ok, tile_lists.mismatches
    assert tile_lists.tiles == summary.tiles


def test_cli_gen_corpus_writes_a_corpus_and_refuses_a_full_folder(tmp_path: Path) -> None:
    out = tmp_path / "synth"
    args = ["gen-corpus", "--pages", "2", "--lang-count", "2", "--seed", "4", "--out", str(out)]
    assert run_app([*args, "--quiet"]) == 0
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    assert len(manifest["files"]) == 4
    assert (out / EXPECTED).exists()
    # A corpus gen-corpus wrote is replaced whole; a folder of other files is refused.
    assert (
        run_app(["gen-corpus", "--pages", "1", "--lang-count", "2", "--out", str(out), "-q"]) == 0
    )
    assert len(json.loads((out / "manifest.json").read_text("utf-8"))["files"]) == 2
    full = tmp_path / "full"
    full.mkdir()
    (full / "notes.txt").write_text("mine", "utf-8")
    assert run_app([*args[:-1], str(full), "--quiet"]) == 2
    assert [p.name for p in full.iterdir()] == ["notes.txt"]


def test_cli_gen_corpus_under_a_file_is_an_input_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", "utf-8")
    out = blocker / "synth"
    assert (
        run_app(["gen-corpus", "--pages", "1", "--lang-count", "1", "--out", str(out), "-q"]) == 2
    )
    err = capsys.readouterr().err
    assert str(out) in err
    assert "is not a folder, so nothing can be written under it" in err
    assert not out.exists()
