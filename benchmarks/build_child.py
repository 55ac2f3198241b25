"""One build in its own process, for `bench_build`: prints the build summary as JSON.

Run as `python -m benchmarks.build_child CORPUS DB JOBS`; the parent measures this process
tree's memory while it runs. `seconds` in the output is the library's own wall clock
(interpreter start and imports excluded).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from carcdb.pipeline.run.build import build_corpus


def main(argv: list[str]) -> int:
    corpus, db, jobs = Path(argv[0]), Path(argv[1]), int(argv[2])
    report = build_corpus(db, corpus, jobs=jobs)
    sys.stdout.write(json.dumps(report.summary()) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
