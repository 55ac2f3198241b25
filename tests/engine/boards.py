"""Compact hand-built game records for the rule tests."""

from __future__ import annotations

import json
from typing import Any

from carcdb.pipeline.engine.naive import NaiveGame
from carcdb.pipeline.engine.records import parse_record, replay
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.engine.scoring import ScoreEvent

TurnSpec = tuple[str, str, int, int, int] | tuple[str, str, int, int, int, str]


def record(
    players: list[str], start: tuple[str, int, int, int], *turns: TurnSpec, box: bool = False
) -> dict[str, Any]:
    """A hand-built position: as many copies of a tile as it takes (`"tiles": "unlimited"`),
    unless `box` asks for the box's counts, as a real game has them."""
    tile, x, y, rotation = start
    out: dict[str, Any] = {
        "players": players,
        "options": {"tiles": "box" if box else "unlimited"},
        "start": {"tile": tile, "x": x, "y": y, "rotation": rotation},
        "turns": [],
    }
    for spec in turns:
        player, code, tx, ty, rot = spec[:5]
        turn: dict[str, Any] = {"player": player, "tile": code, "x": tx, "y": ty, "rotation": rot}
        if len(spec) == 6:
            turn["meeple"] = spec[5]
        out["turns"].append(turn)
    return out


def play(
    data: dict[str, Any], config: RulesConfig | None = None
) -> tuple[dict[str, int], list[ScoreEvent]]:
    """Replay through the fast engine, and check the naive engine agrees on the scores."""
    rules = config or RulesConfig()
    parsed = parse_record(json.dumps(data), "<test>")
    scores, events = replay(parsed, rules)
    naive_scores, naive_events = replay(parsed, rules, engine=NaiveGame)
    assert naive_scores == scores
    assert sorted(map(repr, naive_events)) == sorted(map(repr, events))
    return scores, events


def summary(events: list[ScoreEvent]) -> list[tuple[int | None, str, str, int, int, int]]:
    return [(e.turn, e.player, e.feature, e.tiles, e.coats_of_arms, e.points) for e in events]
