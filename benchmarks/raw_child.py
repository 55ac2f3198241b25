"""The raw parse floor in its own process, for `bench_build`: prints its timings as JSON.

Run as `python -m benchmarks.raw_child CORPUS`. The floor runs in a fresh interpreter, as each
build does, so that neither pays for the other's heap (the benchmark process holds the
generated corpus; Python's cyclic garbage collector scans every live object). Only
`mwparserfromhell.parse` is timed; the tile totals are then checked against `expected.json`
outside the timing.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import mwparserfromhell

from pipeline.build import read_sources
from pipeline.corpus import read_corpus
from pipeline.progress import NoProgress
from pipeline.synth.verify import load_expected, tile_list_totals


def main(argv: list[str]) -> int:
    corpus = Path(argv[0])
    batches = read_sources(read_corpus(corpus), NoProgress())
    expected = {e["title"]: e["lists"] for e in load_expected(corpus)["revisions"]}
    revisions = [rev for batch in batches for rev in batch.revisions]
    seconds = 0.0
    cpu = 0.0
    size = 0
    mismatches = 0
    for rev in revisions:
        started, started_cpu = time.perf_counter(), time.process_time()
        tree = mwparserfromhell.parse(rev.wikitext)
        seconds += time.perf_counter() - started
        cpu += time.process_time() - started_cpu
        size += len(rev.wikitext.encode("utf-8"))
        if [t.as_json() for t in tile_list_totals(tree)] != expected[rev.title]:
            mismatches += 1
    result = {
        "seconds": seconds,
        "cpu": cpu,
        "bytes": size,
        "revisions": len(revisions),
        "mismatches": mismatches,
    }
    sys.stdout.write(json.dumps(result) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
