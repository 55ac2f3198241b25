"""Warehouse -> EngineConfig: one page's tile set, its geometry and its scoring values.

Deterministic by construction: every query is ordered, nothing depends on time, paths or
dictionary order, and `render()` writes the models' fields in their declared order, so the
same warehouse gives byte-identical files.

Choices (documented in docs/config.md):
- the tile set is one page language's tile lists of the product and edition (`language`,
  else English, else the first language alphabetically with such lists: adding languages
  up would count one box twice); `codes` keeps only those codes
  (the Winter Edition's 72 base tiles are `A-X`, its 12 animal tiles `Z01-Z12`);
- geometry comes from the engine's tile data; products whose letters A..X are the base
  game's tiles (Winter Edition, 20th Anniversary) use the Base Game shapes;
- the scoring values and the product's rule-module values come from the page's claims
  (`configgen.values`: the value most claims state, the built-in one where none does).
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import duckdb

from carcdb.pipeline.configgen.data import ConfigData
from carcdb.pipeline.configgen.module_rates import product_modules
from carcdb.pipeline.configgen.values import module_values, scoring_values
from carcdb.pipeline.engine.config_file import builtin_tile_geometry
from carcdb.pipeline.engine.geometry import BASE_GAME, product_entry, resolved
from carcdb.pipeline.errors import InputError
from carcdb.pipeline.products import shape_owner
from carcdb.schemas.engine_config import (
    ConfigGeometry,
    ConfigTile,
    ConfigTileSet,
    EngineConfig,
    TileSetSource,
)
from carcdb.schemas.suggest import fix_for

# (list_index, its tiles=N, list_index of the list declaring its section's total)
ListTotals = tuple[int, int | None, int | None]
_RANGE = re.compile(r"^([A-Za-z]*)([0-9]*)-([A-Za-z]*)([0-9]*)$")
# Codes one numbered range may name: a tile list holds a few hundred (`A1-A99999999999` took
# all memory).
MAX_RANGE_CODES = 10_000


def parse_codes(text: str) -> list[str]:
    """`A-X,Z01-Z03,Q` -> the codes, in order: letter ranges and numbered ranges."""
    codes: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        match = _RANGE.match(part)
        if match is None:
            if not part:
                raise InputError(f"empty code in --codes {text!r}", fix="e.g. --codes A-X")
            codes.append(part)
            continue
        p1, n1, p2, n2 = match.groups()
        if not n1 and not n2 and len(p1) == 1 and len(p2) == 1 and p1 <= p2:
            codes += [chr(c) for c in range(ord(p1), ord(p2) + 1)]
        elif n1 and n2 and p1 == p2 and int(n1) <= int(n2):
            if int(n2) - int(n1) >= MAX_RANGE_CODES:
                raise InputError(
                    f"--codes: the range {part!r} names {int(n2) - int(n1) + 1:,} codes, more than "
                    f"{MAX_RANGE_CODES:,} (a tile list holds a few hundred)",
                    fix="e.g. A-X or Z01-Z12",
                )
            codes += [f"{p1}{n:0{len(n1)}d}" for n in range(int(n1), int(n2) + 1)]
        else:
            raise InputError(f"cannot read the range {part!r}", fix="e.g. A-X or Z01-Z12")
    return codes


def _page_language(data: ConfigData, page: str, edition: str, language: str | None) -> str:
    """The language whose tile lists are read: `language`, else English, else the first
    language (alphabetically) whose page has lists of the edition."""
    languages = data.languages(page)
    if not languages:
        raise InputError(
            f"no page {page!r} in the warehouse", fix=f"use one of {data.base_titles} (--page)"
        )
    if language is not None:
        if language not in languages:
            raise InputError(f"page {page!r} has no language {language!r}", fix=f"use {languages}")
        return language
    with_lists = [
        lang
        for lang in languages
        if any(row.edition == edition for row in data.lists(data.title(page, lang)))
    ]
    candidates = with_lists or languages
    return "en" if "en" in candidates else candidates[0]


def _lists(
    data: ConfigData, title: str, edition: str, product: str | None, page: str
) -> tuple[str, str, list[ListTotals]]:
    """(product, revision_key, lists) of the edition's tile lists, worked out once per page,
    edition and product (an error too: it is raised again)."""
    key = ("lists", title, edition, product or "", page)
    found = data.memo.get(key)
    if found is None:
        try:
            found = _lists_of(data, title, edition, product, page)
        except InputError as exc:
            found = exc
        data.memo[key] = found
    if isinstance(found, InputError):
        raise found
    result: tuple[str, str, list[ListTotals]] = found
    return result


def _lists_of(
    data: ConfigData, title: str, edition: str, product: str | None, page: str
) -> tuple[str, str, list[ListTotals]]:
    """(product, revision_key, lists) of the edition's tile lists."""
    rows = [
        row
        for row in data.lists(title)
        if row.edition == edition and not row.declares_section_total
    ]
    products = sorted({row.product for row in rows if row.product is not None})
    if not products:
        raise InputError(
            f"{title} has no tile list of edition {edition!r}",
            fix=f"use one of {data.editions(title)} (--edition)",
        )
    if product is None:
        named = [p for p in products if p.casefold() == page.casefold()]
        if len(products) == 1:
            product = products[0]
        elif named:
            product = named[0]
        else:
            raise InputError(
                f"{title} {edition} has lists of several products: {products}",
                fix="choose one with --product",
            )
    elif product not in products:
        raise InputError(
            f"{title} {edition} has no product {product!r}",
            fix=fix_for(product, products, f"use {products}"),
        )
    chosen = [row for row in rows if row.product == product]
    return (
        product,
        chosen[0].revision_key,
        [(row.list_index, row.declared_total, row.section_total_list) for row in chosen],
    )


def _tiles(
    data: ConfigData,
    title: str,
    revision_key: str,
    lists: list[int],
    codes: set[str] | None = None,
) -> list[ConfigTile]:
    """The tiles (only those of `codes`) of the chosen lists, by list index and page order."""
    return [
        tile for index in sorted(lists) for tile in data.tiles((title, revision_key, index), codes)
    ]


def geometry_product(product: str, codes: Sequence[str] = ()) -> str:
    """Whose shapes `codes` of `product` are: the product's own (its shape file), or the
    base game's when every selected code reuses a base-game tile (the Winter Edition's
    letters A..X) or the product has no shape file but shares the base game's letters."""
    shapes = resolved()
    owners = {shapes[(product, code)][1] for code in codes if (product, code) in shapes}
    if owners == {BASE_GAME}:
        return BASE_GAME
    if any(p == product for p, _code in shapes):
        return product
    return shape_owner(product)


def _geometry(product: str, codes: list[str]) -> ConfigGeometry:
    owner = geometry_product(product, codes)
    shapes = resolved()
    tiles = {}
    for code in codes:
        found = shapes.get((owner, code))
        if found is not None:
            _shape, shape_owner, shape_code = found
            tiles[code] = builtin_tile_geometry(shape_owner, shape_code)
    try:
        start: str | None = product_entry(owner).start_tile
    except KeyError:
        start = None
    return ConfigGeometry(product=owner, start_tile=start, tiles=tiles)


def engine_config(
    conn: duckdb.DuckDBPyConnection | None,
    page: str,
    edition: str,
    *,
    language: str | None = None,
    product: str | None = None,
    codes: list[str] | None = None,
    data: ConfigData | None = None,
) -> EngineConfig:
    """The configuration of `page` (a base title such as "Base game") for one edition.

    `data` is the warehouse's rows read once, for callers generating many configurations
    (then `conn` may be None); without it only this page's rows are read.
    """
    if "/" in page and language is None:
        page, _, language = page.partition("/")
    if data is None:
        if conn is None:  # our bug
            raise RuntimeError("engine_config needs a connection or the data read")
        data = ConfigData(conn, [page])
    tile_language = _page_language(data, page, edition, language)
    title = data.title(page, tile_language)
    product, revision_key, lists = _lists(data, title, edition, product, page)
    indexes, positions = _chosen(data, title, revision_key, lists)

    def twice(code: str) -> InputError:
        return InputError(
            f"{title} {product} {edition}: tile {code} is in two lists",
            fix="the page lists the tile twice for one product and edition; "
            "correct the page, or leave the tile out with --codes",
        )

    if codes is None:
        tiles = _tiles(data, title, revision_key, indexes)
        seen: set[str] = set()
        for tile in tiles:
            if tile.code in seen:
                raise twice(tile.code)
            seen.add(tile.code)
    else:
        missing = [code for code in codes if code not in positions]
        if missing:
            raise InputError(
                f"{title} {product} {edition} has no tile {', '.join(missing)}",
                fix="check --codes against `carcdb tiles`",
            )
        # A code met a second time, first in page order: what building the tiles in order
        # would find, known from the positions alone (the checks ask for one configuration
        # per list, and building every list holding a code again each time was quadratic).
        again = [(found[1], code) for code in set(codes) if len(found := positions[code]) > 1]
        if again:
            raise twice(min(again)[1])
        # Only the selected tiles are built, from the lists holding them.
        holding = sorted({positions[code][0][0] for code in codes})
        tiles = _tiles(data, title, revision_key, holding, set(codes))
    used = sorted({tile.entry().list_index for tile in tiles})
    declared = _declared_total(data, title, revision_key, lists, used, tiles)
    start = [tile.code for tile in tiles if tile.start_tile]
    known = data.page_scoring.get((page, language))
    if known is None:
        claims = data.claims(page, None if language is None else [language])
        scoring, meeples = scoring_values(page, claims)
        known = sorted({claim.language for claim in claims}), scoring, meeples
        data.page_scoring[(page, language)] = known
    claim_languages, scoring, meeples = known
    modules = product_modules(product)
    extra: dict[str, Any] = {}
    if modules:
        claims = data.claims(page, None if language is None else [language])
        extra = {"rules_modules": modules, "module_values": module_values(page, claims, modules)}
    return EngineConfig(
        page=page,
        claim_languages=claim_languages,
        tile_set=ConfigTileSet(
            product=product,
            edition=edition,
            codes_selected=codes,
            declared_total=declared,
            draw_pile_total=sum(t.count for t in tiles if not t.special),
            special_total=sum(t.count for t in tiles if t.special),
            start_tile=start[0] if start else None,
            tiles=tiles,
            source=TileSetSource(
                title=title, language=tile_language, revision_key=revision_key, lists=used
            ),
        ),
        geometry=_geometry(product, [tile.code for tile in tiles]),
        scoring=scoring,
        meeples_per_player=meeples,
        **extra,
    )


def _declared_total(
    data: ConfigData,
    title: str,
    revision_key: str,
    lists: list[ListTotals],
    used: list[int],
    tiles: list[ConfigTile],
) -> int | None:
    """What the page declares for the selected tiles, or None when it declares nothing for them.

    A list's own `tiles=N` counts; a list without one counts through its section's total
    (Winter Edition: 84 = base 72 + animals 12) when every list of that section is selected.
    A partly selected list declares nothing for the selection.
    """

    def fully_used(index: int) -> bool:
        entries = data.entries((title, revision_key, index))
        selected = sum(1 for t in tiles if t.entry().list_index == index)
        return index in used and entries == selected

    declared_by_list, members_of, of_list = _list_totals(data, title, lists)
    total = 0
    sections: set[int] = set()
    for index in sorted(used):
        if index not in of_list:
            continue
        declared, section = of_list[index]
        if not fully_used(index):
            return None
        if declared is not None:
            total += int(declared)
            continue
        if section is None:
            return None
        if section in sections:
            continue
        members = members_of.get(section, [])
        # A missing declaring list is a bug in the tiles stage: KeyError, as before.
        section_total = declared_by_list[section]
        if not all(fully_used(i) for i in members) or section_total is None:
            return None
        sections.add(section)
        total += int(section_total)
    return total


def _chosen(
    data: ConfigData, title: str, revision_key: str, lists: list[ListTotals]
) -> tuple[list[int], dict[str, list[tuple[int, int]]]]:
    """The indexes of `lists`, and where each code is in them: (list index, entry index) in
    page order. Read once per `lists` (which `_lists` keeps)."""
    key = ("chosen", title, str(id(lists)))
    found = data.memo.get(key)
    if found is None or found[0] is not lists:
        indexes = [index for index, _total, _section in lists]
        positions: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for index in indexes:
            for entry, code in enumerate(data.tile_codes((title, revision_key, index))):
                positions[code].append((index, entry))
        found = (lists, indexes, dict(positions))
        data.memo[key] = found
    return found[1], found[2]


_Totals = tuple[
    dict[int, int | None], dict[int | None, list[int]], dict[int, tuple[int | None, int | None]]
]


def _list_totals(data: ConfigData, title: str, lists: list[ListTotals]) -> _Totals:
    """For `_declared_total`, read once per `lists`: each list's declared total (every list of
    the page), the lists of each section total, and (declared, section) of each chosen list."""
    key = ("totals", title, str(id(lists)))
    found = data.memo.get(key)
    if found is None or found[0] is not lists:
        members: dict[int | None, list[int]] = defaultdict(list)
        for index, _declared, section in lists:
            members[section].append(index)
        found = (
            lists,
            {row.list_index: row.declared_total for row in data.lists(title)},
            members,
            {index: (declared, section) for index, declared, section in lists},
        )
        data.memo[key] = found
    return found[1], found[2], found[3]


def render(config: EngineConfig) -> str:
    """The document as JSON text: same config, same bytes."""
    return json.dumps(config.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"


def json_schema() -> str:
    """The JSON Schema of the document, as shipped in schemas/engine-config.schema.json."""
    return json.dumps(EngineConfig.model_json_schema(), indent=2, ensure_ascii=False) + "\n"
