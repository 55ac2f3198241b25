"""Game records (docs/engine.md "Game records"): the JSON format, validation, and replay.

A record names the players, optionally the products and rule options, the start tile and the
turns in order; the game ends after the last turn with final scoring (`"end": "final"`) or
stops there (`"stop"`: a position in the middle of a game). Each turn places one tile (`x`
east, `y` south, clockwise `rotation`; a base letter or `PRODUCT/CODE`) and optionally one
figure on a feature of that tile named in board orientation (`road:E`, `city:N`,
`field:SL`, `field:I`, `monastery`, `garden`, `corner:NE` for a barn), or takes a figure back
instead (`return`: the abbot), then lists the figures' moves after scoring (a wagon moving
on). Turns follow the players' order, except a bonus turn (the builder's), which the same
player plays at once. The figure names are those the rule modules declare, and so are the
turn fields a module's notation adds (`RuleModule.record_fields`: Hills and Sheep's `sheep`
and `flock`), handed to the modules in `Game.given`; a field nothing in its turn took is
refused. Any illegal turn raises `GameRecordError` naming the turn and the reason.
"""

from __future__ import annotations

import json
import unicodedata
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    ConfigDict,
    Field,
    ValidationError,
    WithJsonSchema,
    create_model,
    model_validator,
)

from carcdb.pipeline.engine.board import IllegalMove
from carcdb.pipeline.engine.figures import MAX_PLAYERS, MEEPLE
from carcdb.pipeline.engine.game import Game
from carcdb.pipeline.engine.geometry import (
    BASE_GAME,
    ROTATIONS,
    Oriented,
    TileSet,
    copy_name,
    normalise_products,
    playable_products,
    product_entry,
)
from carcdb.pipeline.engine.placing import indefinite
from carcdb.pipeline.engine.rules import all_figures, known_options, rule_modules, tiles_for
from carcdb.pipeline.engine.rules.base import UNLIMITED
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.engine.scoring import ScoreEvent
from carcdb.pipeline.errors import GameRecordError, InputError
from carcdb.pipeline.extract.inputfiles import parse_json, validation_message
from carcdb.pipeline.numbers import INT32_MAX
from carcdb.pipeline.products import base_names, is_base
from carcdb.schemas.base import Record

Rotation = Literal[0, 90, 180, 270]
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


def _figure_name(name: str) -> str:
    figures = all_figures()
    if name not in figures:
        raise ValueError(f"unknown figure {name!r}: one of {', '.join(sorted(figures))}")
    return name


# A figure one of the rule modules declares (meeple, mayor, wagon, barn, large_meeple ...).
FigureName = Annotated[
    str,
    AfterValidator(_figure_name),
    WithJsonSchema({"type": "string", "enum": list(all_figures())}),
]


class Move(Record):
    """A figure moving after this turn's scoring (a wagon moving on)."""

    model_config = STRICT
    player: str
    figure: FigureName
    x: Coordinate
    y: Coordinate
    meeple: str = Field(description="The feature it moves onto, on the tile at x, y.")


class TakeBack(Record):
    """A figure taken back from the board instead of placing one (the abbot)."""

    model_config = STRICT
    figure: FigureName
    x: Coordinate
    y: Coordinate


class TurnFields(Record):
    """A turn's fields of the base game and the generic notation (`Turn` adds the modules')."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True, populate_by_name=True)
    player: str
    tile: str = Field(description="A base-game letter or PRODUCT/CODE.")
    x: Coordinate
    y: Coordinate
    rotation: Rotation | None = Field(
        default=None, description="Clockwise degrees; may be left out for an abbey only."
    )
    copy_: str | None = Field(
        default=None,
        alias="copy",
        description='Which copy of the tile, where its illustration matters ("Garden" with '
        "The Abbot).",
    )
    meeple: str | None = Field(
        default=None,
        description="Where the figure goes: road:N, city:E, field:SL, field:I, monastery, "
        "abbey, garden, or corner:NE (a barn).",
    )
    figure: FigureName = "meeple"
    return_: TakeBack | None = Field(
        default=None,
        alias="return",
        description="A figure taken back instead of placing one (the abbot), scored at once.",
    )
    moves: list[Move] = Field(default_factory=list)


def module_fields() -> dict[str, tuple[Any, Any]]:
    """The turn fields the rule modules' notations add (`RuleModule.record_fields`)."""
    fields: dict[str, tuple[Any, Any]] = {}
    taken = {f.alias or name for name, f in TurnFields.model_fields.items()}
    for cls in rule_modules().values():
        for name, field in cls.record_fields.items():
            if name in taken or name in fields:
                raise ValueError(f"rule module {cls.name}: turn field {name!r} is taken")
            fields[name] = field
    return fields


MODULE_FIELDS = module_fields()
if TYPE_CHECKING:
    Turn = TurnFields
else:
    # One turn: the base fields and every module's (each optional, left out when unused).
    Turn = create_model("Turn", __base__=TurnFields, **MODULE_FIELDS)


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
        names = [unicodedata.normalize("NFC", name) for name in self.players]
        if len(set(names)) != len(names):
            raise ValueError(
                "player names must be unique (compared in Unicode NFC: a name written with "
                "combining accents is the same name)"
            )
        if len(names) > MAX_PLAYERS:
            raise ValueError(f"{len(names)} players: a game has at most {MAX_PLAYERS}")
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
                fix=f"products are {', '.join(playable_products())}",
            ) from None
    if not any(is_base(product) for product in products):
        raise GameRecordError(
            f"products {products} hold no base game",
            path=source,
            fix=f"add {' or '.join(b for b in base_names() if b in playable_products())}",
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


def tile_name(tiles: TileSet, name: str, copy: str | None = None) -> str | None:
    """The tile set's name for a record's tile (`Base Game/D` is `D`; with `copy`, the copy
    showing that illustration: `E[Garden]`), None if unknown. A record names a copy only
    through `copy`: `E[Garden]` is not a tile name."""
    found = None
    if name in tiles.shapes:
        found = name
    else:
        product, _, code = name.partition("/")
        if code and is_base(product) and code in tiles.shapes:
            found = code
    if found in tiles.copy_of:
        return None
    if found is None or copy is None:
        return found
    variant = copy_name(found, copy)
    return variant if variant in tiles.shapes else None


def _oriented(
    tiles: TileSet, name: str, rotation: int | None, copy: str | None = None
) -> Oriented | None:
    resolved = tile_name(tiles, name, copy)
    if resolved is None:
        return None
    variants = tiles.oriented[resolved]
    if rotation is None:
        return variants[0] if variants[0].abbey else None
    return variants[ROTATIONS.index(rotation)]


def _unknown_tile(tiles: TileSet, name: str, copy: str | None = None) -> str:
    unknown = tiles.unknown.get(name)
    if unknown is not None:
        return f"tile {name!r} cannot be played: its shape is unknown ({unknown.reason})"
    plain = tile_name(tiles, name)
    if copy is not None and plain is not None:
        copies = sorted(tiles.variants.get(plain, {}))
        return (
            f"tile {name!r} has no copy {copy!r} in this game (its copies that matter: "
            f"{', '.join(copies) or 'none'})"
        )
    return f"unknown tile {name!r} for {' + '.join(tiles.products)}"


def replay(
    record: GameRecord,
    config: RulesConfig,
    source: str = "<record>",
    engine: type[Game] = Game,
) -> tuple[dict[str, int], list[ScoreEvent]]:
    """Play `record` through the rules; return the scores and every score event."""
    products = record_products(record, source)
    tiles = tiles_for(products)
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
    index = {_nfc(name): i for i, name in enumerate(record.players)}
    box = {} if game.options.get("tiles") == UNLIMITED else tiles.reference_counts()
    used = {start.code: 1}
    for number, turn in enumerate(record.turns, start=1):
        expected = record.players[game.next_player]
        who = _nfc(turn.player)
        if who not in index:
            raise fail(number, f"{turn.player!r} is not one of the players {record.players}")
        if index[who] != game.next_player:
            again = game.last_was_bonus and index[who] == game.active
            why = "a bonus tile does not give another: " if again else ""
            raise fail(number, f"{why}it is {expected}'s turn, not {turn.player}'s")
        player = index[who]
        o = _oriented(tiles, turn.tile, turn.rotation, turn.copy_)
        if o is None:
            if turn.rotation is None and tile_name(tiles, turn.tile, turn.copy_) is not None:
                raise fail(number, f"tile {turn.tile} needs a rotation (only an abbey may omit it)")
            raise fail(number, _unknown_tile(tiles, turn.tile, turn.copy_))
        reason = game.play_problem(player, o)
        if reason is None and o.code in box:
            used[o.code] = used.get(o.code, 0) + 1
            if used[o.code] > box[o.code]:
                reason = (
                    f"tile {turn.tile}{f' ({turn.copy_} copy)' if turn.copy_ else ''}: the game's "
                    f"box holds {box[o.code]} (the start tile counted), this is number "
                    f"{used[o.code]}"
                )
        pos = (turn.x, turn.y)
        if reason is None:
            reason = game.why_illegal(pos, o, player)
        if reason is not None:
            raise fail(number, reason)
        game.place(pos, o, player)
        given = {name: getattr(turn, name) for name in MODULE_FIELDS}
        game.given = {name: value for name, value in given.items() if value is not None}
        if turn.return_ is not None:
            if turn.meeple is not None:
                raise fail(number, "a figure is taken back instead of placing one, not as well")
            back = turn.return_
            try:
                events += game.take_back(player, all_figures()[back.figure], (back.x, back.y))
            except IllegalMove as exc:
                raise fail(
                    number, f"return of the {back.figure} on {(back.x, back.y)}: {exc}"
                ) from None
        if turn.meeple is not None:
            try:
                _put(game, player, turn)
            except IllegalMove as exc:
                raise fail(number, f"{turn.figure} {turn.meeple!r}: {exc}") from None
        elif turn.figure != MEEPLE.name:
            raise fail(number, f"figure {turn.figure!r} without a place: give 'meeple' too")
        try:
            events += game.score_turn()
        except IllegalMove as exc:
            raise fail(number, str(exc)) from None
        for move in turn.moves:
            mover = _nfc(move.player)
            if mover not in index:
                raise fail(number, f"move by {move.player!r}, who is not one of the players")
            try:
                target = game.board.segment_for((move.x, move.y), move.meeple)
                game.move_figure(index[mover], move.figure, (move.x, move.y), target)
            except (IllegalMove, KeyError) as exc:
                message = exc if isinstance(exc, IllegalMove) else f"no tile on {(move.x, move.y)}"
                raise fail(
                    number,
                    f"move of {move.player}'s {move.figure} to {move.meeple!r} on "
                    f"{(move.x, move.y)}: {message}",
                ) from None
        events += game.finish_turn()
        if game.given:
            unused = ", ".join(repr(name) for name in game.given)
            raise fail(number, f"the record gives {unused}, which nothing in this turn uses")
    if record.end == "final":
        events += game.finish()
    return dict(zip(record.players, game.scores, strict=True)), events


def _nfc(name: str) -> str:
    return unicodedata.normalize("NFC", name)


def _put(game: Game, player: int, turn: Turn) -> None:
    target = turn.meeple
    assert target is not None
    figure = all_figures()[turn.figure]
    spots = {f.spot: f for f in all_figures().values() if f.spot}
    prefix = target.partition(":")[0]
    if prefix in spots and spots[prefix] is not figure:
        only = indefinite(spots[prefix].name)
        raise IllegalMove(f"only {only} goes on a {prefix}, not {indefinite(figure.name)}")
    game.put_target(player, figure, target)


def score_report(scores: dict[str, int], events: list[ScoreEvent]) -> dict[str, Any]:
    """The JSON `carcdb score` prints."""
    return {"scores": scores, "events": [event.to_json() for event in events]}


_FIX = (
    f"correct that turn of the record (tile, x, y, rotation, meeple, figure or moves; see "
    f"{DOCS}), then replay"
)
