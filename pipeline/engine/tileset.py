"""The tiles of a game: shapes by record name, every (name, rotation) precomputed, fits memoised.

A game's tiles come from its products (`game_tiles`). Names are what records write: a tile
whose shape is the base game's (Base Game letters, and the Winter Edition letters A..X that
reuse them) is its bare letter (`D`); every other tile is `PRODUCT/CODE`
(`Abbey and the Mayor/C`, `Winter Edition/Z05`). `tile_set(product)` is the tiles of a game of
that product: a base game alone, an expansion on top of the base game.

Copies apart: when a game's rules give an illustration a meaning (a module's `illustrations`:
The Abbot's `Garden`), every tile some of whose copies show it, in the product's box, is two
tiles of the set: its plain copies (`E`) and its illustrated ones (`E[Garden]`, `copy_name`),
whose shape has the feature the illustration shows (`ILLUSTRATED_FEATURES`: a garden). A tile
whose shape has the feature already (a garden on every copy) is not split. Counts from
elsewhere (the warehouse's lists) are split the same way by `split_counts`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from carcdb.pipeline.engine.oriented import Oriented
from carcdb.pipeline.engine.shape_data import (
    ILLUSTRATED_FEATURES,
    ROTATIONS,
    ProductTiles,
    TileEdition,
    TileShape,
    UnknownShape,
    bundled_products,
    product_entry,
    resolve,
)
from carcdb.pipeline.products import BASE_GAME, is_base


def record_name(product: str, code: str, owner: str) -> str:
    """The name a record gives the tile `code` of `product` whose shape `owner` defines."""
    return code if owner == BASE_GAME else f"{product}/{code}"


def copy_name(name: str, illustration: str) -> str:
    """The tile set's name of the copies of `name` showing `illustration` (`E[Garden]`)."""
    return f"{name}[{illustration}]"


class TileSet:
    """The tiles of one or more products: shapes by record name, rotations, fit cache."""

    def __init__(
        self,
        entries: ProductTiles | Sequence[ProductTiles],
        *,
        gardens: bool = False,
        illustrations: Sequence[str] = (),
    ) -> None:
        entries = [entries] if isinstance(entries, ProductTiles) else list(entries)
        self.products = tuple(entry.product for entry in entries)
        self.product = entries[0].product
        self.shapes: dict[str, TileShape] = {}
        self.origin: dict[str, tuple[str, str]] = {}  # name -> (product, code)
        self.unknown: dict[str, UnknownShape] = {}
        # Plain name -> {illustration: the name of its copies showing it} (`E` -> `E[Garden]`),
        # and the plain tile's per-copy partition in its product's default edition.
        self.variants: dict[str, dict[str, str]] = {}
        self.copy_of: dict[str, tuple[str, str]] = {}  # `E[Garden]` -> (`E`, `Garden`)
        self.partitions: dict[str, dict[str, int]] = {}
        start: str | None = None
        for entry in entries:
            for code, (shape, owner) in resolve(entry).items():
                name = record_name(entry.product, code, owner)
                if name not in self.shapes:  # a second base game's letters are the same tiles
                    self.origin[name] = (entry.product, code)
                    for shown, copy in _split(shape, entry.default_edition, illustrations):
                        variant = name if shown is None else copy_name(name, shown)
                        self.shapes[variant] = copy
                        self.origin[variant] = (entry.product, code)
                        if shown is not None:
                            self.variants.setdefault(name, {})[shown] = variant
                            self.copy_of[variant] = (name, shown)
                    if name in self.variants and entry.default_edition is not None:
                        default = shape.editions[entry.default_edition]
                        self.partitions[name] = dict(default.illustrations or {})
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

    def split_counts(
        self,
        counts: Mapping[str, int],
        partitions: Mapping[str, Mapping[str, int]] | None = None,
    ) -> dict[str, int]:
        """`counts` (plain names) with the illustrated copies apart, as the tile set keeps
        them: `E: 5` -> `E: 4, E[Garden]: 1`, by `partitions` (name -> the source's per-copy
        illustrations), else by the shape data's. A name whose illustrated copies `counts`
        already names separately is kept as it is."""
        if not self.variants:
            return dict(counts)
        out: dict[str, int] = {}
        for name, copies in counts.items():
            variants = self.variants.get(name)
            if variants is None or any(v in counts for v in variants.values()):
                out[name] = out.get(name, 0) + copies
                continue
            given = (partitions or {}).get(name)
            partition = given if given else self.partitions.get(name, {})
            left = copies
            apart: dict[str, int] = {}
            for illustration, variant in variants.items():
                shown = min(partition.get(illustration, 0), left)
                if shown > 0:
                    apart[variant] = shown
                    left -= shown
            if left or not apart:
                out[name] = left
            out.update(apart)
        return out

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


def _split(
    shape: TileShape, edition: str | None, illustrations: Sequence[str]
) -> list[tuple[str | None, TileShape]]:
    """(illustration, shape) of a tile: (None, itself), or (None, its plain copies) and,
    after them, its copies showing each of `illustrations` (in any edition of its box), with
    the feature the illustration shows; the copies are the default edition's (`edition`)."""
    out: list[tuple[str | None, TileShape]] = []
    plain = shape
    for illustration in illustrations:
        key = ILLUSTRATED_FEATURES[illustration]
        shown = {
            ed: (entry.illustrations or {}).get(illustration, 0)
            for ed, entry in plain.editions.items()
        }
        if getattr(shape, key) or not any(shown.values()):
            continue  # on every copy already, or on none
        copies = shown.get(edition or "", 0)
        variant_editions = {
            ed: TileEdition(copies=n, illustrations={illustration: n} if n else None)
            for ed, n in shown.items()
        }
        out.append(
            (
                illustration,
                shape.model_copy(
                    update={key: True, "copies": copies, "editions": variant_editions}
                ),
            )
        )
        plain = plain.model_copy(
            update={
                "copies": plain.copies - copies,
                "editions": {
                    ed: _without(entry, illustration) for ed, entry in plain.editions.items()
                },
            }
        )
    return [(None, plain), *out]


def _without(entry: TileEdition, illustration: str) -> TileEdition:
    """An edition's copies less those showing `illustration`."""
    rest = {k: n for k, n in (entry.illustrations or {}).items() if k != illustration}
    shown = (entry.illustrations or {}).get(illustration, 0)
    return TileEdition(copies=entry.copies - shown, illustrations=rest or None)


@cache
def game_tiles(
    products: tuple[str, ...], gardens: bool = False, illustrations: tuple[str, ...] = ()
) -> TileSet:
    """The tiles of a game of these products (KeyError for a product without tile data);
    `gardens`: the game's rules make gardens a feature; `illustrations`: the copy
    illustrations its rules tell apart (their copies are tiles of their own)."""
    entries = [product_entry(product) for product in normalise_products(products)]
    return TileSet(entries, gardens=gardens, illustrations=illustrations)


def tile_set(product: str = BASE_GAME) -> TileSet:
    """The tiles of a game of `product`: a base game alone, an expansion with the base game."""
    if is_base(product):
        return game_tiles((product,))
    product_entry(product)  # KeyError for an unknown product
    return game_tiles((BASE_GAME, product))


def playable_products() -> list[str]:
    """Every product the engine has tile data for, in file order."""
    return [entry.product for entry in bundled_products()]
