"""Game records (docs/engine.md "Game records"): the JSON format, validation, and replay.

A record names the players, optionally the products and rule options, the start tile and the
turns in order; the game ends after the last turn with final scoring (`"end": "final"`) or
stops there (`"stop"`: a position in the middle of a game). Each turn places one tile (`x`
east, `y` south, clockwise `rotation`; a base letter or `PRODUCT/CODE`) and optionally one
figure on a feature of that tile named in board orientation (`road:E`, `city:N`,
`field:SL`, `field:I`, `monastery`, `corner:NE` for a barn), then lists the figures' moves
after scoring (a wagon moving on). Turns follow the players' order. Any illegal turn raises
`GameRecordError` naming the turn and the reason.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, ValidationError, model_validator

from pipeline.engine.board import IllegalMove
from pipeline.engine.figures import BARN, BY_NAME, MEEPLE
from pipeline.engine.game import Game
from pipeline.engine.geometry import (
    BASE_GAME,
    BASE_PRODUCTS,
    CORNERS,
    ROTATIONS,
    Oriented,
    TileSet,
    game_tiles,
    normalise_products,
    product_entry,
)
from pipeline.engine.rules import known_options
from pipeline.engine.rules.abbey_mayor import ABBEY_TILE
from pipeline.engine.ruleset import RulesConfig
from pipeline.engine.scoring import ScoreEvent
from pipeline.errors import GameRecordError, InputError
from pipeline.extract.inputfiles import parse_json, validation_message
from pipeline.numbers import INT32_MAX
from schemas.base import Record

Rotation = Literal[0, 90, 180, 270]
FigureName = Literal["meeple", "mayor", "wagon", "barn"]
DOCS = "docs/engine.md"
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


class Move(Record):
    """A figure moving after this turn's scoring (a wagon moving on)."""

    model_config = STRICT
    player: str
    figure: FigureName
    x: Coordinate
    y: Coordinate
    meeple: str = Field(description="The feature it moves onto, on the tile at x, y.")


class Turn(Record):
    model_config = STRICT
    player: str
    tile: str = Field(description="A base-game letter or PRODUCT/CODE.")
    x: Coordinate
    y: Coordinate
    rotation: Rotation | None = Field(
        default=None, description="Clockwise degrees; may be left out for an abbey only."
    )
    meeple: str | None = Field(
        default=None,
        description="Where the figure goes: road:N, city:E, field:SL, field:I, monastery, "
        "abbey, or corner:NE (a barn).",
    )
    figure: FigureName = "meeple"
    moves: list[Move] = Field(default_factory=list)


class GameRecord(Record):
    model_config = STRICT
    players: list[str] = Field(min_length=1)
    products: list[str] | None = Field(
        default=None, description="Product names as in the warehouse; none = the base game."
    )
    options: dict[str, str] = Field(
        default_factory=dict, description='Rule variants, e.g. {"courier": "no-tiles"}.'
    )
    start: StartTile
    turns: list[Turn]
    end: Literal["final", "stop"] = Field(
        default="final",
        description="final: final scoring after the last turn; stop: the scores standing "
        "after the last turn's scoring (a position in the middle of a game).",
    )

    @model_validator(mode="after")
    def _players_unique(self) -> GameRecord:
        if len(set(self.players)) != len(self.players):
            raise ValueError("player names must be unique")
        return self


def record_schema() -> str:
    """The JSON Schema of game records (`carcdb score --schema`)."""
    schema = GameRecord.model_json_schema()
    schema["title"] = "carcdb game record"
    schema["description"] = f"A game to replay and score; the format is described in {DOCS}."
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def parse_record(text: str, source: str) -> GameRecord:
    """Validate a record's JSON text; `source` names the file (or `<stdin>`) in errors."""
    fix = f"write the game record as one JSON object (see {DOCS}, `carcdb score --schema`)"
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
            f"player, tile, x, y, rotation (see {DOCS})",
        ) from None


def record_products(record: GameRecord, source: str) -> tuple[str, ...]:
    """The record's products, checked: known, and one base game among them."""
    products = list(record.products or [BASE_GAME])
    for product in products:
        try:
            product_entry(product)
        except KeyError:
            raise GameRecordError(
                f"unknown product {product!r}",
                path=source,
                fix="products are Base Game, Winter Edition, Abbey and the Mayor, The Courier",
            ) from None
    if not any(product in BASE_PRODUCTS for product in products):
        raise GameRecordError(
            f"products {products} hold no base game",
            path=source,
            fix="add Base Game (or play the Winter Edition)",
        )
    allowed = known_options(products)
    for name, value in record.options.items():
        if name not in allowed:
            raise GameRecordError(
                f"option {name!r} belongs to none of the products {products}",
                path=source,
                fix=f"options of these products: {sorted(allowed) or 'none'}",
            )
        if value not in allowed[name]:
            raise GameRecordError(
                f"option {name}={value!r}", path=source, fix=f"use one of {list(allowed[name])}"
            )
    return normalise_products(products)


def tile_name(tiles: TileSet, name: str) -> str | None:
    """The tile set's name for a record's tile (`Base Game/D` is `D`), None if unknown."""
    if name in tiles.shapes:
        return name
    product, _, code = name.partition("/")
    if code and product in BASE_PRODUCTS and code in tiles.shapes:
        return code
    return None


def _oriented(tiles: TileSet, name: str, rotation: int | None) -> Oriented | None:
    resolved = tile_name(tiles, name)
    if resolved is None:
        return None
    variants = tiles.oriented[resolved]
    if rotation is None:
        return variants[0] if variants[0].abbey else None
    return variants[ROTATIONS.index(rotation)]


def _unknown_tile(tiles: TileSet, name: str) -> str:
    unknown = tiles.unknown.get(name)
    if unknown is not None:
        return f"tile {name!r} cannot be played: its shape is unknown ({unknown.reason})"
    return f"unknown tile {name!r} for {' + '.join(tiles.products)}"


def replay(
    record: GameRecord,
    config: RulesConfig,
    source: str = "<record>",
    engine: type[Game] = Game,
) -> tuple[dict[str, int], list[ScoreEvent]]:
    """Play `record` through the rules; return the scores and every score event."""
    products = record_products(record, source)
    tiles = game_tiles(products)
    game = engine(
        list(record.players), config, tiles, products=list(products), options=record.options
    )
    events: list[ScoreEvent] = []

    def fail(turn: int, reason: str) -> GameRecordError:
        return GameRecordError(f"turn {turn}: {reason}", path=source, fix=_FIX)

    start = _oriented(tiles, record.start.tile, record.start.rotation)
    if start is None or start.abbey:
        raise fail(0, _unknown_tile(tiles, record.start.tile))
    game.start((record.start.x, record.start.y), start)
    index = {name: i for i, name in enumerate(record.players)}
    for number, turn in enumerate(record.turns, start=1):
        expected = record.players[(number - 1) % len(record.players)]
        if turn.player not in index:
            raise fail(number, f"{turn.player!r} is not one of the players {record.players}")
        if turn.player != expected:
            raise fail(number, f"it is {expected}'s turn, not {turn.player}'s")
        player = index[turn.player]
        o = _oriented(tiles, turn.tile, turn.rotation)
        if o is None:
            if turn.rotation is None and tile_name(tiles, turn.tile) is not None:
                raise fail(number, f"tile {turn.tile} needs a rotation (only an abbey may omit it)")
            raise fail(number, _unknown_tile(tiles, turn.tile))
        if o.abbey:
            reason = _abbey_problem(game, player)
            if reason is not None:
                raise fail(number, reason)
        pos = (turn.x, turn.y)
        reason = game.why_illegal(pos, o)
        if reason is not None:
            raise fail(number, reason)
        if o.abbey:
            game.reserve[ABBEY_TILE][player] -= 1
        game.place(pos, o, player)
        if turn.meeple is not None:
            try:
                _put(game, player, turn)
            except IllegalMove as exc:
                raise fail(number, f"{turn.figure} {turn.meeple!r}: {exc}") from None
        elif turn.figure != MEEPLE.name:
            raise fail(number, f"figure {turn.figure!r} without a place: give 'meeple' too")
        events += game.score_turn()
        for move in turn.moves:
            if move.player not in index:
                raise fail(number, f"move by {move.player!r}, who is not one of the players")
            try:
                target = game.board.segment_for((move.x, move.y), move.meeple)
                game.move_figure(index[move.player], move.figure, (move.x, move.y), target)
            except (IllegalMove, KeyError) as exc:
                message = exc if isinstance(exc, IllegalMove) else f"no tile on {(move.x, move.y)}"
                raise fail(
                    number,
                    f"move of {move.player}'s {move.figure} to {move.meeple!r} on "
                    f"{(move.x, move.y)}: {message}",
                ) from None
        events += game.finish_turn()
    if record.end == "final":
        events += game.finish()
    return dict(zip(record.players, game.scores, strict=True)), events


def _abbey_problem(game: Game, player: int) -> str | None:
    # (Whether the last land tile was already drawn is not in a record: set-aside tiles are
    # not written. Simulation keeps that rule; docs/engine.md, Limitations.)
    if ABBEY_TILE not in game.reserve:
        return "an abbey needs Abbey and the Mayor among the products"
    if game.reserve[ABBEY_TILE][player] <= 0:
        return f"{game.players[player]} has no abbey left (one per player)"
    return None


def _put(game: Game, player: int, turn: Turn) -> None:
    target = turn.meeple
    assert target is not None
    figure = BY_NAME[turn.figure]
    if figure is BARN:
        kind, _, corner = target.partition(":")
        if kind != "corner" or corner not in CORNERS:
            raise IllegalMove("a barn goes on a corner: corner:NE, corner:SE, corner:SW, corner:NW")
        game.put_barn(player, CORNERS.index(corner))
        return
    if target.startswith("corner:"):
        raise IllegalMove(f"only a barn goes on a corner, not a {figure.name}")
    game.put_figure(player, figure, game.target_segment(target))


def score_report(scores: dict[str, int], events: list[ScoreEvent]) -> dict[str, Any]:
    """The JSON `carcdb score` prints."""
    return {"scores": scores, "events": [event.to_json() for event in events]}


_FIX = (
    f"correct that turn of the record (tile, x, y, rotation, meeple, figure or moves; see "
    f"{DOCS}), then replay"
)
