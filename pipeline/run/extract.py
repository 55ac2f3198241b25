"""One extraction run: discover, sweep, fetch what changed, store batch by batch, report.

The fetching is `pipeline.extract.api`'s (it yields batches); storing them is this module's.

`extract_from_api()` is what `carcdb extract` calls. Nothing is fetched twice: the sweep
skips pages whose latest revision is stored, and storing is idempotent by revision id.
"""

from __future__ import annotations

import json
from contextlib import ExitStack
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path

import duckdb

from carcdb.pipeline.errors import ExtractError, InputError
from carcdb.pipeline.extract.api.client import ApiClient, ClientConfig, RequestFailed
from carcdb.pipeline.extract.api.discovery import (
    PageSelection,
    TranslationStats,
    discover,
    translation_stats,
)
from carcdb.pipeline.extract.api.fetch import FetchOutcome, fetch_batches
from carcdb.pipeline.extract.api.sweep import MAX_VALUES, plan_fetch, sweep
from carcdb.pipeline.progress import NoProgress, Progress
from carcdb.pipeline.run.ahead import ahead_groups, entered_meanwhile
from carcdb.pipeline.run.page_parse import ParseLimits
from carcdb.pipeline.run.session import StoreSession
from carcdb.pipeline.run.tuning import worker_count
from carcdb.warehouse.connection import transaction
from carcdb.warehouse.extractions import PageProblem, record_extraction
from carcdb.warehouse.revisions import latest_revision_ids
from carcdb.warehouse.store import Conflict

# At most this many fetched batches wait, and are stored together in one transaction: a run
# killed mid-way loses at most the group being stored and the batches waiting (fetched again
# on the next run), never part of a batch. Each group costs the single writer a dozen
# statements and the workers a pause, so a fast wiki is stored in fewer, larger groups
# (docs/perf.md); against a throttled wiki a group is whatever arrived meanwhile.
GROUP_BATCHES = 8


@dataclass
class ExtractReport:
    endpoint: str
    discovered: int = 0
    fetched: int = 0
    stored_new: int = 0
    unchanged: int = 0
    older_than_since: int = 0
    missing: list[str] = field(default_factory=list)
    invalid: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)
    # (title, why): in an answer but not asked for, or not storable as given; never stored
    refused: list[tuple[str, str]] = field(default_factory=list)
    requests: int = 0
    content_requests: int = 0
    retries: int = 0
    cache_hits: int = 0
    waited_seconds: float = 0.0
    faults: dict[str, int] = field(default_factory=dict)
    translation_stats: list[TranslationStats] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what went wrong besides pages

    def summary(self) -> dict[str, object]:
        data = asdict(self)
        data["failed"] = [{"title": t, "reason": r} for t, r in self.failed]
        data["refused"] = [{"title": t, "reason": r} for t, r in self.refused]
        return data

    def final_line(self) -> str:
        gone = len(self.missing) + len(self.invalid) + len(self.deleted)
        return (
            f"pages fetched {self.fetched} ({self.stored_new} new), "
            f"skipped as unchanged {self.unchanged + self.older_than_since}, "
            f"failed {len(self.failed)}, missing {gone}, refused {len(self.refused)}; "
            f"requests {self.requests} ({self.content_requests} content), "
            f"retries {self.retries}, cache hits {self.cache_hits}"
        )


def parse_since(value: str | None) -> str | None:
    """`--since 2024-05-01` or a full ISO time -> the API's `YYYY-MM-DDTHH:MM:SSZ` form."""
    if value is None:
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise InputError(
            f"not a date: {value!r}", path="--since", fix="use e.g. 2024-05-01 or 2024-05-01T12:00Z"
        ) from None
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def extract_from_api(
    db: Path,
    selection: PageSelection,
    config: ClientConfig,
    *,
    since: str | None = None,
    force: bool = False,
    progress: Progress | None = None,
    client: ApiClient | None = None,
    batch_size: int = MAX_VALUES,
    with_stats: bool = False,
    jobs: int | None = None,
    limits: ParseLimits | None = None,
) -> ExtractReport:
    """Fetch the selected pages' latest revisions that the warehouse does not hold yet.

    `with_stats` also asks for the translation statistics of each `--page`. Once a request
    has succeeded, nothing stops the run with an error: a request that fails after its
    retries (or a spent retry budget) fails its pages, which are reported and logged, and
    the run goes on (`ExtractReport.failed`). Before that, an API that cannot be used
    raises `ExtractError`, and nothing is written (no warehouse is created, an existing one is
    left as it was). Pages and revisions of an answer that the run did not ask for, or that
    cannot be stored as given, are refused (`ExtractReport.refused`), never stored.
    """
    if selection.is_empty():
        raise InputError(
            "nothing selected",
            path="extract",
            fix="pass --page, --category, --prefix, --titles-from or --all-pages",
        )
    progress = progress or NoProgress()
    since_value = parse_since(since)
    jobs = worker_count(jobs)  # (refused before any request)
    own_client = client is None
    progress.start("requests", None)
    api = client or ApiClient(config, on_request=lambda: progress.advance("requests"))
    report = ExtractReport(endpoint=api.config.endpoint)
    outcome = FetchOutcome()
    try:
        if with_stats:
            report.translation_stats = _stats(api, selection, report)
        titles = discover(api, selection, report.failed, report.refused)
        report.discovered = len(titles)
        progress.start("pages", len(titles))
        with ExitStack() as stack:
            session = StoreSession(db, command="extract", jobs=jobs, limits=limits)
            # Once the API has answered, the warehouse opens (its lock, migrations and parse
            # workers) while the sweep runs; an API that never answers creates no warehouse.
            opening = stack.enter_context(entered_meanwhile(session)) if api.work_started else None
            swept = sweep(api, titles, batch_size)
            report.missing, report.invalid = swept.missing, swept.invalid
            report.failed += swept.failed
            report.refused += swept.refused
            progress.advance(
                "pages",
                len(swept.missing) + len(swept.invalid) + len(swept.failed) + len(swept.refused),
            )
            if not api.work_started and report.failed:
                raise ExtractError(
                    f"{api.config.endpoint}: no request was answered as asked "
                    f"({report.failed[0][1]}) - fix: check --api and try again later"
                )
            if opening is not None:
                opening()  # waits until the session is open
            else:
                stack.enter_context(session)
            plan = plan_fetch(
                swept.pages, latest_revision_ids(session.conn), since=since_value, force=force
            )
            report.unchanged = len(plan.unchanged)
            report.older_than_since = len(plan.older_than_since)
            progress.advance("pages", report.unchanged + report.older_than_since)
            fetched = fetch_batches(
                api, plan.fetch, batch_size=swept.batch_size, progress=progress, outcome=outcome
            )
            # The next batches are fetched while these are stored and parsed; the batches
            # fetched meanwhile are stored together, in one transaction. A run that stops
            # (an error, Ctrl-C) stops the fetch in flight too.
            for batches in ahead_groups(fetched, depth=GROUP_BATCHES, on_stop=api.stop):
                counts = session.store(batches)
                report.stored_new += counts.revisions_new
                report.refused += [_conflict(c) for c in counts.conflicts]
            _collect_stats(report, api, outcome)
            session.finish(report.summary())
            _log(session, report, "stopped" if api.budget_spent else "complete")
    finally:
        if own_client:
            api.close()
    return report


def _stats(
    api: ApiClient, selection: PageSelection, report: ExtractReport
) -> list[TranslationStats]:
    found: list[TranslationStats] = []
    for page in selection.pages:
        try:
            found += [
                s
                for s in translation_stats(api, page)
                if selection.languages is None or s.language in selection.languages
            ]
        except RequestFailed as exc:
            report.notes.append(f"translation statistics of {page!r} not read: {exc}")
    return found


def _conflict(conflict: Conflict) -> tuple[str, str]:
    return (
        conflict.title,
        f"revision {conflict.revision_id} is stored with another text: one revision id with "
        "two texts, a conflict; the stored text is kept",
    )


def _collect_stats(report: ExtractReport, api: ApiClient, outcome: FetchOutcome) -> None:
    report.fetched = outcome.fetched
    report.content_requests = outcome.content_requests
    report.deleted = outcome.deleted
    report.failed += [f for f in outcome.failed if f not in report.failed]
    report.refused += [r for r in outcome.refused if r not in report.refused]
    stats = api.stats
    report.requests, report.retries = stats.requests, stats.retries
    report.cache_hits, report.waited_seconds = stats.cache_hits, round(stats.waited_seconds, 3)
    report.faults = dict(stats.faults)


def problem_rows(report: ExtractReport) -> list[PageProblem]:
    rows: list[PageProblem] = [(t, "missing", None) for t in report.missing]
    rows += [(t, "invalid", None) for t in report.invalid]
    rows += [(t, "deleted", "gone between the info sweep and the content request")
             for t in report.deleted]  # fmt: skip
    rows += [(t, "failed", reason) for t, reason in report.failed]
    rows += [(t, "refused", reason) for t, reason in report.refused]
    return rows


def _counts(report: ExtractReport, outcome: str) -> dict[str, object]:
    return {
        "endpoint": report.endpoint,
        "outcome": outcome,
        "fetched": report.fetched,
        "unchanged": report.unchanged + report.older_than_since,
        "requests": report.requests,
        "retries": report.retries,
        "summary": json.dumps(report.summary(), sort_keys=True, default=str),
    }


def _log(session: StoreSession, report: ExtractReport, outcome: str) -> int:
    with transaction(session.conn):
        return _log_in(session.conn, report, outcome)


def _log_in(conn: duckdb.DuckDBPyConnection, report: ExtractReport, outcome: str) -> int:
    return record_extraction(conn, _counts(report, outcome), problem_rows(report))
