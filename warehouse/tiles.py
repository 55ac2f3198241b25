"""Read queries over the tile tables: lists and distributions of current revisions, diffs."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import duckdb


@dataclass(frozen=True, slots=True)
class ListRow:
    title: str
    language: str
    list_index: int
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


def current_lists(conn: duckdb.DuckDBPyConnection) -> list[ListRow]:
    rows = conn.execute(
        "SELECT l.title, l.language, l.list_index, l.product, l.edition, l.section, "
        "l.declared_total, l.special, l.declares_section_total, l.section_total_list, "
        "l.entries, l.tile_count, l.line, l.col "
        "FROM tile_lists l JOIN current_revisions c ON c.revision_key = l.revision_key "
        "ORDER BY l.title, l.list_index"
    ).fetchall()
    return [ListRow(*row) for row in rows]


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


def page_titles(conn: duckdb.DuckDBPyConnection) -> list[tuple[str, str, str]]:
    """(title, base_title, language) of every stored page."""
    rows = conn.execute("SELECT title, base_title, language FROM pages ORDER BY title").fetchall()
    return [(str(a), str(b), str(c)) for a, b, c in rows]


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
