"""The tiles of a game: shapes by record name, every (name, rotation) precomputed, fits memoised.

A game's tiles come from its products (`game_tiles`). Names are what records write: a tile
whose shape is the base game's (Base Game letters, and the Winter Edition letters A..X that
reuse them) is its bare letter (`D`); every other tile is `PRODUCT/CODE`
(`Abbey and the Mayor/C`, `Winter Edition/Z05`). `tile_set(product)` is the tiles of a game of
that product: a base game alone, an expansion on top of the base game.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from pipeline.engine.oriented import Oriented
from pipeline.engine.shape_data import (
    ROTATIONS,
    ProductTiles,
    TileShape,
    UnknownShape,
    bundled_products,
    product_entry,
    resolve,
)
from pipeline.products import BASE_GAME, is_base


def record_name(product: str, code: str, owner: str) -> str:
    """The name a record gives the tile `code` of `product` whose shape `owner` defines."""
    return code if owner == BASE_GAME else f"{product}/{code}"


class TileSet:
    """The tiles of one or more products: shapes by record name, rotations, fit cache."""

    def __init__(
        self, entries: ProductTiles | Sequence[ProductTiles], *, gardens: bool = False
    ) -> None:
        entries = [entries] if isinstance(entries, ProductTiles) else list(entries)
        self.products = tuple(entry.product for entry in entries)
        self.product = entries[0].product
        self.shapes: dict[str, TileShape] = {}
        self.origin: dict[str, tuple[str, str]] = {}  # name -> (product, code)
        self.unknown: dict[str, UnknownShape] = {}
        start: str | None = None
        for entry in entries:
            for code, (shape, owner) in resolve(entry).items():
                name = record_name(entry.product, code, owner)
                if name not in self.shapes:  # a second base game's letters are the same tiles
                    self.shapes[name] = shape
                    self.origin[name] = (entry.product, code)
            for unknown in entry.unknown:
                self.unknown[f"{entry.product}/{unknown.code}"] = unknown
            # A base game's start tile, unless a product played on it brings its own (the
            # river's spring).
            if entry.start_tile is not None and (start is None or not is_base(entry.product)):
                owner = resolve(entry)[entry.start_tile][1]
                start = record_name(entry.product, entry.start_tile, owner)
        if start is None:
            raise ValueError(f"{self.products}: no product with a start tile")
        self.start_tile = start
        self.gardens = gardens  # gardens are a feature (a segment) in this game
        self.oriented = {
            name: tuple(Oriented(shape, rotation, name, gardens=gardens) for rotation in ROTATIONS)
            for name, shape in self.shapes.items()
        }
        self.abbeys = tuple(name for name, shape in self.shapes.items() if shape.abbey)
        # Whether any segment carries a symbol (an inn, goods ...): boards skip them if not.
        self.has_symbols = any(
            any(o.symbols) for variants in self.oriented.values() for o in variants[:1]
        )
        self._fits: dict[str, FitTable] = {}

    def reference_counts(self) -> dict[str, int]:
        """Copies of every tile of the draw pile (special tiles such as abbeys left out)."""
        return {name: s.copies for name, s in self.shapes.items() if not s.special}

    def fitting(self, code: str, required: tuple[int, ...]) -> tuple[Oriented, ...]:
        """Rotations of `code` whose edges match `required` (-1 = no neighbour there)."""
        return self.fit_table(code)[required]

    def fit_table(self, code: str) -> FitTable:
        """`code`'s memoised fits: required edges -> the rotations that match them."""
        table = self._fits.get(code)
        if table is None:
            table = self._fits[code] = FitTable(self.oriented[code])
        return table


class FitTable(dict[tuple[int, ...], tuple[Oriented, ...]]):
    """Required edges (N E S W, -1 = no neighbour) -> the rotations of one tile that fit.

    Filled on first use of each pattern (`__missing__`): there are at most 6**4 patterns (five
    edge kinds or no neighbour, per side), so after a few games every legality test on the
    frontier is one dictionary lookup made in C.
    An abbey fits, in its one rotation, exactly where all four neighbours are (a hole).
    """

    def __init__(self, variants: tuple[Oriented, ...]) -> None:
        super().__init__()
        self.variants = variants

    def __missing__(self, required: tuple[int, ...]) -> tuple[Oriented, ...]:
        variants = self.variants
        if variants[0].abbey:
            found: tuple[Oriented, ...] = (variants[0],) if -1 not in required else ()
        else:
            found = tuple(
                o
                for o in variants
                if all(r < 0 or r == e for r, e in zip(required, o.edges, strict=True))
            )
        self[required] = found
        return found


def normalise_products(products: Sequence[str]) -> tuple[str, ...]:
    """The products in a canonical order: the base game first, then as given (deduplicated)."""
    ordered: list[str] = []
    for product in sorted(products, key=lambda p: not is_base(p)):
        if product not in ordered:
            ordered.append(product)
    return tuple(ordered)


@cache
def game_tiles(products: tuple[str, ...], gardens: bool = False) -> TileSet:
    """The tiles of a game of these products (KeyError for a product without tile data);
    `gardens`: the game's rules make gardens a feature."""
    entries = [product_entry(product) for product in normalise_products(products)]
    return TileSet(entries, gardens=gardens)


def tile_set(product: str = BASE_GAME) -> TileSet:
    """The tiles of a game of `product`: a base game alone, an expansion with the base game."""
    if is_base(product):
        return game_tiles((product,))
    product_entry(product)  # KeyError for an unknown product
    return game_tiles((BASE_GAME, product))


def playable_products() -> list[str]:
    """Every product the engine has tile data for, in file order."""
    return [entry.product for entry in bundled_products()]
