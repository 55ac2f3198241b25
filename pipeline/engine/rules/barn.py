"""Abbey and the Mayor's barn: a special figure (not a meeple) that scores fields early.

- Placed instead of a meeple on a corner of the tile just placed where four tiles meet and
  each shows only field at that point, on a field without a barn (farmers may be on it).
- In the turn's scoring phase (after figures are placed and the completed features scored,
  the official clarification of 10/2012): the farmers of a field that got a barn this turn
  are scored as at the end of the game with `barn_placed_per_completed_city` (3); the farmers
  of a field this tile joined to a barn's field with `barn_joined_per_completed_city` (1). The
  farmers then return; no farmer may go onto a field with a barn (`Board.put_meeple`).
- At the end of the game each barn's owner scores `barn_final_per_completed_city` (4) per
  completed city of its field; several barns on one field each score in full (a player owning
  two scores once).
"""

from __future__ import annotations

from pipeline.engine.board import FEATURE_NAMES
from pipeline.engine.figures import BARN, FigureType
from pipeline.engine.geometry import FIELD
from pipeline.engine.rules.module import Game, RuleModule
from pipeline.engine.scoring import ScoreEvent, award


class BarnRules(RuleModule):
    name = "barn"
    figures = (BARN,)

    def __init__(self) -> None:
        self.on_board = False  # no field can join a barn's before the first barn

    def supply(self, game: Game, figure: FigureType) -> int:
        return game.config.barns_per_player

    def after_scoring(self, game: Game, events: list[ScoreEvent]) -> None:
        board = game.board
        if game.barn_placed is not None:
            self.on_board = True
            _player, pos, segment = game.barn_placed
            fid = board.fid(pos, segment)
            events += _score_farmers(game, fid, game.config.barn_placed_per_completed_city)
        last = game.last_pos
        if last is None or not self.on_board:
            return
        o = board.placed[last]
        for segment, kind in enumerate(o.kinds):
            if kind != FIELD:
                continue
            fid = board.fid(last, segment)
            if board.barns_of(fid) and board.figures_of(fid):
                events += _score_farmers(game, fid, game.config.barn_joined_per_completed_city)

    def final(self, game: Game, events: list[ScoreEvent]) -> None:
        board = game.board
        rate = game.config.barn_final_per_completed_city
        for fid in board.barn_fields():
            points = board.cities_of(fid) * rate
            tiles = board.tiles_of(fid)
            for player in sorted(set(board.barns_of(fid))):
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
    )
    game.return_figures(fid, game.turn)
    return events
