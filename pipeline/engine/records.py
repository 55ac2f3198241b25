"""Game records (domain notes §5): the JSON format, validation, and replay to scores.

A record names the players, the start tile and the turns in order; each turn places one
tile (`x` east, `y` south, clockwise `rotation`) and optionally a meeple on a feature of that
tile named in board orientation (`road:E`, `city:N`, `field:SL`, `monastery`). Turns follow
the players' order. Any illegal turn raises `GameRecordError` naming the turn and the reason.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Protocol

from pydantic import ConfigDict, Field, ValidationError, model_validator

from pipeline.engine.board import IllegalMove, Pos
from pipeline.engine.game import Game
from pipeline.engine.geometry import ROTATIONS, Oriented, TileSet, tile_set
from pipeline.engine.ruleset import RulesConfig
from pipeline.engine.scoring import ScoreEvent
from pipeline.errors import GameRecordError, InputError
from pipeline.extract.inputfiles import parse_json, validation_message
from pipeline.numbers import INT32_MAX
from schemas.base import Record

Rotation = Literal[0, 90, 180, 270]
# A board position: a JSON integer (not "1", not true), within 32 bits like every number read.
Coordinate = Annotated[int, Field(ge=-INT32_MAX - 1, le=INT32_MAX)]
# Strict: a record is JSON written for the engine; a string or boolean where a number belongs
# is a mistake to report, not a value to convert.
STRICT = ConfigDict(frozen=True, extra="forbid", strict=True)


class StartTile(Record):
    model_config = STRICT
    tile: str
    x: Coordinate = 0
    y: Coordinate = 0
    rotation: Rotation = 0


class Turn(Record):
    model_config = STRICT
    player: str
    tile: str
    x: Coordinate
    y: Coordinate
    rotation: Rotation
    meeple: str | None = None


class GameRecord(Record):
    model_config = STRICT
    players: list[str] = Field(min_length=1)
    start: StartTile
    turns: list[Turn]

    @model_validator(mode="after")
    def _players_unique(self) -> GameRecord:
        if len(set(self.players)) != len(self.players):
            raise ValueError("player names must be unique")
        return self


class Engine(Protocol):
    """What replay needs from an engine (the fast `Game` and the naive baseline)."""

    scores: list[int]

    def start(self, pos: Pos, o: Oriented) -> None: ...
    def why_illegal(self, pos: Pos, o: Oriented) -> str | None: ...
    def place(self, pos: Pos, o: Oriented) -> None: ...
    def target_segment(self, target: str) -> int: ...
    def put_meeple(self, player: int, segment: int) -> None: ...
    def end_turn(self) -> list[ScoreEvent]: ...
    def finish(self) -> list[ScoreEvent]: ...


class EngineFactory(Protocol):
    def __call__(
        self, players: list[str], config: RulesConfig, tiles: TileSet | None = None
    ) -> Engine: ...


def parse_record(text: str, source: str) -> GameRecord:
    """Validate a record's JSON text; `source` names the file (or `<stdin>`) in errors."""
    fix = "write the game record as one JSON object (see domain notes §5)"
    try:
        raw = parse_json(text, source, fix)
    except InputError as exc:
        raise GameRecordError(str(exc)) from None
    try:
        return GameRecord.model_validate(raw)
    except ValidationError as exc:
        loc = list(exc.errors()[0]["loc"])
        where = validation_message(exc)
        if len(loc) >= 2 and loc[0] == "turns" and isinstance(loc[1], int):
            path, _, message = where.partition(": ")
            where = f"turn {loc[1] + 1} ({path}): {message}"
        raise GameRecordError(
            where,
            path=source,
            fix="rotation is one of 0, 90, 180, 270; x and y are integers; turns need "
            "player, tile, x, y, rotation",
        ) from None


def _oriented(tiles: TileSet, code: str, rotation: int) -> Oriented | None:
    variants = tiles.oriented.get(code)
    return None if variants is None else variants[ROTATIONS.index(rotation)]


def replay(
    record: GameRecord,
    config: RulesConfig,
    source: str = "<record>",
    engine: EngineFactory = Game,
) -> tuple[dict[str, int], list[ScoreEvent]]:
    """Play `record` through the rules; return the final scores and every score event."""
    tiles = tile_set(config.product)
    game = engine(list(record.players), config, tiles)
    events: list[ScoreEvent] = []

    def fail(turn: int, reason: str) -> GameRecordError:
        return GameRecordError(f"turn {turn}: {reason}", path=source, fix=_FIX)

    start = _oriented(tiles, record.start.tile, record.start.rotation)
    if start is None:
        raise fail(0, f"unknown tile {record.start.tile!r} for {tiles.product}")
    game.start((record.start.x, record.start.y), start)
    index = {name: i for i, name in enumerate(record.players)}
    for number, turn in enumerate(record.turns, start=1):
        expected = record.players[(number - 1) % len(record.players)]
        if turn.player not in index:
            raise fail(number, f"{turn.player!r} is not one of the players {record.players}")
        if turn.player != expected:
            raise fail(number, f"it is {expected}'s turn, not {turn.player}'s")
        o = _oriented(tiles, turn.tile, turn.rotation)
        if o is None:
            raise fail(number, f"unknown tile {turn.tile!r} for {tiles.product}")
        pos = (turn.x, turn.y)
        reason = game.why_illegal(pos, o)
        if reason is not None:
            raise fail(number, reason)
        game.place(pos, o)
        if turn.meeple is not None:
            try:
                game.put_meeple(index[turn.player], game.target_segment(turn.meeple))
            except IllegalMove as exc:
                raise fail(number, f"meeple {turn.meeple!r}: {exc}") from None
        events += game.end_turn()
    events += game.finish()
    return dict(zip(record.players, game.scores, strict=True)), events


def score_report(scores: dict[str, int], events: list[ScoreEvent]) -> dict[str, Any]:
    """The JSON `carcdb score` prints."""
    return {"scores": scores, "events": [event.to_json() for event in events]}


_FIX = "correct that turn of the record (tile, x, y, rotation or meeple), then replay"
