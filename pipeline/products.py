"""The products carcdb knows: ONE registry line each, read by every layer that names products.

A product is what the wiki's tile lists, the warehouse, game records and the engine call a
box: `Base Game`, `Inns and Cathedrals` ... Its line says how the wiki's image names spell it,
whether it is a whole game (a base game, with a start tile) or plays on one, whose shapes its
letters reuse, the edition a game takes its counts from when none is asked for, and the rule
modules (`pipeline/engine/rules/<module>.py`, by name) it switches on. The engine adds the
product's shape file (`pipeline/engine/shapes/<file>.json`); nothing else lists products.

This module sits low (beside `pipeline.errors`) so that the parser (image names), the engine,
the configuration generator, the checks and the CLI read the same list.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True)
class Product:
    name: str
    # Product tokens of the wiki's image names, lowercased, spaces as underscores
    # (`Abbey_And_Mayor_C2_Tile_B.jpg` -> `abbey_and_mayor`).
    image_tokens: tuple[str, ...] = ()
    # A whole game: it has a start tile and plays alone (an expansion needs one of these).
    base: bool = False
    # Its letters are the Base Game's tiles (same shapes, its own counts).
    shares_base_shapes: bool = False
    # Its image names carry an art series, not the edition the list describes.
    series_only_images: bool = False
    # The edition a game takes this product's counts from when none is asked for.
    default_edition: str = "C2"
    # Rule modules it switches on besides the base game's, by module name.
    modules: tuple[str, ...] = ()
    # A product without tiles of its own plays on this product's box (The Abbot: the base
    # game's Garden copies): its reference set is that box's.
    plays_on: str = ""
    # Rule variants (`options` of a game record) are the modules'.


BASE_GAME = "Base Game"

# The registry. A new product is one line here, its rule module(s) and its shape file.
PRODUCTS: tuple[Product, ...] = (
    Product(BASE_GAME, ("base_game",), base=True, default_edition="C3"),
    Product(
        "20th Anniversary", base=True, shares_base_shapes=True, series_only_images=True,
        default_edition="C3",
    ),
    Product(
        "Winter Edition", ("winter_edition",), base=True, shares_base_shapes=True,
        series_only_images=True, default_edition="WE3",
    ),
    Product(
        "Abbey and the Mayor", ("abbey_and_mayor",), modules=("abbey", "mayor", "wagon", "barn")
    ),
    Product("The Courier", ("the_courier",), modules=("courier",)),
    Product("Inns and Cathedrals", ("inns_and_cathedrals",), modules=("inns_cathedrals",)),
    Product("Traders and Builders", ("traders_and_builders",), modules=("goods", "builder", "pig")),
    Product("The River", ("river_i",), modules=("river",)),
    Product("The River II", ("river_ii",), modules=("river",)),
    Product("The Abbot", modules=("abbot",), plays_on=BASE_GAME),
    Product("Hills and Sheep", ("hills_and_sheep",), modules=("hills", "vineyards", "sheep")),
)  # fmt: skip


@cache
def by_name() -> dict[str, Product]:
    return {product.name: product for product in PRODUCTS}


def product(name: str) -> Product | None:
    """The registry line of `name`, None when carcdb does not know it."""
    return by_name().get(name)


@cache
def image_tokens() -> dict[str, str]:
    """Image-name product token -> product name."""
    return {token: p.name for p in PRODUCTS for token in p.image_tokens}


def is_base(name: str) -> bool:
    """Whether `name` is a whole game (a base game with a start tile)."""
    found = product(name)
    return found is not None and found.base


def base_names() -> tuple[str, ...]:
    return tuple(p.name for p in PRODUCTS if p.base)


def shape_owner(name: str) -> str:
    """The product whose shapes `name`'s tiles have: the Base Game for a product reusing its
    letters, else the product itself."""
    found = product(name)
    return BASE_GAME if found is not None and found.shares_base_shapes else name


def default_edition(name: str) -> str:
    found = product(name)
    return found.default_edition if found is not None else ""


def modules_of(name: str) -> tuple[str, ...]:
    """The rule modules `name` switches on besides the base game's (none when unknown)."""
    found = product(name)
    return found.modules if found is not None else ()
