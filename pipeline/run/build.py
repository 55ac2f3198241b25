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
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

import duckdb

from pipeline.checks import checks_for_build, run_checks
from pipeline.errors import InputError
from pipeline.extract.corpus import SourceSpec, read_corpus, read_sources, sample_corpus_dir
from pipeline.progress import NoProgress, Progress
from pipeline.run.check_helper import check_helper
from pipeline.run.early_parse import EarlyParse, already_parsed, closed_after
from pipeline.run.known_sources import KnownFile, find_known
from pipeline.run.parse_runner import ParseReport, parse_pending, start_workers
from pipeline.run.tuning import (
    cap_build_memory,
    collector_paused,
    give_all_cores,
    leave_cores_to_workers,
    worker_count,
)
from pipeline.run.workers import ParseLimits
from schemas.checks import CheckResult
from schemas.pages import ImportBatch
from warehouse.connection import write_transaction
from warehouse.errors import WarehouseMissingError
from warehouse.history import current_texts
from warehouse.store import (
    Conflict,
    StoreCounts,
    finish_run,
    keep_import_order,
    start_run,
    store_batches,
)


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
    """Read every new file first (a bad one stops the run with nothing written), then store.

    Files an earlier run stored (same bytes, same page) are only hashed, not read.
    """
    started = time.perf_counter()
    progress = progress or NoProgress()
    known = find_known(db, specs)
    jobs = worker_count(jobs)
    # New files mean pages to parse: the workers start while the files are read and stored.
    # ... and parse each revision read at once, while the rest is read and stored.
    early = (
        EarlyParse(start_workers(jobs, limits), already_parsed(db))
        if jobs > 0 and len(known) < len(specs)
        else None
    )
    with closed_after(early):
        with collector_paused():  # see store_and_parse
            batches = read_sources(
                [s for i, s in enumerate(specs) if i not in known],
                progress,
                on_read=None if early is None else early.add,
            )
        if early is not None:
            early.finish()
        report = store_and_parse(
            db,
            batches,
            command=command,
            checks=checks,
            progress=progress,
            files=len(specs),
            jobs=jobs,
            limits=limits,
            known=known,
            order=_import_order(specs, batches, known),
            early=early,
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


def refuse_cut_copies(conn: duckdb.DuckDBPyConnection, batches: Sequence[ImportBatch]) -> None:
    """A capture whose text is the beginning of its page's stored current revision, and
    shorter, is a cut-short copy of it (a half-saved file that `pipeline.extract.truncation`
    could not recognise on its own): refused before it could replace the whole revision."""
    candidates = [
        (batch, rev)
        for batch in batches
        if not batch.ends_whole
        for rev in batch.revisions
        if rev.revision_id is None
    ]
    stored = current_texts(conn, sorted({rev.title for _batch, rev in candidates}))
    for batch, rev in candidates:
        whole = stored.get(rev.title)
        if whole is None:
            continue
        text, whole = rev.wikitext.rstrip(), whole.rstrip()
        if len(text) < len(whole) and whole.startswith(text):
            raise InputError(
                f"its text is the first {len(text):,} of the {len(whole):,} characters of the "
                f"stored current revision of {rev.title!r}: a cut-short copy of it, not stored",
                path=batch.source.path,
                fix="save the whole page again",
            )


def refuse_conflicts(conflicts: Sequence[Conflict]) -> None:
    """One revision id of one page with two texts: the input was altered (or the stored one
    came from an altered input). Refused, naming the first, before anything is committed."""
    if conflicts:
        first = conflicts[0]
        more = f" (and {len(conflicts) - 1} more)" if len(conflicts) > 1 else ""
        raise InputError(
            f"revision {first.revision_id} of {first.title!r} comes with another text than the "
            f"one stored or read before it: one revision id with two texts, a conflict{more}; "
            "nothing was written",
            path=first.source_path,
            fix="export the page again; if the stored text is the wrong one, remove it first",
        )


def store_and_parse(
    db: Path,
    batches: Sequence[ImportBatch],
    *,
    command: str,
    checks: bool = False,
    progress: Progress | None = None,
    files: int | None = None,
    jobs: int | None = None,
    limits: ParseLimits | None = None,
    known: dict[int, KnownFile] | None = None,
    order: Sequence[tuple[str, str, bool]] = (),
    early: EarlyParse | None = None,
) -> BuildReport:
    """One transaction: store the batches, parse what needs parsing, optionally run checks.

    The checks do not run again when nothing they read changed since their stored results
    (`pipeline.checks.checks_for_build`); the report says so.

    Used by file imports and by the API extractor alike. `jobs` parse worker processes
    (default: one per core; 0 parses in this process). `order` lists the revisions of every
    input in the order given, stored or not, so the last one imported stays its page's current.
    `early`: parse workers the caller started (with `jobs` workers) and the revisions it sent
    them while reading (see `pipeline.run.early_parse`); the caller closes it too.
    """
    progress = progress or NoProgress()
    # This process makes almost no cyclic garbage while it stores and writes: see tuning.
    with collector_paused(), write_transaction(db) as conn:
        cap_build_memory(conn)
        jobs = worker_count(jobs)
        leave_cores_to_workers(conn, jobs)
        run_id = start_run(conn, command)
        stored_at = time.perf_counter()
        refuse_cut_copies(conn, batches)
        counts = store_batches(conn, batches)
        refuse_conflicts(counts.conflicts)
        store_seconds = time.perf_counter() - stored_at
        if known:
            counts.revisions_known += sum(len(k.revisions) for k in known.values())
            keep_import_order(conn, order)
        parse_report = parse_pending(conn, progress=progress, jobs=jobs, limits=limits, early=early)
        # The workers are done: stop them before the checks, which hold every tile row (the
        # build's memory peak), instead of when the caller closes them.
        if early is not None:
            early.close()
        give_all_cores(conn)
        report = BuildReport(run_id, len(batches) if files is None else files, counts, parse_report)
        report.store_seconds = store_seconds
        if checks:
            with check_helper(jobs) as helper:
                check_run = checks_for_build(conn, run_id=run_id, helper=helper)
            report.checks = check_run.results
            report.checks_reused = check_run.reused
            report.checks_seconds = check_run.seconds
            report.checks_computed_at = check_run.computed_at
        finish_run(conn, run_id, report.summary())
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
