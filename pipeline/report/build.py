"""`carcdb report --out DIR`: the warehouse as one static HTML page, `DIR/index.html`.

The page is self-contained (inline style, script and drawings, no network, no server) and
read-only over the warehouse: it shows the stored check results, it does not run the checks.
The folder is written beside its target and swapped in whole (`pipeline.outputs`): a reader
never sees half a page, and a folder that is not a carcdb report is refused, not written into.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from carcdb.pipeline.interchange.tables import carcdb_version
from carcdb.pipeline.outputs import OutputKind, check_output, folder_output, head
from carcdb.pipeline.report.contents import contents_data
from carcdb.pipeline.report.coverage import SERIES, coverage_data
from carcdb.pipeline.report.engine import engine_data, made
from carcdb.pipeline.report.quality import SEVERITIES, checks_data, findings_data
from carcdb.pipeline.report.render import render, static
from carcdb.pipeline.report.tiles import BAR_WIDTH, Symbols, diffs_data, facts, tiles_data
from carcdb.warehouse.connection import read_only, storage_version
from carcdb.warehouse.report_queries import check_results, last_run

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


@dataclass(frozen=True)
class Section:
    anchor: str
    title: str
    template: str
    data: Any


def build_report(db: Path, out: Path) -> ReportSummary:
    check_output(out, REPORT, warehouse=db)
    symbols = Symbols()
    with read_only(db) as conn:
        tiles = tiles_data(conn, symbols)
        diffs = diffs_data(conn)
        checks = check_results(conn)
        contents = contents_data(conn, checks)
        coverage = coverage_data(conn)
        found = findings_data(conn)
        checked = checks_data(conn)
        distributions = Counter(block.product for block in tiles.blocks)
        engine = engine_data(conn, checks, distributions)
        run = last_run(conn)
        storage = storage_version(conn)
    editions = facts(tiles)
    data: dict[str, Any] = {
        "editions": editions,
        "tile_entries": sum(e["entries"] for e in editions),
        "languages": coverage.languages,
        "pages": len(coverage.pages),
        "findings": len(found.rows),
        "checks": dict(checked.statuses),
        "configurations": made(engine),
        "engine_products": [p.name for p in engine.products],
    }
    sections = [
        Section("tiles", "Tile distributions", "tiles.html.j2", tiles),
        Section("editions", "Edition differences", "diffs.html.j2", diffs),
        Section("contents", "Box contents", "contents.html.j2", contents),
        Section("translations", "Translations", "coverage.html.j2", coverage),
        Section("findings", "Findings", "findings.html.j2", found),
        Section("checks", "Checks", "checks.html.j2", checked),
        Section("engine", "Engine", "engine.html.j2", engine),
    ]
    text = render(
        "page.html.j2",
        title=TITLE,
        sections=sections,
        patterns=[*tiles.keys, *SERIES.values(), *SEVERITIES.values()],
        symbols=symbols.sprite(),
        bar_width=BAR_WIDTH,
        db=db,
        storage=storage,
        run=run,
        version=carcdb_version(),
        data=data,
        css=static("report.css"),
        script=static("report.js"),
    )
    with folder_output(out, REPORT, warehouse=db) as staging:
        (staging / INDEX).write_text(text, "utf-8")
    return ReportSummary(
        path=out / INDEX,
        editions=len(editions),
        tile_entries=data["tile_entries"],
        drawings=len(symbols.defined),
        findings=len(found.rows),
        bytes=len(text.encode()),
    )
