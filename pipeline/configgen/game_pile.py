"""The draw pile of a game of several products: each product's tiles from its own source.

For each product of the game, the first of these that exists:
1. the rules configuration's `draw_pile`, for the products whose tiles it names;
2. the warehouse: the Base Game through `drawpile.draw_pile` (as always), every other product
   from its tile lists (one source page, English first, as `drawpile` picks it) of its
   edition; codes without a known shape are dropped with a notice (The Courier's tiles);
3. the copies in the engine's shape data, with a notice.
Tiles are named as records name them (`D`, `Abbey and the Mayor/C`); special tiles (the
abbeys) are never in the pile. A product with no tiles of its own (The Abbot) adds none. When
the game's rules tell copies apart by their illustration (The Abbot's Garden copies), each
product's counts are split by the source's illustrations (the warehouse page's per-copy
partition, else the shape data's): `E: 5` becomes `E: 4, E[Garden]: 1`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from carcdb.pipeline.configgen.drawpile import DrawPile, add_illustrations, draw_pile
from carcdb.pipeline.engine.geometry import (
    BASE_GAME,
    TileSet,
    product_entry,
    record_name,
    resolved,
    tile_set,
)
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.products import default_edition
from carcdb.warehouse.connection import read_only
from carcdb.warehouse.tiles import current_tiles


def game_draw_pile(
    tiles: TileSet, config: RulesConfig, db: Path, editions: Mapping[str, str] | None = None
) -> DrawPile:
    """The draw pile of a game of `tiles.products` (see the module docstring)."""
    editions = {p: default_edition(p) for p in tiles.products} | dict(editions or {})
    by_product: dict[str, dict[str, int]] = {}
    for name, copies in (config.draw_pile or {}).items():
        product = tiles.origin[name][0] if name in tiles.origin else tiles.product
        by_product.setdefault(product, {})[name] = copies
    counts: dict[str, int] = {}
    sources: list[str] = []
    notices: list[str] = []
    for product in tiles.products:
        if product in by_product:
            counts.update(tiles.split_counts(by_product[product]))
            sources.append("rules configuration")
            continue
        if not product_entry(product).codes():
            continue  # no tiles of its own
        if product == BASE_GAME:
            pile = draw_pile(
                tile_set(), config.model_copy(update={"draw_pile": None}), db, editions[product]
            )
        else:
            pile = _product_pile(tiles, product, editions.get(product, ""), db)
        counts.update(tiles.split_counts(pile.counts, pile.illustrations))
        sources.append(pile.source)
        notices += pile.notices
    unknown = sorted(set(by_product) - set(tiles.products))
    if unknown:
        notices.append(f"the configuration's pile names tiles of {unknown}, not played")
    source = sources[0] if len(set(sources)) == 1 else " + ".join(sources)
    return DrawPile(counts, source, tuple(notices))


def _reference(tiles: TileSet, product: str) -> dict[str, int]:
    return {
        name: copies
        for name, copies in tiles.reference_counts().items()
        if tiles.origin[name][0] == product
    }


def _product_pile(tiles: TileSet, product: str, edition: str, db: Path) -> DrawPile:
    reference = DrawPile(_reference(tiles, product), f"reference counts ({product} shapes)")
    if not db.exists():
        return _noticed(reference, f"no warehouse at {db}")
    with read_only(db) as conn:
        rows = [
            row
            for row in current_tiles(conn, edition=edition)
            if row.product == product and not row.special and row.count
        ]
    if not rows:
        return _noticed(reference, f"{db} lists no {product} {edition} tiles")
    rows.sort(key=lambda row: (row.language != "en", row.title, row.language))
    title, language = rows[0].title, rows[0].language
    owners = resolved()
    counts: dict[str, int] = {}
    illustrations: dict[str, dict[str, int]] = {}
    unknown: list[str] = []
    for row in rows:
        if (row.title, row.language) != (title, language):
            continue
        found = owners.get((product, row.code))
        if found is None:
            unknown.append(row.code)
            continue
        name = record_name(product, row.code, found[1])
        counts[name] = counts.get(name, 0) + row.count
        add_illustrations(illustrations.setdefault(name, {}), row.illustrations)
    notices = [f"{product} {edition} counts from page {title!r} ({language}) in {db}"]
    if unknown:
        notices.append(
            f"ignored {product} codes with no tile shape: {', '.join(sorted(set(unknown)))}"
        )
    shown = {name: found for name, found in illustrations.items() if found}
    return DrawPile(counts, f"warehouse {db}", tuple(notices), shown)


def _noticed(pile: DrawPile, why: str) -> DrawPile:
    return DrawPile(pile.counts, pile.source, (f"{why}: using the reference counts",))
