"""Reading a rules configuration file: a RulesConfig, or an EngineConfig turned into one.

`load_rules` is what `score` and `simulate` run with `--config`.

The engine plays with its own tile shapes, so a file is accepted only when its geometry is
exactly the engine's for every code it lists (and names the same start tile); its scoring
values set the RulesConfig fields they name, and its non-special tiles become the draw pile.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pydantic import ValidationError

from carcdb.pipeline.engine.geometry import record_name, registry, resolved, tile_set
from carcdb.pipeline.engine.rules import section_problems
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.errors import InputError
from carcdb.pipeline.extract.inputfiles import load_json_file, validate_json_model
from carcdb.schemas.engine_config import ENGINE_CONFIG_FORMAT, EngineConfig, TileGeometry

SHAPE_FIELDS = set(TileGeometry.model_fields)  # a shape as a configuration holds it


@cache
def builtin_tile_geometry(product: str, code: str) -> TileGeometry:
    """The engine's shape of `code` as a configuration holds it (frozen: shared by all)."""
    return TileGeometry.model_validate(registry()[(product, code)].model_dump(include=SHAPE_FIELDS))


def _is_builtin(shape: TileGeometry, product: str, code: str) -> bool:
    """`shape` is (or equals, field by field) the engine's own shape of `code`."""
    builtin = builtin_tile_geometry(product, code)
    return shape is builtin or shape == builtin


def parse_engine_config(raw: object, path: str) -> EngineConfig:
    try:
        return EngineConfig.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "(top level)"
        raise InputError(
            f"invalid engine configuration at {where}: {first['msg']}",
            path=path,
            fix="regenerate it with `carcdb engine-config`, see `carcdb engine-config --schema`",
        ) from None


def rules_from_engine_config(config: EngineConfig, path: str) -> RulesConfig:
    """The RulesConfig a generated configuration describes (InputError if the engine can't)."""
    product = config.geometry.product
    shapes = registry()
    for code, shape in sorted(config.geometry.tiles.items()):
        built_in = shapes.get((product, code))
        if built_in is None or (
            # A generated configuration holds the engine's own shape objects, or equal ones:
            # no need to compare their dumps, the slow way.
            not _is_builtin(shape, product, code)
            and built_in.model_dump(include=SHAPE_FIELDS) != shape.model_dump()
        ):
            raise InputError(
                f"geometry.tiles.{code} is not the engine's {product} tile {code}",
                path=path,
                fix="the engine plays its built-in shapes only; regenerate the file",
            )
    try:
        engine_start = tile_set(product).start_tile
    except KeyError:
        raise InputError(
            f"the engine has no tile data for product {product!r}", path=path, fix="use Base Game"
        ) from None
    start = config.tile_set.start_tile
    if start is not None and (product, start) in resolved():
        start = record_name(config.tile_set.product, start, resolved()[(product, start)][1])
    if start not in (None, engine_start):
        raise InputError(
            f"start tile {config.tile_set.start_tile} but the engine starts with {engine_start}",
            path=path,
            fix="select a tile set whose start tile is the engine's",
        )
    values: dict[str, object] = {
        value.engine_key: value.points
        for value in sorted(config.scoring, key=lambda v: v.engine_key)
    }
    sections: dict[str, dict[str, int]] = {}
    for number in config.module_values:
        if number.engine_key is not None:
            sections.setdefault(number.module, {})[number.engine_key] = number.value
    unknown = sorted(set(values) - set(RulesConfig.model_fields))
    unknown += section_problems(RulesConfig(modules=sections))
    if unknown:
        raise InputError(
            f"scoring names engine keys the engine does not have: {unknown}",
            path=path,
            fix="regenerate the file with this version of carcdb",
        )
    shapeless = [t.code for t in config.tile_set.tiles if t.code not in config.geometry.tiles]
    if shapeless:
        raise InputError(
            f"tiles without geometry, which the engine cannot play: {', '.join(shapeless)}",
            path=path,
            fix="their shapes are unknown (pipeline/engine/shapes); generate the file with "
            "--codes for tiles that have one",
        )
    pile: dict[str, int] = {}
    owners = resolved()
    for tile in config.tile_set.tiles:
        if not tile.special:
            owner = owners[(product, tile.code)][1]
            name = record_name(config.tile_set.product, tile.code, owner)
            pile[name] = pile.get(name, 0) + tile.count
    return RulesConfig.model_validate(
        {
            **values,
            "product": product,
            "meeples_per_player": config.meeples_per_player.value,
            "draw_pile": pile,
            "modules": sections,
        }
    )


def load_rules(path: Path | None) -> RulesConfig:
    """The configuration in `path`, or the base-game defaults when no path is given.

    `path` holds either a RulesConfig or an EngineConfig written by `carcdb engine-config`.
    """
    if path is None:
        return RulesConfig()
    fix = "write the rules configuration as a JSON object (see `carcdb rules-config`)"
    raw = load_json_file(path, fix)
    if isinstance(raw, dict) and raw.get("format") == ENGINE_CONFIG_FORMAT:
        # A file from `carcdb engine-config`.
        return rules_from_engine_config(parse_engine_config(raw, str(path)), str(path))
    config = validate_json_model(
        RulesConfig, raw, str(path), "compare with `carcdb rules-config` (the base-game defaults)"
    )
    problems = section_problems(config)
    if problems:
        raise InputError(
            f"unknown rule-module numbers: {'; '.join(problems)}",
            path=str(path),
            fix="compare with `carcdb rules-config` (every module's numbers)",
        )
    products = sorted({product for product, _code in registry()})
    if config.product not in products:
        raise InputError(
            f"no tile data for product {config.product!r}",
            path=str(path),
            fix=f"use one of {products}",
        )
    return config
