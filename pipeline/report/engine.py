"""The report's engine section: the products the engine plays (their rule modules and
reference sets), the check of the wiki's boxes against those reference sets
(`engine.reference_sets`), and the configuration generated for every base-game tile set the
engine can play (what `carcdb engine-config` writes), each number with its provenance. The
data only: `engine.html.j2` draws it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import duckdb

from carcdb.pipeline.checks.engine import base_tile_sets
from carcdb.pipeline.checks.reference import CHECK as REFERENCE_CHECK
from carcdb.pipeline.configgen.data import ConfigData
from carcdb.pipeline.configgen.generate import engine_config
from carcdb.pipeline.engine.reference_sets import reference_editions, reference_set
from carcdb.pipeline.engine.shape_data import bundled_products
from carcdb.pipeline.errors import InputError
from carcdb.pipeline.products import modules_of, product
from carcdb.schemas.engine_config import EngineConfig


@dataclass(frozen=True)
class EngineProduct:
    name: str
    whole_game: bool
    modules: str
    boxes: str  # the reference sets: edition and copies
    shapes: int  # tile shapes in its shape data (its own and those it reuses)
    distributions: int  # the warehouse's tile distributions of it


@dataclass(frozen=True)
class ConfigBlock:
    product: str
    edition: str
    title: str
    config: EngineConfig | None
    problem: str  # why there is no configuration


@dataclass(frozen=True)
class EngineData:
    products: list[EngineProduct]
    reference_results: list[dict[str, Any]]
    configs: list[ConfigBlock]


def _boxes(name: str) -> str:
    found = product(name)
    if found is not None and found.plays_on:
        return f"plays on {found.plays_on}'s box"
    parts = []
    for edition in reference_editions(name):
        box = reference_set(name, edition)
        special = box.total - box.draw_pile_total()
        parts.append(
            f"{edition}: {box.draw_pile_total()} copies"
            + (f" + {special} special" if special else "")
        )
    return "; ".join(parts) or "none"


def engine_products(distributions: dict[str, int]) -> list[EngineProduct]:
    """Every product with bundled shape data, in the shape files' order."""
    out = []
    for entry in bundled_products():
        found = product(entry.product)
        out.append(
            EngineProduct(
                name=entry.product,
                whole_game=found is not None and found.base,
                modules=", ".join(("base", *modules_of(entry.product))),
                boxes=_boxes(entry.product),
                shapes=len(entry.tiles) + len(entry.shared),
                distributions=distributions.get(entry.product, 0),
            )
        )
    return out


def engine_data(
    conn: duckdb.DuckDBPyConnection,
    check_rows: list[dict[str, Any]],
    distributions: dict[str, int],
) -> EngineData:
    data = ConfigData(conn)
    configs = []
    for title, name, edition, codes in base_tile_sets(conn):
        page, language = data.base_title(title)
        try:
            config = engine_config(
                conn, page, edition, language=language, product=name, codes=codes, data=data
            )
        except InputError as exc:
            configs.append(ConfigBlock(name, edition, title, None, str(exc)))
            continue
        configs.append(ConfigBlock(name, edition, title, config, ""))
    reference = [r for r in check_rows if r["check_name"] == REFERENCE_CHECK]
    return EngineData(engine_products(distributions), reference, configs)


def made(data: EngineData) -> list[str]:
    """The tile sets a configuration was generated for (the page's data block)."""
    return [f"{c.product} {c.edition}" for c in data.configs if c.config is not None]
