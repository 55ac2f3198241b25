"""Synthetic corpora for benchmarks and tests: the bundled sample pages, varied at scale.

`generate_corpus(out, pages=, langs=, seed=)` writes page files, a `manifest.json` that
`carcdb build --corpus DIR` reads, and `expected.json` with every revision's tile totals.
"""

from carcdb.pipeline.synth.corpus import EXPECTED, CorpusSummary, generate_corpus

__all__ = ["EXPECTED", "CorpusSummary", "generate_corpus"]
