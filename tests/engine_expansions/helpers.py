"""Compact hand-built game records (docs/engine.md format) for the expansion rule tests.

Every record is replayed by the fast engine and the naive one (`play`, shared with the base
game's tests in `tests.engine.boards`); they must agree on scores and events. The expected
numbers in the tests are worked out by hand from the rules pages.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from carcdb.pipeline.engine.naive import NaiveGame
from carcdb.pipeline.engine.records import parse_record, replay
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.engine.scoring import ScoreEvent
from carcdb.pipeline.errors import GameRecordError
from tests.engine.boards import play as play  # re-exported for the expansion tests

AM = "Abbey and the Mayor"
ABBEY = f"{AM}/A"
BASE_AM = ("Base Game", AM)


def turn(
    player: str,
    tile: str,
    x: int,
    y: int,
    rotation: int | None = 0,
    meeple: str | None = None,
    figure: str | None = None,
    moves: list[dict[str, Any]] | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """One turn; `fields` are a module's turn fields (`sheep`, `flock`), left out when None."""
    out: dict[str, Any] = {"player": player, "tile": tile, "x": x, "y": y}
    if rotation is not None:
        out["rotation"] = rotation
    if meeple is not None:
        out["meeple"] = meeple
    if figure is not None:
        out["figure"] = figure
    if moves is not None:
        out["moves"] = moves
    out.update((name, value) for name, value in fields.items() if value is not None)
    return out


def move(player: str, x: int, y: int, meeple: str, figure: str = "wagon") -> dict[str, Any]:
    return {"player": player, "figure": figure, "x": x, "y": y, "meeple": meeple}


def game(
    players: list[str],
    *turns: dict[str, Any],
    start: tuple[str, int, int, int] = ("D", 0, 0, 0),
    products: tuple[str, ...] = BASE_AM,
    options: dict[str, str] | None = None,
    end: str | None = None,
) -> dict[str, Any]:
    """A hand-built position (as many copies of a tile as it takes, unless `options` says
    `"tiles": "box"`)."""
    tile, x, y, rotation = start
    out: dict[str, Any] = {"players": players, "products": list(products)}
    out["options"] = {"tiles": "unlimited", **(options or {})}
    out["start"] = {"tile": tile, "x": x, "y": y, "rotation": rotation}
    out["turns"] = list(turns)
    if end is not None:
        out["end"] = end
    return out


def illegal(data: dict[str, Any]) -> str:
    """The error replaying `data` ends with (fast and naive engines alike)."""
    parsed = parse_record(json.dumps(data), "game.json")
    with pytest.raises(GameRecordError) as caught:
        replay(parsed, RulesConfig(), "game.json")
    with pytest.raises(GameRecordError) as naive:
        replay(parsed, RulesConfig(), "game.json", engine=NaiveGame)
    assert str(naive.value).split(":")[:2] == str(caught.value).split(":")[:2]
    return str(caught.value)


Summary = tuple[int | None, str, str, int, int, int, str | None]


def summary(events: list[ScoreEvent]) -> list[Summary]:
    return [
        (e.turn, e.player, e.feature, e.tiles, e.coats_of_arms, e.points, e.figure) for e in events
    ]
