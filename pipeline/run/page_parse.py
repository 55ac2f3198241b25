"""One page's parse and the guards it runs under in any process: the limits a page may cost
(`ParseLimits`), the rows a parse gives (`PageRows`) or the failure a guard reports
(`PageFailure`), and the parse in this process (`parse_in_process`, `--jobs 0`), stopped after
the time limit where the platform has interval timers. The worker processes that run the same
parse elsewhere are `pipeline.run.workers`.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field

from carcdb.pipeline.limits import PAGE_MEMORY, PARSE_PAGE, megabytes, text_bytes_over
from carcdb.pipeline.parse.document import RevisionText
from carcdb.pipeline.parse.registry import parse_revision
from carcdb.pipeline.parse.stage import ParseStage
from carcdb.pipeline.run.nesting import too_deep
from carcdb.pipeline.run.tuning import collector_paused
from carcdb.warehouse.rows import ColumnRows


@dataclass(frozen=True)
class ParseLimits:
    """Per page: wall-clock seconds, the text a parse takes on, and the address space (MB) a
    worker may use (the environment's values: `pipeline.limits`)."""

    seconds_per_page: float = 120.0
    memory_mb: int = field(default_factory=PAGE_MEMORY.count)
    max_page_bytes: int = field(default_factory=PARSE_PAGE.bytes)


@dataclass(frozen=True)
class PageRows:
    revision_key: str
    rows: dict[str, ColumnRows]  # table -> rows
    findings: ColumnRows  # every stage's finding rows
    tree_seconds: float = 0.0  # of the page's parse, the time building its tree took


@dataclass(frozen=True)
class PageFailure:
    """A revision the guards stopped: `reason` is timeout, memory, crashed, too-large or
    too-deep."""

    revision: RevisionText
    reason: str
    detail: str


def rows_of(revision: RevisionText, stages: Sequence[ParseStage]) -> PageRows:
    """Parse one revision once and flatten every stage's output into rows, with the cyclic
    garbage collector paused (`pipeline.run.tuning`: the page's tree lives until the page is
    done, and collections would walk it again and again)."""
    with collector_paused():
        result = parse_revision(revision, stages)
        rows: dict[str, ColumnRows] = {}
        findings = ColumnRows()
        for stage in stages:
            output = result.outputs[stage.name]
            for table, records in output.rows.items():
                rows.setdefault(table, ColumnRows()).add_records(records)
            findings.add_records(output.findings)
        page = PageRows(revision.revision_key, rows, findings, result.tree_seconds)
        # The records go before the collector is back, so that its first collection, which
        # the page's allocations trigger at once, walks the rows alone.
        del result
    return page


class _PageTimeout(BaseException):
    """Raised by the alarm inside an in-process parse (a BaseException: no stage's
    `except Exception` may swallow it)."""


def _on_alarm(signum: int, frame: object) -> None:
    raise _PageTimeout


def too_large(revision: RevisionText, limits: ParseLimits) -> PageFailure | None:
    """The failure of a page too large to parse (the same with any number of workers)."""
    size = text_bytes_over(revision.wikitext, limits.max_page_bytes)
    if size is None:
        return None
    return PageFailure(
        revision,
        "too-large",
        f"its text is {megabytes(size)}, more than the {megabytes(limits.max_page_bytes)} "
        f"one page's parse may take on ({PARSE_PAGE.env})",
    )


def parse_in_process(
    revision: RevisionText, stages: Sequence[ParseStage], limits: ParseLimits
) -> PageRows | PageFailure:
    """`rows_of` in this process (`--jobs 0`), stopped after the time limit where the platform
    has interval timers (POSIX) and this is the main thread: the alarm's handler raises in
    the parse, and mwparserfromhell's C tokenizer checks for signals as it goes. Elsewhere
    (Windows, a thread) there is no limit. A page too large to parse is not parsed, as in a
    worker (`too_large`); no address-space limit in-process."""
    refused = too_large(revision, limits)
    if refused is not None:
        return refused
    timer = getattr(signal, "setitimer", None)
    if timer is None or threading.current_thread() is not threading.main_thread():
        return rows_or_too_deep(revision, stages)
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        # Armed inside the `try` whose `finally` disarms it: Ctrl-C (`Interrupted`) right
        # after arming left the timer armed, and once the handler is put back its alarm
        # would end the process.
        try:
            timer(signal.ITIMER_REAL, limits.seconds_per_page)
            return rows_or_too_deep(revision, stages)
        finally:
            timer(signal.ITIMER_REAL, 0)
    except _PageTimeout:
        return PageFailure(
            revision, "timeout", f"parsing took longer than {limits.seconds_per_page:g}s"
        )
    finally:
        signal.signal(signal.SIGALRM, previous)


def rows_or_too_deep(
    revision: RevisionText, stages: Sequence[ParseStage]
) -> PageRows | PageFailure:
    """`rows_of`, or the failure of a page nested too deep to parse (`pipeline.run.nesting`)."""
    try:
        return rows_of(revision, stages)
    except RecursionError:
        detail = too_deep(revision.wikitext)
        if detail is None:
            raise
        return PageFailure(revision, "too-deep", detail)
