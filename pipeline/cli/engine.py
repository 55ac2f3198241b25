"""Scoring-engine commands: score (replay a game record), simulate (random games), rules-config."""

import sys
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from carcdb.pipeline.cli.app import app
from carcdb.pipeline.cli.options import DEFAULT_DB, DbOption, JsonOption, QuietOption, output_path
from carcdb.pipeline.cli.output import console, err_console, print_json, print_table
from carcdb.pipeline.errors import InputError
from carcdb.pipeline.outputs import OutputKind

if TYPE_CHECKING:
    from carcdb.pipeline.engine.ruleset import RulesConfig

GAME_RECORDS = OutputKind(key="game-records", name="game records", folder=True)
ConfigOption = Annotated[
    Path | None,
    typer.Option("--config", help="Rules configuration JSON (default: the base game)."),
]


@app.command()
def score(
    game: Annotated[Path | None, typer.Argument(help="Game record JSON file; - is stdin.")] = None,
    stdin: Annotated[bool, typer.Option("--stdin", hidden=True)] = False,  # old name of `-`
    config: ConfigOption = None,
    schema: Annotated[
        bool, typer.Option("--schema", help="Print the game records' JSON Schema and stop.")
    ] = False,
    quiet: QuietOption = False,
) -> None:
    """Validate and replay a game record; print the scores and every score event as JSON.

    The record formats (base game and expansions) are described in docs/engine.md."""
    from carcdb.pipeline.engine.config_file import load_rules
    from carcdb.pipeline.engine.records import parse_record, record_schema, replay, score_report
    from carcdb.pipeline.extract.inputfiles import STDIN, read_input_text

    if schema:
        sys.stdout.write(record_schema())
        return
    if stdin == (game is not None):
        raise InputError(
            "give either a GAME.json file or - (stdin)",
            fix="carcdb score GAME.json, or: carcdb score - < GAME.json",
        )
    data = read_input_text(game or Path(STDIN))
    text, source = data.text, data.path
    rules = load_rules(config)
    scores, events = replay(parse_record(text, source), rules, source)
    print_json(score_report(scores, events))


@app.command()
def simulate(
    games: Annotated[int, typer.Option("--games", help="How many games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Random seed (same seed, same games).")] = 0,
    players: Annotated[int, typer.Option("--players", help="Players per game (1-6).")] = 2,
    out: Annotated[
        Path | None,
        typer.Option("--out", parser=output_path, help="Write each game as a record into DIR."),
    ] = None,
    config: ConfigOption = None,
    db: DbOption = DEFAULT_DB,
    edition: Annotated[
        str | None,
        typer.Option(help="Edition of the base game's counts (default C3; Winter Edition WE3)."),
    ] = None,
    products: Annotated[
        str | None,
        typer.Option(
            "--products",
            help='Comma-separated products, e.g. "Base Game,Abbey and the Mayor" '
            "(default: the configuration's).",
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", help="A rule option NAME=VALUE, e.g. courier=no-tiles."),
    ] = None,
    json_out: JsonOption = False,
    quiet: QuietOption = False,
) -> None:
    """Play random legal games (every figure of the products) and report score statistics."""
    from carcdb.pipeline.configgen.game_pile import game_draw_pile
    from carcdb.pipeline.engine.config_file import load_rules
    from carcdb.pipeline.engine.rules import tiles_for
    from carcdb.pipeline.engine.simulate import simulate as simulate_games
    from carcdb.pipeline.outputs import check_output, folder_output
    from carcdb.pipeline.products import is_base

    if out is not None:
        check_output(out, GAME_RECORDS, warehouse=db)
    rules = load_rules(config)
    chosen = _products(products, rules)
    options = _options(option or [], chosen)
    tiles = tiles_for(chosen)
    editions = {p: edition for p in chosen if is_base(p) and edition is not None}
    pile = game_draw_pile(tiles, rules, db, editions)
    with ExitStack() as stack:
        staging = None
        if out is not None:
            staging = stack.enter_context(folder_output(out, GAME_RECORDS, warehouse=db))
        summary = simulate_games(
            games,
            seed,
            players,
            pile.counts,
            rules,
            source=pile.source,
            notices=pile.notices,
            record_dir=staging,
            products=chosen,
            options=options,
        )
    if json_out:
        print_json(summary.to_json())
        return
    for notice in () if quiet else summary.notices:
        err_console.print(f"notice: {notice}")
    completed = summary.features_completed
    print_table(
        ["games", "players", "seed", "mean", "min", "max", "set aside", "roads", "cities", "mon."],
        [
            (
                summary.games,
                summary.players,
                summary.seed,
                f"{summary.mean_score:.2f}",
                summary.min_score,
                summary.max_score,
                summary.tiles_set_aside,
                completed["road"],
                completed["city"],
                completed["monastery"],
            )
        ],
        title=f"random games, {summary.draw_pile_tiles} tiles from {summary.draw_pile_source}",
    )
    if chosen != ("Base Game",):
        figures = ", ".join(f"{n} {name}" for name, n in sorted(summary.figures_placed.items()))
        console.print(f"products: {', '.join(chosen)}; figures placed: {figures}")
    if out is not None:
        console.print(f"wrote {summary.games} record(s) to {out}")


def _products(text: str | None, rules: "RulesConfig") -> tuple[str, ...]:
    from carcdb.pipeline.engine.geometry import (
        normalise_products,
        playable_products,
        product_entry,
        tile_set,
    )
    from carcdb.pipeline.products import base_names, is_base
    from carcdb.schemas.suggest import fix_for

    if text is None:
        return tile_set(rules.product).products
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    playable = playable_products()
    for name in names:
        try:
            product_entry(name)
        except KeyError:
            raise InputError(
                f"--products: unknown product {name!r}",
                fix=fix_for(name, playable, f"use {', '.join(playable)}"),
            ) from None
    if not any(is_base(name) for name in names):
        bases = " or ".join(b for b in base_names() if b in playable)
        raise InputError(f"--products {text!r} holds no base game", fix=f"add {bases}")
    return normalise_products(names)


def _options(pairs: list[str], products: tuple[str, ...]) -> dict[str, str]:
    from carcdb.pipeline.engine.rules import known_options

    allowed = known_options(products)
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or name not in allowed or value not in allowed[name]:
            choices = [f"{n}={v}" for n, values in sorted(allowed.items()) for v in values]
            raise InputError(
                f"--option {pair!r}", fix=f"options of these products: {choices or 'none'}"
            )
        options[name] = value
    return options


@app.command("rules-config")
def rules_config(quiet: QuietOption = False) -> None:
    """Print the default rules configuration, every rule module's numbers included (the JSON
    form `--config` accepts)."""
    from carcdb.pipeline.engine.rules import with_every_module
    from carcdb.pipeline.engine.ruleset import RulesConfig

    print_json(with_every_module(RulesConfig()).model_dump(mode="json"))
