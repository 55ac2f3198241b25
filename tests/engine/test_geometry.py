"""Tile geometry: the engine's base-game data has the known counts, validation, rotations."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from carcdb.pipeline.engine.geometry import (
    BASE_GAME,
    HALVES,
    SIDES,
    Oriented,
    TileData,
    TileShape,
    opposite_half,
    registry,
    tile_set,
)

# The base game's letters and copies (D includes the start tile).
KNOWN_COUNTS = dict(
    zip(
        "ABCDEFGHIJKLMNOPQRSTUVWX",
        (2, 4, 1, 4, 5, 2, 1, 3, 2, 3, 3, 3, 2, 3, 2, 3, 1, 3, 2, 1, 8, 9, 4, 1),
        strict=True,
    )
)


def test_base_game_shapes_have_the_known_counts() -> None:
    shapes = {code: shape for (product, code), shape in registry().items() if product == BASE_GAME}
    assert {code: shape.copies for code, shape in shapes.items()} == KNOWN_COUNTS
    assert sum(s.copies for s in shapes.values()) == 72
    assert tile_set().start_tile == "D"
    assert tile_set().reference_counts() == KNOWN_COUNTS
    # spot checks against the tiles' descriptions: B a monastery, C a city on four sides
    assert shapes["B"].monastery and shapes["B"].edges == "FFFF"
    assert shapes["C"].edges == "CCCC" and shapes["C"].cities[0].coats_of_arms == 1


def _shape(**changes: Any) -> dict[str, Any]:
    data = registry()[(BASE_GAME, "D")].model_dump(mode="json")
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"edges": "CRFF"}, "segments cover"),  # road listed on W, edge says field
        ({"cities": []}, "segments cover"),  # north side typed C but no city
        ({"roads": [{"sides": ["W"]}, {"sides": ["W", "E"]}]}, "a side is in two"),
        (
            {"fields": [{"halves": ["EL", "WR"], "borders_cities": [0]}]},
            "must be exactly the halves",
        ),
        (
            {
                "fields": [
                    {"halves": ["EL", "WR", "SL"], "borders_cities": [0]},
                    {"halves": ["ER", "SL", "SR", "WL"], "borders_cities": []},
                ]
            },
            "a field half is in two",
        ),
        (
            {
                "fields": [
                    {"halves": ["EL", "WR"], "borders_cities": [1]},
                    {"halves": ["ER", "SL", "SR", "WL"], "borders_cities": []},
                ]
            },
            "borders city #1",
        ),
        ({"edges": "CRXR"}, "String should match pattern"),
    ],
)
def test_invalid_shapes_are_rejected(changes: dict[str, Any], error: str) -> None:
    with pytest.raises(ValidationError, match=error):
        TileShape.model_validate(_shape(**changes))


def test_duplicate_codes_and_unknown_start_are_rejected() -> None:
    tile = _shape()
    base = {"format_version": 1, "about": "x"}
    with pytest.raises(ValidationError, match="duplicate tile codes"):
        TileData.model_validate(
            {**base, "products": [{"product": "P", "start_tile": "D", "tiles": [tile, tile]}]}
        )
    with pytest.raises(ValidationError, match="start tile Q"):
        TileData.model_validate(
            {**base, "products": [{"product": "P", "start_tile": "Q", "tiles": [tile]}]}
        )


def test_opposite_half_touches_the_facing_side() -> None:
    # EL (north half of east) touches the west neighbour's WR (north half of west).
    assert HALVES[opposite_half(HALVES.index("EL"))] == "WR"
    assert HALVES[opposite_half(HALVES.index("NL"))] == "SR"
    for half in range(8):
        assert opposite_half(opposite_half(half)) == half
        assert opposite_half(half) // 2 == (half // 2 + 2) % 4


@pytest.mark.parametrize("code", sorted(tile_set().shapes))
def test_rotations_turn_edges_and_segments_clockwise(code: str) -> None:
    shape = tile_set().shapes[code]
    for rotation in (0, 90, 180, 270):
        o = Oriented(shape, rotation)
        turn = rotation // 90
        assert "".join("FRC"[e] for e in o.edges) == shape.edges[-turn:] + shape.edges[:-turn]
        # Every typed side and half maps to a segment of the right kind.
        for side in range(4):
            if o.edges[side] == 0:
                assert o.side_segment[side] == -1
            else:
                assert o.kinds[o.side_segment[side]] == o.edges[side]
            for half in (2 * side, 2 * side + 1):
                assert (o.half_segment[half] == -1) == (o.edges[side] == 2)
        for target, segment in o.targets.items():
            kind, _, where = target.partition(":")
            assert kind in ("city", "road", "field", "monastery")
            assert where in SIDES or where in HALVES or target == "monastery"
            assert 0 <= segment < len(o.kinds)


def test_fitting_respects_each_required_edge() -> None:
    tiles = tile_set()
    # A square with a city to the north (S side must be city) and a road to the west.
    fits = tiles.fitting("J", (-1, -1, 2, 1))
    assert [o.rotation for o in fits] == [180]  # J: city N, road E-S -> turned 180
    assert tiles.fitting("B", (2, -1, -1, -1)) == ()
