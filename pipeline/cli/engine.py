"""Scoring-engine commands: score (replay a game record), simulate (random games), rules-config."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from pipeline.cli.app import app
from pipeline.cli.output import console, print_json, print_table
from pipeline.configgen.game_pile import game_draw_pile
from pipeline.engine.config_file import load_rules
from pipeline.engine.geometry import BASE_PRODUCTS, game_tiles, product_entry, tile_set
from pipeline.engine.records import parse_record, record_schema, replay, score_report
from pipeline.engine.rules import known_options
from pipeline.engine.ruleset import RulesConfig
from pipeline.engine.simulate import simulate as simulate_games
from pipeline.errors import InputError
from pipeline.extract.inputfiles import read_input_text
from warehouse.connection import DEFAULT_DB

ConfigOption = Annotated[
    Path | None,
    typer.Option("--config", help="Rules configuration JSON (default: the base game)."),
]


@app.command()
def score(
    game: Annotated[Path | None, typer.Argument(help="Game record JSON file.")] = None,
    stdin: Annotated[bool, typer.Option("--stdin", help="Read the record from stdin.")] = False,
    config: ConfigOption = None,
    schema: Annotated[
        bool, typer.Option("--schema", help="Print the game records' JSON Schema and stop.")
    ] = False,
) -> None:
    """Validate and replay a game record; print the scores and every score event as JSON.

    The record formats (base game and expansions) are described in docs/engine.md."""
    if schema:
        sys.stdout.write(record_schema())
        return
    if stdin == (game is not None):
        raise InputError(
            "give either a GAME.json file or --stdin",
            fix="carcdb score GAME.json, or: carcdb score --stdin < GAME.json",
        )
    if game is None:
        text, source = sys.stdin.read(), "<stdin>"
    else:
        text, source = read_input_text(game).text, str(game)
    rules = load_rules(config)
    scores, events = replay(parse_record(text, source), rules, source)
    print_json(score_report(scores, events))


@app.command()
def simulate(
    games: Annotated[int, typer.Option("--games", help="How many games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Random seed (same seed, same games).")] = 0,
    players: Annotated[int, typer.Option("--players", help="Players per game (1-6).")] = 2,
    record: Annotated[
        Path | None, typer.Option("--record", help="Write each game as a record into DIR.")
    ] = None,
    config: ConfigOption = None,
    db: Annotated[
        Path, typer.Option("--db", help="Warehouse holding tile counts (optional).")
    ] = DEFAULT_DB,
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
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
) -> None:
    """Play random legal games (every figure of the products) and report score statistics."""
    rules = load_rules(config)
    chosen = _products(products, rules)
    options = _options(option or [], chosen)
    tiles = game_tiles(chosen)
    editions = {p: edition for p in chosen if p in BASE_PRODUCTS and edition is not None}
    pile = game_draw_pile(tiles, rules, db, editions)
    summary = simulate_games(
        games,
        seed,
        players,
        pile.counts,
        rules,
        source=pile.source,
        notices=pile.notices,
        record_dir=record,
        products=chosen,
        options=options,
    )
    if json_out:
        print_json(summary.to_json())
        return
    for notice in summary.notices:
        console.print(f"notice: {notice}")
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
    if record is not None:
        console.print(f"wrote {summary.games} record(s) to {record}")


def _products(text: str | None, rules: RulesConfig) -> tuple[str, ...]:
    if text is None:
        return tile_set(rules.product).products
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    for name in names:
        try:
            product_entry(name)
        except KeyError:
            raise InputError(
                f"--products: unknown product {name!r}",
                fix="use Base Game, Winter Edition, Abbey and the Mayor, The Courier",
            ) from None
    if not any(name in BASE_PRODUCTS for name in names):
        raise InputError(
            f"--products {text!r} holds no base game", fix="add Base Game or Winter Edition"
        )
    return game_tiles(names).products


def _options(pairs: list[str], products: tuple[str, ...]) -> dict[str, str]:
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
def rules_config() -> None:
    """Print the base-game rules configuration (the JSON form `--config` accepts)."""
    print_json(RulesConfig().model_dump(mode="json"))
