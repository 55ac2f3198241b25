"""The report's tile sections: every product, edition and language's distribution drawn tile
by tile (copies, features, the split of the copies by illustration), and the differences
between editions. The data only: `tiles.html.j2` and `diffs.html.j2` draw it.

Counts say what they count: copies (physical tiles, what a box holds), types (distinct codes)
and tile entries (rows of the wiki's tile lists: one per type per list, so a page listing
three editions of 24 types has 72 entries).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import duckdb

from carcdb.pipeline.configgen.generate import geometry_product
from carcdb.pipeline.draw.tile_svg import tile_symbol
from carcdb.pipeline.engine.config_file import builtin_tile_geometry
from carcdb.pipeline.engine.geometry import resolved
from carcdb.pipeline.report.keys import Key, illustration_keys
from carcdb.warehouse.tiles import (
    TileDifference,
    TileListRow,
    TileRow,
    current_lists,
    current_tiles,
    tile_differences,
)

# A card's illustration bar, in the SVG's own units (the card's inner width).
BAR_WIDTH = 104
# Where a long name may break: before a capital that follows a small letter or digit.
_WORD_START = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


@dataclass(frozen=True)
class Drawing:
    """A card's drawing: the symbol it shows (None: no shape data) and what it is of."""

    symbol_id: str | None
    label: str


@dataclass
class Symbols:
    """The tile drawings a page uses, each defined once as an SVG symbol."""

    defined: dict[str, str] = field(default_factory=dict)

    def use(self, product: str | None, code: str) -> Drawing:
        # The shape's owner: a product's own (Abbey and the Mayor), or the base game's tile it
        # reuses (the Winter Edition's and the 20th Anniversary's letters): drawn once.
        shapes = resolved()
        found = shapes.get((product or "", code)) or shapes.get(
            (geometry_product(product or ""), code)
        )
        label = f"{product}/{code}"
        if found is None:
            return Drawing(None, label)
        _shape, owner, owner_code = found
        symbol_id = "shape-" + "".join(
            ch if ch.isalnum() else "-" for ch in f"{owner}-{owner_code}"
        )
        if symbol_id not in self.defined:
            self.defined[symbol_id] = tile_symbol(
                builtin_tile_geometry(owner, owner_code), symbol_id, f"{owner}/{owner_code}"
            )
        return Drawing(symbol_id, label)

    def sprite(self) -> list[str]:
        """The symbols' markup (`pipeline.draw`'s, escaped there), in id order."""
        return [self.defined[key] for key in sorted(self.defined)]


@dataclass(frozen=True)
class Label:
    """A feature on a card: its name, the words it may break between, how many it has."""

    name: str
    words: list[str]
    times: int


@dataclass(frozen=True)
class Share:
    """The copies of a card showing one illustration: a segment of its bar and a label."""

    key: Key
    copies: int
    x: float
    width: float

    @property
    def words(self) -> list[str]:
        return words(self.key.name)


@dataclass(frozen=True)
class Card:
    code: str
    count: int
    marks: str
    drawing: Drawing
    features: list[Label]
    shares: list[Share]
    search: str


@dataclass(frozen=True)
class Block:
    """One distribution: a product, edition and language of one page."""

    product: str
    edition: str
    language: str
    title: str
    anchor: str
    copies: int  # in the draw pile
    special: int  # special copies (outside the draw pile)
    types: int
    entries: int
    declared: str
    cards: list[Card]
    lists: list[TileListRow]


@dataclass(frozen=True)
class TilesData:
    blocks: list[Block]
    keys: list[Key]


def words(name: str) -> list[str]:
    return _WORD_START.split(name)


def _shares(row: TileRow, keys: dict[str, Key]) -> list[Share]:
    total = sum(row.illustrations.values()) or 1
    shares, x = [], 0.0
    for name, copies in row.illustrations.items():
        width = BAR_WIDTH * copies / total
        shares.append(Share(keys[name], copies, round(x, 2), round(width, 2)))
        x += width
    return shares


def _card(row: TileRow, symbols: Symbols, keys: dict[str, Key]) -> Card:
    features = [Label(name, words(name), n) for name, n in row.features.items()]
    marks = " ".join(
        mark
        for mark, on in (("start", row.start_tile), ("*", row.footnote), ("special", row.special))
        if on
    )
    named = ", ".join(name if n == 1 else f"{name}×{n}" for name, n in row.features.items())
    search = f"{row.product} {row.edition} {row.language} {row.title} {named} " + " ".join(
        row.illustrations
    )
    return Card(
        row.code,
        row.count,
        marks,
        symbols.use(row.product, row.code),
        features,
        _shares(row, keys),
        search,
    )


GroupKey = tuple[str, str, str, str]  # product, edition, language, title


def _groups(rows: list[TileRow]) -> dict[GroupKey, list[TileRow]]:
    groups: dict[GroupKey, list[TileRow]] = defaultdict(list)
    for row in rows:
        key = (row.product or "(unidentified)", row.edition or "?", row.language, row.title)
        groups[key].append(row)
    return dict(sorted(groups.items()))


def tiles_data(conn: duckdb.DuckDBPyConnection, symbols: Symbols) -> TilesData:
    rows = current_tiles(conn)
    lists: dict[tuple[str, int], TileListRow] = {
        (r.title, r.list_index): r for r in current_lists(conn)
    }
    keys = illustration_keys(name for row in rows for name in row.illustrations)
    blocks = []
    for number, ((product, edition, language, title), group) in enumerate(_groups(rows).items()):
        chosen = [
            lists[(title, i)] for i in sorted({r.list_index for r in group}) if (title, i) in lists
        ]
        declared = [r.declared_total for r in chosen if r.declared_total is not None]
        blocks.append(
            Block(
                product,
                edition,
                language,
                title,
                f"edition-{number}",
                sum(r.count for r in group if not r.special),
                sum(r.count for r in group if r.special),
                len({r.code for r in group}),
                len(group),
                "+".join(map(str, declared)) or "none",
                [_card(r, symbols, keys) for r in group],
                chosen,
            )
        )
    return TilesData(blocks, list(keys.values()))


def facts(data: TilesData) -> list[dict[str, Any]]:
    """Per distribution, the numbers the page shows (the page's data block, for tests)."""
    return [
        {
            "product": b.product,
            "edition": b.edition,
            "language": b.language,
            "title": b.title,
            "tiles": b.copies,
            "special": b.special,
            "types": b.types,
            "entries": b.entries,
            "anchor": b.anchor,
        }
        for b in data.blocks
    ]


@dataclass(frozen=True)
class EditionDiff:
    title: str
    product: str
    left: str
    right: str
    left_copies: int
    right_copies: int
    differences: list[TileDifference]

    @property
    def codes(self) -> list[str]:
        return sorted({d.code for d in self.differences})


def diffs_data(conn: duckdb.DuckDBPyConnection) -> list[EditionDiff]:
    """Tile-level differences between consecutive editions of each page's product."""
    by_product: dict[tuple[str, str], dict[str, list[TileRow]]] = defaultdict(
        lambda: defaultdict(list)
    )
    for row in current_tiles(conn):
        if row.product and row.edition and not row.special:
            by_product[(row.title, row.product)][row.edition].append(row)
    return [
        EditionDiff(
            title,
            product,
            left,
            right,
            sum(r.count for r in editions[left]),
            sum(r.count for r in editions[right]),
            tile_differences(editions[left], editions[right]),
        )
        for (title, product), editions in sorted(by_product.items())
        for left, right in pairwise(sorted(editions))
    ]
