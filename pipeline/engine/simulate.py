"""Random legal games: a shuffled draw pile, uniform choices, statistics, optional records.

Each game `i` of a run seeded `S` uses its own `random.Random(f"carcdb:{S}:{i}")`, so a game
is reproducible alone and the run is deterministic. A drawn tile with no legal placement is
set aside (removed from the game) and the same player draws again, as the base rules say.

Every choice is uniform among the legal ones, in the order the rule modules list them:
- a module's special tile first: a player holding an abbey, while tiles are left to draw and
  a hole exists, places it with even chance instead of drawing (on a random hole);
- the pile as the modules arrange it after shuffling (the river's tiles first, its lake last);
- the tile goes on one of its legal placements (the modules' placement rules kept);
- the figure is "none" or any legal (figure, place) the player can afford: a meeple on a free
  feature, a mayor in a free city, a wagon on a free road, city or cloister, a module's own
  spot (a barn on a free four-field corner), or a figure taken back (the abbot). (In a base
  game that is the meeple or nothing, as always);
- a figure freed by scoring (a wagon) moves to one of its legal targets or stays home;
- a bonus turn (the builder's) goes to the same player;
- a module's own draws and choices (a sheep token from the bag, a flock grown or herded) use
  the game's generator (`Game.rng`) and are written into the turn (`Game.written`); a tile
  that takes tiles of the pile beneath it (a hill) takes them from the top of the pile.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from carcdb.pipeline.engine.board import Pos
from carcdb.pipeline.engine.figures import MAX_PLAYERS, MEEPLE, FigureType
from carcdb.pipeline.engine.game import Game
from carcdb.pipeline.engine.geometry import Oriented, TileSet, tile_set
from carcdb.pipeline.engine.rules import tiles_for
from carcdb.pipeline.engine.rules.base import UNLIMITED
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.errors import InputError


@dataclass
class GameResult:
    scores: list[int]
    set_aside: int
    completed: dict[str, int]
    record: dict[str, Any] | None = None
    figures_placed: dict[str, int] = field(default_factory=dict)


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
    products: list[str] = field(default_factory=list)
    figures_placed: dict[str, int] = field(default_factory=dict)

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
    engine: type[Game] = Game,
    keep_record: bool = False,
    options: Mapping[str, str] | None = None,
) -> GameResult:
    """One full random game including final scoring (products: those of `tiles`)."""
    game = engine(list(players), config, tiles, options=dict(options or {}))
    game.rng = rng
    start_code = tiles.start_tile
    pile = [code for code, copies in sorted(counts.items()) for _ in range(copies)]
    pile.remove(start_code)  # the start tile is one copy of its type
    rng.shuffle(pile)
    for module in game.modules.values():
        if module.defines("arrange_pile"):
            pile = module.arrange_pile(pile, rng.shuffle)
    start = tiles.oriented[start_code][0]
    game.start((0, 0), start)
    turns: list[dict[str, Any]] = []
    set_aside = 0
    player = 0
    randrange = rng.randrange
    expansion = len(game.modules) > 1
    special = [m.special_draw for m in game.modules.values() if m.defines("special_draw")]
    beneath = [m.tiles_beneath for m in game.modules.values() if m.defines("tiles_beneath")]
    # The board's pick is `legal_placements(code)[randrange(n)]` without building the list.
    pick = _ruled_pick(game) if game.defines("tile_problem") else game.board.pick_placement
    placed: dict[str, int] = {}
    while pile:
        picked = None
        for draw in special:
            drawn = draw(game, player, randrange)
            if drawn is not None:
                code, picked = drawn
                break
        if picked is None:
            code = pile.pop()
            picked = pick(code, randrange)
            if picked is None:
                set_aside += 1
                continue
        pos, o = picked
        game.place(pos, o, player)
        for hook in beneath:
            del pile[len(pile) - min(hook(game, o), len(pile)) :]
        target = ""
        figure = MEEPLE
        back: Pos | None = None
        if expansion:
            figure, target, back = _random_figure(rng, game, player)
        elif game.supply[player] > 0:
            free = game.free_segments()
            choice = randrange(len(free) + 1)
            if choice < len(free):
                game.put_meeple(player, free[choice])
                target = o.segment_names[free[choice]]
        moves: list[tuple[int, str, Pos, str]] = []
        if expansion:
            game.score_turn()
            if game.pending_moves():
                moves = _random_moves(rng, game)
            game.finish_turn()
        else:
            game.end_turn()
        if target:
            placed[figure.name] = placed.get(figure.name, 0) + 1
        if keep_record:
            turn = _turn(players[player], code, pos, o, figure, target, back, moves, players)
            if game.written:
                turn.update(game.written)
            turns.append(turn)
        player = game.next_player
    game.finish()
    record: dict[str, Any] | None = None
    if keep_record:
        record = {"players": list(players)}
        written = dict(options or {})
        if any(copies > tiles.reference_counts().get(name, 0) for name, copies in counts.items()):
            # A pile beyond the engine's boxes (a page listing more copies): the record says
            # so, so that `score` replays it (docs/engine.md, "tiles").
            written["tiles"] = UNLIMITED
        if tiles.products != ("Base Game",):
            record["products"] = list(tiles.products)
            record["options"] = written
        elif written:
            record["options"] = written
        record["start"] = {"tile": start_code, "x": 0, "y": 0, "rotation": 0}
        record["turns"] = turns
    return GameResult(list(game.scores), set_aside, dict(game.completed), record, placed)


def _turn(
    name: str,
    code: str,
    pos: Pos,
    o: Oriented,
    figure: FigureType,
    target: str,
    back: Pos | None,
    moves: list[tuple[int, str, Pos, str]],
    players: Sequence[str],
) -> dict[str, Any]:
    """One turn as a record writes it."""
    tile, _, copy = code.partition("[")
    turn: dict[str, Any] = {"player": name, "tile": tile}
    if copy:
        turn["copy"] = copy.rstrip("]")
    turn["x"] = pos[0]
    turn["y"] = pos[1]
    if not o.abbey:
        turn["rotation"] = o.rotation
    if target:
        turn["meeple"] = target
        if figure is not MEEPLE:
            turn["figure"] = figure.name
    if back is not None:
        turn["return"] = {"figure": figure.name, "x": back[0], "y": back[1]}
    if moves:
        turn["moves"] = [
            {"player": players[p], "figure": kind, "x": x, "y": y, "meeple": where}
            for p, kind, (x, y), where in moves
        ]
    return turn


def _ruled_pick(game: Game) -> Callable[[str, Callable[[int], int]], tuple[Pos, Oriented] | None]:
    """A placement chooser that keeps the modules' placement rules (the river's); a tile
    no rule constrains now is the board's pick (the same choice, without the list)."""
    board_pick = game.board.pick_placement

    def pick(code: str, randrange: Callable[[int], int]) -> tuple[Pos, Oriented] | None:
        if not game.constrained(code):
            return board_pick(code, randrange)
        options = game.placements(code)
        return options[randrange(len(options))] if options else None

    return pick


def _random_figure(
    rng: random.Random, game: Game, player: int
) -> tuple[FigureType, str, Pos | None]:
    """Put a random figure the player can afford (or none) on the tile just placed, or take
    one back: (figure, target, the square a figure was taken back from)."""
    choices = game.figure_choices(player)
    choice = rng.randrange(len(choices) + 1)
    if choice < len(choices):
        picked = choices[choice]
        game.choose(player, picked)
        return picked[0], picked[1], picked[3]
    return MEEPLE, "", None


def _random_moves(rng: random.Random, game: Game) -> list[tuple[int, str, Pos, str]]:
    """Each freed figure, in turn order, moves to a random legal target or stays home."""
    moves = []
    for mover, figure, from_pos in game.pending_moves():
        targets = game.move_targets(mover, figure, from_pos)
        choice = rng.randrange(len(targets) + 1)
        if choice < len(targets):
            pos, segment = targets[choice]
            game.move_figure(mover, figure, pos, segment)
            moves.append((mover, figure, pos, game.board.placed[pos].segment_names[segment]))
    return moves


def check_counts(tiles: TileSet, counts: dict[str, int], source: str) -> None:
    unknown = sorted(code for code in counts if code not in tiles.shapes)
    if unknown:
        raise InputError(
            f"draw pile names tiles {' + '.join(tiles.products)} does not have: "
            f"{', '.join(unknown)}",
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
    engine: type[Game] = Game,
    products: Sequence[str] | None = None,
    options: Mapping[str, str] | None = None,
) -> SimulationSummary:
    """Play `games` random games; write each as `game-NNNNN.json` into `record_dir` if set.

    `products` default to those of `config.product`'s game (the base game alone, or an
    expansion with the base game)."""
    if games < 1:
        raise InputError(f"--games {games}", fix="simulate at least one game")
    if not 1 <= players <= MAX_PLAYERS:
        raise InputError(f"--players {players}", fix=f"use 1 to {MAX_PLAYERS} players")
    tiles = tiles_for(tuple(products)) if products else _config_tiles(config)
    check_counts(tiles, counts, source)
    names = player_names(players)
    if record_dir is not None:
        try:
            record_dir.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            raise InputError(
                "is not a directory", path=str(record_dir), fix="pass a directory to --out"
            ) from None
    all_scores: list[int] = []
    set_aside = 0
    completed = {"road": 0, "city": 0, "monastery": 0}
    placed: dict[str, int] = {}
    for index in range(games):
        result = play_random_game(
            game_rng(seed, index),
            names,
            counts,
            config,
            tiles,
            engine=engine,
            keep_record=record_dir is not None,
            options=options,
        )
        all_scores += result.scores
        set_aside += result.set_aside
        for kind, number in result.completed.items():
            completed[kind] = completed.get(kind, 0) + number
        for name, number in result.figures_placed.items():
            placed[name] = placed.get(name, 0) + number
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
        products=list(tiles.products),
        figures_placed=placed,
    )


def _config_tiles(config: RulesConfig) -> TileSet:
    return tiles_for(tile_set(config.product).products)
