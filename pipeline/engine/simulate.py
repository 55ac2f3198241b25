"""Random legal games: a shuffled draw pile, uniform choices, statistics, optional records.

Each game `i` of a run seeded `S` uses its own `random.Random(f"carcdb:{S}:{i}")`, so a game
is reproducible alone and the run is deterministic. A drawn tile with no legal placement is
set aside (removed from the game) and the same player draws again, as the base rules say.
A player with meeples left puts one, with equal chance, on no feature or any unoccupied
feature of the tile just placed.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from pipeline.engine.board import Pos
from pipeline.engine.game import Game
from pipeline.engine.geometry import Oriented, TileSet, tile_set
from pipeline.engine.ruleset import RulesConfig
from pipeline.engine.scoring import ScoreEvent
from pipeline.errors import InputError

MAX_PLAYERS = 6


class PlayableEngine(Protocol):
    scores: list[int]
    supply: list[int]
    completed: dict[str, int]

    def start(self, pos: Pos, o: Oriented) -> None: ...
    def legal_placements(self, code: str) -> list[tuple[Pos, Oriented]]: ...
    def place(self, pos: Pos, o: Oriented) -> None: ...
    def free_segments(self) -> list[int]: ...
    def put_meeple(self, player: int, segment: int) -> None: ...
    def end_turn(self) -> list[ScoreEvent]: ...
    def finish(self) -> list[ScoreEvent]: ...


class PlayableFactory(Protocol):
    def __call__(
        self, players: list[str], config: RulesConfig, tiles: TileSet | None = None
    ) -> PlayableEngine: ...


@dataclass
class GameResult:
    scores: list[int]
    set_aside: int
    completed: dict[str, int]
    record: dict[str, Any] | None = None


@dataclass
class SimulationSummary:
    games: int
    players: int
    seed: int
    draw_pile_source: str
    draw_pile_tiles: int
    notices: list[str]
    mean_score: float
    min_score: int
    max_score: int
    tiles_set_aside: int
    features_completed: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def player_names(count: int) -> list[str]:
    return [f"P{i + 1}" for i in range(count)]


def game_rng(seed: int, index: int) -> random.Random:
    return random.Random(f"carcdb:{seed}:{index}")


def play_random_game(
    rng: random.Random,
    players: Sequence[str],
    counts: dict[str, int],
    config: RulesConfig,
    tiles: TileSet,
    *,
    engine: PlayableFactory = Game,
    keep_record: bool = False,
) -> GameResult:
    """One full random game including final scoring."""
    game = engine(list(players), config, tiles)
    start_code = tiles.start_tile
    pile = [code for code, copies in sorted(counts.items()) for _ in range(copies)]
    pile.remove(start_code)  # the start tile is one copy of its type
    rng.shuffle(pile)
    start = tiles.oriented[start_code][0]
    game.start((0, 0), start)
    turns: list[dict[str, Any]] = []
    set_aside = 0
    player = 0
    count = len(players)
    randrange = rng.randrange
    while pile:
        code = pile.pop()
        options = game.legal_placements(code)
        if not options:
            set_aside += 1
            continue
        pos, o = options[randrange(len(options))]
        game.place(pos, o)
        meeple = -1
        if game.supply[player] > 0:
            free = game.free_segments()
            choice = randrange(len(free) + 1)
            if choice < len(free):
                meeple = free[choice]
                game.put_meeple(player, meeple)
        game.end_turn()
        if keep_record:
            turn: dict[str, Any] = {
                "player": players[player],
                "tile": code,
                "x": pos[0],
                "y": pos[1],
                "rotation": o.rotation,
            }
            if meeple >= 0:
                turn["meeple"] = o.segment_names[meeple]
            turns.append(turn)
        player = (player + 1) % count
    game.finish()
    record = None
    if keep_record:
        record = {
            "players": list(players),
            "start": {"tile": start_code, "x": 0, "y": 0, "rotation": 0},
            "turns": turns,
        }
    return GameResult(list(game.scores), set_aside, dict(game.completed), record)


def check_counts(tiles: TileSet, counts: dict[str, int], source: str) -> None:
    unknown = sorted(code for code in counts if code not in tiles.shapes)
    if unknown:
        raise InputError(
            f"draw pile names tiles {tiles.product} does not have: {', '.join(unknown)}",
            path=source,
            fix=f"use codes from {', '.join(sorted(tiles.shapes))}",
        )
    if counts.get(tiles.start_tile, 0) < 1:
        raise InputError(
            f"draw pile has no copy of the start tile {tiles.start_tile}",
            path=source,
            fix=f"give {tiles.start_tile} a count of at least 1",
        )


def simulate(
    games: int,
    seed: int,
    players: int,
    counts: dict[str, int],
    config: RulesConfig,
    *,
    source: str = "reference counts",
    notices: Sequence[str] = (),
    record_dir: Path | None = None,
    engine: PlayableFactory = Game,
) -> SimulationSummary:
    """Play `games` random games; write each as `game-NNNNN.json` into `record_dir` if set."""
    if games < 1:
        raise InputError(f"--games {games}", fix="simulate at least one game")
    if not 1 <= players <= MAX_PLAYERS:
        raise InputError(f"--players {players}", fix=f"use 1 to {MAX_PLAYERS} players")
    tiles = tile_set(config.product)
    check_counts(tiles, counts, source)
    names = player_names(players)
    if record_dir is not None:
        try:
            record_dir.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            raise InputError(
                "is not a directory", path=str(record_dir), fix="pass a directory to --record"
            ) from None
    all_scores: list[int] = []
    set_aside = 0
    completed = {"road": 0, "city": 0, "monastery": 0}
    for index in range(games):
        result = play_random_game(
            game_rng(seed, index),
            names,
            counts,
            config,
            tiles,
            engine=engine,
            keep_record=record_dir is not None,
        )
        all_scores += result.scores
        set_aside += result.set_aside
        for kind, number in result.completed.items():
            completed[kind] += number
        if record_dir is not None:
            path = record_dir / f"game-{index:05d}.json"
            path.write_text(json.dumps(result.record, indent=1) + "\n", "utf-8")
    return SimulationSummary(
        games=games,
        players=players,
        seed=seed,
        draw_pile_source=source,
        draw_pile_tiles=sum(counts.values()),
        notices=list(notices),
        mean_score=round(sum(all_scores) / len(all_scores), 3),
        min_score=min(all_scores),
        max_score=max(all_scores),
        tiles_set_aside=set_aside,
        features_completed=completed,
    )
