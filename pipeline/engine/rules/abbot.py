"""The Abbot (the current base game's garden-and-abbot rules): the abbot and the gardens.

- Gardens: a garden is on every copy of the base game's tiles that shows the `Garden`
  illustration (one copy each of E, H, I, M, N, R, U, V in C2 and C3) and on every copy of a
  tile whose shape has one (Abbey and the Mayor's H, Inns and Cathedrals' B and H). When this
  module plays, the draw pile keeps the Garden copies apart (`illustrations`, records write
  `"copy": "Garden"`) and a garden is a feature: a cloister completed by its 8 neighbours,
  scored per tile of its 3x3 square (`garden_completed_per_tile`, `garden_final_per_tile`).
- The abbot: a follower (strength 1), one per player, placed on the monastery or the garden
  of the tile just placed (an abbey is a monastery for it, as for the records' `monastery`).
  Only an abbot may stand on a garden (the game refuses a meeple there: a meeple's kinds have
  no garden). It is scored with its feature like any follower and then returns.
- Instead of placing a figure, a player may take their abbot back (`"return": {"figure":
  "abbot", "x": X, "y": Y}`): its monastery or garden is scored at once as at the end of the
  game (per tile of the 3x3 square present, by the feature's final rate; a feature the tile
  just placed completed is worth its completed value), and the abbot goes back to its owner's
  supply, to be placed again on a later turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from carcdb.pipeline.engine.board import FEATURE_NAMES, IllegalMove, Pos
from carcdb.pipeline.engine.figures import FigureType, player_of
from carcdb.pipeline.engine.geometry import ABBEY, GARDEN, MONASTERY
from carcdb.pipeline.engine.rules.module import Game, Number, RuleModule, supply_number, take_spot
from carcdb.pipeline.engine.scoring import Facts, Formula, ScoreEvent

ABBOT = FigureType("abbot", 5, frozenset({MONASTERY, ABBEY, GARDEN}), supply="abbots_per_player")


class AbbotRules(RuleModule):
    name = "abbot"
    figures: ClassVar[tuple[FigureType, ...]] = (ABBOT,)
    kinds: ClassVar[dict[int, str]] = {GARDEN: "garden"}
    illustrations: ClassVar[tuple[str, ...]] = ("Garden",)
    numbers: ClassVar[tuple[Number, ...]] = (
        supply_number(ABBOT),
        Number("garden_completed_per_tile", 1, "garden", "completed", "tile", reader="rate"),
        Number("garden_final_per_tile", 1, "garden", "incomplete", "tile", reader="rate"),
    )

    def setup(self, game: Game) -> None:
        # player -> the (square, segment) of each of their abbots on the board
        self.spots: dict[int, list[tuple[Pos, int]]] = {}

    def formulas(self, previous: Mapping[int, Formula]) -> dict[int, Formula]:
        return {GARDEN: self.garden}

    def garden(self, facts: Facts) -> int:
        """A garden, like a monastery, per tile of its 3x3 square, itself included."""
        if facts.complete:
            return facts.tiles * self.values["garden_completed_per_tile"]
        return facts.tiles * self.values["garden_final_per_tile"]

    def figure_placed(self, game: Game, code: int, pos: Pos, segment: int) -> None:
        self.spots.setdefault(player_of(code), []).append((pos, segment))

    def figure_returned(self, game: Game, code: int, fid: int, turn: int | None) -> None:
        player = player_of(code)
        take_spot(self.spots[player], game.board, fid, f"abbot of player {player}")

    def take_back(self, game: Game, player: int, figure: FigureType, pos: Pos) -> list[ScoreEvent]:
        """Score `player`'s abbot on `pos` as at the end of the game; it returns home."""
        name = game.players[player]
        spots = self.spots.get(player, [])
        found = next((spot for spot in spots if spot[0] == pos), None)
        if found is None:
            where = ", ".join(str(spot[0]) for spot in spots)
            stands = f"it stands on {where}" if where else "it is not on the board"
            raise IllegalMove(f"{name} has no abbot on {pos} ({stands})")
        spots.remove(found)
        board = game.board
        fid = board.fid(*found)
        points = game.feature_value(fid, board.complete(fid))
        game.scores[player] += points
        board.remove_figure(fid, ABBOT.code(player))
        game.reserve[ABBOT.name][player] += 1
        feature = FEATURE_NAMES[board.kind_of(fid)]
        return [
            ScoreEvent(game.turn, name, feature, board.tiles_of(fid), 0, points, "turn", "abbot")
        ]

    def take_back_choices(self, game: Game, player: int) -> list[tuple[FigureType, Pos]]:
        return [(ABBOT, pos) for pos, _segment in self.spots.get(player, ())]
