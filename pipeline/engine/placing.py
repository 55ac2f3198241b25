"""Figures on the tile just placed: putting one (a meeple, any module's figure, a figure on
its module's own spot), the checks every placement passes, the choices random play has, and
taking a figure back instead (the abbot).

`FigurePlay` is the part of `game.Game` that owns this step of a turn; `Game` sets up the
state it reads (the board, the supplies, the modules and their hooks).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from carcdb.pipeline.engine.board import FEATURE_NAMES, FeatureBoard, IllegalMove, Pos
from carcdb.pipeline.engine.figures import MEEPLE, FigureType
from carcdb.pipeline.engine.geometry import TileSet
from carcdb.pipeline.engine.rules.module import Game as ModuleGame
from carcdb.pipeline.engine.rules.module import RuleModule
from carcdb.pipeline.engine.scoring import ScoreEvent

# A figure random play may place: (figure, target as records write it, segment or -1, the
# square a figure is taken back from or None).
Choice = tuple[FigureType, str, int, Pos | None]


def indefinite(noun: str) -> str:
    """`noun` with its indefinite article, for messages (`a wagon`, `an abbot`)."""
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


class FigurePlay:
    """Putting figures on the tile just placed (see the module docstring)."""

    # Set up by `game.Game.__init__`.
    board: FeatureBoard
    tiles: TileSet
    players: list[str]
    supply: list[int]
    reserve: dict[str, list[int]]
    events: list[ScoreEvent]
    figure_types: dict[str, FigureType]
    owners: dict[int, RuleModule]
    modules: dict[str, RuleModule]
    turn_figures: list[tuple[int, Pos, int]]
    _hooks: dict[str, list[Callable[..., Any]]]
    _last: Pos | None
    _meeple_placed: bool
    _tracked: set[int]
    _segment_figures: list[FigureType]
    _spot_modules: list[tuple[RuleModule, list[str]]]
    _taking_modules: list[RuleModule]
    _check_meeples: bool

    def free_segments(self) -> list[int]:
        """Segments of the tile just placed whose feature a follower may take."""
        assert self._last is not None
        return self.board.free_segments(self._last)

    def target_segment(self, target: str) -> int:
        assert self._last is not None
        return self.board.segment_for(self._last, target)

    def put_meeple(self, player: int, segment: int) -> None:
        assert self._last is not None
        if self._meeple_placed:
            raise IllegalMove("only one meeple may be placed per turn")
        if self.supply[player] <= 0:
            raise IllegalMove(f"{self.players[player]} has no meeple left")
        if self._check_meeples:
            self._check_segment(player, MEEPLE, segment)
        self.board.put_meeple(self._last, segment, player)
        self.supply[player] -= 1
        self._meeple_placed = True
        if self._hooks["end_of_turn"]:
            self.turn_figures.append((player, self._last, segment))

    def put_figure(self, player: int, figure: FigureType, segment: int) -> None:
        """Put a figure of type `figure` on a segment of the tile just placed."""
        if figure is MEEPLE:
            self.put_meeple(player, segment)
            return
        assert self._last is not None
        self._check_figure(player, figure)
        self._check_segment(player, figure, segment)
        code = figure.code(player)
        if figure.follower:
            self.board.put_meeple(self._last, segment, code)
        else:
            self.board.add_figure(self._last, segment, code)
        self.reserve[figure.name][player] -= 1
        self._meeple_placed = True
        if figure.follower:
            self.turn_figures.append((code, self._last, segment))
        if figure.index in self._tracked:
            self.owners[figure.index].figure_placed(self._game, code, self._last, segment)

    def put_target(self, player: int, figure: FigureType, target: str) -> None:
        """Put `figure` where a record's target names it: a segment of the tile just placed
        (`road:N`, `field:SL`, `garden`), or its module's own spot (`corner:NE`)."""
        if figure.kinds:
            self.put_figure(player, figure, self.target_segment(target))
            return
        self._check_figure(player, figure)
        self.owners[figure.index].place(self._game, player, figure, target)
        self.reserve[figure.name][player] -= 1
        self._meeple_placed = True

    def _check_figure(self, player: int, figure: FigureType) -> None:
        if figure.name not in self.reserve:
            raise IllegalMove(f"no {figure.name} in this game: its product is not played")
        if self._meeple_placed:
            raise IllegalMove(
                f"only one figure may be placed per turn ({indefinite(figure.name)} too)"
            )
        if self.reserve[figure.name][player] <= 0:
            raise IllegalMove(f"{self.players[player]} has no {figure.name} left")

    def _check_segment(self, player: int, figure: FigureType, segment: int) -> None:
        pos = self._last
        assert pos is not None
        kind = self.board.placed[pos].kinds[segment]
        if kind not in figure.kinds:
            takers = sorted(f.name for f in self.figure_types.values() if kind in f.kinds)
            allowed = sorted({FEATURE_NAMES[k] for k in figure.kinds})
            feature = FEATURE_NAMES[kind]
            if figure is MEEPLE and takers:
                only = " or ".join(map(indefinite, takers))
                raise IllegalMove(f"only {only} may stand on {indefinite(feature)}, not a meeple")
            places = " or ".join(map(indefinite, allowed))
            raise IllegalMove(
                f"{indefinite(figure.name)} may only go on {places}, not on {indefinite(feature)}"
            )
        if figure.follower:
            fid = self.board.fid(pos, segment)
            if self.board.figures_of(fid):
                raise IllegalMove(f"that {FEATURE_NAMES[kind]} is already occupied")
            reason = self.board.blocked(fid)
            if reason is not None:
                raise IllegalMove(reason)
        for hook in self._hooks["figure_problem"]:
            reason = hook(self, player, figure, pos, segment)
            if reason is not None:
                raise IllegalMove(reason)

    def figure_choices(self, player: int) -> list[Choice]:
        """Every figure `player` may put on the tile just placed, in a fixed order: each
        figure type's free segments (meeple first), then the modules' own targets (barn
        corners), then the figures the player may take back instead (the abbot). A choice is
        (figure, target as records write it, segment or -1, the square taken back from);
        `choose` does it."""
        pos = self._last
        assert pos is not None
        o = self.board.placed[pos]
        board = self.board
        free = self.free_segments()
        hooks = self._hooks["figure_problem"]
        names = o.segment_names
        kinds = o.kinds
        choices: list[Choice] = []
        for figure in self._segment_figures:
            left = self.supply[player] if figure is MEEPLE else self.reserve[figure.name][player]
            if left <= 0:
                continue
            allowed = figure.kinds
            if figure.follower:
                if hooks:
                    choices += [
                        (figure, names[s], s, None)
                        for s in free
                        if kinds[s] in allowed
                        and all(hook(self, player, figure, pos, s) is None for hook in hooks)
                    ]
                else:
                    choices += [(figure, names[s], s, None) for s in free if kinds[s] in allowed]
                continue
            for segment in range(len(kinds)):
                # A special figure stands by a follower (its module's check says whose).
                if kinds[segment] not in allowed or not board.figures_of(board.fid(pos, segment)):
                    continue
                if all(hook(self, player, figure, pos, segment) is None for hook in hooks):
                    choices.append((figure, names[segment], segment, None))
        reserve = self.reserve
        for module, spotted in self._spot_modules:
            # (A barn module without a barn left has nothing to offer: not asked.)
            if len(spotted) == 1 and reserve[spotted[0]][player] <= 0:
                continue
            for figure, target in module.figure_choices(self._game, player, pos, o):
                if reserve[figure.name][player] > 0:
                    choices.append((figure, target, -1, None))
        for module in self._taking_modules:
            for figure, where in module.take_back_choices(self._game, player):
                choices.append((figure, "", -1, where))
        return choices

    def choose(self, player: int, choice: Choice) -> None:
        """Do what `figure_choices` offered."""
        figure, target, segment, where = choice
        if where is not None:
            self.take_back(player, figure, where)
        elif segment >= 0:
            self.put_figure(player, figure, segment)
        else:
            self.put_target(player, figure, target)

    def take_back(self, player: int, figure: FigureType, pos: Pos) -> list[ScoreEvent]:
        """Take `figure` back from the feature it stands on at `pos` instead of placing one
        (the abbot), scoring what its module says; counts as this turn's figure."""
        if figure.name not in self.figure_types:
            raise IllegalMove(f"no {figure.name} in this game: its product is not played")
        if not self.owners[figure.index].defines("take_back"):
            only = self._figures_with("take_back")
            raise IllegalMove(f"{indefinite(figure.name)} is not taken back; only {only} is")
        if self._meeple_placed:
            raise IllegalMove(
                f"{indefinite(figure.name)} is taken back instead of placing a figure"
            )
        events = self.owners[figure.index].take_back(self._game, player, figure, pos)
        self._meeple_placed = True
        self.events += events
        return events

    def _figures_with(self, hook: str) -> str:
        """The figures whose module defines `hook`, for messages (`a wagon or an abbot`)."""
        names = sorted(
            n for n, f in self.figure_types.items() if self.owners[f.index].defines(hook)
        )
        return " or ".join(map(indefinite, names)) or "no figure"

    @property
    def _game(self) -> ModuleGame:
        """This game as the rule modules see it (`rules.module.Game`)."""
        return cast("ModuleGame", self)
