"""The benchmark's raw-parse floor: run in its own process, over every revision, verified."""

from __future__ import annotations

from pathlib import Path

from benchmarks.bench_build import raw_parse
from pipeline.synth import generate_corpus


def test_raw_parse_child_parses_every_revision_with_the_expected_totals(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    generated = generate_corpus(corpus, pages=2, langs=2, seed=3)
    seconds, cpu, size, revisions, mismatches = raw_parse(corpus)
    assert revisions == generated.revisions == 4
    assert mismatches == 0
    assert size > 0
    assert seconds > 0 and cpu > 0
