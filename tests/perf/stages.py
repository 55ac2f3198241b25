"""Real parse stages for the perf tests: a template counter, and pages that misbehave on cue.

They run in worker processes, so they live at module level (workers import them by name).
A page containing a marker makes the stage sleep, allocate without end, die, or raise.
"""

from __future__ import annotations

import os
import signal
import time
from collections import Counter

import duckdb

from carcdb.pipeline.parse.document import ParsedDocument
from carcdb.pipeline.parse.stage import ParseStage, StageOutput
from carcdb.schemas.base import Record, SourceLocation
from carcdb.schemas.findings import Severity

TABLE = "perf_template_counts"
SLEEP, HOG, DIE, BUG = "PERF-SLEEP", "PERF-HOG", "PERF-DIE", "PERF-BUG"


class TemplateCount(Record):
    location: SourceLocation
    name: str
    uses: int


def create_table(conn: duckdb.DuckDBPyConnection) -> None:
    conn.execute(
        f"CREATE TABLE IF NOT EXISTS {TABLE} (title VARCHAR, language VARCHAR, "
        "revision_key VARCHAR, line INTEGER, col INTEGER, snippet VARCHAR, name VARCHAR, "
        "uses INTEGER)"
    ).fetchall()


def count_templates(doc: ParsedDocument) -> StageOutput:
    text = doc.revision.wikitext
    if SLEEP in text:
        time.sleep(600)
    if HOG in text:
        hoard = [bytearray(1 << 28) for _ in range(64)]  # 16 GB, past any sane limit
        del hoard
    if DIE in text:
        os.kill(os.getpid(), signal.SIGKILL)
    if BUG in text:
        raise ValueError("a bug in a stage")
    out = StageOutput()
    uses = Counter(str(t.name).strip() for t in doc.tree.filter_templates(recursive=False))
    for name, count in sorted(uses.items()):
        out.add(TABLE, TemplateCount(location=doc.location(0, name), name=name, uses=count))
    if not uses:
        out.findings.append(doc.finding("perf", Severity.INFO, "perf.no_templates", "none"))
    return out


COUNT_STAGE = ParseStage(name="perf", tables=(TABLE,), extract=count_templates)
