"""Import and build: read every input first, then one transaction stores, parses and checks.

Reading before writing means a bad input file stops the run with nothing written; the single
transaction means a crash leaves the previous warehouse as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from pipeline.checks import run_checks
from pipeline.corpus import SourceSpec, read_corpus, sample_corpus_dir
from pipeline.extract.sources import read_source
from pipeline.parse_runner import ParseReport, parse_pending
from pipeline.progress import NoProgress, Progress
from schemas.checks import CheckResult
from schemas.pages import ImportBatch
from warehouse.connection import write_transaction
from warehouse.errors import WarehouseMissingError
from warehouse.store import StoreCounts, finish_run, start_run, store_batches


@dataclass
class BuildReport:
    run_id: int
    files: int
    store: StoreCounts
    parse: ParseReport
    checks: list[CheckResult] = field(default_factory=list)

    def summary(self) -> dict[str, object]:
        return {
            "run_id": self.run_id,
            "files": self.files,
            "store": asdict(self.store),
            "parse": asdict(self.parse),
            "checks": len(self.checks),
        }


def read_sources(specs: Sequence[SourceSpec], progress: Progress) -> list[ImportBatch]:
    progress.start("read", len(specs))
    batches = []
    for spec in specs:
        batches.append(
            read_source(spec.path, title=spec.title, language=spec.language, fmt=spec.fmt)
        )
        progress.advance("read")
    return batches


def import_sources(
    db: Path,
    specs: Sequence[SourceSpec],
    *,
    command: str = "import",
    checks: bool = False,
    progress: Progress | None = None,
) -> BuildReport:
    """Read every file first (a bad one stops the run with nothing written), then store."""
    progress = progress or NoProgress()
    batches = read_sources(specs, progress)
    return store_and_parse(
        db, batches, command=command, checks=checks, progress=progress, files=len(specs)
    )


def store_and_parse(
    db: Path,
    batches: Sequence[ImportBatch],
    *,
    command: str,
    checks: bool = False,
    progress: Progress | None = None,
    files: int | None = None,
) -> BuildReport:
    """One transaction: store the batches, parse what needs parsing, optionally run checks.

    Used by file imports and by the API extractor alike.
    """
    progress = progress or NoProgress()
    with write_transaction(db) as conn:
        run_id = start_run(conn, command)
        counts = store_batches(conn, batches)
        parse_report = parse_pending(conn, progress=progress)
        report = BuildReport(run_id, len(batches) if files is None else files, counts, parse_report)
        if checks:
            report.checks = run_checks(conn)
        finish_run(conn, run_id, report.summary())
    return report


def build_corpus(
    db: Path, corpus: Path | None = None, *, progress: Progress | None = None
) -> BuildReport:
    specs = read_corpus(corpus or sample_corpus_dir())
    return import_sources(db, specs, command="build", checks=True, progress=progress)


def check_warehouse(db: Path) -> list[CheckResult]:
    """Run every check on the warehouse as it stands and store the results."""
    if not db.exists():
        raise WarehouseMissingError(
            f"{db}: no warehouse here yet - fix: run 'carcdb build' first, or pass --db"
        )
    with write_transaction(db) as conn:
        return run_checks(conn)
