"""The naive baseline engine: no frontier, no union-find, no caches.

Same interface and rules as `game.Game`, written the obvious way so it can serve twice: as
the benchmark's baseline (measured in the same run), and as an independent cross-check of
the fast engine (tests replay the same records through both). Legal placements scan every
empty square of the bounding box in every rotation; a feature is found by flood fill from
scratch whenever it is needed, and is complete when none of its sides is left open.
"""

from __future__ import annotations

from collections.abc import Sequence

from pipeline.engine.board import NEIGHBOURS_8, IllegalMove, Pos
from pipeline.engine.geometry import (
    CITY,
    FIELD,
    MONASTERY,
    SIDE_OFFSETS,
    Oriented,
    TileSet,
    opposite_half,
    tile_set,
)
from pipeline.engine.ruleset import RulesConfig
from pipeline.engine.scoring import ScoreEvent, award

Node = tuple[Pos, int]  # (square, local segment)


class NaiveGame:
    def __init__(
        self, players: Sequence[str], config: RulesConfig, tiles: TileSet | None = None
    ) -> None:
        self.tiles = tiles or tile_set(config.product)
        self.config = config
        self.players = list(players)
        self.placed: dict[Pos, Oriented] = {}
        self.meeples: dict[Node, int] = {}
        self.scores = [0] * len(self.players)
        self.supply = [config.meeples_per_player] * len(self.players)
        self.events: list[ScoreEvent] = []
        self.completed = {"road": 0, "city": 0, "monastery": 0}
        self.turn = 0
        self._last: Pos = (0, 0)
        self._meeple_placed = False

    def start(self, pos: Pos, o: Oriented) -> None:
        self.placed[pos] = o

    def why_illegal(self, pos: Pos, o: Oriented) -> str | None:
        if pos in self.placed:
            return f"square {pos} is already taken"
        touching = False
        for side, (dx, dy) in enumerate(SIDE_OFFSETS):
            neighbour = self.placed.get((pos[0] + dx, pos[1] + dy))
            if neighbour is not None:
                touching = True
                if neighbour.edges[(side + 2) % 4] != o.edges[side]:
                    return f"tile {o.code} does not fit at {pos}"
        return None if touching else f"square {pos} does not touch any placed tile"

    def legal_placements(self, code: str) -> list[tuple[Pos, Oriented]]:
        xs = [x for x, _ in self.placed]
        ys = [y for _, y in self.placed]
        found = []
        for y in range(min(ys) - 1, max(ys) + 2):
            for x in range(min(xs) - 1, max(xs) + 2):
                for o in self.tiles.oriented[code]:
                    if self.why_illegal((x, y), o) is None:
                        found.append(((x, y), o))
        return found

    def place(self, pos: Pos, o: Oriented) -> None:
        self.turn += 1
        self.placed[pos] = o
        self._last = pos
        self._meeple_placed = False

    # -- features by flood fill -------------------------------------------------------
    def _links(self, node: Node) -> tuple[list[Node], int]:
        """Segments joined to `node` across its tile's sides, and its sides left open."""
        (x, y), segment = node
        o = self.placed[(x, y)]
        linked: list[Node] = []
        open_sides = 0
        if o.kinds[segment] == FIELD:
            for half in range(8):
                if o.half_segment[half] == segment:
                    dx, dy = SIDE_OFFSETS[half // 2]
                    neighbour = self.placed.get((x + dx, y + dy))
                    if neighbour is not None:
                        far = neighbour.half_segment[opposite_half(half)]
                        linked.append(((x + dx, y + dy), far))
        elif o.kinds[segment] != MONASTERY:
            for side in range(4):
                if o.side_segment[side] == segment:
                    dx, dy = SIDE_OFFSETS[side]
                    neighbour = self.placed.get((x + dx, y + dy))
                    if neighbour is None:
                        open_sides += 1
                    else:
                        linked.append(((x + dx, y + dy), neighbour.side_segment[(side + 2) % 4]))
        return linked, open_sides

    def feature(self, start: Node) -> tuple[set[Node], int]:
        """Every segment of the feature holding `start`, and its open sides in total."""
        seen = {start}
        todo = [start]
        open_sides = 0
        while todo:
            linked, opened = self._links(todo.pop())
            open_sides += opened
            for node in linked:
                if node not in seen:
                    seen.add(node)
                    todo.append(node)
        return seen, open_sides

    def _neighbours(self, pos: Pos) -> int:
        return sum((pos[0] + dx, pos[1] + dy) in self.placed for dx, dy in NEIGHBOURS_8)

    # -- meeples and scoring ----------------------------------------------------------
    def free_segments(self) -> list[int]:
        o = self.placed[self._last]
        return [
            segment
            for segment in range(len(o.kinds))
            if not any(n in self.meeples for n in self.feature((self._last, segment))[0])
        ]

    def target_segment(self, target: str) -> int:
        o = self.placed[self._last]
        if target not in o.targets:
            raise IllegalMove(f"tile {o.code} has no {target!r}")
        return o.targets[target]

    def put_meeple(self, player: int, segment: int) -> None:
        if self._meeple_placed:
            raise IllegalMove("only one meeple may be placed per turn")
        if self.supply[player] <= 0:
            raise IllegalMove(f"{self.players[player]} has no meeple left")
        if segment not in self.free_segments():
            raise IllegalMove("that feature is already occupied")
        self.meeples[(self._last, segment)] = player
        self.supply[player] -= 1
        self._meeple_placed = True

    def _score(self, nodes: set[Node], kind: int, complete: bool, turn: int | None) -> None:
        holders = [self.meeples.pop(n) for n in sorted(nodes) if n in self.meeples]
        if not holders:
            return
        tiles = len({pos for pos, _ in nodes})
        coats = sum(self.placed[pos].coats[segment] for pos, segment in nodes)
        cities: set[frozenset[Node]] = set()
        if kind == FIELD:
            for pos, segment in nodes:
                for city in self.placed[pos].field_borders[segment]:
                    members, open_sides = self.feature((pos, city))
                    if open_sides == 0:
                        cities.add(frozenset(members))
        if kind == MONASTERY:
            (pos, _segment) = next(iter(nodes))
            tiles = 1 + self._neighbours(pos)
        self.events += award(
            self.config,
            self.players,
            self.scores,
            holders,
            kind,
            tiles=tiles,
            coats=coats,
            cities=len(cities),
            complete=complete,
            turn=turn,
        )
        for player in holders:
            self.supply[player] += 1

    def end_turn(self) -> list[ScoreEvent]:
        before = len(self.events)
        pos = self._last
        o = self.placed[pos]
        done: list[set[Node]] = []
        for segment, kind in enumerate(o.kinds):
            if kind in (FIELD, MONASTERY):
                continue
            nodes, open_sides = self.feature((pos, segment))
            if open_sides == 0 and nodes not in done:
                done.append(nodes)
                self.completed["city" if kind == CITY else "road"] += 1
                self._score(nodes, kind, True, self.turn)
        for dx, dy in ((0, 0), *NEIGHBOURS_8):
            square = (pos[0] + dx, pos[1] + dy)
            tile = self.placed.get(square)
            if tile is not None and tile.monastery >= 0 and self._neighbours(square) == 8:
                self.completed["monastery"] += 1
                self._score({(square, tile.monastery)}, MONASTERY, True, self.turn)
        return self.events[before:]

    def finish(self) -> list[ScoreEvent]:
        before = len(self.events)
        for node in sorted(self.meeples):
            if node not in self.meeples:
                continue  # already scored along with another meeple of its feature
            pos, segment = node
            kind = self.placed[pos].kinds[segment]
            nodes = {node} if kind == MONASTERY else self.feature(node)[0]
            self._score(nodes, kind, False, None)
        return self.events[before:]
