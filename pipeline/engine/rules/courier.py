"""The Courier (fan expansion): a neutral figure that brings thank-you messages.

Both variants of the page: with the 6 letter tiles (`"courier": "tiles"`, the default: the
courier waits beside the board and moves onto every tile with a letter symbol as soon as it
is placed) and without them (`"no-tiles"`: the courier starts on the start tile).

At the end of each turn (after scoring and the wagons' moves) the first follower placed or
moved this turn that still stands on an unfinished road, city, monastery or abbey, on the
courier's tile or a tile orthogonally next to it, gets a thank-you message: the courier moves
onto that follower's tile, and its owner scores, as in the final scoring, every unfinished
road, city, monastery and abbey with a segment on the 3x3 tiles around the courier where
that player holds the majority (fields never: they cannot be finished during the game). The
courier moves even when the message is worth 0. The choices where the page leaves a point
open are in docs/engine.md.
"""

from __future__ import annotations

from typing import ClassVar

from carcdb.pipeline.engine.board import FEATURE_NAMES, FINAL_ORDER, Pos
from carcdb.pipeline.engine.figures import majority, player_of, scoring_figures, type_of
from carcdb.pipeline.engine.geometry import CITY, CLOISTERS, ROAD, Oriented
from carcdb.pipeline.engine.rules.module import Game, RuleModule
from carcdb.pipeline.engine.scoring import ScoreEvent

MESSAGE_KINDS = frozenset({ROAD, CITY, *CLOISTERS})
TILES, NO_TILES = "tiles", "no-tiles"


class CourierRules(RuleModule):
    name = "courier"
    options: ClassVar[dict[str, tuple[str, ...]]] = {"courier": (TILES, NO_TILES)}

    symbols: ClassVar[tuple[str, ...]] = ("letter",)

    def setup(self, game: Game) -> None:
        self.variant = self.chosen["courier"]
        self.pos: Pos | None = None  # where the courier stands; None: beside the board

    def on_start(self, game: Game, pos: Pos) -> None:
        if self.variant == NO_TILES:
            self.pos = pos

    def on_place(self, game: Game, pos: Pos, o: Oriented) -> None:
        if self.variant == TILES and o.letter:
            self.pos = pos

    def end_of_turn(self, game: Game, events: list[ScoreEvent]) -> None:
        if self.pos is None:
            return
        board = game.board
        cx, cy = self.pos
        for code, pos, segment in game.turn_figures:
            if abs(pos[0] - cx) + abs(pos[1] - cy) > 1 or not type_of(code).follower:
                continue
            fid = board.fid(pos, segment)
            if board.kind_of(fid) not in MESSAGE_KINDS or board.complete(fid):
                continue
            if code not in board.figures_of(fid):
                continue  # scored this turn and gone back to the supply
            self.pos = pos
            events += thank_you(game, player_of(code), pos)
            return


def thank_you(game: Game, player: int, centre: Pos) -> list[ScoreEvent]:
    """`player`'s thank-you message from the courier standing on `centre`."""
    board = game.board
    x, y = centre
    features: dict[int, None] = {}
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            o = board.placed.get((x + dx, y + dy))
            if o is None:
                continue
            for segment, kind in enumerate(o.kinds):
                if kind in MESSAGE_KINDS:
                    features[board.fid((x + dx, y + dy), segment)] = None
    events = []

    def order(fid: int) -> tuple[int, Pos]:
        return FINAL_ORDER[board.kind_of(fid)], min(board.squares_of(fid))

    for fid in sorted(features, key=order):
        figures = board.figures_of(fid)
        if not figures or board.complete(fid):
            continue
        winners = majority(figures, game.strength_coats(fid))
        tie = game.tie_breaker(fid)
        if tie is not None and len(winners) > 1:
            winners = tie(winners)
        if player not in winners:
            continue
        points = game.feature_value(fid, False)
        game.scores[player] += points
        figure = scoring_figures(figures, player) if max(figures) > 7 else None
        events.append(
            ScoreEvent(
                game.turn,
                game.players[player],
                "courier",
                board.tiles_of(fid),
                board.coats_of(fid),
                points,
                "turn",
                figure,
                FEATURE_NAMES[board.kind_of(fid)],
            )
        )
    return events
