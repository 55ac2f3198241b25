"""`carcdb report --out DIR`: the warehouse as one static HTML page, `DIR/index.html`.

The page is self-contained (inline style, script and drawings, no network, no server) and
read-only over the warehouse: it shows the stored check results, it does not run the checks.
The folder is written beside its target and swapped in whole (`pipeline.outputs`): a reader
never sees half a page, and a folder that is not a carcdb report is refused, not written into.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.interchange.tables import carcdb_version
from pipeline.outputs import OutputKind, check_output, folder_output, head
from pipeline.report.coverage import coverage_section
from pipeline.report.engine import engine_section
from pipeline.report.html import esc, page
from pipeline.report.quality import checks_section, findings_section
from pipeline.report.tiles import Symbols, diffs_section, tiles_section
from warehouse.connection import read_only, storage_version
from warehouse.report_queries import last_run

INDEX = "index.html"
TITLE = "carcdb report"


def _earlier_report(folder: Path) -> bool:
    """A report folder written before output folders were marked: index.html alone."""
    entries = [p.name for p in folder.iterdir() if not p.name.startswith(f".{INDEX}.partial-")]
    return entries == [INDEX] and f"<title>{TITLE}</title>".encode() in head(folder / INDEX)


REPORT = OutputKind(key="report", name="a report", folder=True, recognises=_earlier_report)


@dataclass(frozen=True)
class ReportSummary:
    path: Path
    editions: int
    tile_entries: int
    drawings: int
    findings: int
    bytes: int


def _section(anchor: str, title: str, body: str) -> str:
    return f'<section id="{esc(anchor)}"><h2>{esc(title)}</h2>{body}</section>'


def build_report(db: Path, out: Path) -> ReportSummary:
    check_output(out, REPORT, warehouse=db)
    symbols = Symbols()
    with read_only(db) as conn:
        tiles_html, editions = tiles_section(conn, symbols)
        diffs_html = diffs_section(conn)
        coverage_html, coverage = coverage_section(conn)
        findings_html, found = findings_section(conn)
        checks_html, checks = checks_section(conn)
        engine_html, engine = engine_section(conn)
        run = last_run(conn)
        storage = storage_version(conn)
    data: dict[str, Any] = {
        "editions": editions,
        "tile_entries": sum(e["entries"] for e in editions),
        **coverage,
        **found,
        **checks,
        **engine,
    }
    built = (
        f" · last run {run['command']} at {run['finished_at'] or run['started_at']} UTC"
        if run
        else ""
    )
    sections = [
        ("tiles", "Tile distributions", tiles_html),
        ("editions", "Edition differences", diffs_html),
        ("translations", "Translations", coverage_html),
        ("findings", "Findings", findings_html),
        ("checks", "Checks", checks_html),
        ("engine", "Engine configuration", engine_html),
    ]
    body = (
        symbols.sprite()
        + f"<p>From <code>{esc(db)}</code> (storage {esc(storage)}){esc(built)} by carcdb "
        f"{esc(carcdb_version())}. Tables sort on a header click; the search box filters "
        "every table and tile.</p>"
        + "".join(_section(anchor, title, html) for anchor, title, html in sections)
        + "<footer>Tile lists, rules and scoring claims from Wikicarpedia "
        "(https://wikicarpedia.com) pages, by its editors and translators.</footer>"
    )
    text = page(TITLE, [(a, t) for a, t, _ in sections], body, data)
    with folder_output(out, REPORT, warehouse=db) as staging:
        (staging / INDEX).write_text(text, "utf-8")
    return ReportSummary(
        path=out / INDEX,
        editions=len(editions),
        tile_entries=data["tile_entries"],
        drawings=len(symbols.defined),
        findings=found["findings"],
        bytes=len(text.encode()),
    )
