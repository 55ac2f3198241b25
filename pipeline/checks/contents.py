"""Box contents (docs/contents.md) against the page's own tile lists.

- `contents.tile_total` (error): the `tiles` a page's Contents counts (the sum of its
  sentences: "72 tiles" and "12 tiles" are 84) against the tiles of the page's lists of that
  product and edition, outside the lists of special tiles (`special=N`: the abbeys);
- `contents.tile_feature` (error): a feature count ("6 abbey tiles") against the copies of
  the lists' tiles whose config has that feature (on every copy, or as an illustration).
The edition is the record's (its section's, or the page's only one); when the page lists
several and the Contents names none, the product's default edition (`pipeline.products`).
Where nothing can be compared the result is a skip saying why. A failure names both places:
each Contents sentence (page, line:col, text) and each list (section, line:col, tiles).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

import duckdb

from carcdb.pipeline.checks.inputs import CheckInputs
from carcdb.pipeline.parse.contents.lexicon import vocabulary
from carcdb.pipeline.products import default_edition
from carcdb.schemas.checks import CheckResult, outcome, skip
from carcdb.schemas.contents import BoxContent, ContentsBasis
from carcdb.warehouse.tiles import TileListRow, TileRow

# Vocabulary item -> the wiki's `{{Feature|name=...}}` names that mark it on a tile. Only names
# seen on the wiki's pages; an item without one (inns, cathedrals, goods) is compared with the
# reference sets only (`contents_engine`).
FEATURE_NAMES: dict[str, tuple[str, ...]] = {
    "abbey": ("Abbey",),
    "monastery": ("Monastery",),
    "garden": ("Garden",),
    "letter": ("CourierLetterSymbol",),
}
Group = tuple[str, str | None, str | None, str]  # title, product, edition, item


def scope_of(title: str, item: str, product: str | None, edition: str | None) -> str:
    label = " ".join(part for part in (product or "no product", edition) if part)
    return f"{title} Contents {item} ({label})"


def said(records: Iterable[BoxContent]) -> str:
    """Where the Contents says it: `page line L:C "sentence"`, once per sentence."""
    seen: dict[tuple[str, int], str] = {}
    for record in records:
        where = record.location
        key = (where.title, record.sentence_index)
        seen.setdefault(key, f'{where.title} line {where.line}:{where.col} "{record.sentence}"')
    return "; ".join(seen.values())


def sentences_evidence(records: Iterable[BoxContent]) -> list[dict[str, object]]:
    return [
        {
            "line": r.location.line,
            "col": r.location.col,
            "section": r.section,
            "sentence": r.sentence,
            "count": r.count,
        }
        for r in records
    ]


def box_groups(
    records: Iterable[BoxContent], kinds: tuple[str, ...]
) -> dict[Group, list[BoxContent]]:
    """Box totals of items of `kinds`, by page, product, edition and item, in page order."""
    items = vocabulary().items
    grouped: dict[Group, list[BoxContent]] = defaultdict(list)
    for record in records:
        if record.basis is ContentsBasis.BOX and items[record.item].kind in kinds:
            key = (record.location.title, record.product, record.edition, record.item)
            grouped[key].append(record)
    return grouped


def chosen_edition(
    product: str, edition: str | None, listed: Iterable[str | None]
) -> tuple[str | None, str]:
    """The edition to compare with, and why it is that one ("" when the record names it)."""
    if edition is not None:
        return edition, ""
    editions = sorted({e for e in listed if e})
    fallback = default_edition(product)
    if fallback in editions:
        return fallback, f" (the Contents names no edition: {product}'s default {fallback})"
    return None, (
        f"the Contents names no edition and the page lists {', '.join(editions) or 'none'} "
        f"of {product}, not its default {fallback or '(none)'}"
    )


def _lists_text(lists: list[TileListRow]) -> str:
    return "; ".join(
        f"list {row.list_index} line {row.line}:{row.col} ({row.section or 'no section'}): "
        f"{row.tile_count}"
        for row in lists
    )


def check_contents_tiles(
    conn: duckdb.DuckDBPyConnection, inputs: CheckInputs | None = None
) -> list[CheckResult]:
    """The `tiles` of each page's Contents equal the tiles of its lists (special ones aside)."""
    inputs = CheckInputs.of(conn, inputs)
    by_title: dict[str, list[TileListRow]] = defaultdict(list)
    for row in inputs.lists:
        by_title[row.title].append(row)
    results = []
    for (title, product, edition, _item), records in box_groups(
        inputs.box_contents, ("tiles",)
    ).items():
        scope = scope_of(title, "tiles", product, edition)
        if product is None:
            results.append(skip("contents.tile_total", scope, "the page names no product"))
            continue
        lists = [row for row in by_title[title] if row.product == product]
        chosen, why = chosen_edition(product, edition, (row.edition for row in lists))
        if chosen is None:
            results.append(skip("contents.tile_total", scope, why))
            continue
        counted = [
            row for row in lists if row.edition == chosen and row.special is None and row.entries
        ]
        if not counted:
            results.append(
                skip("contents.tile_total", scope, f"the page lists no tiles of {product} {chosen}")
            )
            continue
        listed = sum(row.tile_count for row in counted)
        total = sum(record.count for record in records)
        results.append(
            outcome(
                "contents.tile_total",
                scope,
                total == listed,
                f"{listed} (tile lists of {product} {chosen})",
                f"{total} (Contents)",
                f"the Contents counts {total} tiles ({said(records)}) but the tile lists of "
                f"{product} {chosen}{why} hold {listed} ({_lists_text(counted)})",
                {
                    "contents": sentences_evidence(records),
                    "lists": [
                        {
                            "list_index": row.list_index,
                            "line": row.line,
                            "col": row.col,
                            "section": row.section,
                            "tiles": row.tile_count,
                        }
                        for row in counted
                    ],
                    "edition": chosen,
                },
            )
        )
    return results


def _copies_with(tile: TileRow, names: tuple[str, ...]) -> int:
    """Copies of `tile` showing one of `names`: all of them, or its illustrated ones."""
    if any(name in tile.features for name in names):
        return tile.count
    return sum(tile.illustrations.get(name, 0) for name in names)


def check_contents_features(
    conn: duckdb.DuckDBPyConnection, inputs: CheckInputs | None = None
) -> list[CheckResult]:
    """A feature the Contents counts equals the listed copies whose config has it."""
    inputs = CheckInputs.of(conn, inputs)
    tiles_by_title: dict[str, list[TileRow]] = defaultdict(list)
    for tile in inputs.tiles:
        tiles_by_title[tile.title].append(tile)
    results = []
    for (title, product, edition, item), records in box_groups(
        inputs.box_contents, ("feature", "good")
    ).items():
        scope = scope_of(title, item, product, edition)
        names = FEATURE_NAMES.get(item)
        if names is None:
            why = f"the wiki's tile lists have no feature name carcdb knows for {item}"
            results.append(skip("contents.tile_feature", scope, why))
            continue
        if product is None:
            results.append(skip("contents.tile_feature", scope, "the page names no product"))
            continue
        page_tiles = tiles_by_title[title]
        if not any(_copies_with(tile, names) for tile in page_tiles):
            why = f"no tile list of the page marks {' or '.join(names)}"
            results.append(skip("contents.tile_feature", scope, why))
            continue
        product_tiles = [tile for tile in page_tiles if tile.product == product]
        chosen, why = chosen_edition(product, edition, (tile.edition for tile in product_tiles))
        if chosen is None:
            results.append(skip("contents.tile_feature", scope, why))
            continue
        marked = [tile for tile in product_tiles if tile.edition == chosen]
        listed = sum(_copies_with(tile, names) for tile in marked)
        total = sum(record.count for record in records)
        codes = {tile.code: _copies_with(tile, names) for tile in marked}
        codes = {code: n for code, n in codes.items() if n}
        results.append(
            outcome(
                "contents.tile_feature",
                scope,
                total == listed,
                f"{listed} (listed tiles of {product} {chosen} with {'/'.join(names)})",
                f"{total} (Contents)",
                f"the Contents counts {total} {item} ({said(records)}) but the tile lists of "
                f"{product} {chosen}{why} mark {'/'.join(names)} on {listed} tiles "
                f"({', '.join(f'{c} x{n}' for c, n in codes.items()) or 'none'})",
                {"contents": sentences_evidence(records), "tiles": codes, "edition": chosen},
            )
        )
    return results
