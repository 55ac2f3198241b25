"""Record tables read back as the pydantic records they were stored from (the Python API).

The inverse of `warehouse.rows.record_row`: the provenance columns `title, language,
revision_key, line, col, snippet` become the record's `location`, JSON columns are decoded,
and the record validates again, so what comes back is what the parser produced. Only each
page's current revision is read.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, TypeVar

import duckdb
from pydantic import BaseModel

from carcdb.schemas.contents import BoxContent
from carcdb.schemas.findings import Finding
from carcdb.schemas.rules import Rule, ScoringClaim
from carcdb.schemas.tiles import TileEntry, TileList

M = TypeVar("M", bound=BaseModel)
LOCATION = ("title", "language", "revision_key", "line", "col", "snippet")


def _read(
    conn: duckdb.DuckDBPyConnection,
    model: type[M],
    table: str,
    where: str,
    params: Sequence[Any],
    order: str,
) -> list[M]:
    fields = [name for name in model.model_fields if name != "location"]
    located = "location" in model.model_fields
    columns = [*(LOCATION if located else ()), *fields]
    select = ", ".join(f"t.{c}" for c in columns)
    cursor = conn.execute(
        f"SELECT {select} FROM {table} t "
        "JOIN current_revisions c ON c.revision_key = t.revision_key "
        f"WHERE {where} ORDER BY {order}",
        list(params),
    )
    json_columns = {d[0] for d in cursor.description or [] if str(d[1]) == "JSON"}
    records = []
    for row in cursor.fetchall():
        values = dict(zip(columns, row, strict=True))
        for name in json_columns:
            if values[name] is not None:
                values[name] = json.loads(values[name])
        if located:
            values["location"] = {name: values.pop(name) for name in LOCATION}
        records.append(model.model_validate(values))
    return records


def _filters(titles: Sequence[str], **equal: str | None) -> tuple[str, list[Any]]:
    where = "list_contains(?, t.title)"
    params: list[Any] = [list(titles)]
    for column, value in equal.items():
        if value is not None:
            where += f" AND t.{column} = ?"
            params.append(value)
    return where, params


def tile_lists(conn: duckdb.DuckDBPyConnection, titles: Sequence[str]) -> list[TileList]:
    where, params = _filters(titles)
    return _read(conn, TileList, "tile_lists", where, params, "t.title, t.list_index")


def tile_entries(
    conn: duckdb.DuckDBPyConnection,
    titles: Sequence[str],
    *,
    product: str | None = None,
    edition: str | None = None,
) -> list[TileEntry]:
    where, params = _filters(titles, product=product, edition=edition)
    return _read(conn, TileEntry, "tiles", where, params, "t.title, t.list_index, t.entry_index")


def rules(
    conn: duckdb.DuckDBPyConnection, titles: Sequence[str], *, kind: str | None = None
) -> list[Rule]:
    where, params = _filters(titles, kind=kind)
    return _read(conn, Rule, "rules", where, params, "t.title, t.ordinal")


def scoring_claims(conn: duckdb.DuckDBPyConnection, titles: Sequence[str]) -> list[ScoringClaim]:
    where, params = _filters(titles)
    return _read(conn, ScoringClaim, "scoring_claims", where, params, "t.title, t.claim_id")


def box_contents(
    conn: duckdb.DuckDBPyConnection, titles: Sequence[str] | None = None
) -> list[BoxContent]:
    """The box contents of the pages `titles` (of every page when None), in page order."""
    where, params = _filters(titles) if titles is not None else ("true", [])
    return _read(conn, BoxContent, "box_contents_items", where, params, "t.title, t.ordinal")


def findings(conn: duckdb.DuckDBPyConnection) -> list[Finding]:
    cursor = conn.execute(
        "SELECT severity, code, message, stage, title, language, revision_key, line, col, "
        "snippet FROM findings ORDER BY title NULLS FIRST, line, col, code"
    )
    names = [d[0] for d in cursor.description or []]
    return [Finding.model_validate(dict(zip(names, row, strict=True))) for row in cursor.fetchall()]
