"""Checks that tie the warehouse's records to the scoring engine (docs/config.md).

For every base-game tile set in the warehouse (a list holding letters A..X of a product whose
shapes the engine has, as `tiles.reference_counts` picks them), the engine configuration is
generated and run through the engine:
- `engine.geometry`: every code of the set has a tile shape;
- `engine.draw_pile_total`: the draw pile the engine builds from the file equals the
  declared `tiles=` total;
- `engine.placeable`: every tile type can be placed on a board built from the set (one
  deterministic board: each round places the next copy of every type that fits somewhere,
  until every type is down or a round places nothing).
(`engine_expansions` does the same for the expansions' tile sets, and checks the listed
structural features against the shapes; `engine_tile_set` holds the checks both run on a set.)

For every page with such a set, or with an expansion's set, its scoring table is generated
from its claims, then:
- `engine.scoring_claims` (error): each language's rate claims state the configuration's
  values, and on an expansion's page its barn rates and mayor strength the module values; a
  failure names the page, language, sentence and both numbers;
- `engine.worked_examples` (warning): totals stated with counts ("a city of 5 tiles and 3
  coats of arms: 8 points") are recomputed with the configuration's values. A warning, as
  example sentences are parsed more loosely than rate sentences.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Sequence
from typing import Any

import duckdb

from carcdb.pipeline.checks.engine_tile_set import tile_set_results
from carcdb.pipeline.checks.inputs import CheckInputs, Detached
from carcdb.pipeline.checks.tiles import reference_counts, tiles_by_list
from carcdb.pipeline.configgen.claim_rates import (
    Claim,
    ScoringKey,
    example_counts,
    example_state,
    rate_key,
)
from carcdb.pipeline.configgen.data import ConfigData
from carcdb.pipeline.configgen.generate import geometry_product
from carcdb.pipeline.configgen.module_rates import module_claims, product_modules
from carcdb.pipeline.configgen.values import (
    module_table,
    module_values,
    scoring_table,
    scoring_values,
)
from carcdb.pipeline.engine.config_file import rules_from_engine_config
from carcdb.pipeline.engine.frontier import FrontierBoard
from carcdb.pipeline.engine.geometry import BASE_GAME, registry, resolved, tile_set, unknown_shapes
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.products import is_base
from carcdb.schemas.checks import CheckResult, outcome, skip
from carcdb.schemas.engine_config import EngineConfig
from carcdb.warehouse.claims import pages_with_claims


def base_tile_sets(
    conn: duckdb.DuckDBPyConnection, inputs: CheckInputs | None = None
) -> list[tuple[str, str, str, list[str]]]:
    """(title, product, edition, codes) of every base-game tile list the engine has shapes for
    (read once per check run)."""
    return CheckInputs.of(conn, inputs).once(_base_tile_sets)


def _base_tile_sets(inputs: CheckInputs) -> list[tuple[str, str, str, list[str]]]:
    letters = reference_counts()
    products = {product for product, _code in registry()}
    sets = []
    for (title, _index), rows in sorted(tiles_by_list(inputs.tile_codes).items()):
        first = rows[0]
        if (
            first.product is not None
            and is_base(first.product)
            and first.edition is not None
            and geometry_product(first.product) in products
            and not first.special
            and any(row.code in letters for row in rows)
        ):
            sets.append((title, first.product, first.edition, [row.code for row in rows]))
    return sets


def placeable_codes(config: EngineConfig) -> tuple[set[str], int]:
    """Codes placed on one deterministic board built from the set, and tiles placed."""
    return placed_on_board(rules_from_engine_config(config, "engine configuration"))


BoardKey = tuple[str, tuple[tuple[str, int], ...]]


def board_key(rules: RulesConfig) -> BoardKey:
    """What `placed_on_board` depends on: the product's shapes and the draw pile.

    Not the scoring values: no meeple is put down, so nothing is ever scored, and where a
    tile fits depends on the tiles already on the board alone.
    """
    return rules.product, tuple(sorted((rules.draw_pile or {}).items()))


def placed_on_board(rules: RulesConfig) -> tuple[set[str], int]:
    """Codes placed on one deterministic board built from `rules`' draw pile, and tiles placed.

    Each round places the next copy of every type that fits somewhere, until every type of
    the pile is on the board or a round places nothing.

    Depends only on `board_key(rules)`, so sets with the same tiles share one board.
    """
    tiles = tile_set(rules.product)
    pile = dict(rules.draw_pile or {})
    # No meeple is put down and nothing is scored: where tiles fit is all the board needs.
    board = FrontierBoard(tiles)
    board.place((0, 0), tiles.oriented[tiles.start_tile][0])
    # The start tile is one copy of its type (a set without one still gets a board).
    pile[tiles.start_tile] = max(0, pile.get(tiles.start_tile, 0) - 1)
    placed = {tiles.start_tile}
    count = 1
    # Rounds stop once every type is down: the check's answer is then known, and the rounds
    # placing the remaining copies were most of the cost.
    wanted = {code for code, copies in pile.items() if copies > 0 and code in tiles.shapes}
    progress = True
    while progress and not wanted <= placed:
        progress = False
        for code in sorted(pile):
            if pile[code] <= 0 or code not in tiles.shapes:
                continue
            options = board.legal_placements(code)
            if options:
                pos, oriented = options[0]
                board.place(pos, oriented)
                pile[code] -= 1
                placed.add(code)
                count += 1
                progress = True
    return placed, count


class Boards:
    """`placed_on_board` results by `board_key`, for one run of the checks: the same tiles on
    many pages and languages are one board."""

    def __init__(self) -> None:
        self._placed: dict[BoardKey, tuple[set[str], int]] = {}

    def placed(self, rules: RulesConfig) -> tuple[set[str], int]:
        key = board_key(rules)
        if key not in self._placed:
            self._placed[key] = placed_on_board(rules)
        return self._placed[key]


def check_tile_sets(
    conn: duckdb.DuckDBPyConnection, inputs: CheckInputs | None = None
) -> list[CheckResult]:
    """Geometry, draw-pile total and placement of every base-game tile set, via its config.

    A set whose configuration cannot be generated at all is an `engine.config` failure.
    """
    inputs = CheckInputs.of(conn, inputs)
    return base_tile_set_results(inputs.config_data, base_tile_sets(conn, inputs), {})


def detach_tile_sets(conn: duckdb.DuckDBPyConnection, inputs: CheckInputs) -> Detached:
    """`check_tile_sets` as work for another process: the sets and the data, read here."""
    sets = base_tile_sets(conn, inputs)
    return Detached(base_tile_set_results, (inputs.config_data.detached(),), tuple(sets))


def base_tile_set_results(
    data: ConfigData, sets: Sequence[tuple[str, str, str, list[str]]], memo: dict[str, Any]
) -> list[CheckResult]:
    """`check_tile_sets` of the given sets (`base_tile_sets`), from `data` alone (`memo`: the
    boards built so far, see `Detached`)."""
    boards: Boards = memo.setdefault("boards", Boards())

    def placeable(config: EngineConfig, rules: RulesConfig, scope: str) -> CheckResult:
        placed, count = boards.placed(rules)
        never = sorted({t.code for t in config.tile_set.tiles if not t.special} - placed)
        return outcome(
            "engine.placeable",
            scope,
            not never,
            "every tile type placed",
            f"{len(placed)} types, {count} tiles placed",
            f"tile types that fit nowhere on a board built from the set: {', '.join(never)}",
            {"never_placed": never, "tiles_placed": count},
        )

    results = []
    for title, product, edition, codes in sets:
        scope = f"{title} {product} {edition}"
        results += tile_set_results(data, (title, product, edition), scope, placeable, codes=codes)
    return results


def expansion_tile_sets(
    conn: duckdb.DuckDBPyConnection, inputs: CheckInputs | None = None
) -> list[tuple[str, str, str]]:
    """(title, product, edition) of every tile set of a product with rule modules besides the
    base game's (Abbey and the Mayor, The Courier) or with tiles of its own beyond the base
    game's letters (the Winter Edition's animals): all its lists of one edition, together (read
    once per check run)."""
    return CheckInputs.of(conn, inputs).once(_expansion_tile_sets)


def _expansion_tile_sets(inputs: CheckInputs) -> list[tuple[str, str, str]]:
    own = {product for (product, _code), (_s, owner, _c) in resolved().items() if owner == product}
    found: dict[tuple[str, str, str], None] = {}
    for row in inputs.tile_codes:
        product = row.product or ""
        own_tiles = product in own or (product, row.code) in unknown_shapes()
        if (
            row.edition is not None
            and product != BASE_GAME
            and (product_modules(product) or own_tiles)
        ):
            found[(row.title, product, row.edition)] = None
    return list(found)


def _pages(conn: duckdb.DuckDBPyConnection, inputs: CheckInputs) -> list[str]:
    """Pages whose rules the engine models: a base-game tile set, or an expansion's."""
    data = inputs.config_data
    titles = [title for title, *_ in base_tile_sets(conn, inputs)]
    titles += [title for title, *_ in expansion_tile_sets(conn, inputs)]
    return sorted({data.base_title(title)[0] for title in titles})


def _page_modules(inputs: CheckInputs) -> dict[str, list[str]]:
    """Page (base title) -> the rule modules of the expansion products it lists tiles of."""
    data = inputs.config_data
    out: dict[str, list[str]] = defaultdict(list)
    for title, product, _edition in expansion_tile_sets(inputs.conn, inputs):
        page = data.base_title(title)[0]
        for module in product_modules(product):
            if module not in out[page]:
                out[page].append(module)
    return dict(out)


def _unmodelled_pages(
    conn: duckdb.DuckDBPyConnection, check: str, modelled: Collection[str]
) -> list[CheckResult]:
    """A skip for each page with scoring claims but no tile set the engine plays."""
    return [
        skip(
            check,
            page,
            "no base-game tile set on this page: the engine does not model its rules",
            severity="error" if check == "engine.scoring_claims" else "warning",
        )
        for page in pages_with_claims(conn)
        if page not in modelled
    ]


def _scope(page: str, language: str) -> str:
    return f"{page} ({language})"


def _page_scoring_tables(
    conn: duckdb.DuckDBPyConnection, check: str, inputs: CheckInputs | None
) -> tuple[list[CheckResult], list[tuple[str, list[Claim], list[str], dict[ScoringKey, int]]]]:
    """Skips for pages the engine does not model, and each modelled page's claims, rule
    modules and table (the base values and, for an expansion's page, its modules' values)."""
    inputs = CheckInputs.of(conn, inputs)
    data = inputs.config_data
    pages = _pages(conn, inputs)
    modules = _page_modules(inputs)
    skipped = _unmodelled_pages(conn, check, set(pages))
    tables = []
    for page in pages:
        claims = data.claims(page)
        values, _meeples = scoring_values(page, claims)
        table = scoring_table(values)
        page_modules = modules.get(page, [])
        if page_modules:
            table.update(module_table(module_values(page, claims, page_modules)))
        tables.append((page, claims, page_modules, table))
    return skipped, tables


def check_scoring_claims(
    conn: duckdb.DuckDBPyConnection, inputs: CheckInputs | None = None
) -> list[CheckResult]:
    """Each language's rate claims of a page state the page's configuration values."""
    results, page_tables = _page_scoring_tables(conn, "engine.scoring_claims", inputs)
    for page, claims, modules, config in page_tables:
        by_language: dict[str, list[tuple[Claim, ScoringKey]]] = defaultdict(list)
        for claim in claims:
            key = rate_key(claim)
            if key is not None:
                by_language[claim.language].append((claim, key))
        for claim, key in module_claims(claims, set(modules)):
            by_language[claim.language].append((claim, key))
        if not by_language:
            why = "no rate claims on this page"
            if modules:
                why += f" (its rule modules: {', '.join(modules)}; they state no number)"
            results.append(skip("engine.scoring_claims", page, why))
        for language, keyed in sorted(by_language.items()):
            wrong = [(claim, key) for claim, key in keyed if claim.points != config[key]]
            results.append(
                outcome(
                    "engine.scoring_claims",
                    _scope(page, language),
                    not wrong,
                    f"{len(keyed)} claim(s) as configured",
                    f"{len(keyed) - len(wrong)} agree",
                    "; ".join(
                        f'{page} ({language}) {claim.where}: "{claim.sentence}" says '
                        f"{_stated(claim, key)}, the configuration says {config[key]}"
                        for claim, key in wrong
                    ),
                    {
                        "disagreements": [
                            {
                                "claim_id": claim.claim_id,
                                "line": claim.line,
                                "col": claim.col,
                                "sentence": claim.sentence,
                                "key": list(key),
                                "claim_points": claim.points,
                                "config_points": config[key],
                            }
                            for claim, key in wrong
                        ]
                    },
                )
            )
    return results


def _stated(claim: Claim, key: ScoringKey) -> str:
    feature, state, unit = key
    if state == "strength":
        return f"a {feature}'s strength is {claim.points} per {unit}"
    return f"{claim.points} points per {unit} ({feature}, {state})"


def recompute(claim: Claim, config: dict[ScoringKey, int]) -> int:
    """The total a worked example should state, with the configuration's values."""
    counts = example_counts(claim)
    assert counts is not None
    state = example_state(claim)
    feature = claim.feature
    if feature == "road":
        return counts.get("tile", 0) * config[("road", state, "tile")]
    if feature == "city":
        return (
            counts.get("tile", 0) * config[("city", state, "tile")]
            + counts.get("coat_of_arms", 0) * config[("city", state, "coat_of_arms")]
        )
    if feature == "monastery":
        return (1 + counts.get("surrounding_tile", 0)) * config[("monastery", state, "tile")]
    return counts.get("completed_city", 0) * config[("field", "end_game", "completed_city")]


def check_worked_examples(
    conn: duckdb.DuckDBPyConnection, inputs: CheckInputs | None = None
) -> list[CheckResult]:
    results, page_tables = _page_scoring_tables(conn, "engine.worked_examples", inputs)
    for page, claims, _modules, config in page_tables:
        by_language: dict[str, list[tuple[Claim, int]]] = defaultdict(list)
        for claim in claims:
            if example_counts(claim) is not None:
                by_language[claim.language].append((claim, recompute(claim, config)))
        if not by_language:
            results.append(
                skip("engine.worked_examples", page, "no worked examples", severity="warning")
            )
        for language, examples in sorted(by_language.items()):
            wrong = [(claim, total) for claim, total in examples if claim.points != total]
            results.append(
                outcome(
                    "engine.worked_examples",
                    _scope(page, language),
                    not wrong,
                    f"{len(examples)} example(s) add up",
                    f"{len(examples) - len(wrong)} add up",
                    "; ".join(
                        f'{page} ({language}) {claim.where}: "{claim.sentence}" says '
                        f"{claim.points} points, the configuration gives {total} for "
                        f"{example_counts(claim)}"
                        for claim, total in wrong
                    ),
                    {
                        "examples": [
                            {
                                "claim_id": claim.claim_id,
                                "counts": example_counts(claim),
                                "stated": claim.points,
                                "recomputed": total,
                            }
                            for claim, total in examples
                        ]
                    },
                    severity="warning",
                )
            )
    return results
