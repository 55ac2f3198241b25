"""Where tiles may go: the frontier of empty squares beside placed tiles, and why a placement
is illegal.

The frontier maps each empty square next to a tile to the edge each neighbour demands of it
(N E S W, -1 where no tile is), kept up to date as tiles go down (`extend_frontier`), so that
legality is a lookup in a tile's fit table, not a search. `FrontierBoard` is a board of placed
tiles and frontier alone, for callers that only ask where the next tile goes; `board.Board`
keeps the same frontier through the same function, beside its features.
"""

from __future__ import annotations

from carcdb.pipeline.engine.geometry import (
    ABBEY_SIDE,
    KIND_NAMES,
    SIDE_OFFSETS,
    SIDES,
    Oriented,
    TileSet,
)

Pos = tuple[int, int]
FREE: tuple[int, ...] = (-1, -1, -1, -1)


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


def placement_problem(
    placed: dict[Pos, Oriented], frontier: dict[Pos, tuple[int, ...]], pos: Pos, o: Oriented
) -> str | None:
    """None when `o` may go on `pos` given the frontier, else the reason in words."""
    if pos in placed:
        return f"square {pos} is already taken by tile {placed[pos].code}"
    required = frontier.get(pos)
    if required is None:
        return f"square {pos} does not touch any placed tile"
    if o.abbey:
        missing = [SIDES[side] for side, want in enumerate(required) if want < 0]
        if missing:
            return (
                f"an abbey goes only into a hole, a square with a tile on all four sides: "
                f"{pos} has none on its {', '.join(missing)} side"
            )
        return None
    for side, want in enumerate(required):
        if want >= 0 and want != o.edges[side]:
            dx, dy = SIDE_OFFSETS[side]
            return (
                f"tile {o.code} rotated {o.rotation} does not fit at {pos}: its "
                f"{SIDES[side]} side is {KIND_NAMES[o.edges[side]]} but the tile at "
                f"{(pos[0] + dx, pos[1] + dy)} shows {_edge_name(want)} there"
            )
    return None


def _edge_name(edge: int) -> str:
    return "an abbey" if edge == ABBEY_SIDE else KIND_NAMES[edge]


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
        fits = self.tiles.fit_table(code)
        return [(pos, o) for pos, req in self.frontier.items() for o in fits[req]]

    def place(self, pos: Pos, o: Oriented) -> None:
        self.placed[pos] = o
        extend_frontier(self.frontier, self.placed, pos, o)
