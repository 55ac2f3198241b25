"""A product's reference set as an engine configuration: the box, without a wiki page.

`reference_config(product, edition)` writes the same document `engine_config` writes from a
page's tile lists, built from the engine's reference set of the box
(`pipeline.engine.reference_sets`): codes and copies per edition, the copies' illustrations,
the features a tile list would name on every copy, the engine's shapes. It says so in its
provenance: the tile set has `reference` (where the box's counts come from) and no page
`source`, its tiles no tile-list entry, and every number is the built-in default (no claim
was read). A product without tiles of its own (The Abbot) plays on its base game's box
(`Product.plays_on`).
"""

from __future__ import annotations

from carcdb.pipeline.configgen.module_rates import product_modules
from carcdb.pipeline.configgen.values import module_values, scoring_values
from carcdb.pipeline.engine.config_file import builtin_tile_geometry
from carcdb.pipeline.engine.reference_sets import (
    listed_features,
    reference_editions,
    reference_products,
    reference_set,
)
from carcdb.pipeline.errors import InputError
from carcdb.pipeline.products import PRODUCTS
from carcdb.pipeline.products import product as registry_line
from carcdb.schemas.engine_config import ConfigGeometry, ConfigTile, ConfigTileSet, EngineConfig
from carcdb.schemas.suggest import fix_for


def reference_config(product: str, edition: str | None) -> EngineConfig:
    """The engine configuration of `product`'s box in `edition` (its default when None)."""
    line = registry_line(product)
    box_product = line.plays_on if line is not None and line.plays_on else product
    if box_product not in reference_products():
        known = sorted({*reference_products(), *_playing_on()})
        raise InputError(
            f"no reference set for product {product!r}",
            fix=fix_for(
                product,
                known,
                f"use one of {', '.join(known)}, or --page to read a page's tile lists",
            ),
        )
    try:
        box = reference_set(box_product, edition)
    except KeyError:
        stated = ", ".join(reference_editions(box_product))
        raise InputError(
            f"{product}: no reference set of edition {edition!r}", fix=f"use --edition {stated}"
        ) from None
    tiles = [
        ConfigTile(
            code=tile.code,
            count=tile.copies,
            start_tile=tile.code == box.start_tile,
            special=tile.special,
            features={} if tile.shape is None else listed_features(tile.shape),
            illustrations=dict(tile.illustrations or {}),
        )
        for tile in box.tiles
        if tile.copies
    ]
    geometry = {
        tile.code: builtin_tile_geometry(box_product, tile.code)
        for tile in box.tiles
        if tile.copies and tile.shape is not None
    }
    page = product
    scoring, meeples = scoring_values(page, [])
    modules = product_modules(product)
    extra = {}
    if modules:
        extra = {"rules_modules": modules, "module_values": module_values(page, [], modules)}
    return EngineConfig(
        page=page,
        claim_languages=[],
        tile_set=ConfigTileSet(
            product=product,
            edition=box.edition,
            codes_selected=None,
            declared_total=box.total,
            draw_pile_total=sum(t.count for t in tiles if not t.special),
            special_total=sum(t.count for t in tiles if t.special),
            start_tile=box.start_tile,
            tiles=tiles,
            reference=f"the engine's reference set of {box_product} {box.edition}: {box.source}",
        ),
        geometry=ConfigGeometry(product=box_product, start_tile=box.start_tile, tiles=geometry),
        scoring=scoring,
        meeples_per_player=meeples,
        **extra,
    )


def _playing_on() -> list[str]:
    return [p.name for p in PRODUCTS if p.plays_on]
