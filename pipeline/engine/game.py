"""A game in progress: turns (tile, figure, scoring, moves), supplies, scores, final scoring.

A turn is the rules' steps as calls: `place` a tile, optionally put one figure on it
(`put_meeple` / `put_figure` / `put_barn`), `score_turn` scores the roads, cities and
cloisters the tile completed (and whatever the modules score then: barns), `move_figure` moves
figures that scoring freed (a wagon moving on), `finish_turn` ends the turn (the courier).
`end_turn` is `score_turn` + `finish_turn` for a turn without moves. `finish` does the final
scoring. The base game is the module every game starts from; the products switch the other
modules on (`rules.modules_for`).

Legality of the placement is checked by the caller through `why_illegal` (replaying a
record) or guaranteed by choosing from `legal_placements` (simulation), so the simulation's
hot loop pays for no checks twice. The board is the fast union-find `Board`, or the naive
flood-fill board the tests and the benchmark compare it with (`naive.NaiveGame`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from pipeline.engine.board import FEATURE_NAMES, Board, FeatureBoard, IllegalMove, Pos
from pipeline.engine.figures import (
    BARN,
    MEEPLE,
    PLAYER_MASK,
    WAGON,
    FigureType,
    player_of,
    type_of,
)
from pipeline.engine.geometry import (
    CITY,
    CORNERS,
    FIELD,
    MONASTERY,
    Oriented,
    TileSet,
    tile_set,
)
from pipeline.engine.rules import modules_for
from pipeline.engine.rules.module import HOOKS, RuleModule
from pipeline.engine.ruleset import RulesConfig
from pipeline.engine.scoring import Formula, ScoreEvent, award

BoardFactory = Callable[[TileSet], FeatureBoard]


class Game:
    """The engine: a board plus the turn structure of the base game and the active modules."""

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
        self.events: list[ScoreEvent] = []
        self.completed = {"road": 0, "city": 0, "monastery": 0}
        self.turn = 0
        self.active = -1  # the player whose turn it is (-1 before the first turn)
        self.modules: dict[str, RuleModule] = {
            m.name: m for m in modules_for(products or self.tiles.products, options or {})
        }
        self.formulas: dict[int, Formula] = {}
        self.figure_types: dict[str, FigureType] = {}
        # Supplies: meeples in `supply` (the base game's), every other figure in `reserve`.
        self.supply = [config.meeples_per_player] * len(self.players)
        self.reserve: dict[str, list[int]] = {}
        for module in self.modules.values():
            self.formulas.update(module.formulas)
            for figure in module.figures:
                self.figure_types[figure.name] = figure
                if figure is not MEEPLE:
                    self.reserve[figure.name] = [module.supply(self, figure)] * len(self.players)
        self._hooks = {
            hook: [getattr(m, hook) for m in self.modules.values() if m.defines(hook)]
            for hook in HOOKS
        }
        self._pending: tuple[list[int], list[int]] = ([], [])
        self._meeple_placed = False
        self._last: Pos | None = None
        # This turn's figures put on a segment, then moved, in order: (code, square, segment).
        self.turn_figures: list[tuple[int, Pos, int]] = []
        self.barn_placed: tuple[int, Pos, int] | None = None  # (player, square, segment)
        self.wagons: dict[int, list[tuple[Pos, int]]] = {}  # player -> where their wagons are
        self.pending_wagons: list[tuple[int, Pos]] = []  # (player, square it stood on)
        for module in self.modules.values():
            module.setup(self)

    @property
    def last_pos(self) -> Pos | None:
        """The square of the tile placed this turn (None before the first)."""
        return self._last

    # -- tiles ------------------------------------------------------------------------
    def start(self, pos: Pos, o: Oriented) -> None:
        """Put the start tile down (turn 0: no figure, nothing to score)."""
        if self.board.placed:
            raise RuntimeError("the start tile is already down")
        self.board.place(pos, o)
        for hook in self._hooks["on_start"]:
            hook(self, pos)

    def legal_placements(self, code: str) -> list[tuple[Pos, Oriented]]:
        return self.board.legal_placements(code)

    def why_illegal(self, pos: Pos, o: Oriented) -> str | None:
        return self.board.why_illegal(pos, o)

    def place(self, pos: Pos, o: Oriented, player: int | None = None) -> None:
        """Turn `turn + 1` begins: the tile goes on `pos` (`player`: whose turn, by default
        the next player's)."""
        self.turn += 1
        self.active = (self.active + 1) % len(self.players) if player is None else player
        self._pending = self.board.place(pos, o)
        self._meeple_placed = False
        self._last = pos
        if self.turn_figures:
            self.turn_figures = []
        self.barn_placed = None
        for hook in self._hooks["on_place"]:
            hook(self, pos, o)

    # -- figures ----------------------------------------------------------------------
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
        self.board.put_meeple(self._last, segment, player)
        self.supply[player] -= 1
        self._meeple_placed = True
        if self._hooks["end_of_turn"]:
            self.turn_figures.append((player, self._last, segment))

    def put_figure(self, player: int, figure: FigureType, segment: int) -> None:
        """Put a follower of type `figure` on a segment of the tile just placed."""
        if figure is MEEPLE:
            self.put_meeple(player, segment)
            return
        assert self._last is not None
        self._check_figure(player, figure)
        kind = self.board.placed[self._last].kinds[segment]
        if kind not in figure.kinds:
            allowed = sorted({FEATURE_NAMES[k] for k in figure.kinds})
            raise IllegalMove(
                f"a {figure.name} may only go on a {' or a '.join(allowed)}, "
                f"not on a {FEATURE_NAMES[kind]}"
            )
        code = figure.code(player)
        self.board.put_meeple(self._last, segment, code)
        self.reserve[figure.name][player] -= 1
        self._meeple_placed = True
        self.turn_figures.append((code, self._last, segment))
        if figure is WAGON:
            self.wagons.setdefault(player, []).append((self._last, segment))

    def put_barn(self, player: int, corner: int) -> None:
        """Put `player`'s barn on corner `corner` (NE SE SW NW) of the tile just placed."""
        assert self._last is not None
        self._check_figure(player, BARN)
        segment = self.board.corner_field(self._last, corner)
        if segment < 0:
            raise IllegalMove(
                f"a barn goes only where four tiles meet and each shows only field at that "
                f"point: corner {CORNERS[corner]} of {self._last} is not such a junction"
            )
        self.board.put_barn(self._last, segment, player)
        self.reserve[BARN.name][player] -= 1
        self._meeple_placed = True
        self.barn_placed = (player, self._last, segment)

    def _check_figure(self, player: int, figure: FigureType) -> None:
        if figure.name not in self.reserve:
            raise IllegalMove(f"no {figure.name} in this game: its product is not played")
        if self._meeple_placed:
            raise IllegalMove(f"only one figure may be placed per turn (a {figure.name} too)")
        if self.reserve[figure.name][player] <= 0:
            raise IllegalMove(f"{self.players[player]} has no {figure.name} left")

    # -- scoring ----------------------------------------------------------------------
    def end_turn(self) -> list[ScoreEvent]:
        """Scoring and the end of the turn, with no figure moved."""
        events = self.score_turn()
        if self.pending_wagons or self._hooks["end_of_turn"]:
            events += self.finish_turn()
        return events

    def score_turn(self) -> list[ScoreEvent]:
        """Score what the tile completed (and what the modules score then)."""
        roots, monasteries = self._pending
        self._pending = ([], [])
        board = self.board
        events: list[ScoreEvent] = []
        completed = self.completed
        for root in roots:
            kind = board.kind_of(root)
            completed["city" if kind == CITY else "road"] += 1
            events += self._score(root, True, self.turn)
        for node in monasteries:
            completed["monastery" if board.kind_of(node) == MONASTERY else "abbey"] += 1
            events += self._score(node, True, self.turn)
        for hook in self._hooks["after_scoring"]:
            hook(self, events)
        self.events += events
        return events

    def pending_moves(self) -> list[tuple[int, str, Pos]]:
        """Figures that may move now, in the order the players decide (clockwise from the
        active player): (player, figure, the square it stood on)."""
        count = len(self.players)
        order = sorted(self.pending_wagons, key=lambda w: (w[0] - self.active) % count)
        return [(player, WAGON.name, pos) for player, pos in order]

    def finish_turn(self) -> list[ScoreEvent]:
        """The end of the turn: figures not moved stay in their supply; end-of-turn rules."""
        self.pending_wagons = []
        events: list[ScoreEvent] = []
        for hook in self._hooks["end_of_turn"]:
            hook(self, events)
        self.events += events
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
        """What a mayor's strength on this feature is reckoned from."""
        return self.board.coats_of(fid) * self.config.mayor_strength_per_coat_of_arms

    def feature_value(self, fid: int, complete: bool) -> int:
        board = self.board
        kind = board.kind_of(fid)
        cities = board.cities_of(fid) if kind == FIELD else 0
        formula = self.formulas[kind]
        return formula(self.config, board.tiles_of(fid), board.coats_of(fid), cities, complete)

    def _score(self, fid: int, complete: bool, turn: int | None) -> list[ScoreEvent]:
        board = self.board
        figures = board.figures_of(fid)
        if not figures:
            return []
        kind = board.kind_of(fid)
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
        )
        self.return_figures(fid, turn)
        return events

    def return_figures(self, fid: int, turn: int | None) -> None:
        """Every figure on the feature goes back to its owner's supply; a wagon scored
        during a turn may then move (`pending_moves`)."""
        board = self.board
        figures = board.figures_of(fid)
        supply = self.supply
        for code in figures:
            if code <= PLAYER_MASK:
                supply[code] += 1
                continue
            player = player_of(code)
            figure = type_of(code)
            self.reserve[figure.name][player] += 1
            if figure is WAGON:
                where = self._wagon_leaves(player, fid)
                if turn is not None:
                    self.pending_wagons.append((player, where))
        board.clear_figures(fid)

    def _wagon_leaves(self, player: int, fid: int) -> Pos:
        spots = self.wagons[player]
        for index, (pos, segment) in enumerate(spots):
            if self.board.fid(pos, segment) == fid:
                del spots[index]
                return pos
        raise AssertionError(f"no wagon of player {player} on feature {fid}")

    # -- moves ------------------------------------------------------------------------
    def move_figure(self, player: int, figure: str, pos: Pos, segment: int) -> None:
        """Move a figure that scoring freed (a wagon) onto segment `segment` of `pos`."""
        if figure != WAGON.name:
            raise IllegalMove(f"a {figure} does not move after scoring; only a wagon does")
        order = [p for p, _name, _pos in self.pending_moves()]
        if player not in order:
            raise IllegalMove(f"{self.players[player]} has no wagon to move this turn")
        index = order.index(player)
        from_pos = self.pending_wagons[
            next(i for i, w in enumerate(self.pending_wagons) if w[0] == player)
        ][1]
        if max(abs(pos[0] - from_pos[0]), abs(pos[1] - from_pos[1])) > 1:
            raise IllegalMove(
                f"a wagon moves only to the tile it stood on ({from_pos}) or one of the 8 "
                f"around it, not to {pos}"
            )
        problem = self.wagon_target_problem(pos, segment)
        if problem is not None:
            raise IllegalMove(problem)
        code = WAGON.code(player)
        self.board.put_meeple(pos, segment, code)
        self.reserve[WAGON.name][player] -= 1
        self.wagons.setdefault(player, []).append((pos, segment))
        self.turn_figures.append((code, pos, segment))
        # Players before this one in the order have passed their chance.
        passed = set(order[: index + 1])
        self.pending_wagons = [w for w in self.pending_wagons if w[0] not in passed]

    def wagon_target_problem(self, pos: Pos, segment: int) -> str | None:
        """None when a wagon may move onto that segment, else why not."""
        board = self.board
        o = board.placed.get(pos)
        if o is None:
            return f"there is no tile on {pos}"
        kind = o.kinds[segment]
        if kind not in WAGON.kinds:
            return f"a wagon may not move onto a {FEATURE_NAMES[kind]}"
        fid = board.fid(pos, segment)
        if board.complete(fid):
            name = FEATURE_NAMES[kind]
            return f"that {name} is completed: a wagon moves only to an unfinished one"
        if board.figures_of(fid):
            return f"that {FEATURE_NAMES[kind]} is already occupied"
        return None

    def wagon_targets(self, from_pos: Pos) -> list[tuple[Pos, int]]:
        """Every (square, segment) a wagon that stood on `from_pos` may move to."""
        board = self.board
        x, y = from_pos
        out: list[tuple[Pos, int]] = []
        seen: set[object] = set()
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                pos = (x + dx, y + dy)
                o = board.placed.get(pos)
                if o is None:
                    continue
                for segment, kind in enumerate(o.kinds):
                    if kind == FIELD or kind not in WAGON.kinds:
                        continue
                    fid = board.fid(pos, segment)
                    if fid in seen:
                        continue
                    seen.add(fid)
                    if self.wagon_target_problem(pos, segment) is None:
                        out.append((pos, segment))
        return out

    def score_table(self) -> dict[str, int]:
        return dict(zip(self.players, self.scores, strict=True))
