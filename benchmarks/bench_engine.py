"""Scoring engine: random full games per second (simulation including scoring) on one core.

The fast engine (frontier + memoised fits + union-find) and the naive baseline (bounding-box
scan + flood fill, `pipeline.engine.naive`) play the same kind of games in the same run, one
process and one thread. Both CPU time (robust on a shared machine) and wall time are shown.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from pipeline.engine.game import Game
from pipeline.engine.geometry import tile_set
from pipeline.engine.naive import NaiveGame
from pipeline.engine.records import parse_record, replay
from pipeline.engine.ruleset import RulesConfig
from pipeline.engine.simulate import PlayableFactory, game_rng, play_random_game, player_names

FAST_GAMES = 400
NAIVE_GAMES = 20
REPLAYS = 200
SEED = 2026
TARGET = 200.0


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


def _games(engine: PlayableFactory, count: int) -> Callable[[], None]:
    tiles = tile_set()
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


def run() -> list[dict[str, Any]]:
    tiles = tile_set()
    config = RulesConfig()
    _games(Game, 20)()  # warm the fit cache and imports, as a long simulation would be
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
    with one_core() as pinning:
        fast_wall, fast_cpu = _timed(_games(Game, FAST_GAMES))
        naive_wall, naive_cpu = _timed(_games(NaiveGame, NAIVE_GAMES))
        replay_wall, replay_cpu = _timed(_replays(records, config))
    fast = FAST_GAMES / fast_cpu
    naive = NAIVE_GAMES / naive_cpu
    note = f"2 players, 72 tiles, {pinning}"
    return [
        {
            "benchmark": "engine",
            "metric": "random games/s, fast engine (CPU time)",
            "value": round(fast, 1),
            "unit": "games/s",
            "note": f"{FAST_GAMES} games; target >= {TARGET:.0f}: "
            f"{'met' if fast >= TARGET else 'MISSED'}; {note}",
        },
        {
            "benchmark": "engine",
            "metric": "random games/s, naive baseline (CPU time)",
            "value": round(naive, 1),
            "unit": "games/s",
            "note": f"{NAIVE_GAMES} games, same run; {note}",
        },
        {
            "benchmark": "engine",
            "metric": "fast / naive",
            "value": round(fast / naive, 1),
            "unit": "x",
            "note": "ratio of the two rows above, measured in the same run",
        },
        {
            "benchmark": "engine",
            "metric": "random games/s, fast engine (wall time)",
            "value": round(FAST_GAMES / fast_wall, 1),
            "unit": "games/s",
            "note": f"naive baseline wall: {NAIVE_GAMES / naive_wall:.1f} games/s",
        },
        {
            "benchmark": "engine",
            "metric": "records replayed/s (carcdb score, no JSON printing)",
            "value": round(REPLAYS / replay_cpu, 1),
            "unit": "records/s",
            "note": f"{REPLAYS} simulated records, validation included; wall "
            f"{REPLAYS / replay_wall:.1f}/s",
        },
    ]
