"""Checks that tie the tile lists to the engine's shape data, for every product it has.

- `engine.shape_features` (error): for every tile list of a product with shape data (the base
  game and the products sharing its letters, the Winter Edition, Abbey and the Mayor, The
  Courier), each structural feature the wiki lists on every copy of a tile is in the tile's
  shape: Monastery, Abbey, InnerField (as many as listed), OverpassingCityBridge, TunnelRoad,
  ContinuousRoad, Village and Crossroad (three or more roads ending at the tile's
  junction), Well, Garden. Illustrations (a copy's farmhouse, cowshed ...) are decoration,
  not checked. A list whose every tile has an unknown shape is skipped, naming them.
- for every expansion tile set (Abbey and the Mayor, The Courier), as `engine.tile_sets`
  does for the base game: `engine.geometry` (every code has a shape; codes whose shape is
  marked unknown in the data are a skip naming them, codes the data does not know a
  failure), `engine.draw_pile_total` (the pile the engine builds from the configuration
  against the lists' `tiles=`) and `engine.placeable` (every tile type goes on one board
  built from the base game's tiles and the set's).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import duckdb

from carcdb.pipeline.checks.engine import Boards, expansion_tile_sets
from carcdb.pipeline.checks.engine_tile_set import tile_set_results
from carcdb.pipeline.checks.inputs import CheckInputs, Detached
from carcdb.pipeline.checks.tiles import tiles_by_list
from carcdb.pipeline.configgen.data import ConfigData
from carcdb.pipeline.engine.geometry import (
    resolved,
    tile_set,
    unknown_shapes,
)
from carcdb.pipeline.engine.reference_sets import LISTED_FEATURES
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.products import shape_owner
from carcdb.schemas.checks import CheckResult, outcome, skip
from carcdb.schemas.engine_config import EngineConfig


def _shape_owner(product: str, known: set[str]) -> str:
    """Whose shape data a list of `product` is checked against."""
    if product in known:
        return product
    return shape_owner(product)


def check_shape_features(
    conn: duckdb.DuckDBPyConnection, inputs: CheckInputs | None = None
) -> list[CheckResult]:
    """Every structural feature the tile lists name is in the engine's shape of the tile."""
    shapes = resolved()
    unknown = unknown_shapes()
    known_products = {product for product, _code in shapes} | {p for p, _c in unknown}
    grouped = tiles_by_list(CheckInputs.of(conn, inputs).tiles)
    results = []
    for (title, _index), rows in sorted(grouped.items()):
        first = rows[0]
        owner = _shape_owner(first.product or "", known_products)
        if owner not in known_products or first.edition is None:
            continue
        scope = f"{title} {first.product} {first.edition} list {first.list_index}"
        wrong: list[str] = []
        checked = 0
        shapeless: list[str] = []
        for row in rows:
            listed = {name: n for name, n in row.features.items() if name in LISTED_FEATURES}
            found = shapes.get((owner, row.code))
            if found is None:
                shapeless.append(row.code)
                continue
            for name, count in sorted(listed.items()):
                checked += 1
                has = LISTED_FEATURES[name](found[0])
                if has != count:
                    wrong.append(
                        f"tile {row.code}: the wiki lists {name} x{count}, its shape {has}"
                    )
        if len(shapeless) == len(rows):
            marked = [c for c in shapeless if (owner, c) in unknown]
            why = "unknown from public descriptions" if marked == shapeless else "missing"
            results.append(
                skip(
                    "engine.shape_features",
                    scope,
                    f"no tile of the list has a shape ({why}): {', '.join(shapeless)}",
                )
            )
            continue
        results.append(
            outcome(
                "engine.shape_features",
                scope,
                not wrong,
                "every listed structural feature in the shape",
                f"{checked - len(wrong)} of {checked} features found",
                "; ".join(wrong),
                {"mismatches": wrong, "no_shape": shapeless},
            )
        )
    return results


def _placeable_with_base(
    config: EngineConfig,
    rules: RulesConfig,
    scope: str,
    boards: Boards,
) -> CheckResult:
    """`engine.placeable` of an expansion's set: its tiles go on a board with the base game's,
    as an expansion is never played alone."""
    base = tile_set().reference_counts()
    with_base = rules.model_copy(update={"draw_pile": {**base, **(rules.draw_pile or {})}})
    placed, count = boards.placed(with_base)
    names = set(rules.draw_pile or {})
    never = sorted(names - placed)
    return outcome(
        "engine.placeable",
        scope,
        not never,
        "every tile type placed",
        f"{len(names & placed)} of {len(names)} types, {count} tiles placed in all",
        f"tile types that fit nowhere on a board built from the set and the base "
        f"game: {', '.join(never)}",
        {"never_placed": never, "tiles_placed": count},
    )


def check_expansion_tile_sets(
    conn: duckdb.DuckDBPyConnection, inputs: CheckInputs | None = None
) -> list[CheckResult]:
    """Geometry, draw-pile total and placement of every expansion tile set."""
    inputs = CheckInputs.of(conn, inputs)
    return expansion_tile_set_results(inputs.config_data, expansion_tile_sets(conn, inputs), {})


def detach_expansion_tile_sets(conn: duckdb.DuckDBPyConnection, inputs: CheckInputs) -> Detached:
    """`check_expansion_tile_sets` as work for another process: the sets and the data, read here."""
    sets = expansion_tile_sets(conn, inputs)
    return Detached(expansion_tile_set_results, (inputs.config_data.detached(),), tuple(sets))


def expansion_tile_set_results(
    data: ConfigData, sets: Sequence[tuple[str, str, str]], memo: dict[str, Any]
) -> list[CheckResult]:
    """`check_expansion_tile_sets` of the given sets (`expansion_tile_sets`), from `data` alone
    (`memo`: the boards built so far, see `Detached`)."""
    unknown = unknown_shapes()
    results = []
    boards: Boards = memo.setdefault("boards", Boards())
    for title, product, edition in sets:
        scope = f"{title} {product} {edition} (whole set)"
        results += tile_set_results(
            data,
            (title, product, edition),
            scope,
            partial(_placeable_with_base, boards=boards),
            unknown=unknown,
        )
    return results
