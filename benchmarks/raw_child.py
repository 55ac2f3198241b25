"""The raw parse floor in its own process, for `bench_build`: prints its timings as JSON.

Run as `python -m benchmarks.raw_child CORPUS`. Only `mwparserfromhell.parse` is timed, and
while it runs the process holds the revisions' texts and nothing else of the corpus.

Why so lean: Python's cyclic garbage collector scans every live container object, and a
parse allocates enough to trigger many collections. Reading a corpus also reads its
catalogs (many thousands of objects); a floor measured while they are alive was markedly
slower than the same parse in a lean process (docs/perf.md), which made every build look
closer to the floor than it is. A build's parse workers hold no corpus either. The heap size
at the start of timing (`gc_objects`) is reported so that the benchmark can show it.

The build does not call `mwparserfromhell.parse`: it runs mwparserfromhell's tokenizer and
builds the same tree with `pipeline.parse.fast.tree_builder`. That parse is timed here too,
text by text alternately with the library's (which goes first alternates), so that both see the
same machine; `ours_seconds` is its total. The floor stays the library's parse.

The tile totals are checked against `expected.json` after the timing.
"""

from __future__ import annotations

import gc
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import mwparserfromhell

from carcdb.pipeline.extract.corpus import read_corpus, read_sources
from carcdb.pipeline.parse.fast.tree_builder import build_tree
from carcdb.pipeline.progress import NoProgress
from carcdb.pipeline.synth.verify import load_expected, tile_list_totals


def corpus_texts(corpus: Path) -> list[tuple[str, str]]:
    """(title, wikitext) of every revision; nothing else read from the corpus stays alive."""
    batches = read_sources(read_corpus(corpus), NoProgress())
    return [(rev.title, rev.wikitext) for batch in batches for rev in batch.revisions]


def timed_parse(texts: list[tuple[str, str]]) -> tuple[dict[str, Any], list[list[Any]]]:
    """Parse each text once with the library and once with the build's builder; (timings,
    each revision's tile totals as JSON, from the library's trees)."""
    gc.collect()
    heap = len(gc.get_objects())
    seconds = cpu = ours = 0.0
    size = 0
    totals: list[list[Any]] = []
    for index, (_, wikitext) in enumerate(texts):
        if index % 2:
            ours += _seconds(build_tree, wikitext)
        started, started_cpu = time.perf_counter(), time.process_time()
        tree = mwparserfromhell.parse(wikitext)
        seconds += time.perf_counter() - started
        cpu += time.process_time() - started_cpu
        size += len(wikitext.encode("utf-8"))
        totals.append([t.as_json() for t in tile_list_totals(tree)])
        del tree  # as lean as before the next parse
        if not index % 2:
            ours += _seconds(build_tree, wikitext)
    timings = {
        "seconds": seconds,
        "cpu": cpu,
        "bytes": size,
        "gc_objects": heap,
        "ours_seconds": ours,
    }
    return timings, totals


def _seconds(parse: Callable[[str], object], wikitext: str) -> float:
    started = time.perf_counter()
    parse(wikitext)
    return time.perf_counter() - started


def main(argv: list[str]) -> int:
    corpus = Path(argv[0])
    texts = corpus_texts(corpus)
    timings, totals = timed_parse(texts)
    expected = {e["title"]: e["lists"] for e in load_expected(corpus)["revisions"]}
    mismatches = sum(
        found != expected[title] for (title, _), found in zip(texts, totals, strict=True)
    )
    result = {**timings, "revisions": len(texts), "mismatches": mismatches}
    sys.stdout.write(json.dumps(result) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
