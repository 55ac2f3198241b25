"""Which tile set of the warehouse a product's edition means, for JCloisterZone export and
comparison: the engine configuration (`pipeline.configgen`) of one page's lists.

A product's edition can be listed on several pages (and each page in several languages). The
page named like the product is taken ("Base game" for Base Game), else the first page by
title; the language is `language`, else English, else the first one with the edition's lists
(what `carcdb engine-config` picks).
"""

from __future__ import annotations

import duckdb

from carcdb.pipeline.configgen.data import ConfigData
from carcdb.pipeline.configgen.generate import engine_config
from carcdb.pipeline.errors import InputError
from carcdb.schemas.engine_config import EngineConfig
from carcdb.warehouse.hints import EDITIONS, sql_command
from carcdb.warehouse.interchange import edition_pages


def edition_config(
    conn: duckdb.DuckDBPyConnection,
    product: str,
    edition: str,
    *,
    language: str | None = None,
    data: ConfigData | None = None,
) -> EngineConfig:
    pages = edition_pages(conn, product, edition)
    if not pages:
        raise InputError(
            f"no page lists {product} {edition}",
            fix=f"see {sql_command(EDITIONS)}",
        )
    named = [page for page in pages if page.casefold() == product.casefold()]
    page = (named or pages)[0]
    return engine_config(conn, page, edition, language=language, product=product, data=data)
