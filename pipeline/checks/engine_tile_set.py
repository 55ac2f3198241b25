"""The engine checks of one tile set, shared by the base game's sets (`checks.engine`) and the
expansions' (`checks.engine_expansions`): `engine.config` (a configuration can be generated),
`engine.geometry` (every code has a shape), `engine.draw_pile_total` (the engine's draw pile
holds the lists' declared `tiles=`) and `engine.placeable`, which each caller builds its board
for.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from carcdb.pipeline.configgen.data import ConfigData
from carcdb.pipeline.configgen.generate import engine_config
from carcdb.pipeline.engine.config_file import rules_from_engine_config
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.errors import InputError
from carcdb.schemas.checks import CheckResult, CheckStatus, outcome, skip
from carcdb.schemas.engine_config import EngineConfig

# (configuration, its rules, scope) -> the `engine.placeable` result of one tile set.
Placeable = Callable[[EngineConfig, RulesConfig, str], CheckResult]


def tile_set_results(
    data: ConfigData,
    tile_set_key: tuple[str, str, str],
    scope: str,
    placeable: Placeable,
    *,
    codes: list[str] | None = None,
    unknown: Collection[tuple[str, str]] | None = None,
) -> list[CheckResult]:
    """The engine checks of one tile set (title, product, edition), base game's or expansion's.

    `engine.config` fails when no configuration can be generated; then `engine.geometry`;
    when every code has a shape, `engine.draw_pile_total` and `placeable`'s result, with the
    rules the engine builds from the configuration. `codes` picks the set's tiles (all its
    lists' otherwise); `unknown` are the (product, code) shapes the shape data marks unknown:
    a set missing only such shapes is a geometry skip (the expansions'). Without it a missing
    shape is a failure naming the geometry's product (the base game's sets). Reads nothing
    from the warehouse: `data` may be detached, in another process.
    """
    title, product, edition = tile_set_key
    page, language = data.base_title(title)
    try:
        config = engine_config(
            None, page, edition, language=language, product=product, codes=codes, data=data
        )
    except InputError as exc:
        return [outcome("engine.config", scope, False, "a configuration", "none", str(exc), {})]
    geometry = _geometry(config, scope, product, unknown)
    if geometry.status is not CheckStatus.PASS:
        return [geometry]
    rules = rules_from_engine_config(config, scope)
    return [geometry, _draw_pile_total(config, rules, scope), placeable(config, rules, scope)]


def _geometry(
    config: EngineConfig,
    scope: str,
    product: str,
    unknown: Collection[tuple[str, str]] | None,
) -> CheckResult:
    """`engine.geometry`: every code of the set has a shape (see `tile_set_results`)."""
    tiles = config.tile_set.tiles
    missing = [t.code for t in tiles if t.code not in config.geometry.tiles]
    if unknown is None:
        unmarked, owner, mark = missing, config.geometry.product, ""
    else:
        unmarked = [code for code in missing if (product, code) not in unknown]
        if missing and not unmarked:
            return skip(
                "engine.geometry",
                scope,
                "shapes unknown from public descriptions (the engine refuses "
                f"these tiles): {', '.join(missing)}",
                evidence={"unknown": len(missing)},
            )
        owner, mark = product, ", nor a mark that it is unknown,"
    return outcome(
        "engine.geometry",
        scope,
        not unmarked,
        f"{len(tiles)} codes with a shape",
        f"{len(tiles) - len(missing)} with a shape",
        f"no {owner} tile shape{mark} for: {', '.join(unmarked)}",
        {"missing": missing},
    )


def _draw_pile_total(config: EngineConfig, rules: RulesConfig, scope: str) -> CheckResult:
    """`engine.draw_pile_total`: the engine's draw pile holds the lists' declared `tiles=`."""
    declared = config.tile_set.declared_total
    if declared is None:
        return skip(
            "engine.draw_pile_total",
            scope,
            "the page declares no tiles= total for these lists alone",
        )
    pile = sum((rules.draw_pile or {}).values())
    return outcome(
        "engine.draw_pile_total",
        scope,
        pile == declared,
        declared,
        pile,
        f"the engine's draw pile holds {pile} tiles, the lists declare {declared}",
        {"lists": config.tile_set.page_source().lists},
    )
