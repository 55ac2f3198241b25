"""The rule-module interface: what an expansion adds to a game, and when it acts.

A module brings figure types (with their supplies), scoring formulas for feature kinds, rule
options, and hooks the game calls at fixed points of a turn:
`on_start` (the start tile is down), `on_place` (a tile went down), `after_scoring` (the
completed features of the turn have been scored), `end_of_turn` (after the figures' moves) and
`final` (after the final scoring of the features). A game calls a hook only on the modules
that define it, so a base game pays for none.
"""

from __future__ import annotations

from typing import ClassVar, Protocol

from pipeline.engine.board import FeatureBoard, Pos
from pipeline.engine.figures import FigureType
from pipeline.engine.geometry import Oriented
from pipeline.engine.ruleset import RulesConfig
from pipeline.engine.scoring import Formula, ScoreEvent

HOOKS = ("on_start", "on_place", "after_scoring", "end_of_turn", "final")


class Game(Protocol):
    """What a module sees of the game (`game.Game`)."""

    players: list[str]
    config: RulesConfig
    board: FeatureBoard
    scores: list[int]
    turn: int
    active: int
    completed: dict[str, int]
    reserve: dict[str, list[int]]
    # This turn's followers put on a segment, then moved: (figure code, square, segment).
    turn_figures: list[tuple[int, Pos, int]]
    barn_placed: tuple[int, Pos, int] | None  # (player, square, segment) this turn

    @property
    def last_pos(self) -> Pos | None: ...
    def feature_value(self, fid: int, complete: bool) -> int: ...
    def strength_coats(self, fid: int) -> int: ...
    def return_figures(self, fid: int, turn: int | None) -> None: ...


class RuleModule:
    """One product's rules, or one part of them (the mayor, the wagon ...)."""

    name: ClassVar[str] = ""
    figures: ClassVar[tuple[FigureType, ...]] = ()
    formulas: ClassVar[dict[int, Formula]] = {}
    # option name -> allowed values, the first one the default
    options: ClassVar[dict[str, tuple[str, ...]]] = {}

    def supply(self, game: Game, figure: FigureType) -> int:
        """How many of `figure` each player starts with."""
        raise NotImplementedError(figure.name)

    def setup(self, game: Game) -> None:
        """Called once the game has its players, board and supplies."""

    def on_start(self, game: Game, pos: Pos) -> None:
        pass

    def on_place(self, game: Game, pos: Pos, o: Oriented) -> None:
        pass

    def after_scoring(self, game: Game, events: list[ScoreEvent]) -> None:
        pass

    def end_of_turn(self, game: Game, events: list[ScoreEvent]) -> None:
        pass

    def final(self, game: Game, events: list[ScoreEvent]) -> None:
        pass

    @classmethod
    def defines(cls, hook: str) -> bool:
        return getattr(cls, hook) is not getattr(RuleModule, hook)
