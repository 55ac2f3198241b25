"""A game in progress: turns (tile, figure, scoring, moves), supplies, scores, final scoring.

A turn is the rules' steps as calls: `place` a tile, optionally put one figure on it
(`put_meeple` / `put_figure` for a segment, `put_target` for any figure by its record target)
or take one back (`take_back`: the abbot), `score_turn` scores the roads, cities and cloisters
the tile completed (and whatever the modules score then: barns, goods), `move_figure` moves
figures that scoring freed (a wagon moving on), `finish_turn` ends the turn (the courier, the
builder's bonus tile). `end_turn` is `score_turn` + `finish_turn` for a turn without moves.
`finish` does the final scoring. Everything a product adds comes from its rule modules
(`rules.modules_for`): figures, feature kinds and formulas, numbers, hooks.

Legality of the placement is checked by the caller through `why_illegal` (replaying a
record) or guaranteed by choosing from `placements` (simulation), so the simulation's hot
loop pays for no checks twice. The board is the fast union-find `Board`, or the naive
flood-fill board the tests and the benchmark compare it with (`naive.NaiveGame`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from carcdb.pipeline.engine.board import FEATURE_NAMES, Board, FeatureBoard, IllegalMove, Pos
from carcdb.pipeline.engine.figures import MEEPLE, PLAYER_MASK, FigureType, player_of, type_of
from carcdb.pipeline.engine.geometry import FIELD, Oriented, TileSet, tile_set
from carcdb.pipeline.engine.placing import FigurePlay, indefinite
from carcdb.pipeline.engine.rules import modules_for
from carcdb.pipeline.engine.rules.module import HOOKS, RuleModule
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.engine.scoring import Facts, Formula, ScoreEvent, award

BoardFactory = Callable[[TileSet], FeatureBoard]


class Game(FigurePlay):
    """The engine: a board plus the turn structure of the base game and the active modules
    (putting figures on the tile just placed is `placing.FigurePlay`'s)."""

    board_type: BoardFactory = Board

    def __init__(
        self,
        players: Sequence[str],
        config: RulesConfig,
        tiles: TileSet | None = None,
        *,
        products: Sequence[str] | None = None,
        options: Mapping[str, str] | None = None,
    ) -> None:
        self.tiles = tiles or tile_set(config.product)
        self.config = config
        self.players = list(players)
        self.board = type(self).board_type(self.tiles)
        self.scores = [0] * len(self.players)
        self._count = len(self.players)
        self.events: list[ScoreEvent] = []
        self.completed = {"road": 0, "city": 0, "monastery": 0}
        self.turn = 0
        self.active = -1  # the player whose turn it is (-1 before the first turn)
        self.next_player = 0
        self.bonus_turn = False  # this turn is a bonus turn (the builder's)
        self.last_was_bonus = False  # the turn before was one
        self.options = dict(options or {})
        # The modules' record fields of this turn (Hills and Sheep's `sheep`, `flock`): as a
        # replayed record gives them (`given`, modules take what they read) or as random play
        # writes them (`written`); random play's generator for its draws (`rng`).
        self.given: dict[str, Any] = {}
        self.written: dict[str, Any] = {}
        self.rng: random.Random | None = None
        modules = modules_for(products or self.tiles.products, self.options, config)
        self.modules: dict[str, RuleModule] = {m.name: m for m in modules}
        self.formulas: dict[int, Formula] = {}
        self.figure_types: dict[str, FigureType] = {}
        self.owners: dict[int, RuleModule] = {}  # figure index -> the module playing it
        # Supplies: meeples in `supply` (the base game's), every other figure in `reserve`.
        self.supply = [config.meeples_per_player] * len(self.players)
        self.reserve: dict[str, list[int]] = {}
        for module in modules:
            self.formulas.update(module.formulas(self.formulas))
            for name in module.kinds.values():
                self.completed.setdefault(name, 0)
            for figure in module.figures:
                self.figure_types[figure.name] = figure
                self.owners[figure.index] = module
                if figure is not MEEPLE:
                    self.reserve[figure.name] = [module.supply(figure)] * len(self.players)
        # What a strength-by-coats figure's strength is per coat of arms (the mayor's).
        self._per_coat = next(
            (
                self.owners[f.index].values[f.strength_number]
                for f in self.figure_types.values()
                if f.strength is None
            ),
            1,
        )
        self._hooks = {
            hook: [getattr(m, hook) for m in modules if m.defines(hook)] for hook in HOOKS
        }
        self._tile_rules = [m for m in modules if m.defines("tile_problem")]
        self._segment_figures = [f for f in self.figure_types.values() if f.kinds]
        # Modules with their own spots, and their figures: asked only while one is left.
        self._spot_modules = [
            (m, [f.name for f in m.figures if not f.kinds])
            for m in modules
            if m.defines("figure_choices")
        ]
        self._taking_modules = [m for m in modules if m.defines("take_back_choices")]
        self._check_meeples = bool(self._hooks["figure_problem"]) or self.tiles.gardens
        self._turn_over = bool(self._hooks["end_of_turn"] or self._hooks["extra_turn"])
        self._tracked = {
            index
            for index, module in self.owners.items()
            if module.defines("figure_placed") or module.defines("figure_returned")
        }
        self._pending: tuple[list[int], list[int]] = ([], [])
        self._meeple_placed = False
        self._last: Pos | None = None
        # This turn's figures put on a segment, then moved, in order: (code, square, segment).
        self.turn_figures: list[tuple[int, Pos, int]] = []
        self._completed_now: tuple[list[int], list[int]] = ([], [])
        for module in modules:
            module.setup(self)

    @property
    def last_pos(self) -> Pos | None:
        """The square of the tile placed this turn (None before the first)."""
        return self._last

    @property
    def turn_completed(self) -> list[int]:
        """The features this turn's tile completed (roots; valid until the next placement)."""
        roads_and_cities, cloisters = self._completed_now
        return roads_and_cities + cloisters

    def module(self, name: str) -> RuleModule | None:
        return self.modules.get(name)

    def defines(self, hook: str) -> bool:
        """Whether any module of the game defines `hook`."""
        return bool(self._hooks[hook])

    # -- tiles ------------------------------------------------------------------------
    def start(self, pos: Pos, o: Oriented) -> None:
        """Put the start tile down (turn 0: no figure, nothing to score)."""
        if self.board.placed:
            raise RuntimeError("the start tile is already down")
        self.board.place(pos, o)
        for hook in self._hooks["on_start"]:
            hook(self, pos)

    def constrained(self, code: str) -> bool:
        """Whether some module's placement rules may refuse a fit of `code` now."""
        return any(module.constrains(self, code) for module in self._tile_rules)

    def placements(self, code: str) -> list[tuple[Pos, Oriented]]:
        """Where `code` may go: the board's fits that every module's rules allow."""
        found = self.board.legal_placements(code)
        hooks = [m.tile_problem for m in self._tile_rules if m.constrains(self, code)]
        if not hooks:
            return found
        player = self.next_player
        return [
            (pos, o)
            for pos, o in found
            if all(hook(self, player, pos, o) is None for hook in hooks)
        ]

    def legal_placements(self, code: str) -> list[tuple[Pos, Oriented]]:
        return self.placements(code)

    def play_problem(self, player: int, o: Oriented) -> str | None:
        """Why `player` may not play tile `o` at all (an abbey not in reserve), or None."""
        for hook in self._hooks["play_problem"]:
            reason: str | None = hook(self, player, o)
            if reason is not None:
                return reason
        return None

    def why_illegal(self, pos: Pos, o: Oriented, player: int | None = None) -> str | None:
        reason: str | None = self.board.why_illegal(pos, o)
        if reason is not None:
            return reason
        who = self.next_player if player is None else player
        for hook in self._hooks["tile_problem"]:
            reason = hook(self, who, pos, o)
            if reason is not None:
                return reason
        return None

    def place(self, pos: Pos, o: Oriented, player: int | None = None) -> None:
        """Turn `turn + 1` begins: the tile goes on `pos` (`player`: whose turn, by default
        the next player's)."""
        self.turn += 1
        self.active = self.next_player if player is None else player
        self._pending = self.board.place(pos, o)
        self._meeple_placed = False
        self._last = pos
        if self.turn_figures:
            self.turn_figures = []
        if self.given:
            self.given = {}
        if self.written:
            self.written = {}  # a new dict: the last turn's is in its record
        for hook in self._hooks["on_place"]:
            hook(self, pos, o)

    # -- scoring ----------------------------------------------------------------------
    def end_turn(self) -> list[ScoreEvent]:
        """Scoring and the end of the turn, with no figure moved."""
        events = self.score_turn()
        if self._turn_over:
            events += self.finish_turn()
        else:
            self.next_player = (self.active + 1) % self._count
        return events

    def score_turn(self) -> list[ScoreEvent]:
        """Score what the tile completed (and what the modules score then)."""
        roots, cloisters = self._pending
        self._pending = ([], [])
        board = self.board
        events: list[ScoreEvent] = []
        for hook in self._hooks["before_scoring"]:
            hook(self, events)
        completed = self.completed
        self._completed_now = (roots, cloisters)
        for root in roots:
            completed[FEATURE_NAMES[board.kind_of(root)]] += 1
            events += self._score(root, True, self.turn)
        for node in cloisters:
            completed[FEATURE_NAMES[board.kind_of(node)]] += 1
            events += self._score(node, True, self.turn)
        for hook in self._hooks["after_scoring"]:
            hook(self, events)
        self.events += events
        return events

    def pending_moves(self) -> list[tuple[int, str, Pos]]:
        """Figures that may move now, in the order the players decide (clockwise from the
        active player): (player, figure, the square it stood on)."""
        hooks = self._hooks["pending_moves"]
        if not hooks:
            return []
        if len(hooks) == 1:
            moves: list[tuple[int, str, Pos]] = hooks[0](self)
            return moves
        moves = []
        for hook in hooks:
            moves += hook(self)
        return moves

    def finish_turn(self) -> list[ScoreEvent]:
        """The end of the turn: figures not moved stay in their supply; end-of-turn rules;
        who plays next (a bonus turn goes to the same player)."""
        if not self._turn_over:
            self.next_player = (self.active + 1) % self._count
            return []
        events: list[ScoreEvent] = []
        for hook in self._hooks["end_of_turn"]:
            hook(self, events)
        self.events += events
        was = self.bonus_turn
        bonus = not was and any(hook(self) for hook in self._hooks["extra_turn"])
        self.last_was_bonus = was
        self.bonus_turn = bonus
        self.next_player = self.active if bonus else (self.active + 1) % self._count
        return events

    def finish(self) -> list[ScoreEvent]:
        """Final scoring: every feature still holding figures, then the modules' (barns)."""
        events: list[ScoreEvent] = []
        for fid in self.board.final_order():
            events += self._score(fid, False, None)
        for hook in self._hooks["final"]:
            hook(self, events)
        self.events += events
        return events

    def strength_coats(self, fid: int) -> int:
        """What a strength-by-coats figure's (a mayor's) strength on this feature is."""
        return self.board.coats_of(fid) * self._per_coat

    def feature_value(self, fid: int, complete: bool) -> int:
        board = self.board
        kind = board.kind_of(fid)
        cities = board.cities_of(fid) if kind == FIELD else 0
        facts = Facts(
            board.tiles_of(fid), board.coats_of(fid), cities, complete, board.symbols_of(fid)
        )
        points = self.formulas[kind](facts)
        for hook in self._hooks["feature_points"]:
            points = hook(self, fid, complete, points)
        return points

    def tie_breaker(self, fid: int) -> Callable[[list[int]], list[int]] | None:
        """Who of the players tied for the majority of `fid` take it, as the modules decide
        (the hills); None when no module breaks ties."""
        hooks = self._hooks["break_tie"]
        if not hooks:
            return None

        def tie(tied: list[int]) -> list[int]:
            for hook in hooks:
                tied = hook(self, fid, tied)
            return tied

        return tie

    def _score(self, fid: int, complete: bool, turn: int | None) -> list[ScoreEvent]:
        board = self.board
        figures = board.figures_of(fid)
        if not figures:
            return []
        kind = board.kind_of(fid)
        hooks = self._hooks["player_points"]
        adjust: Callable[[int, int], int] | None = None
        if hooks:

            def adjust(player: int, points: int) -> int:
                for hook in hooks:
                    points = hook(self, fid, player, points)
                return points

        events = award(
            self.players,
            self.scores,
            figures,
            FEATURE_NAMES[kind],
            self.feature_value(fid, complete),
            tiles=board.tiles_of(fid),
            coats=board.coats_of(fid),
            strength_coats=self.strength_coats(fid),
            turn=turn,
            adjust=adjust,
            tie=self.tie_breaker(fid),
        )
        self.return_figures(fid, turn)
        return events

    def return_figures(self, fid: int, turn: int | None) -> None:
        """Every figure on the feature goes back to its owner's supply (the modules that
        track their figures hear of it: a wagon scored during a turn may then move)."""
        board = self.board
        figures = board.figures_of(fid)
        supply = self.supply
        for code in figures:
            if code <= PLAYER_MASK:
                supply[code] += 1
                continue
            figure = type_of(code)
            self.reserve[figure.name][player_of(code)] += 1
            if figure.index in self._tracked:
                self.owners[figure.index].figure_returned(self, code, fid, turn)
        board.clear_figures(fid)

    # -- moves ------------------------------------------------------------------------
    def move_figure(self, player: int, figure: str, pos: Pos, segment: int) -> None:
        """Move a figure that scoring freed (a wagon) onto segment `segment` of `pos`."""
        found = self.figure_types.get(figure)
        if found is None or not self.owners[found.index].defines("move"):
            only = self._figures_with("move")
            raise IllegalMove(f"{indefinite(figure)} does not move after scoring; only {only} does")
        self.owners[found.index].move(self, player, found, pos, segment)

    def move_targets(self, player: int, figure: str, from_pos: Pos) -> list[tuple[Pos, int]]:
        """Every (square, segment) a freed `figure` that stood on `from_pos` may move to."""
        found = self.figure_types[figure]
        return self.owners[found.index].move_targets(self, player, from_pos)
