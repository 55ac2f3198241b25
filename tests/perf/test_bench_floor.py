"""The build benchmark: its raw-parse floor (own process, every revision, verified) and a
whole run on a tiny corpus."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import bench_build
from benchmarks.bench_build import raw_parse
from carcdb.pipeline.synth import generate_corpus


@pytest.mark.slow
def test_raw_parse_child_parses_every_revision_with_the_expected_totals(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    generated = generate_corpus(corpus, pages=2, langs=2, seed=3)
    floor = raw_parse(corpus)
    assert floor.revisions == generated.revisions == 4
    assert floor.mismatches == 0
    assert floor.bytes > 0
    assert floor.seconds > 0 and floor.cpu > 0


@pytest.mark.slow
def test_raw_parse_child_times_the_parse_holding_only_the_texts(tmp_path: Path) -> None:
    """The catalogs read with a corpus are many thousands of objects that the garbage
    collector would scan during every parse: the floor must not hold them while timing.

    Two corpora, one three times the other: what reading leaves alive grows with the corpus,
    the floor's heap does not (its texts are one list of tuples of strings, which the
    collector does not track). Each count is compared with a count made the same way, so
    that what a process holds from its start (its interpreter, its path) cancels out."""
    small, large = tmp_path / "small", tmp_path / "large"
    generate_corpus(small, pages=2, langs=2, seed=3)
    generate_corpus(large, pages=6, langs=2, seed=3)

    def heap_after_reading(corpus: Path, keep: bool) -> int:
        out = subprocess.run(
            [sys.executable, "-c", HEAP_AFTER_READING, str(corpus), str(keep)],
            check=True,
            stdout=subprocess.PIPE,
            text=True,
        ).stdout
        return int(out)

    floor_growth = raw_parse(large).gc_objects - raw_parse(small).gc_objects
    kept_growth = heap_after_reading(large, True) - heap_after_reading(small, True)
    dropped_growth = heap_after_reading(large, False) - heap_after_reading(small, False)
    assert abs(floor_growth) < 10
    assert abs(dropped_growth) < 10
    # What reading the corpus leaves alive (on the benchmark's corpus: over 100,000 objects).
    assert kept_growth > 10 * max(1, abs(floor_growth))


# Live container objects after reading a corpus (the catalogs kept, or dropped).
HEAP_AFTER_READING = """
import gc, runpy, sys
from pathlib import Path
# the child's own module, run the way the benchmark runs it (not imported under its name)
child = runpy.run_module("benchmarks.raw_child", run_name="heap")
batches = child["read_sources"](child["read_corpus"](Path(sys.argv[1])), child["NoProgress"]())
if sys.argv[2] == "False":
    del batches
gc.collect()
print(len(gc.get_objects()))
"""


@pytest.mark.slow
def test_build_benchmark_runs_end_to_end_on_a_tiny_corpus(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every row the issue asks for is there, and the builds stored what expected.json says."""
    monkeypatch.setenv("CARCDB_BENCH_PAGES", "2")
    monkeypatch.setenv("CARCDB_BENCH_LANGS", "2")
    rows = {row["metric"]: row for row in bench_build.run()}
    for metric in (
        "raw parse, 1 process",
        "full build, 1 job",
        "full build, 2 jobs",
        "speed-up 2 jobs vs 1",
        "full build 1 job / raw parse",
        "full build 1 job / its own parse",
        "no-change re-build",
        "load: parse-stage tables",
    ):
        assert metric in rows
    assert rows["corpus"]["value"] == 4
    assert rows["correct: revisions with expected tile totals"]["value"] == 4
    assert rows["correct: tile_lists as expected"]["value"] == 4
    assert "0 parsed, checks reused" in rows["no-change re-build"]["note"]
    # The build's own parse time is part of its wall time, so the drift-free ratio exceeds 1.
    assert rows["full build 1 job / its own parse"]["value"] > 1
