"""Check `engine.reference_sets`: the wiki's tile lists of a box against the engine's reference
set of that box (`pipeline.engine.reference_sets`), naming every difference.

A page's lists of one product and edition (all of them together: the Winter Edition's 72 base
tiles and 12 animal tiles are one box) are compared with the reference set of that product
and edition, where the engine has one: the codes (in the box and not listed, listed and not
in the box), each code's copies, its per-copy illustrations where both partition them, and
the structural features a list names on every copy (those the shapes can state). Sets of an
edition the engine has no reference set of are skipped with the reason. `engine-config`
plays the wiki's list when the warehouse holds one; this check says where it and the
engine's own box disagree.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import duckdb

from carcdb.pipeline.checks.inputs import CheckInputs
from carcdb.pipeline.engine.reference_sets import (
    LISTED_FEATURES,
    ReferenceSet,
    listed_features,
    reference_editions,
    reference_products,
    reference_set,
)
from carcdb.schemas.checks import CheckResult, outcome, skip
from carcdb.warehouse.tiles import TileRow

CHECK = "engine.reference_sets"
# Features a list states whenever a tile has them; the others (a junction, a continuous road)
# the wiki names on some pages only, so only a listed one the shape lacks is a difference.
STATED = frozenset({"Monastery", "Abbey", "InnerField", "OverpassingCityBridge", "Well"})


def check_reference_sets(
    conn: duckdb.DuckDBPyConnection, inputs: CheckInputs | None = None
) -> list[CheckResult]:
    """Each page's box (product, edition, language) as the engine's reference set holds it."""
    boxes: dict[tuple[str, str, str], list[TileRow]] = defaultdict(list)
    products = set(reference_products())
    for row in CheckInputs.of(conn, inputs).tiles:
        if row.product in products and row.edition is not None:
            boxes[(row.title, row.product, row.edition)].append(row)
    results = []
    for (title, product, edition), rows in sorted(boxes.items()):
        scope = f"{title} {product} {edition}"
        if edition not in reference_editions(product):
            results.append(
                skip(
                    CHECK,
                    scope,
                    f"the engine has no reference set of {product} {edition} "
                    f"(editions: {', '.join(reference_editions(product))})",
                    severity="warning",
                )
            )
            continue
        box = reference_set(product, edition)
        differences = box_differences(rows, box)
        results.append(
            outcome(
                CHECK,
                scope,
                not differences,
                f"{box.total} tiles in {len(box.copies())} codes as the reference set",
                f"{sum(row.count for row in rows)} tiles, {len(differences)} difference(s)",
                f"{scope} differs from the reference set ({box.source}): "
                + "; ".join(d["what"] for d in differences),
                {"differences": differences},
                severity="warning",
            )
        )
    return results


def box_differences(rows: list[TileRow], box: ReferenceSet) -> list[dict[str, Any]]:
    """Every way a page's lists of one box differ from the reference set, in code order."""
    listed: dict[str, list[TileRow]] = defaultdict(list)
    for row in rows:
        listed[row.code].append(row)
    reference = {tile.code: tile for tile in box.tiles if tile.copies}
    out: list[dict[str, Any]] = []
    for code in sorted(set(listed) | set(reference)):
        here, there = listed.get(code), reference.get(code)
        if there is None:
            out.append({"code": code, "what": f"{code} is listed, not in the box"})
            continue
        if here is None:
            out.append({"code": code, "what": f"{code} ({there.copies}) is in the box, not listed"})
            continue
        count = sum(row.count for row in here)
        if count != there.copies:
            out.append(
                {
                    "code": code,
                    "what": f"{code}: {count} copies listed, {there.copies} in the box",
                    "listed": count,
                    "reference": there.copies,
                }
            )
        illustrations = _sum(row.illustrations for row in here)
        if illustrations and there.illustrations and illustrations != there.illustrations:
            out.append(
                {
                    "code": code,
                    "what": f"{code}: illustrations {_named(illustrations)} listed, "
                    f"{_named(there.illustrations)} in the box",
                    "listed": illustrations,
                    "reference": there.illustrations,
                }
            )
        if there.shape is not None:
            listed_names = _structural(here[0])
            shape = listed_features(there.shape)
            shape.pop("Garden", None)
            unlisted = {n: c for n, c in shape.items() if n in STATED and listed_names.get(n) != c}
            absent = {n: c for n, c in listed_names.items() if shape.get(n) != c}
            if unlisted or absent:
                out.append(
                    {
                        "code": code,
                        "what": f"{code}: features {_named(listed_names)} listed, "
                        f"{_named(shape)} on the shape",
                        "listed": listed_names,
                        "reference": shape,
                    }
                )
    return out


def _structural(row: TileRow) -> dict[str, int]:
    """The structural features a list names on a tile (a junction is `Village` under either
    name). Gardens are compared as illustrations: a garden on some copies or on all."""
    found = {n: c for n, c in row.features.items() if n in LISTED_FEATURES and n != "Crossroad"}
    if "Crossroad" in row.features:
        found["Village"] = row.features["Crossroad"]
    found.pop("Garden", None)
    return found


def _sum(dicts: Any) -> dict[str, int]:
    total: dict[str, int] = defaultdict(int)
    for one in dicts:
        for name, n in one.items():
            total[name] += n
    return dict(total)


def _named(counts: dict[str, int]) -> str:
    return ", ".join(f"{name} {n}" for name, n in sorted(counts.items())) or "none"
