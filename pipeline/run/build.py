"""Import and build: read every input first, then one transaction stores, parses and checks.

Reading before writing means a bad input file stops the run with nothing written; the single
transaction means a crash leaves the previous warehouse as it was. Files whose bytes (sha256)
and page were stored by an earlier run are not read again (`pipeline.run.known_sources`), and
stored revisions already parsed by this parser version are not parsed again, and the checks
keep their stored results when nothing they read changed, so a re-build with nothing changed
costs little more than hashing the input files.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from carcdb.pipeline.checks import run_checks
from carcdb.pipeline.extract.corpus import SourceSpec, iter_sources, read_corpus, sample_corpus_dir
from carcdb.pipeline.progress import NoProgress, Progress
from carcdb.pipeline.run.known_sources import KnownFile, find_known
from carcdb.pipeline.run.page_parse import ParseLimits
from carcdb.pipeline.run.parse_runner import ParseReport
from carcdb.pipeline.run.session import ImportOrder, StoreSession
from carcdb.pipeline.run.tuning import collector_paused
from carcdb.schemas.checks import CheckResult
from carcdb.schemas.pages import ImportBatch
from carcdb.warehouse.connection import write_transaction
from carcdb.warehouse.errors import WarehouseMissingError
from carcdb.warehouse.store import StoreCounts


@dataclass
class BuildReport:
    run_id: int
    files: int
    store: StoreCounts
    parse: ParseReport
    checks: list[CheckResult] = field(default_factory=list)
    files_unchanged: int = 0  # already stored by an earlier run: not read again
    seconds: float = 0.0
    store_seconds: float = 0.0  # storing the new revisions and catalogs
    # Reused: nothing the checks read changed since they last ran, so they did not run.
    checks_reused: bool = False
    checks_seconds: float = 0.0
    checks_computed_at: str | None = None  # when reused results were computed (UTC)

    def summary(self) -> dict[str, object]:
        return {
            "run_id": self.run_id,
            "files": self.files,
            "files_unchanged": self.files_unchanged,
            "seconds": round(self.seconds, 3),
            "store_seconds": round(self.store_seconds, 3),
            "store": {k: v for k, v in asdict(self.store).items() if k != "conflicts"},
            "parse": asdict(self.parse),
            "checks": len(self.checks),
            "checks_reused": self.checks_reused,
            "checks_seconds": round(self.checks_seconds, 3),
            "checks_computed_at": self.checks_computed_at,
        }


def import_sources(
    db: Path,
    specs: Sequence[SourceSpec],
    *,
    command: str = "import",
    checks: bool = False,
    progress: Progress | None = None,
    jobs: int | None = None,
    limits: ParseLimits | None = None,
) -> BuildReport:
    """Read every new file (a bad one stops the run with nothing written), then store.

    Files an earlier run stored (same bytes, same page) are only hashed, not read; the rest
    are read as the store session consumes them (each revision parsed meanwhile).
    """
    started = time.perf_counter()
    progress = progress or NoProgress()
    known = find_known(db, specs)
    new = [spec for index, spec in enumerate(specs) if index not in known]
    report = store_and_parse(
        db,
        iter_sources(new, progress),
        command=command,
        checks=checks,
        progress=progress,
        files=len(specs),
        jobs=jobs,
        limits=limits,
        order=(lambda batches: _import_order(specs, batches, known)) if known else None,
        known_revisions=sum(len(k.revisions) for k in known.values()),
        expect_new=bool(new),
    )
    report.files_unchanged = len(known)
    report.seconds = time.perf_counter() - started
    return report


def _import_order(
    specs: Sequence[SourceSpec], batches: Sequence[ImportBatch], known: dict[int, KnownFile]
) -> list[tuple[str, str, bool]]:
    """(title, revision_key, has a wiki revision id) of every revision, in the order given."""
    new = iter(batches)
    order: list[tuple[str, str, bool]] = []
    for index in range(len(specs)):
        if index in known:
            order.extend(known[index].revisions)
        else:
            batch = next(new)
            order.extend(
                (r.title, r.revision_key, r.revision_id is not None) for r in batch.revisions
            )
    return order


def store_and_parse(
    db: Path,
    batches: Iterable[ImportBatch],
    *,
    command: str,
    checks: bool = False,
    progress: Progress | None = None,
    files: int | None = None,
    jobs: int | None = None,
    limits: ParseLimits | None = None,
    order: ImportOrder | None = None,
    known_revisions: int = 0,
    expect_new: bool = True,
) -> BuildReport:
    """One transaction: store the batches, parse what needs parsing, optionally run checks.

    A whole-run `StoreSession`: `batches` are read as it consumes them. The checks do not run
    again when nothing they read changed since their stored results
    (`pipeline.checks.checks_for_build`); the report says so. `jobs` parse worker processes
    (default: one per core; 0 parses in this process). `order`: see `StoreSession.store`.
    `known_revisions`: revisions of input files an earlier run stored, not read again.
    `expect_new`: start the workers at once (otherwise only if something is pending).
    """
    session = StoreSession(
        db,
        command=command,
        whole_run=True,
        eager=expect_new,
        jobs=jobs,
        limits=limits,
        progress=progress,
    )
    with session:
        counts = session.store(batches, order=order)
        counts.revisions_known += known_revisions
        report = BuildReport(
            session.run_id, session.batches if files is None else files, counts, session.parse
        )
        report.store_seconds = session.store_seconds
        if checks:
            check_run = session.check()
            report.checks = check_run.results
            report.checks_reused = check_run.reused
            report.checks_seconds = check_run.seconds
            report.checks_computed_at = check_run.computed_at
        session.finish(report.summary())
    return report


def build_corpus(
    db: Path,
    corpus: Path | None = None,
    *,
    progress: Progress | None = None,
    jobs: int | None = None,
    limits: ParseLimits | None = None,
) -> BuildReport:
    specs = read_corpus(corpus or sample_corpus_dir())
    return import_sources(
        db, specs, command="build", checks=True, progress=progress, jobs=jobs, limits=limits
    )


def check_warehouse(db: Path) -> list[CheckResult]:
    """Run every check on the warehouse as it stands and store the results (never reused)."""
    if not db.exists():
        raise WarehouseMissingError(
            f"{db}: no warehouse here yet - fix: run 'carcdb build' first, or pass --db"
        )
    with collector_paused(), write_transaction(db) as conn:
        return run_checks(conn)
