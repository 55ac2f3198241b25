"""The wiki's page catalog as captured (`catalog_page_sightings`): is each stored page in it."""

from __future__ import annotations

import duckdb

from carcdb.warehouse.rows import execute, scalar


def has_page_catalog(conn: duckdb.DuckDBPyConnection) -> bool:
    """Whether any input file held the wiki's page catalog."""
    return bool(scalar(conn, "SELECT count(*) FROM catalog_page_sightings"))


def pages_in_catalog(conn: duckdb.DuckDBPyConnection) -> list[tuple[str, str, bool]]:
    """(title, base title, base title is in the catalog) of every stored page, by title."""
    rows = execute(
        conn,
        "SELECT p.title, p.base_title, c.title IS NOT NULL FROM pages p "
        "LEFT JOIN catalog_pages c ON c.title = p.base_title ORDER BY p.title",
    )
    return [(str(title), str(base), bool(known)) for title, base, known in rows]
