"""SQL for JCloisterZone interchange: storing imported definition files, reading them back,
and finding the pages that hold a product's edition (what an exported tile set is read from).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import duckdb

from carcdb.schemas.interchange import JczRef, JczTile, JczTileSet
from carcdb.warehouse.rows import execute, insert_records

_LOCATION = ("source_sha256", "path", "line", "col", "snippet")


def replace_jcz_file(
    conn: duckdb.DuckDBPyConnection,
    path: str,
    sha256: str,
    tiles: Sequence[JczTile],
    sets: Sequence[JczTileSet],
    refs: Sequence[JczRef],
) -> None:
    """Store one file's records, replacing an earlier import of the same path or content."""
    for table in ("jcz_tiles", "jcz_tile_sets", "jcz_tile_set_refs"):
        execute(conn, f"DELETE FROM {table} WHERE path = ? OR source_sha256 = ?", [path, sha256])
    insert_records(conn, "jcz_tiles", tiles)
    insert_records(conn, "jcz_tile_sets", sets)
    insert_records(conn, "jcz_tile_set_refs", refs)


def _records(
    conn: duckdb.DuckDBPyConnection, table: str, fields: Sequence[str], json_fields: set[str]
) -> list[dict[str, Any]]:
    columns = ", ".join([*fields, *_LOCATION])
    found = []
    for row in execute(conn, f"SELECT {columns} FROM {table} ORDER BY path, line, col"):
        values = dict(zip([*fields, *_LOCATION], row, strict=True))
        record = {name: values[name] for name in fields}
        for name in json_fields:
            if record[name] is not None:
                record[name] = json.loads(record[name])
        record["location"] = {name: values[name] for name in _LOCATION}
        found.append(record)
    return found


def jcz_tiles(conn: duckdb.DuckDBPyConnection) -> list[JczTile]:
    rows = _records(
        conn,
        "jcz_tiles",
        ("tile_id", "geometry", "unsupported", "ignored"),
        {"geometry", "ignored"},
    )
    return [JczTile.model_validate(row) for row in rows]


def jcz_tile_sets(conn: duckdb.DuckDBPyConnection) -> list[JczTileSet]:
    rows = _records(conn, "jcz_tile_sets", ("set_id", "product", "edition"), set())
    return [JczTileSet.model_validate(row) for row in rows]


def jcz_refs(conn: duckdb.DuckDBPyConnection) -> list[JczRef]:
    rows = _records(conn, "jcz_tile_set_refs", ("set_id", "tile_id", "count"), set())
    return [JczRef.model_validate(row) for row in rows]


def has_jcz_rows(conn: duckdb.DuckDBPyConnection) -> bool:
    return bool(execute(conn, "SELECT 1 FROM jcz_tiles LIMIT 1"))


def product_editions(
    conn: duckdb.DuckDBPyConnection, products: Sequence[str]
) -> list[tuple[str, str]]:
    """(product, edition) of every current tile list of these products, sorted."""
    rows = execute(
        conn,
        "SELECT DISTINCT product, edition FROM edition_totals "
        "WHERE list_contains(?, product) AND edition IS NOT NULL ORDER BY ALL",
        [list(products)],
    )
    return [(str(product), str(edition)) for product, edition in rows]


def known_products(conn: duckdb.DuckDBPyConnection) -> list[str]:
    rows = execute(
        conn, "SELECT DISTINCT product FROM edition_totals WHERE product IS NOT NULL ORDER BY 1"
    )
    return [str(row[0]) for row in rows]


def edition_pages(conn: duckdb.DuckDBPyConnection, product: str, edition: str) -> list[str]:
    """Base titles of the pages whose current revision lists this product's edition."""
    rows = execute(
        conn,
        "SELECT DISTINCT p.base_title FROM edition_totals e JOIN pages p ON p.title = e.title "
        "WHERE e.product = ? AND e.edition = ? ORDER BY 1",
        [product, edition],
    )
    return [str(row[0]) for row in rows]
