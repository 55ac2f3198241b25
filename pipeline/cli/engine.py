"""Scoring-engine commands: score (replay a game record), simulate (random games), rules-config."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pipeline.cli.app import app
from pipeline.cli.options import DEFAULT_DB, DbOption, JsonOption, QuietOption
from pipeline.cli.output import console, print_json, print_table
from pipeline.errors import InputError

ConfigOption = Annotated[
    Path | None,
    typer.Option("--config", help="Rules configuration JSON (default: the base game)."),
]


@app.command()
def score(
    game: Annotated[Path | None, typer.Argument(help="Game record JSON file; - is stdin.")] = None,
    stdin: Annotated[bool, typer.Option("--stdin", hidden=True)] = False,  # old name of `-`
    config: ConfigOption = None,
    quiet: QuietOption = False,
) -> None:
    """Validate and replay a game record; print the scores and every score event as JSON."""
    from pipeline.engine.config_file import load_rules
    from pipeline.engine.records import parse_record, replay, score_report
    from pipeline.extract.inputfiles import STDIN, read_input_text

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
        Path | None, typer.Option("--out", help="Write each game as a record into DIR.")
    ] = None,
    record: Annotated[Path | None, typer.Option("--record", hidden=True)] = None,  # old --out
    config: ConfigOption = None,
    db: DbOption = DEFAULT_DB,
    edition: Annotated[str, typer.Option(help="Edition whose counts to use.")] = "C3",
    json_out: JsonOption = False,
    quiet: QuietOption = False,
) -> None:
    """Play random legal games with the base-game draw pile and report score statistics."""
    from pipeline.configgen.drawpile import draw_pile
    from pipeline.engine.config_file import load_rules
    from pipeline.engine.geometry import tile_set
    from pipeline.engine.simulate import simulate as simulate_games

    record = out or record
    rules = load_rules(config)
    pile = draw_pile(tile_set(rules.product), rules, db, edition)
    summary = simulate_games(
        games,
        seed,
        players,
        pile.counts,
        rules,
        source=pile.source,
        notices=pile.notices,
        record_dir=record,
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
    if record is not None:
        console.print(f"wrote {summary.games} record(s) to {record}")


@app.command("rules-config")
def rules_config(quiet: QuietOption = False) -> None:
    """Print the base-game rules configuration (the JSON form `--config` accepts)."""
    from pipeline.engine.ruleset import RulesConfig

    print_json(RulesConfig().model_dump(mode="json"))
