"""Abbey and the Mayor's barn: a special figure (not a meeple) that scores fields early.

- Placed instead of a meeple on a corner of the tile just placed where four tiles meet and
  each shows only field at that point (`corner:NE` in records), on a field without a barn
  (farmers may be on it). On the board it is a mark of its field (`Board.mark`, blocking:
  no farmer may go onto a field with a barn).
- In the turn's scoring phase (after figures are placed and the completed features scored,
  the official clarification of 10/2012): the farmers of a field that got a barn this turn
  are scored as at the end of the game with `barn_placed_per_completed_city` (3); the farmers
  of a field this tile joined to a barn's field with `barn_joined_per_completed_city` (1). The
  farmers then return.
- At the end of the game each barn's owner scores `barn_final_per_completed_city` (4) per
  completed city of its field; several barns on one field each score in full (a player owning
  two scores once).
"""

from __future__ import annotations

from typing import ClassVar

from carcdb.pipeline.engine.board import FEATURE_NAMES, IllegalMove, Pos
from carcdb.pipeline.engine.figures import FigureType
from carcdb.pipeline.engine.geometry import CORNERS, FIELD, Oriented
from carcdb.pipeline.engine.rules.module import Game, Number, RuleModule, supply_number
from carcdb.pipeline.engine.scoring import ScoreEvent, award

BARN = FigureType(
    "barn", 3, frozenset(), strength=0, follower=False, supply="barns_per_player", spot="corner"
)
MARK = "barn"
BLOCKS = "that field has a barn: farmers may not go onto it"


def _rate(key: str, default: int, state: str, unit: str, engine: bool = True) -> Number:
    order = {"placed": 0, "joined": 1}.get(state, 0)
    reader = "rate" if state == "end_game" else "order"
    return Number(key, default, "barn", state, unit, reader=reader, order=order, engine=engine)


class BarnRules(RuleModule):
    name = "barn"
    figures: ClassVar[tuple[FigureType, ...]] = (BARN,)
    numbers: ClassVar[tuple[Number, ...]] = (
        supply_number(BARN),
        _rate("barn_placed_per_completed_city", 3, "placed", "completed_city"),
        _rate("barn_placed_per_fortress", 4, "placed", "fortress", engine=False),
        _rate("barn_joined_per_completed_city", 1, "joined", "completed_city"),
        _rate("barn_joined_per_fortress", 2, "joined", "fortress", engine=False),
        _rate("barn_final_per_completed_city", 4, "end_game", "completed_city"),
        _rate("barn_final_per_fortress", 5, "end_game", "fortress", engine=False),
    )

    def setup(self, game: Game) -> None:
        self.on_board = False  # no field can join a barn's before the first barn
        self.placed: tuple[int, Pos, int] | None = None  # (player, square, segment) this turn

    def place(self, game: Game, player: int, figure: FigureType, target: str) -> None:
        kind, _, corner = target.partition(":")
        if kind != "corner" or corner not in CORNERS:
            raise IllegalMove("a barn goes on a corner: corner:NE, corner:SE, corner:SW, corner:NW")
        pos = game.last_pos
        assert pos is not None
        segment = game.board.corner_field(pos, CORNERS.index(corner))
        if segment < 0:
            raise IllegalMove(
                f"a barn goes only where four tiles meet and each shows only field at that "
                f"point: corner {corner} of {pos} is not such a junction"
            )
        if game.board.marks_of(MARK, game.board.fid(pos, segment)):
            raise IllegalMove("that field already has a barn")
        game.board.mark(MARK, pos, segment, player, blocks=BLOCKS)
        self.placed = (player, pos, segment)

    def figure_choices(
        self, game: Game, player: int, pos: Pos, o: Oriented
    ) -> list[tuple[FigureType, str]]:
        board = game.board
        out = []
        for corner in range(4):
            segment = board.corner_field(pos, corner)
            if segment >= 0 and not board.marks_of(MARK, board.fid(pos, segment)):
                out.append((BARN, f"corner:{CORNERS[corner]}"))
        return out

    def after_scoring(self, game: Game, events: list[ScoreEvent]) -> None:
        board = game.board
        if self.placed is not None:
            self.on_board = True
            _player, pos, segment = self.placed
            self.placed = None  # (placed this turn: scored now, once)
            fid = board.fid(pos, segment)
            events += _score_farmers(game, fid, self.values["barn_placed_per_completed_city"])
        last = game.last_pos
        if last is None or not self.on_board:
            return
        o = board.placed[last]
        rate = self.values["barn_joined_per_completed_city"]
        for segment, kind in enumerate(o.kinds):
            if kind != FIELD:
                continue
            fid = board.fid(last, segment)
            if board.marks_of(MARK, fid) and board.figures_of(fid):
                events += _score_farmers(game, fid, rate)

    def final(self, game: Game, events: list[ScoreEvent]) -> None:
        board = game.board
        rate = self.values["barn_final_per_completed_city"]
        for fid in board.marked(MARK):
            points = board.cities_of(fid) * rate
            tiles = board.tiles_of(fid)
            for player in sorted(set(board.marks_of(MARK, fid))):
                game.scores[player] += points
                name = game.players[player]
                events.append(ScoreEvent(None, name, "barn", tiles, 0, points, "final", "barn"))


def _score_farmers(game: Game, fid: int, rate: int) -> list[ScoreEvent]:
    board = game.board
    figures = board.figures_of(fid)
    if not figures:
        return []
    events = award(
        game.players,
        game.scores,
        figures,
        FEATURE_NAMES[FIELD],
        board.cities_of(fid) * rate,
        tiles=board.tiles_of(fid),
        coats=0,
        strength_coats=0,
        turn=game.turn,
        tie=game.tie_breaker(fid),
    )
    game.return_figures(fid, game.turn)
    return events
