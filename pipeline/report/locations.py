"""Where a finding stands in its page: the section heading path it falls under and its offset
in the stored wikitext, from the finding's line and column and its revision's text.

Flattened captures (ExportTranslations) hold a whole page on one line, so "line 1, col 45233"
says nothing a reader can find; the heading path does. The path is the rules stage's
(`PageRegions.section_path`, what rules records store as `section_path`): the `== headings ==`
enclosing the place, then a `{{...Heading}}` template after the last of them. Each revision
with located findings is parsed once more here (`ParsedDocument`, as a build parses it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import duckdb

from carcdb.pipeline.parse.document import ParsedDocument, RevisionText
from carcdb.pipeline.parse.inclusion import ViewedText, as_viewed
from carcdb.pipeline.parse.rules.regions import PageRegions
from carcdb.warehouse.revisions import stored_texts

SEPARATOR = " > "  # as box_contents' sections are joined
_NEWLINE = re.compile("\n")


@dataclass(frozen=True)
class Place:
    section: str  # the heading path, outermost first ("" before the first heading)
    offset: int  # characters before it in the stored wikitext


def line_starts(text: str) -> list[int]:
    return [0, *(match.end() for match in _NEWLINE.finditer(text))]


def stored_offset(starts: list[int], length: int, line: int, col: int) -> int | None:
    """The offset of a 1-based line and column in a text of `length` characters whose lines
    start at `starts` (None when the place is not in it)."""
    if not 1 <= line <= len(starts) or col < 1:
        return None
    offset = starts[line - 1] + col - 1
    return offset if offset <= length else None


def viewed_offset(viewed: ViewedText, offset: int) -> int:
    """The offset in the text the parser reads (`<includeonly>` content dropped) of an offset
    in the stored text: the inverse of `ViewedText.original_offset`; a place inside dropped
    text maps to where it was dropped."""
    result = offset
    before = 0  # characters dropped before the current cut
    for at, removed in viewed.cuts:
        if offset >= at + removed:
            result = offset - removed
        elif offset >= at + before:
            return at
        else:
            break
        before = removed
    return result


def locate(
    conn: duckdb.DuckDBPyConnection, findings: Sequence[dict[str, object]]
) -> list[Place | None]:
    """A place for each finding (`revision_key`, `line`, `col`), None where it has none."""
    keys = sorted(
        {
            str(f["revision_key"])
            for f in findings
            if f["revision_key"] and f["line"] is not None and f["col"] is not None
        }
    )
    pages: dict[str, tuple[str, list[int], ViewedText, PageRegions]] = {}
    for stored in stored_texts(conn, keys):
        doc = ParsedDocument(
            RevisionText(
                stored.revision_key, stored.title, stored.base_title, stored.language,
                stored.wikitext,
            )
        )  # fmt: skip
        text = stored.wikitext
        pages[stored.revision_key] = (text, line_starts(text), as_viewed(text), PageRegions(doc))
    places: list[Place | None] = []
    for finding in findings:
        page = pages.get(str(finding["revision_key"]))
        line, col = finding["line"], finding["col"]
        if page is None or not isinstance(line, int) or not isinstance(col, int):
            places.append(None)
            continue
        text, starts, viewed, regions = page
        offset = stored_offset(starts, len(text), line, col)
        if offset is None:
            places.append(None)
            continue
        path = regions.section_path(viewed_offset(viewed, offset))
        places.append(Place(SEPARATOR.join(path), offset))
    return places
