"""Which shape a tile name means: `PRODUCT/CODE` ("Base Game/D"), for `carcdb draw`."""

from __future__ import annotations

from pipeline.configgen.generate import geometry_product
from pipeline.engine.config_file import builtin_tile_geometry
from pipeline.engine.geometry import registry
from pipeline.errors import InputError
from schemas.engine_config import TileGeometry


def tile_names() -> list[str]:
    return [f"{product}/{code}" for product, code in sorted(registry())]


def resolve_tile(name: str) -> TileGeometry:
    """The shape of `PRODUCT/CODE`; a product drawn with another's shapes (Winter Edition,
    20th Anniversary: the base game's) is accepted too."""
    product, sep, code = name.rpartition("/")
    owner = geometry_product(product) if sep else ""
    if not sep or (owner, code) not in registry():
        known = tile_names()
        raise InputError(
            f"no tile shape {name!r}",
            path="--tile",
            fix=f'name one as PRODUCT/CODE, e.g. "{known[0]}" (shapes: {", ".join(known)})',
        )
    return builtin_tile_geometry(owner, code)
