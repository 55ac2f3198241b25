"""Imported JCloisterZone definitions against the warehouse: shapes up to rotation, and each
mapped tile set's counts against the edition's tile list. Every difference is a failing
(warning-level) check result naming the file, line and tile; the check is `interchange.jcz`.

Shapes: a tile whose id is `PRODUCT/CODE` of a shape carcdb has is compared with that shape
(a planted difference fails even if the tile matches another code); any other tile must be
some warehouse shape up to rotation (JCloisterZone's `BA/CcG`, a garden variant, is the base
game's N). Counts are compared per shape: copies of every code with that shape in the
edition against refs to every tile with it, so JCloisterZone's split of one shape into
garden and plain tiles counts as one. A code without a shape is compared by its id.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

import duckdb

from carcdb.pipeline.configgen.data import ConfigData
from carcdb.pipeline.configgen.generate import geometry_product
from carcdb.pipeline.engine.geometry import registry
from carcdb.pipeline.errors import InputError
from carcdb.pipeline.interchange.editions import edition_config
from carcdb.pipeline.interchange.shapes import canonical, rotation_between, signature
from carcdb.schemas.checks import CheckResult, outcome, skip
from carcdb.schemas.engine_config import TileGeometry
from carcdb.schemas.interchange import JczRef, JczTile, JczTileSet
from carcdb.warehouse.interchange import has_jcz_rows, jcz_refs, jcz_tile_sets, jcz_tiles

CHECK = "interchange.jcz"
SEVERITY = "warning"


def _where(location: object) -> str:
    path = getattr(location, "path", "?")
    line = getattr(location, "line", "?")
    return f"{path}:{line}"


def _own_shape(tile_id: str) -> tuple[str, TileGeometry] | None:
    """The warehouse shape a `PRODUCT/CODE` id names, with its name, if carcdb has it."""
    product, sep, code = tile_id.rpartition("/")
    if not sep:
        return None
    shape = registry().get((geometry_product(product), code))
    return None if shape is None else (f"{product} {code}", shape)


def _shape_results(tiles: Iterable[JczTile]) -> list[CheckResult]:
    by_key: dict[str, list[str]] = defaultdict(list)
    for (product, code), known in sorted(registry().items()):
        by_key[canonical(known).key].append(f"{product} {code}")
    results = []
    for tile in tiles:
        scope = f"{_where(tile.location)} tile {tile.tile_id}"
        if tile.geometry is None:
            results.append(skip("jcz.shape", scope, f"not compared: {tile.unsupported}", SEVERITY))
            continue
        own = _own_shape(tile.tile_id)
        if own is not None:
            name, shape = own
            turns = rotation_between(shape, tile.geometry)
            results.append(
                outcome(
                    "jcz.shape",
                    scope,
                    turns is not None,
                    signature(shape),
                    signature(tile.geometry),
                    f"differs from the warehouse's shape of {name} in every rotation",
                    {
                        "tile": tile.tile_id,
                        "warehouse": name,
                        "turns": turns,
                        "snippet": tile.location.snippet,
                    },
                    severity=SEVERITY,
                )
            )
            continue
        matches = by_key.get(canonical(tile.geometry).key, [])
        results.append(
            outcome(
                "jcz.shape",
                scope,
                bool(matches),
                "a warehouse tile shape (up to rotation)",
                ", ".join(matches) or signature(tile.geometry),
                "no tile shape of the warehouse is this tile in any rotation",
                {"tile": tile.tile_id, "matches": matches, "snippet": tile.location.snippet},
                severity=SEVERITY,
            )
        )
    return results


def _set_results(
    conn: duckdb.DuckDBPyConnection,
    tile_set: JczTileSet,
    refs: list[JczRef],
    tiles: dict[tuple[str, str], JczTile],
    data: ConfigData,
) -> list[CheckResult]:
    scope = f"{_where(tile_set.location)} tile-set {tile_set.set_id}"
    if tile_set.product is None or tile_set.edition is None:
        return [
            skip(
                "jcz.tile_set",
                scope,
                'not compared: no warehouse edition; import with --set "ID=PRODUCT:EDITION"',
                SEVERITY,
            )
        ]
    product, edition = tile_set.product, tile_set.edition
    try:
        config = edition_config(conn, product, edition, data=data)
    except InputError as exc:
        return [skip("jcz.tile_set", scope, f"not compared: {exc}", SEVERITY)]
    ours: dict[str, int] = defaultdict(int)
    our_codes: dict[str, list[str]] = defaultdict(list)
    for tile in config.tile_set.tiles:
        shape = config.geometry.tiles.get(tile.code)
        key = f"code:{tile.code}" if shape is None else canonical(shape).key
        ours[key] += tile.count
        our_codes[key].append(tile.code)
    theirs: dict[str, int] = defaultdict(int)
    their_ids: dict[str, list[str]] = defaultdict(list)
    lines: dict[str, list[int]] = defaultdict(list)
    for ref in refs:
        defined = tiles[(ref.location.source_sha256, ref.tile_id)]
        if defined.geometry is not None:
            key = canonical(defined.geometry).key
        else:
            prefix, _, code = ref.tile_id.rpartition("/")
            key = f"code:{code}" if prefix == product else f"tile:{ref.tile_id}"
        theirs[key] += ref.count
        their_ids[key].append(ref.tile_id)
        lines[key].append(ref.location.line)
    label = f"{product} {edition} ({config.tile_set.page_source().title})"
    results = []
    for key in sorted(set(ours) | set(theirs)):
        if ours.get(key, 0) == theirs.get(key, 0):
            continue
        codes = ", ".join(our_codes.get(key, [])) or "no tile"
        ids = ", ".join(their_ids.get(key, [])) or "no tile"
        results.append(
            outcome(
                "jcz.tile_set_count",
                f"{scope} vs {label}: {codes}",
                False,
                ours.get(key, 0),
                theirs.get(key, 0),
                f"{label} has {ours.get(key, 0)} of {codes}; the file's set has "
                f"{theirs.get(key, 0)} of {ids}",
                {
                    "shape": key,
                    "warehouse_codes": our_codes.get(key, []),
                    "file_tiles": their_ids.get(key, []),
                    "file_lines": lines.get(key, []),
                },
                severity=SEVERITY,
            )
        )
    warehouse_total = sum(ours.values())
    file_total = sum(theirs.values())
    results.append(
        outcome(
            "jcz.tile_set_total",
            f"{scope} vs {label}",
            warehouse_total == file_total and not results,
            warehouse_total,
            file_total,
            f"{len(results)} shape(s) with other counts; {warehouse_total} tiles in the "
            f"warehouse, {file_total} in the file",
            {"differences": len(results)},
            severity=SEVERITY,
        )
    )
    return results


def compare_jcz(conn: duckdb.DuckDBPyConnection) -> list[CheckResult]:
    """Every imported file against the warehouse; nothing when none was imported."""
    if not has_jcz_rows(conn):
        return []
    tiles = jcz_tiles(conn)
    by_id = {(tile.location.source_sha256, tile.tile_id): tile for tile in tiles}
    refs_by_set: dict[tuple[str, str], list[JczRef]] = defaultdict(list)
    for ref in jcz_refs(conn):
        refs_by_set[(ref.location.source_sha256, ref.set_id)].append(ref)
    data = ConfigData(conn)
    results = _shape_results(tiles)
    for tile_set in jcz_tile_sets(conn):
        key = (tile_set.location.source_sha256, tile_set.set_id)
        results += _set_results(conn, tile_set, refs_by_set[key], by_id, data)
    return results
