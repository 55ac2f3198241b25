"""Which shape a tile name means: `PRODUCT/CODE` ("Base Game/D"), for `carcdb draw`."""

from __future__ import annotations

from carcdb.pipeline.configgen.generate import geometry_product
from carcdb.pipeline.engine.config_file import builtin_tile_geometry
from carcdb.pipeline.engine.geometry import registry
from carcdb.pipeline.errors import InputError
from carcdb.schemas.engine_config import TileGeometry
from carcdb.schemas.suggest import did_you_mean


def tile_names() -> list[str]:
    return [f"{product}/{code}" for product, code in sorted(registry())]


def resolve_tile(name: str) -> TileGeometry:
    """The shape of `PRODUCT/CODE`; a product drawn with another's shapes (Winter Edition,
    20th Anniversary: the base game's) is accepted too."""
    product, sep, code = name.rpartition("/")
    owner = geometry_product(product) if sep else ""
    if not sep or (owner, code) not in registry():
        raise InputError(f"no tile shape {name!r}", path="--tile", fix=_fix(name))
    return builtin_tile_geometry(owner, code)


def _fix(name: str) -> str:
    """The names close to `name`, or how tiles are named (never every name: there are many)."""
    known = tile_names()
    product, _, code = name.rpartition("/")
    codes = [c for p, c in sorted(registry()) if p.casefold() == product.strip().casefold()]
    if codes and code not in codes:  # the product is right, the code is not one of its tiles
        return f"{product} has the tile shapes {', '.join(codes)}"
    close = did_you_mean(name, known)
    if close is not None:
        return close
    products = ", ".join(dict.fromkeys(known_name.rpartition("/")[0] for known_name in known))
    return f'name one as PRODUCT/CODE, e.g. "{known[0]}" (products: {products})'
