"""Check a corpus against its `expected.json`, counting tile lists independently of the generator.

The generator edits text with regexes; this side counts with mwparserfromhell, so agreement
means the pages say what `expected.json` claims. `verify_warehouse` does the same for what a
build stored: every expected revision present, with the expected tile totals.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import duckdb
import mwparserfromhell
from mwparserfromhell.nodes import Heading, Tag, Template
from mwparserfromhell.wikicode import Wikicode

from carcdb.pipeline.synth.corpus import EXPECTED
from carcdb.pipeline.synth.tilelists import ListTotals
from carcdb.warehouse.revisions import current_texts
from carcdb.warehouse.tiles import current_lists


def _int(template: Template, name: str) -> int | None:
    if not template.has(name):
        return None
    value = str(template.get(name).value).strip()
    return int(value) if value.isdigit() else None


def _outer_templates(code: Wikicode) -> Iterator[Template]:
    """Templates not inside another template, in page order (inside tags and headings too)."""
    for node in code.nodes:
        if isinstance(node, Template):
            yield node
        elif isinstance(node, Tag) and node.contents is not None:
            yield from _outer_templates(node.contents)
        elif isinstance(node, Heading):
            yield from _outer_templates(node.title)


def count_tile_lists(wikitext: str) -> list[ListTotals]:
    """Totals of every `BeginTileList` ... `EndTileList` not nested in another template."""
    return tile_list_totals(mwparserfromhell.parse(wikitext))


def tile_list_totals(tree: Wikicode) -> list[ListTotals]:
    """`count_tile_lists` on a tree already parsed."""
    lists: list[ListTotals] = []
    current: ListTotals | None = None
    for node in _outer_templates(tree):
        if node.name.matches("BeginTileList"):
            if current is not None:
                lists.append(current)
            current = ListTotals(_int(node, "tiles"), _int(node, "special"), 0, 0)
        elif current is not None and node.name.matches("EndTileList"):
            lists.append(current)
            current = None
        elif current is not None and node.name.matches("Tile") and node.has("count"):
            count = _int(node, "count")
            if count is None:
                current.bad_counts += 1
            else:
                current.tiles += 1
                current.total += count
    if current is not None:
        lists.append(current)
    return lists


@dataclass
class Verification:
    revisions: int = 0
    tiles: int = 0
    mismatches: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.mismatches


def load_expected(corpus: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((corpus / EXPECTED).read_text("utf-8"))
    return data


def _compare(title: str, wikitext: str, entry: dict[str, Any], result: Verification) -> None:
    counted = [t.as_json() for t in count_tile_lists(wikitext)]
    result.revisions += 1
    result.tiles += sum(int(t["total"] or 0) for t in counted)
    if counted != entry["lists"]:
        result.mismatches.append(f"{title}: counted {counted}, expected {entry['lists']}")


def verify_warehouse(conn: duckdb.DuckDBPyConnection, corpus: Path) -> Verification:
    """Every expected revision is a stored current revision with the expected tile totals."""
    expected = {e["title"]: e for e in load_expected(corpus)["revisions"]}
    stored = current_texts(conn)
    result = Verification()
    for title, entry in expected.items():
        if title not in stored:
            result.mismatches.append(f"{title}: not in the warehouse")
            continue
        _compare(title, stored[title], entry, result)
    return result


def _holds_tiles(totals: dict[str, Any]) -> bool:
    """Lists a tile stage records: those that declare a total or count tiles (not galleries)."""
    return any(totals[k] is not None for k in ("declared", "special")) or bool(
        totals["tiles"] or totals["bad_counts"]
    )


def verify_tile_tables(conn: duckdb.DuckDBPyConnection, corpus: Path) -> Verification:
    """The tiles stage's `tile_lists` agree with `expected.json`: per current revision, the
    lists' declared totals, special counts and tile counts, in page order."""
    expected = {e["title"]: e for e in load_expected(corpus)["revisions"]}
    stored: dict[str, list[tuple[Any, ...]]] = {}
    for row in current_lists(conn):
        stored.setdefault(row.title, []).append((row.declared_total, row.special, row.tile_count))
    result = Verification()
    for title, entry in expected.items():
        want = [
            (t["declared"], t["special"], t["total"]) for t in entry["lists"] if _holds_tiles(t)
        ]
        got = stored.get(title, [])
        result.revisions += 1
        result.tiles += sum(int(count) for _, _, count in got)
        if got != want:
            result.mismatches.append(f"{title}: tile_lists {got}, expected {want}")
    return result
