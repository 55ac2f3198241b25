"""A game in progress: turns (tile, meeple, scoring), meeple supplies, scores, final scoring.

A turn is three calls, as in the rules: `place` a tile, optionally `put_meeple` on the tile
just placed, then `end_turn` scores the roads, cities and monasteries the tile completed and
returns their meeples. `finish` does the final scoring. Legality of the placement is checked
by the caller through `why_illegal` (replaying a record) or guaranteed by choosing from
`legal_placements` (simulation), so the simulation's hot loop pays for no checks twice.
"""

from __future__ import annotations

from collections.abc import Sequence

from pipeline.engine.board import Board, IllegalMove, Pos
from pipeline.engine.geometry import CITY, FIELD, MONASTERY, ROAD, Oriented, TileSet, tile_set
from pipeline.engine.ruleset import RulesConfig
from pipeline.engine.scoring import ScoreEvent, award


class Game:
    """The fast engine: union-find board plus the base-game turn structure."""

    def __init__(
        self, players: Sequence[str], config: RulesConfig, tiles: TileSet | None = None
    ) -> None:
        self.tiles = tiles or tile_set(config.product)
        self.config = config
        self.players = list(players)
        self.board = Board(self.tiles)
        self.scores = [0] * len(self.players)
        self.supply = [config.meeples_per_player] * len(self.players)
        self.events: list[ScoreEvent] = []
        self.completed = {"road": 0, "city": 0, "monastery": 0}
        self.turn = 0
        self._pending: tuple[list[int], list[int]] = ([], [])
        self._meeple_placed = False
        self._last: Pos | None = None

    def start(self, pos: Pos, o: Oriented) -> None:
        """Put the start tile down (turn 0: no meeple, nothing to score)."""
        if self.board.placed:
            raise RuntimeError("the start tile is already down")
        self.board.place(pos, o)

    def legal_placements(self, code: str) -> list[tuple[Pos, Oriented]]:
        return self.board.legal_placements(code)

    def why_illegal(self, pos: Pos, o: Oriented) -> str | None:
        return self.board.why_illegal(pos, o)

    def place(self, pos: Pos, o: Oriented) -> None:
        self.turn += 1
        self._pending = self.board.place(pos, o)
        self._meeple_placed = False
        self._last = pos

    def free_segments(self) -> list[int]:
        """Segments of the tile just placed whose feature has no meeple yet."""
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

    def end_turn(self) -> list[ScoreEvent]:
        roots, monasteries = self._pending
        self._pending = ([], [])
        board = self.board
        events: list[ScoreEvent] = []
        for root in roots:
            kind = board.kind[root]
            self.completed["city" if kind == CITY else "road"] += 1
            events += self._score(root, kind, 0, True, self.turn)
        for node in monasteries:
            self.completed["monastery"] += 1
            events += self._score(node, MONASTERY, 9, True, self.turn)
        self.events += events
        return events

    def finish(self) -> list[ScoreEvent]:
        """Final scoring: every feature still holding meeples (fields only now)."""
        board = self.board
        events: list[ScoreEvent] = []
        ordered = sorted(
            (root for root in board.feature_roots() if board.meeples[root]),
            key=lambda root: (_FINAL_ORDER[board.kind[root]], root),
        )
        for root in ordered:
            kind = board.kind[root]
            tiles = 0
            if kind == MONASTERY:
                (pos,) = board.covered[root]
                tiles = 1 + board.monastery_neighbours(pos)
            events += self._score(root, kind, tiles, False, None)
        self.events += events
        return events

    def _score(
        self, root: int, kind: int, monastery_tiles: int, complete: bool, turn: int | None
    ) -> list[ScoreEvent]:
        board = self.board
        meeples = board.meeples[root]
        if not meeples:
            return []
        cities = 0
        if kind == FIELD:
            completed = {board.find(c) for c in board.borders[root]}
            cities = sum(1 for c in completed if board.open_ends[c] == 0)
        tiles = monastery_tiles if kind == MONASTERY else len(board.covered[root])
        events = award(
            self.config,
            self.players,
            self.scores,
            meeples,
            kind,
            tiles=tiles,
            coats=board.coats[root],
            cities=cities,
            complete=complete,
            turn=turn,
        )
        for player in meeples:
            self.supply[player] += 1
        board.meeples[root] = []
        return events

    def score_table(self) -> dict[str, int]:
        return dict(zip(self.players, self.scores, strict=True))


_FINAL_ORDER = {ROAD: 0, CITY: 1, MONASTERY: 2, FIELD: 3}
