"""Running the tiles stage on fixture wikitext, and a compact summary for golden files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from carcdb.pipeline.parse.document import ParsedDocument, RevisionText
from carcdb.pipeline.parse.stage import StageOutput
from carcdb.pipeline.parse.tiles import extract
from carcdb.schemas.tiles import TileEntry, TileList

FIXTURES = Path(__file__).parent.parent / "fixtures" / "tiles"


def run_stage(wikitext: str, title: str = "Test page/ro") -> StageOutput:
    base, _, language = title.partition("/")
    revision = RevisionText("sha:test", title, base, language or "en", wikitext)
    return extract(ParsedDocument(revision))


def lists_of(output: StageOutput) -> list[TileList]:
    return [row for row in output.rows.get("tile_lists", []) if isinstance(row, TileList)]


def entries_of(output: StageOutput, list_index: int | None = None) -> list[TileEntry]:
    return [
        row
        for row in output.rows.get("tiles", [])
        if isinstance(row, TileEntry) and (list_index is None or row.list_index == list_index)
    ]


def summary(output: StageOutput) -> dict[str, Any]:
    """What a golden file pins: every list with its tiles, and every finding's place."""
    lists = []
    for row in lists_of(output):
        lists.append(
            {
                "list_index": row.list_index,
                "at": f"{row.location.line}:{row.location.col}",
                "product": row.product,
                "edition": row.edition,
                "section": row.section,
                "declared_total": row.declared_total,
                "special": row.special,
                "declares_section_total": row.declares_section_total,
                "section_total_list": row.section_total_list,
                "tile_count": row.tile_count,
                "edition_sources": row.edition_sources.model_dump(),
                "tiles": [
                    {
                        "code": e.code,
                        "count": e.count,
                        "image": e.image,
                        "at": f"{e.location.line}:{e.location.col}",
                        "features": e.features,
                        "illustrations": e.illustrations,
                        "start_tile": e.start_tile,
                        "footnote": e.footnote,
                        "special": e.special,
                        "recovered": e.recovered,
                    }
                    for e in entries_of(output, row.list_index)
                ],
            }
        )
    findings = [
        {
            "severity": f.severity.value,
            "code": f.code,
            "at": f"{f.line}:{f.col}",
            "message": f.message,
        }
        for f in output.findings
    ]
    return {"lists": lists, "findings": findings}
