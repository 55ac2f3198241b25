"""Read queries over the tile tables: lists, tiles and distributions of current revisions,
draw-pile counts, and the differences between two distributions."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import duckdb

from carcdb.warehouse.pages import base_title_condition
from carcdb.warehouse.rows import execute


@dataclass(frozen=True, slots=True)
class TileListRow:
    """One tile list of a page's current revision (a `tile_lists` row)."""

    title: str
    language: str
    list_index: int
    revision_key: str
    product: str | None
    edition: str | None
    section: str
    declared_total: int | None
    special: int | None
    declares_section_total: bool
    section_total_list: int | None
    entries: int
    tile_count: int
    line: int
    col: int

    @property
    def scope(self) -> str:
        label = " ".join(part for part in (self.product, self.edition) if part)
        return f"{self.title} list {self.list_index} ({label or 'unidentified'})"


@dataclass(frozen=True, slots=True)
class TileRow:
    title: str
    language: str
    product: str | None
    edition: str | None
    list_index: int
    code: str
    count: int
    features: dict[str, int]
    illustrations: dict[str, int]
    start_tile: bool
    footnote: bool
    special: bool

    def shape(self) -> dict[str, Any]:
        """What two editions or languages compare: everything but the place it came from."""
        return {
            "count": self.count,
            "features": self.features,
            "illustrations": self.illustrations,
            "start_tile": self.start_tile,
            "footnote": self.footnote,
        }


def current_lists(
    conn: duckdb.DuckDBPyConnection, base_titles: Sequence[str] | None = None
) -> list[TileListRow]:
    """The tile lists of every page's current revision (or of the pages of `base_titles`),
    by title and list index."""
    sql = (
        "SELECT l.title, l.language, l.list_index, l.revision_key, l.product, l.edition, "
        "l.section, l.declared_total, l.special, l.declares_section_total, "
        "l.section_total_list, l.entries, l.tile_count, l.line, l.col "
        "FROM tile_lists l JOIN current_revisions c ON c.revision_key = l.revision_key "
    )
    params: list[Any] = []
    if base_titles is not None:
        where, params = base_title_condition("p", base_titles)
        sql += f"JOIN pages p ON p.title = l.title WHERE {where} "
    rows = execute(conn, sql + "ORDER BY l.title, l.list_index", params)
    return [TileListRow(*row) for row in rows]


def list_editions(
    conn: duckdb.DuckDBPyConnection, base_titles: Sequence[str] | None = None
) -> dict[str, list[str]]:
    """Title -> the editions of its lists in any stored revision, sorted (of every page, or of
    the pages of `base_titles`)."""
    where, params = base_title_condition("p", base_titles)
    rows = execute(
        conn,
        "SELECT DISTINCT l.title, l.edition FROM tile_lists l JOIN pages p "
        f"ON p.title = l.title WHERE l.edition IS NOT NULL AND {where} ORDER BY 1, 2",
        params,
    )
    by_title: dict[str, list[str]] = defaultdict(list)
    for title, edition in rows:
        by_title[str(title)].append(str(edition))
    return dict(by_title)


# (title, revision_key, list_index): the tiles of one list of one revision.
ListKey = tuple[str, str, int]
# One tile entry's columns: code, count, start_tile, special, features (JSON text),
# illustrations (JSON text), line, col, image.
EntryColumns = tuple[Any, ...]


def current_list_entries(
    conn: duckdb.DuckDBPyConnection, base_titles: Sequence[str] | None = None
) -> dict[ListKey, list[EntryColumns]]:
    """The tile entries of every current revision's lists (or of the pages of
    `base_titles`), list by list, in page order."""
    where, params = base_title_condition("p", base_titles)
    rows = execute(
        conn,
        "SELECT t.title, t.revision_key, t.list_index, t.code, t.count, t.start_tile, "
        "t.special, t.features, t.illustrations, t.line, t.col, t.image "
        "FROM tiles t JOIN current_revisions c ON c.revision_key = t.revision_key "
        f"JOIN pages p ON p.title = t.title WHERE {where} "
        "ORDER BY t.title, t.list_index, t.entry_index",
        params,
    )
    by_list: dict[ListKey, list[EntryColumns]] = defaultdict(list)
    for row in rows:
        by_list[(str(row[0]), str(row[1]), int(row[2]))].append(row[3:])
    return dict(by_list)


class TileCode(NamedTuple):
    """A `tile_distribution` row with only what the engine's tile sets are chosen by."""

    title: str
    list_index: int
    product: str | None
    edition: str | None
    special: bool
    code: str


def current_tile_codes(conn: duckdb.DuckDBPyConnection) -> list[TileCode]:
    """`current_tiles` with those columns only, in the same order: no feature map decoded and
    no row built beyond a tuple, for what needs no more (read before the checks' helper gets
    its work, so it waits for less)."""
    rows = execute(
        conn,
        "SELECT title, list_index, product, edition, special, code FROM tile_distribution "
        "ORDER BY title, list_index, entry_index",
    )
    return list(map(TileCode._make, rows))


def draw_pile_rows(
    conn: duckdb.DuckDBPyConnection, product: str, edition: str
) -> list[tuple[str, str, str, int, dict[str, int]]]:
    """(title, language, code, count, illustrations) of the counted, non-special tiles of
    `product` and `edition` in every page's current revision: English pages first, then by
    title, language and code. `illustrations` is the entry's per-copy partition (`{}`: none)."""
    rows = execute(
        conn,
        "SELECT title, language, code, count, illustrations FROM tile_distribution "
        "WHERE product = ? AND edition = ? AND count IS NOT NULL AND NOT special "
        "ORDER BY language <> 'en', title, language, code",
        [product, edition],
    )
    maps = JsonMaps()
    return [
        (str(title), str(lang), str(code), int(count), maps.load(illustrations))
        for title, lang, code, count, illustrations in rows
    ]


class JsonMaps:
    """`json.loads` of flat JSON objects, decoded once per distinct text (a whole warehouse of
    tiles holds a few dozen feature maps); each call still gets a dict of its own."""

    def __init__(self) -> None:
        self._decoded: dict[str, dict[str, int]] = {}

    def load(self, text: str) -> dict[str, int]:
        decoded = self._decoded.get(text)
        if decoded is None:
            decoded = self._decoded[text] = json.loads(text)
        return dict(decoded)


def current_tiles(
    conn: duckdb.DuckDBPyConnection,
    *,
    title: str | None = None,
    edition: str | None = None,
) -> list[TileRow]:
    """Rows of `tile_distribution`, optionally for one page title and one edition."""
    sql = (
        "SELECT title, language, product, edition, list_index, code, count, features, "
        "illustrations, start_tile, footnote, special FROM tile_distribution WHERE true"
    )
    params: list[Any] = []
    if title is not None:
        sql += " AND title = ?"
        params.append(title)
    if edition is not None:
        sql += " AND edition = ?"
        params.append(edition)
    sql += " ORDER BY title, list_index, entry_index"
    maps = JsonMaps()
    return [
        TileRow(
            title=row[0],
            language=row[1],
            product=row[2],
            edition=row[3],
            list_index=row[4],
            code=row[5],
            count=row[6],
            features=maps.load(row[7]),
            illustrations=maps.load(row[8]),
            start_tile=bool(row[9]),
            footnote=bool(row[10]),
            special=bool(row[11]),
        )
        for row in conn.execute(sql, params).fetchall()
    ]


@dataclass(frozen=True)
class TileDifference:
    code: str
    field: str  # count, features.<name>, illustrations.<name>, start_tile, footnote, presence
    left: Any
    right: Any


def _flatten(shape: dict[str, Any] | None) -> dict[str, Any]:
    if shape is None:
        return {"presence": "absent"}
    flat: dict[str, Any] = {"presence": "present"}
    for key, value in shape.items():
        if isinstance(value, dict):
            flat.update({f"{key}.{name}": number for name, number in value.items()})
        else:
            flat[key] = value
    return flat


def _default(field: str) -> Any:
    if field.startswith(("features.", "illustrations.")):
        return 0
    return None


def tile_differences(left: list[TileRow], right: list[TileRow]) -> list[TileDifference]:
    """Tile-level differences between two distributions, matched by tile code."""
    left_by_code = {row.code: row.shape() for row in left}
    right_by_code = {row.code: row.shape() for row in right}
    differences = []
    for code in sorted(set(left_by_code) | set(right_by_code)):
        a = _flatten(left_by_code.get(code))
        b = _flatten(right_by_code.get(code))
        if a["presence"] != b["presence"]:
            differences.append(TileDifference(code, "presence", a["presence"], b["presence"]))
            continue
        for field in sorted(set(a) | set(b)):
            va, vb = a.get(field, _default(field)), b.get(field, _default(field))
            if va != vb:
                differences.append(TileDifference(code, field, va, vb))
    return differences
