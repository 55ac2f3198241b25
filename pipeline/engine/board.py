"""The board: placed tiles, legal placements, and features as union-find components.

Every segment of every placed tile is a node. Placing a tile joins its segments to the
touching segments of its neighbours (cities and roads through sides, fields through
half-sides), so a feature is a union-find component whose root carries the feature's
totals: open ends (0 = complete), tiles covered, coats of arms, bordering city segments
(fields) and the meeples standing on it. Monasteries are single nodes completed by their
8 neighbours. The frontier (empty squares next to a tile, with the edge each neighbour
demands) is kept up to date so legality is a lookup, not a search.
"""

from __future__ import annotations

from pipeline.engine.geometry import (
    CITY,
    FIELD,
    KIND_NAMES,
    MONASTERY,
    SIDE_OFFSETS,
    SIDES,
    Oriented,
    TileSet,
    opposite_half,
)

Pos = tuple[int, int]
FREE: tuple[int, ...] = (-1, -1, -1, -1)
NEIGHBOURS_8 = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0))
_OPPOSITE_HALF = tuple(opposite_half(h) for h in range(8))


class IllegalMove(Exception):
    """A placement or meeple the rules forbid; the caller adds the turn number."""


def extend_frontier(
    frontier: dict[Pos, tuple[int, ...]], placed: dict[Pos, Oriented], pos: Pos, o: Oriented
) -> None:
    """`o` (already in `placed`) went on `pos`: take `pos` off the frontier and record what
    its edges demand of the empty squares beside it. The frontier's order is the order
    `legal_placements` lists squares in, so every board keeps it through this one function."""
    x, y = pos
    frontier.pop(pos, None)
    for side in range(4):
        dx, dy = SIDE_OFFSETS[side]
        npos = (x + dx, y + dy)
        if npos in placed:
            continue
        required = list(frontier.get(npos, FREE))
        required[(side + 2) % 4] = o.edges[side]
        frontier[npos] = tuple(required)


class FrontierBoard:
    """Where tiles fit, and nothing else: placed tiles and the frontier, without features.

    For boards that only ask where the next tile goes (the `engine.placeable` check): the
    same `legal_placements` as `Board` after the same placements, without the union-find
    bookkeeping that was most of the cost of a placement.
    """

    def __init__(self, tiles: TileSet) -> None:
        self.tiles = tiles
        self.placed: dict[Pos, Oriented] = {}
        self.frontier: dict[Pos, tuple[int, ...]] = {}

    def legal_placements(self, code: str) -> list[tuple[Pos, Oriented]]:
        """Every (square, rotation) where `code` fits, in `Board.legal_placements`' order."""
        fitting = self.tiles.fitting
        return [(pos, o) for pos, req in self.frontier.items() for o in fitting(code, req)]

    def place(self, pos: Pos, o: Oriented) -> None:
        self.placed[pos] = o
        extend_frontier(self.frontier, self.placed, pos, o)


class Board:
    """Tiles on the grid and the features they form (see the module docstring)."""

    def __init__(self, tiles: TileSet) -> None:
        self.tiles = tiles
        self.placed: dict[Pos, Oriented] = {}
        self.node_base: dict[Pos, int] = {}
        self.frontier: dict[Pos, tuple[int, ...]] = {}
        self.monasteries: dict[Pos, int] = {}
        # Per node; the totals are only meaningful at roots.
        self.parent: list[int] = []
        self.kind: list[int] = []
        self.open_ends: list[int] = []
        self.covered: list[set[Pos]] = []
        self.coats: list[int] = []
        self.borders: list[list[int]] = []
        self.meeples: list[list[int]] = []

    # -- union-find -------------------------------------------------------------------
    def find(self, node: int) -> int:
        parent = self.parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def _union(self, a: int, b: int) -> int:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return ra
        covered = self.covered
        if len(covered[ra]) < len(covered[rb]):
            ra, rb = rb, ra
        self.parent[rb] = ra
        covered[ra] |= covered[rb]
        self.open_ends[ra] += self.open_ends[rb]
        self.coats[ra] += self.coats[rb]
        if self.borders[rb]:
            self.borders[ra].extend(self.borders[rb])
        if self.meeples[rb]:
            self.meeples[ra].extend(self.meeples[rb])
            self.meeples[rb] = []
        return ra

    # -- placement --------------------------------------------------------------------
    def legal_placements(self, code: str) -> list[tuple[Pos, Oriented]]:
        """Every (square, rotation) where `code` fits, in a deterministic order."""
        fitting = self.tiles.fitting
        return [(pos, o) for pos, req in self.frontier.items() for o in fitting(code, req)]

    def why_illegal(self, pos: Pos, o: Oriented) -> str | None:
        """None when `o` may go on `pos`, else the reason in words."""
        if pos in self.placed:
            return f"square {pos} is already taken by tile {self.placed[pos].code}"
        required = self.frontier.get(pos)
        if required is None:
            return f"square {pos} does not touch any placed tile"
        for side, want in enumerate(required):
            if want >= 0 and want != o.edges[side]:
                dx, dy = SIDE_OFFSETS[side]
                return (
                    f"tile {o.code} rotated {o.rotation} does not fit at {pos}: its "
                    f"{SIDES[side]} side is {KIND_NAMES[o.edges[side]]} but the tile at "
                    f"{(pos[0] + dx, pos[1] + dy)} shows {KIND_NAMES[want]} there"
                )
        return None

    def place(self, pos: Pos, o: Oriented) -> tuple[list[int], list[int]]:
        """Put `o` on `pos` (legality is the caller's business: see `why_illegal`).

        Returns the roots of the roads/cities and the monastery nodes this tile completed.
        """
        x, y = pos
        base = len(self.parent)
        self.placed[pos] = o
        self.node_base[pos] = base
        for index, kind in enumerate(o.kinds):
            self.parent.append(base + index)
            self.kind.append(kind)
            self.open_ends.append(o.open_ends[index])
            self.covered.append({pos})
            self.coats.append(o.coats[index])
            self.borders.append([base + c for c in o.field_borders[index]])
            self.meeples.append([])
        if o.monastery >= 0:
            self.monasteries[pos] = base + o.monastery
        placed = self.placed
        extend_frontier(self.frontier, placed, pos, o)
        for side in range(4):
            dx, dy = SIDE_OFFSETS[side]
            npos = (x + dx, y + dy)
            edge = o.edges[side]
            neighbour = placed.get(npos)
            facing = (side + 2) % 4
            if neighbour is None:
                continue
            nbase = self.node_base[npos]
            if edge != FIELD:
                root = self._union(
                    base + o.side_segment[side], nbase + neighbour.side_segment[facing]
                )
                self.open_ends[root] -= 2  # one end of each segment closed by the other
            if edge != CITY:
                for half in (2 * side, 2 * side + 1):
                    self._union(
                        base + o.half_segment[half],
                        nbase + neighbour.half_segment[_OPPOSITE_HALF[half]],
                    )
        completed: list[int] = []
        for index, kind in enumerate(o.kinds):
            if kind in (FIELD, MONASTERY):
                continue
            root = self.find(base + index)
            if self.open_ends[root] == 0 and root not in completed:
                completed.append(root)
        squares = [pos, *((x + dx, y + dy) for dx, dy in NEIGHBOURS_8)]
        monasteries = [
            self.monasteries[square]
            for square in squares
            if square in self.monasteries and self.monastery_neighbours(square) == 8
        ]
        return completed, monasteries

    def monastery_neighbours(self, pos: Pos) -> int:
        x, y = pos
        placed = self.placed
        return sum((x + dx, y + dy) in placed for dx, dy in NEIGHBOURS_8)

    # -- meeples ----------------------------------------------------------------------
    def free_segments(self, pos: Pos) -> list[int]:
        """Local segment indexes of the tile on `pos` whose feature has no meeple."""
        base = self.node_base[pos]
        o = self.placed[pos]
        return [i for i in range(len(o.kinds)) if not self.meeples[self.find(base + i)]]

    def segment_for(self, pos: Pos, target: str) -> int:
        """The local segment a meeple target (`city:N`, `field:NL`, `monastery`) names."""
        o = self.placed[pos]
        segment = o.targets.get(target)
        if segment is None:
            raise IllegalMove(
                f"tile {o.code} rotated {o.rotation} has no {target!r} (it has "
                f"{', '.join(sorted(o.targets))})"
            )
        return segment

    def put_meeple(self, pos: Pos, segment: int, player: int) -> None:
        root = self.find(self.node_base[pos] + segment)
        if self.meeples[root]:
            kind = KIND_NAMES.get(self.kind[root], "monastery")
            raise IllegalMove(f"that {kind} is already occupied")
        self.meeples[root].append(player)

    def feature_roots(self) -> list[int]:
        """Every feature root, once each (monasteries included)."""
        return [node for node in range(len(self.parent)) if self.parent[node] == node]
