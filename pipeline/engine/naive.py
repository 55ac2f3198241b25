"""The naive baseline board: no frontier, no union-find, no caches.

The same questions as `board.Board` answered the obvious way, so it can serve twice: as the
benchmark's baseline (measured in the same run), and as an independent cross-check of the
fast board (tests replay the same records through both, the rules being the same `Game`).
Legal placements scan every empty square of the bounding box in every rotation; a feature
is found by flood fill from scratch whenever it is needed (its name is its smallest node), and
is complete when none of its sides is left open (a side against an abbey is closed). Barn
corners are found from grid points, not from the oriented tiles' corner table; marks and
symbols are kept per node and summed over the flood fill.
"""

from __future__ import annotations

from collections.abc import Callable

from carcdb.pipeline.engine.board import FEATURE_NAMES, FINAL_ORDER, NEIGHBOURS_8, IllegalMove, Pos
from carcdb.pipeline.engine.game import Game
from carcdb.pipeline.engine.geometry import (
    CITY,
    CLOISTERS,
    FIELD,
    ROAD,
    SIDE_OFFSETS,
    Oriented,
    TileSet,
    corner_halves,
    opposite_half,
)

# A grid point's four tiles, from the point (px, py) = the NW corner of tile (px, py):
# (dx, dy of the tile, the tile's corner at the point: 0 NE, 1 SE, 2 SW, 3 NW).
_AROUND_POINT = ((-1, -1, 1), (0, -1, 2), (0, 0, 3), (-1, 0, 0))
_POINT_OF_CORNER = ((1, 0), (1, 1), (0, 1), (0, 0))  # corner -> offset of its grid point


class NaiveBoard:
    def __init__(self, tiles: TileSet) -> None:
        self.tiles = tiles
        self.placed: dict[Pos, Oriented] = {}
        self.node_base: dict[Pos, int] = {}
        self.nodes: list[tuple[Pos, int]] = []  # node id -> (square, segment)
        self.figures: dict[int, list[int]] = {}
        self.marks: dict[str, dict[int, list[int]]] = {}  # name -> node -> values
        self.blocking: dict[str, str] = {}  # blocking mark name -> why

    # -- placement --------------------------------------------------------------------
    def why_illegal(self, pos: Pos, o: Oriented) -> str | None:
        if pos in self.placed:
            return f"square {pos} is already taken"
        touching = 0
        for side, (dx, dy) in enumerate(SIDE_OFFSETS):
            neighbour = self.placed.get((pos[0] + dx, pos[1] + dy))
            if neighbour is not None:
                touching += 1
                if not o.abbey and neighbour.edges[(side + 2) % 4] != o.edges[side]:
                    return f"tile {o.code} does not fit at {pos}"
        if o.abbey and touching < 4:
            return f"an abbey needs a hole: {pos} has {touching} neighbours"
        return None if touching else f"square {pos} does not touch any placed tile"

    def legal_placements(self, code: str) -> list[tuple[Pos, Oriented]]:
        xs = [x for x, _ in self.placed]
        ys = [y for _, y in self.placed]
        variants = self.tiles.oriented[code]
        if variants[0].abbey:
            variants = variants[:1]  # an abbey has no rotation that matters
        found = []
        for y in range(min(ys) - 1, max(ys) + 2):
            for x in range(min(xs) - 1, max(xs) + 2):
                for o in variants:
                    if self.why_illegal((x, y), o) is None:
                        found.append(((x, y), o))
        return found

    def pick_placement(
        self, code: str, randrange: Callable[[int], int]
    ) -> tuple[Pos, Oriented] | None:
        found = self.legal_placements(code)
        return found[randrange(len(found))] if found else None

    def place(self, pos: Pos, o: Oriented) -> tuple[list[int], list[int]]:
        self.placed[pos] = o
        self.node_base[pos] = len(self.nodes)
        self.nodes += [(pos, segment) for segment in range(len(o.kinds))]
        # The segments whose feature this tile may have completed: its own roads and cities,
        # or, for an abbey, those facing it (they were open on that side until now).
        candidates = [(pos, s) for s, kind in enumerate(o.kinds) if kind in (ROAD, CITY)]
        if o.abbey:
            for side, (dx, dy) in enumerate(SIDE_OFFSETS):
                square = (pos[0] + dx, pos[1] + dy)
                facing = self.placed[square].side_segment[(side + 2) % 4]
                if facing >= 0:
                    candidates.append((square, facing))
        done: list[int] = []
        for square, segment in candidates:
            fid = self.fid(square, segment)
            if fid not in done and self.complete(fid):
                done.append(fid)
        cloisters = []
        for dx, dy in ((0, 0), *NEIGHBOURS_8):
            square = (pos[0] + dx, pos[1] + dy)
            tile = self.placed.get(square)
            if tile is not None and tile.cloisters and self.monastery_neighbours(square) == 8:
                cloisters += [self.node_base[square] + c for c in tile.cloisters]
        return done, cloisters

    def monastery_neighbours(self, pos: Pos) -> int:
        return sum((pos[0] + dx, pos[1] + dy) in self.placed for dx, dy in NEIGHBOURS_8)

    # -- features by flood fill -------------------------------------------------------
    def _links(self, node: int) -> tuple[list[int], int]:
        """Nodes joined to `node` across its tile's sides, and its sides left open."""
        (x, y), segment = self.nodes[node]
        o = self.placed[(x, y)]
        linked: list[int] = []
        open_sides = 0
        kind = o.kinds[segment]
        if kind == FIELD:
            for half in range(8):
                if o.half_segment[half] == segment:
                    dx, dy = SIDE_OFFSETS[half // 2]
                    neighbour = self.placed.get((x + dx, y + dy))
                    if neighbour is not None and not neighbour.abbey:
                        far = neighbour.half_segment[opposite_half(half)]
                        linked.append(self.node_base[(x + dx, y + dy)] + far)
        elif kind in (ROAD, CITY):
            for side in range(4):
                if o.side_segment[side] == segment:
                    dx, dy = SIDE_OFFSETS[side]
                    neighbour = self.placed.get((x + dx, y + dy))
                    if neighbour is None:
                        open_sides += 1
                    elif not neighbour.abbey:  # an abbey closes the side, joins nothing
                        far = neighbour.side_segment[(side + 2) % 4]
                        linked.append(self.node_base[(x + dx, y + dy)] + far)
        return linked, open_sides

    def _feature(self, start: int) -> tuple[set[int], int]:
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

    def fid(self, pos: Pos, segment: int) -> int:
        return min(self._feature(self.node_base[pos] + segment)[0])

    def _segment(self, node: int) -> tuple[Oriented, int]:
        pos, segment = self.nodes[node]
        return self.placed[pos], segment

    def kind_of(self, fid: int) -> int:
        o, segment = self._segment(fid)
        return o.kinds[segment]

    def squares_of(self, fid: int) -> set[Pos]:
        return {self.nodes[n][0] for n in self._feature(fid)[0]}

    def tiles_of(self, fid: int) -> int:
        if self.kind_of(fid) in CLOISTERS:
            return 1 + self.monastery_neighbours(self.nodes[fid][0])
        return len(self.squares_of(fid))

    def coats_of(self, fid: int) -> int:
        return sum(self._segment(n)[0].coats[self._segment(n)[1]] for n in self._feature(fid)[0])

    def complete(self, fid: int) -> bool:
        kind = self.kind_of(fid)
        if kind in CLOISTERS:
            return self.monastery_neighbours(self.nodes[fid][0]) == 8
        return kind != FIELD and self._feature(fid)[1] == 0

    def symbols_of(self, fid: int) -> dict[str, int]:
        counts: dict[str, int] = {}
        for node in self._feature(fid)[0]:
            o, segment = self._segment(node)
            for name in o.symbols[segment]:
                counts[name] = counts.get(name, 0) + 1
        return counts

    def cities_of(self, fid: int) -> int:
        cities = set()
        for node in self._feature(fid)[0]:
            pos, segment = self.nodes[node]
            for city in self.placed[pos].field_borders[segment]:
                city_fid = self.fid(pos, city)
                if self.complete(city_fid):
                    cities.add(city_fid)
        return len(cities)

    # -- figures ----------------------------------------------------------------------
    def figures_of(self, fid: int) -> list[int]:
        nodes = sorted(self._feature(fid)[0])
        return [figure for n in nodes for figure in self.figures.get(n, ())]

    def clear_figures(self, fid: int) -> None:
        for node in self._feature(fid)[0]:
            self.figures.pop(node, None)

    def remove_figure(self, fid: int, code: int) -> None:
        for node in sorted(self._feature(fid)[0]):
            if code in self.figures.get(node, ()):
                self.figures[node].remove(code)
                return
        raise ValueError(code)

    def final_order(self) -> list[int]:
        fids = {min(self._feature(node)[0]) for node in self.figures}
        return sorted(fids, key=lambda fid: (FINAL_ORDER[self.kind_of(fid)], fid))

    def mark(self, name: str, pos: Pos, segment: int, value: int, *, blocks: str = "") -> int:
        if blocks:
            self.blocking[name] = blocks
        node = self.node_base[pos] + segment
        self.marks.setdefault(name, {}).setdefault(node, []).append(value)
        return self.fid(pos, segment)

    def marks_of(self, name: str, fid: int) -> list[int]:
        marks = self.marks.get(name, {})
        return [value for n in sorted(self._feature(fid)[0]) for value in marks.get(n, ())]

    def blocked(self, fid: int) -> str | None:
        for name, reason in self.blocking.items():
            if self.marks_of(name, fid):
                return reason
        return None

    def marked(self, name: str) -> list[int]:
        return sorted({min(self._feature(node)[0]) for node in self.marks.get(name, ())})

    def free_segments(self, pos: Pos) -> list[int]:
        o = self.placed[pos]
        return [
            segment
            for segment in range(len(o.kinds))
            if not self.figures_of(f := self.fid(pos, segment))
            and not any(self.marks_of(name, f) for name in self.blocking)
        ]

    def segment_for(self, pos: Pos, target: str) -> int:
        o = self.placed[pos]
        if target not in o.targets:
            raise IllegalMove(f"tile {o.code} has no {target!r}")
        return o.targets[target]

    def put_meeple(self, pos: Pos, segment: int, figure: int) -> None:
        fid = self.fid(pos, segment)
        if self.figures_of(fid):
            raise IllegalMove(f"that {FEATURE_NAMES[self.kind_of(fid)]} is already occupied")
        reason = self.blocked(fid)
        if reason is not None:
            raise IllegalMove(reason)
        self.figures.setdefault(self.node_base[pos] + segment, []).append(figure)

    def add_figure(self, pos: Pos, segment: int, figure: int) -> None:
        self.figures.setdefault(self.node_base[pos] + segment, []).append(figure)

    def corner_field(self, pos: Pos, corner: int) -> int:
        dx, dy = _POINT_OF_CORNER[corner]
        px, py = pos[0] + dx, pos[1] + dy
        own = -1
        for tx, ty, their in _AROUND_POINT:
            tile = self.placed.get((px + tx, py + ty))
            if tile is None:
                return -1
            a, b = corner_halves(their)
            segment = tile.half_segment[a]
            if segment < 0 or tile.half_segment[b] != segment:
                return -1
            if (px + tx, py + ty) == pos:
                own = segment
        return own


class NaiveGame(Game):
    """The rules of `Game` on the naive board: the benchmark's baseline and the tests'
    independent check of the fast board."""

    board_type = NaiveBoard
