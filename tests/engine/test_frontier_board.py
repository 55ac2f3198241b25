"""`FrontierBoard` lists the same legal placements as the full `Board` after the same moves."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.pipeline.engine.board import Board
from carcdb.pipeline.engine.frontier import FrontierBoard
from carcdb.pipeline.engine.geometry import registry, tile_set
from tests.lanes import examples


def _products() -> list[str]:
    return sorted({product for product, _code in registry()})


@settings(max_examples=examples(25), deadline=None)
@given(product=st.sampled_from(_products()), seed=st.integers(0, 2**32 - 1))
def test_frontier_board_fits_tiles_where_the_board_does(product: str, seed: int) -> None:
    tiles = tile_set(product)
    chooser = random.Random(seed)
    board, frontier = Board(tiles), FrontierBoard(tiles)
    start = tiles.oriented[tiles.start_tile][0]
    board.place((0, 0), start)
    frontier.place((0, 0), start)
    codes = sorted(tiles.shapes)
    for _turn in range(40):
        code = chooser.choice(codes)
        options = board.legal_placements(code)
        assert frontier.legal_placements(code) == options
        if options:
            pos, oriented = chooser.choice(options)
            board.place(pos, oriented)
            frontier.place(pos, oriented)
    assert frontier.placed == board.placed
    assert list(frontier.frontier.items()) == list(board.frontier.items())
