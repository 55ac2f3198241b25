"""Scoring engine: random full games per second (simulation including scoring) on one core.

Every product mix (`MIXES`), each played by the fast engine (frontier + memoised fits +
union-find board) and by the naive baseline (bounding-box scan + flood-fill board,
`pipeline.engine.naive`) in the same run, one process and one thread: the base game, each
product with it (every figure of the product), the Winter Edition, and every product at once;
each mix must run at least `MIN_RATIO` times the naive baseline's games/s. Both CPU time
(robust on a shared machine) and wall time are shown; targets are on CPU time.

The targets (games/s) were set on a machine where the naive base-game baseline ran
`REFERENCE_NAIVE` games/s (docs/perf.md). The machine this runs on is not always that fast, so
each verdict is given twice: against the target as written, and against the target scaled by
this run's naive base-game rate over the reference one (the naive baseline is the yardstick:
the same code, measured in the same run).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from carcdb.pipeline.engine.game import Game
from carcdb.pipeline.engine.geometry import game_tiles
from carcdb.pipeline.engine.naive import NaiveGame
from carcdb.pipeline.engine.records import parse_record, replay
from carcdb.pipeline.engine.rules import tiles_for
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.engine.simulate import game_rng, play_random_game, player_names

REPLAYS = 200
# The naive base-game baseline's games/s when the targets were set (docs/perf.md).
REFERENCE_NAIVE = 29.5
SEED = 2026
# Every product mix must run at least this many times the naive baseline's games/s.
MIN_RATIO = 15.0
# (label, products, fast games, naive games, target games/s for the fast engine; 0: the ratio
# target only). The first is the yardstick of the machine's speed.
MIXES: tuple[tuple[str, tuple[str, ...], int, int, float], ...] = (
    ("base game", ("Base Game",), 400, 20, 600.0),
    ("base + Abbey and the Mayor", ("Base Game", "Abbey and the Mayor"), 300, 10, 300.0),
    ("Winter Edition", ("Winter Edition",), 300, 10, 500.0),
    ("base + The Courier", ("Base Game", "The Courier"), 200, 10, 0.0),
    ("base + Inns and Cathedrals", ("Base Game", "Inns and Cathedrals"), 200, 10, 0.0),
    ("base + Traders and Builders", ("Base Game", "Traders and Builders"), 200, 10, 0.0),
    ("base + The River", ("Base Game", "The River"), 200, 10, 0.0),
    ("base + The River II", ("Base Game", "The River II"), 200, 10, 0.0),
    ("base + The Abbot", ("Base Game", "The Abbot"), 200, 10, 0.0),
    ("base + Hills and Sheep", ("Base Game", "Hills and Sheep"), 200, 10, 0.0),
    (
        "every product",
        (
            "Base Game",
            "Abbey and the Mayor",
            "The Courier",
            "Inns and Cathedrals",
            "Traders and Builders",
            "The River",
            "The Abbot",
            "Hills and Sheep",
        ),
        100,
        5,
        0.0,
    ),
)


@contextmanager
def one_core() -> Iterator[str]:
    """Pin this process to the CPU it runs on, when the OS allows it."""
    if not hasattr(os, "sched_setaffinity"):
        yield "not pinned"
        return
    before = os.sched_getaffinity(0)
    cpu = min(before)
    os.sched_setaffinity(0, {cpu})
    try:
        yield f"pinned to cpu {cpu}"
    finally:
        os.sched_setaffinity(0, before)


def _timed(work: Callable[[], None]) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    return time.perf_counter() - wall, time.process_time() - cpu


def _games(engine: type[Game], count: int, products: tuple[str, ...]) -> Callable[[], None]:
    tiles = tiles_for(products)
    counts = tiles.reference_counts()
    config = RulesConfig()
    names = player_names(2)

    def work() -> None:
        for index in range(count):
            play_random_game(game_rng(SEED, index), names, counts, config, tiles, engine=engine)

    return work


def _replays(records: list[str], config: RulesConfig) -> Callable[[], None]:
    def work() -> None:
        for text in records:
            replay(parse_record(text, "bench"), config)

    return work


def _verdict(rate: float, target: float) -> str:
    return "met" if rate >= target else "MISSED"


def _mix_rows(
    label: str,
    products: tuple[str, ...],
    fast_games: int,
    naive_games: int,
    target: float,
    speed: float | None,
) -> tuple[list[dict[str, Any]], float]:
    """The rows of one mix, and the machine speed its verdicts used: `speed` (this machine's
    speed relative to the reference one), or when None the one measured here, from this mix's
    naive rate."""
    _games(Game, 20, products)()  # warm the fit cache and imports, as a long simulation would
    with one_core() as pinning:
        fast_wall, fast_cpu = _timed(_games(Game, fast_games, products))
        naive_wall, naive_cpu = _timed(_games(NaiveGame, naive_games, products))
    fast = fast_games / fast_cpu
    naive = naive_games / naive_cpu
    speed = naive / REFERENCE_NAIVE if speed is None else speed
    scaled = target * speed
    tiles = sum(tiles_for(products).reference_counts().values())
    note = f"{label}: 2 players, {tiles} tiles, {pinning}"
    suffix = "" if products == ("Base Game",) else f", {label}"
    verdicts = "ratio target only"
    if target:
        verdicts = (
            f"target >= {target:.0f}: {_verdict(fast, target)}; scaled to this machine "
            f"(x{speed:.2f}) >= {scaled:.0f}: {_verdict(fast, scaled)}"
        )
    return [
        {
            "benchmark": "engine",
            "metric": f"random games/s, fast engine (CPU time){suffix}",
            "value": round(fast, 1),
            "unit": "games/s",
            "note": f"{fast_games} games; {verdicts}; {note}",
        },
        {
            "benchmark": "engine",
            "metric": f"random games/s, naive baseline (CPU time){suffix}",
            "value": round(naive, 1),
            "unit": "games/s",
            "note": f"{naive_games} games, same run; {note}",
        },
        {
            "benchmark": "engine",
            "metric": f"fast / naive{suffix}",
            "value": round(fast / naive, 1),
            "unit": "x",
            "note": f"ratio of the two rows above, measured in the same run; target >= "
            f"{MIN_RATIO:.0f}: {_verdict(fast / naive, MIN_RATIO)}",
        },
        {
            "benchmark": "engine",
            "metric": f"random games/s, fast engine (wall time){suffix}",
            "value": round(fast_games / fast_wall, 1),
            "unit": "games/s",
            "note": f"naive baseline wall: {naive_games / naive_wall:.1f} games/s",
        },
    ], speed


def run() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    speed: float | None = None
    for label, products, fast_games, naive_games, target in MIXES:
        first = speed is None  # the first mix is the base game: the yardstick
        mix, speed = _mix_rows(label, products, fast_games, naive_games, target, speed)
        if first:
            rows.append(
                {
                    "benchmark": "engine",
                    "metric": "machine speed (naive base game / reference)",
                    "value": round(speed, 3),
                    "unit": "x",
                    "note": f"{speed * REFERENCE_NAIVE:.1f} games/s here, {REFERENCE_NAIVE} "
                    "where the targets were set; targets are also shown scaled by it",
                }
            )
        rows += mix
    tiles = game_tiles(("Base Game",))
    config = RulesConfig()
    records = [
        json.dumps(
            play_random_game(
                game_rng(SEED + 1, i),
                player_names(2),
                tiles.reference_counts(),
                config,
                tiles,
                keep_record=True,
            ).record
        )
        for i in range(REPLAYS)
    ]
    with one_core():
        replay_wall, replay_cpu = _timed(_replays(records, config))
    rows.append(
        {
            "benchmark": "engine",
            "metric": "records replayed/s (carcdb score, no JSON printing)",
            "value": round(REPLAYS / replay_cpu, 1),
            "unit": "records/s",
            "note": f"{REPLAYS} simulated base-game records, validation included; wall "
            f"{REPLAYS / replay_wall:.1f}/s",
        }
    )
    return rows
