"""The board: placed tiles, legal placements, and features as union-find components.

Every segment of every placed tile is a node. Placing a tile joins its segments to the
touching segments of its neighbours (cities and roads through sides, fields through
half-sides), so a feature is a union-find component whose root carries the feature's
totals: open ends (0 = complete), tiles covered, coats of arms, bordering city segments
(fields), the symbols its segments carry (inns, cathedrals, goods), the figures standing on it
and the marks rule modules put on it (a barn's field). Cloisters (monasteries, abbeys,
gardens) are single nodes completed by their 8 neighbours. An abbey joins nothing: each road
or city side it touches is closed, one open end less. The frontier (empty squares next to a
tile, with the edge each neighbour demands) is kept up to date so legality is a lookup, not a
search.

A feature is named by its root (`fid`); roots change as features merge, so callers keep
nodes (`node(pos, segment)`) across placements and ask for the feature when they need it.
The naive board (`naive.NaiveBoard`) answers the same questions by flood fill.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate, islice, repeat
from typing import Protocol

from carcdb.pipeline.engine.frontier import Pos as Pos
from carcdb.pipeline.engine.frontier import extend_frontier, placement_problem
from carcdb.pipeline.engine.geometry import (
    ABBEY,
    CITY,
    CLOISTERS,
    CORNER_SQUARES,
    FIELD,
    GARDEN,
    KIND_NAMES,
    MONASTERY,
    ROAD,
    SIDE_OFFSETS,
    Oriented,
    TileSet,
    opposite_half,
)
from carcdb.pipeline.engine.oriented import NO_SYMBOLS

NEIGHBOURS_8 = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0))
_OPPOSITE_HALF = tuple(opposite_half(h) for h in range(8))
_NONE: list[int] = []  # shared by every node that borders no city: never extended
FEATURE_NAMES = {**KIND_NAMES, MONASTERY: "monastery", ABBEY: "abbey", GARDEN: "garden"}
# Final scoring order of feature kinds (roads, cities, cloisters, fields).
FINAL_ORDER = {ROAD: 0, CITY: 1, MONASTERY: 2, ABBEY: 2, GARDEN: 2, FIELD: 3}


class IllegalMove(Exception):
    """A placement or figure the rules forbid; the caller adds the turn number."""


class FeatureBoard(Protocol):
    """What the game and its rule modules ask a board (`Board`, `naive.NaiveBoard`).

    A feature is named by an int (`fid`) that is valid until the next placement.
    """

    tiles: TileSet
    placed: dict[Pos, Oriented]

    def legal_placements(self, code: str) -> list[tuple[Pos, Oriented]]: ...
    def pick_placement(
        self, code: str, randrange: Callable[[int], int]
    ) -> tuple[Pos, Oriented] | None: ...
    def why_illegal(self, pos: Pos, o: Oriented) -> str | None: ...
    def place(self, pos: Pos, o: Oriented) -> tuple[list[int], list[int]]: ...
    def monastery_neighbours(self, pos: Pos) -> int: ...
    def fid(self, pos: Pos, segment: int) -> int: ...
    def kind_of(self, fid: int) -> int: ...
    def tiles_of(self, fid: int) -> int: ...
    def squares_of(self, fid: int) -> set[Pos]: ...
    def coats_of(self, fid: int) -> int: ...
    def complete(self, fid: int) -> bool: ...
    def cities_of(self, fid: int) -> int: ...
    def symbols_of(self, fid: int) -> dict[str, int]: ...
    def figures_of(self, fid: int) -> list[int]: ...
    def clear_figures(self, fid: int) -> None: ...
    def remove_figure(self, fid: int, code: int) -> None: ...
    def final_order(self) -> list[int]: ...
    def free_segments(self, pos: Pos) -> list[int]: ...
    def segment_for(self, pos: Pos, target: str) -> int: ...
    def put_meeple(self, pos: Pos, segment: int, figure: int) -> None: ...
    def add_figure(self, pos: Pos, segment: int, figure: int) -> None: ...
    def corner_field(self, pos: Pos, corner: int) -> int: ...
    def mark(self, name: str, pos: Pos, segment: int, value: int, *, blocks: str = "") -> int: ...
    def blocked(self, fid: int) -> str | None: ...
    def marks_of(self, name: str, fid: int) -> list[int]: ...
    def marked(self, name: str) -> list[int]: ...


class Board:
    """Tiles on the grid and the features they form (see the module docstring)."""

    def __init__(self, tiles: TileSet) -> None:
        self.tiles = tiles
        self.placed: dict[Pos, Oriented] = {}
        self.node_base: dict[Pos, int] = {}
        self.frontier: dict[Pos, tuple[int, ...]] = {}
        self.cloister_nodes: dict[Pos, tuple[int, ...]] = {}  # cloister nodes by square
        self.around: dict[Pos, int] = {}  # cloister square -> tiles on its 8 neighbours
        self.watch: dict[Pos, list[Pos]] = {}  # empty square -> cloisters it neighbours
        # Per node; the totals are only meaningful at roots.
        self.parent: list[int] = []
        self.kind: list[int] = []
        self.open_ends: list[int] = []
        self.covered: list[set[Pos]] = []
        self.coats: list[int] = []
        self.borders: list[list[int]] = []  # city nodes a field borders (`_NONE`: none)
        # Symbol -> count (`NO_SYMBOLS`: none), kept only when the tiles carry any.
        self.symbols: list[dict[str, int]] = []
        self.has_symbols = tiles.has_symbols
        self.meeples: list[list[int]] = []  # figure codes (`figures`) standing on the feature
        # Rule modules' marks: name -> root -> values (the barn: its owners on that field);
        # `blocking`: the marks that keep followers off their feature, with the reason.
        self.marks: dict[str, dict[int, list[int]]] = {}
        self.blocking: dict[str, tuple[dict[int, list[int]], str]] = {}
        self._blocked_by: list[dict[int, list[int]]] = []  # the blocking marks' dicts

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
            if self.borders[ra]:
                self.borders[ra].extend(self.borders[rb])
            else:
                self.borders[ra] = self.borders[rb]  # rb is no root any more: its list moves
        if self.has_symbols and self.symbols[rb] is not NO_SYMBOLS:
            merged = dict(self.symbols[ra])  # the dicts are shared with the tiles: a new one
            for name, count in self.symbols[rb].items():
                merged[name] = merged.get(name, 0) + count
            self.symbols[ra] = merged
        if self.meeples[rb]:
            self.meeples[ra].extend(self.meeples[rb])
            self.meeples[rb] = []
        if self.marks:
            for marks in self.marks.values():
                if rb in marks:
                    marks.setdefault(ra, []).extend(marks.pop(rb))
        return ra

    # -- placement --------------------------------------------------------------------
    def legal_placements(self, code: str) -> list[tuple[Pos, Oriented]]:
        """Every (square, rotation) where `code` fits, in a deterministic order."""
        fits = self.tiles.fit_table(code)
        return [(pos, o) for pos, req in self.frontier.items() for o in fits[req]]

    def pick_placement(
        self, code: str, randrange: Callable[[int], int]
    ) -> tuple[Pos, Oriented] | None:
        """`legal_placements(code)[randrange(n)]` (None when there is none), without
        building the list: the simulation's hot loop."""
        frontier = self.frontier
        options = list(map(self.tiles.fit_table(code).__getitem__, frontier.values()))
        counts = list(accumulate(map(len, options)))
        if not counts or not counts[-1]:
            return None
        index = randrange(counts[-1])
        square = bisect_right(counts, index)
        before = counts[square - 1] if square else 0
        return next(islice(frontier, square, None)), options[square][index - before]

    def why_illegal(self, pos: Pos, o: Oriented) -> str | None:
        """None when `o` may go on `pos`, else the reason in words."""
        return placement_problem(self.placed, self.frontier, pos, o)

    def _add_nodes(self, pos: Pos, o: Oriented) -> int:
        """The tile's segments become nodes; returns the first one's id."""
        base = len(self.parent)
        count = len(o.kinds)
        self.placed[pos] = o
        self.node_base[pos] = base
        self.parent.extend(range(base, base + count))
        self.kind.extend(o.kinds)
        self.open_ends.extend(o.open_ends)
        self.covered.extend(map(set, repeat((pos,), count)))
        self.coats.extend(o.coats)
        self.borders.extend([[base + c for c in b] if b else _NONE for b in o.field_borders])
        if self.has_symbols:
            self.symbols.extend(o.symbol_counts)
        self.meeples.extend(map(list, repeat((), count)))
        extend_frontier(self.frontier, self.placed, pos, o)
        return base

    def _cloisters(self, pos: Pos, o: Oriented, base: int) -> list[int]:
        """Cloisters this tile completed: each counts the tiles on its 8 neighbours (the
        squares it watches); those this tile brings to 8 are done, in `NEIGHBOURS_8` order."""
        done: list[int] = []
        if o.cloisters:
            nodes = tuple(base + c for c in o.cloisters)
            self.cloister_nodes[pos] = nodes
            around = self.monastery_neighbours(pos)
            self.around[pos] = around
            x, y = pos
            watch = self.watch
            for dx, dy in NEIGHBOURS_8:
                square = (x + dx, y + dy)
                if square not in self.placed:
                    watch.setdefault(square, []).append(pos)
            if around == 8:
                done += nodes
        watchers = self.watch.pop(pos, None)
        if watchers is not None:
            finished = []
            for cloister in watchers:
                self.around[cloister] += 1
                if self.around[cloister] == 8:
                    finished.append(cloister)
            if len(finished) > 1:
                finished.sort(key=lambda c: NEIGHBOURS_8.index((c[0] - pos[0], c[1] - pos[1])))
            for cloister in finished:
                done += self.cloister_nodes[cloister]
        return done

    def place(self, pos: Pos, o: Oriented) -> tuple[list[int], list[int]]:
        """Put `o` on `pos` (legality is the caller's business: see `why_illegal`).

        Returns the roots of the roads/cities and the cloister nodes (monasteries, abbeys,
        gardens) this tile completed.
        """
        if o.abbey:
            return self._place_abbey(pos, o)
        x, y = pos
        base = self._add_nodes(pos, o)
        cloisters = self._cloisters(pos, o, base) if o.cloisters or pos in self.watch else []
        placed = self.placed
        for side in range(4):
            dx, dy = SIDE_OFFSETS[side]
            npos = (x + dx, y + dy)
            edge = o.edges[side]
            neighbour = placed.get(npos)
            facing = (side + 2) % 4
            if neighbour is None:
                continue
            # (Never an abbey: an abbey fills a hole, so no empty square is left beside it.)
            nbase = self.node_base[npos]
            if 0 < edge < 3:  # a road or city side (ROAD, CITY); a field or river has none
                root = self._union(
                    base + o.side_segment[side], nbase + neighbour.side_segment[facing]
                )
                self.open_ends[root] -= 2  # one end of each segment closed by the other
            if edge != CITY:
                half = 2 * side
                mine = o.half_segment[half]
                theirs = neighbour.half_segment[_OPPOSITE_HALF[half]]
                self._union(base + mine, nbase + theirs)
                mine2 = o.half_segment[half + 1]
                theirs2 = neighbour.half_segment[_OPPOSITE_HALF[half + 1]]
                if mine2 != mine or theirs2 != theirs:  # else the same two fields again
                    self._union(base + mine2, nbase + theirs2)
        completed: list[int] = []
        for index in o.edge_segments:
            root = self.find(base + index)
            if self.open_ends[root] == 0 and root not in completed:
                completed.append(root)
        return completed, cloisters

    def _place_abbey(self, pos: Pos, o: Oriented) -> tuple[list[int], list[int]]:
        """An abbey fills a hole: it closes the road and city ends it touches, joins nothing."""
        x, y = pos
        cloisters = self._cloisters(pos, o, self._add_nodes(pos, o))
        completed: list[int] = []
        for side in range(4):
            dx, dy = SIDE_OFFSETS[side]
            npos = (x + dx, y + dy)
            neighbour = self.placed[npos]
            segment = neighbour.side_segment[(side + 2) % 4]
            if segment < 0:
                continue
            root = self.find(self.node_base[npos] + segment)
            self.open_ends[root] -= 1
            if self.open_ends[root] == 0 and root not in completed:
                completed.append(root)
        return completed, cloisters

    def monastery_neighbours(self, pos: Pos) -> int:
        x, y = pos
        placed = self.placed
        return sum((x + dx, y + dy) in placed for dx, dy in NEIGHBOURS_8)

    # -- features ---------------------------------------------------------------------
    def node(self, pos: Pos, segment: int) -> int:
        return self.node_base[pos] + segment

    def fid(self, pos: Pos, segment: int) -> int:
        """The feature (its root) that segment `segment` of the tile on `pos` belongs to."""
        return self.find(self.node_base[pos] + segment)

    def kind_of(self, fid: int) -> int:
        return self.kind[fid]

    def tiles_of(self, fid: int) -> int:
        """Tiles of the feature; for a monastery or abbey its 3x3 square's tiles."""
        if self.kind[fid] in CLOISTERS:
            (pos,) = self.covered[fid]
            return 1 + self.monastery_neighbours(pos)
        return len(self.covered[fid])

    def squares_of(self, fid: int) -> set[Pos]:
        return self.covered[fid]

    def coats_of(self, fid: int) -> int:
        return self.coats[fid]

    def symbols_of(self, fid: int) -> dict[str, int]:
        """Symbol -> count on the feature (read only)."""
        return self.symbols[fid] if self.has_symbols else NO_SYMBOLS

    def complete(self, fid: int) -> bool:
        kind = self.kind[fid]
        if kind in CLOISTERS:
            (pos,) = self.covered[fid]
            return self.monastery_neighbours(pos) == 8
        return kind != FIELD and self.open_ends[fid] == 0

    def cities_of(self, fid: int) -> int:
        """Completed cities bordering a field, each counted once."""
        completed = {self.find(c) for c in self.borders[fid]}
        return sum(1 for c in completed if self.open_ends[c] == 0)

    def figures_of(self, fid: int) -> list[int]:
        """The figures on a feature (read only: change them through the methods below)."""
        return self.meeples[fid]

    def clear_figures(self, fid: int) -> None:
        self.meeples[fid] = []

    def remove_figure(self, fid: int, code: int) -> None:
        self.meeples[fid].remove(code)

    def final_order(self) -> list[int]:
        """Every feature holding figures, in final-scoring order (kind, then root)."""
        meeples, kind = self.meeples, self.kind
        roots = [n for n in range(len(self.parent)) if self.parent[n] == n and meeples[n]]
        return sorted(roots, key=lambda root: (FINAL_ORDER[kind[root]], root))

    def mark(self, name: str, pos: Pos, segment: int, value: int, *, blocks: str = "") -> int:
        """Add `value` to mark `name` of the feature of that segment; returns its root.
        A blocking mark (`blocks`: the reason) keeps followers off the feature."""
        root = self.find(self.node_base[pos] + segment)
        marks = self.marks.setdefault(name, {})
        if blocks and name not in self.blocking:
            self.blocking[name] = (marks, blocks)
            self._blocked_by.append(marks)
        marks.setdefault(root, []).append(value)
        return root

    def blocked(self, fid: int) -> str | None:
        """Why no follower may go onto the feature (a blocking mark), or None."""
        for marks, reason in self.blocking.values():
            if fid in marks:
                return reason
        return None

    def marks_of(self, name: str, fid: int) -> list[int]:
        marks = self.marks.get(name)
        return marks.get(fid, []) if marks else []

    def marked(self, name: str) -> list[int]:
        """Every feature holding mark `name`, by root."""
        return sorted(root for root in self.marks.get(name, ()) if self.parent[root] == root)

    # -- figures ----------------------------------------------------------------------
    def free_segments(self, pos: Pos) -> list[int]:
        """Local segment indexes of the tile on `pos` whose feature a follower may take: no
        figure on it and no blocking mark (a barn's field)."""
        base = self.node_base[pos]
        o = self.placed[pos]
        meeples, find = self.meeples, self.find
        blocked = self._blocked_by
        if blocked:
            if len(blocked) == 1:
                (only,) = blocked
                return [
                    i
                    for i in range(len(o.kinds))
                    if not meeples[r := find(base + i)] and r not in only
                ]
            return [
                i
                for i in range(len(o.kinds))
                if not meeples[r := find(base + i)] and not any(r in b for b in blocked)
            ]
        return [i for i in range(len(o.kinds)) if not meeples[find(base + i)]]

    def segment_for(self, pos: Pos, target: str) -> int:
        """The local segment a target (`city:N`, `field:NL`, `field:I`, `monastery`) names."""
        o = self.placed[pos]
        segment = o.targets.get(target)
        if segment is None:
            raise IllegalMove(
                f"tile {o.code} rotated {o.rotation} has no {target!r} (it has "
                f"{', '.join(sorted(o.targets))})"
            )
        return segment

    def put_meeple(self, pos: Pos, segment: int, figure: int) -> None:
        """Put a follower (figure code) on the feature of that segment, if no figure is."""
        root = self.find(self.node_base[pos] + segment)
        if self.meeples[root]:
            raise IllegalMove(f"that {FEATURE_NAMES[self.kind[root]]} is already occupied")
        if self.blocking:
            reason = self.blocked(root)
            if reason is not None:
                raise IllegalMove(reason)
        self.meeples[root].append(figure)

    def add_figure(self, pos: Pos, segment: int, figure: int) -> None:
        """Put a figure beside those on the feature (a builder or a pig by its follower)."""
        self.meeples[self.find(self.node_base[pos] + segment)].append(figure)

    def corner_field(self, pos: Pos, corner: int) -> int:
        """The field segment of the tile on `pos` at `corner` when four tiles meet there and
        each shows only field at that point (where a barn may stand), else -1."""
        field_at: int = self.placed[pos].corner_segment[corner]
        if field_at < 0:
            return -1
        x, y = pos
        placed = self.placed
        for dx, dy, their in CORNER_SQUARES[corner]:
            other = placed.get((x + dx, y + dy))
            if other is None or other.corner_segment[their] < 0:
                return -1
        return field_at
