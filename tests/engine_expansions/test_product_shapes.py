"""The shapes of Inns and Cathedrals, Traders and Builders, The River and The River II: the
boxes' totals and feature counts, every shape valid in every rotation, river edges matching
only river edges on both boards, and one failing validation per rule of the new keys."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from pydantic import ValidationError

from carcdb.pipeline.engine.board import Board
from carcdb.pipeline.engine.config_file import builtin_tile_geometry
from carcdb.pipeline.engine.geometry import (
    FIELD,
    HALVES,
    MONASTERY,
    RIVER,
    SIDES,
    ProductTiles,
    TileShape,
    product_entry,
    registry,
    tile_set,
)
from carcdb.pipeline.engine.naive import NaiveBoard
from carcdb.pipeline.interchange.shapes import signature

IC, TB, RI, R2 = "Inns and Cathedrals", "Traders and Builders", "The River", "The River II"
NEW = (IC, TB, RI, R2)


def shapes_of(product: str) -> dict[str, TileShape]:
    return {t.code: t for t in product_entry(product).tiles}


def test_inns_and_cathedrals_has_18_tiles_6_inns_2_cathedrals() -> None:
    tiles = shapes_of(IC)
    assert list(tiles) == [*"ABCDEFGHIJ", "KA", "KB", *"LMNOPQ"]
    assert sum(t.copies for t in tiles.values()) == 18
    inns = sorted(c for c, t in tiles.items() if any(r.inn for r in t.roads))
    assert inns == list("ABCLMN")
    cathedrals = sorted(c for c, t in tiles.items() if any(city.cathedral for city in t.cities))
    assert cathedrals == ["KA", "KB"]
    assert sorted(c for c, t in tiles.items() if t.garden) == ["B", "H"]
    assert not any(city.goods for t in tiles.values() for city in t.cities)


def test_traders_and_builders_has_24_tiles_9_wine_6_grain_5_cloth() -> None:
    tiles = shapes_of(TB)
    assert list(tiles) == list("ABCDEFGHIJKLMNOPQRSTUVWX")
    assert sum(t.copies for t in tiles.values()) == 24
    goods = Counter(city.goods for t in tiles.values() for city in t.cities if city.goods)
    assert goods == {"wine": 9, "grain": 6, "cloth": 5}
    assert all(sum(1 for c in t.cities if c.goods) <= 1 for t in tiles.values())
    assert sorted(c for c, t in tiles.items() if not any(x.goods for x in t.cities)) == list("ABCJ")
    assert sorted(c for c, t in tiles.items() if t.garden) == ["K", "U"]


def test_the_river_has_12_tiles_a_spring_that_starts_and_a_lake() -> None:
    entry = product_entry(RI)
    tiles = shapes_of(RI)
    assert list(tiles) == list("ABCDEFGHIJKL") and sum(t.copies for t in tiles.values()) == 12
    assert [c for c, t in tiles.items() if t.spring] == ["A"] == [entry.start_tile]
    assert [c for c, t in tiles.items() if t.lake] == ["L"]
    assert all(t.rivers and "W" in t.edges for t in tiles.values())
    assert [c for c, t in tiles.items() if t.garden] == ["J"]
    assert not any(t.inferred for t in tiles.values())


def test_the_river_ii_is_12_inferred_codes_with_a_fork_two_lakes_and_an_inn() -> None:
    entry = product_entry(R2)
    tiles = shapes_of(R2)
    assert sum(t.copies for t in tiles.values()) == 12 and entry.start_tile == "A"
    assert all(t.inferred for t in tiles.values())  # no source gives the wiki's codes
    assert [c for c, t in tiles.items() if t.spring] == ["A"]
    assert [c for c, t in tiles.items() if t.lake] == ["B", "C"]
    assert [c for c, t in tiles.items() if any(len(r.sides) == 3 for r in t.rivers)] == ["D"]
    assert [c for c, t in tiles.items() if any(r.inn for r in t.roads)] == ["G"]
    assert "volcano" in tiles["C"].source and "pig herd" in tiles["K"].source


def test_every_new_tile_says_where_it_comes_from_and_its_c2_copies() -> None:
    for product in NEW:
        entry = product_entry(product)
        assert entry.default_edition == "C2" and set(entry.editions) == {"C2"}
        for tile in entry.tiles:
            assert "JCloisterZone" in tile.source and "code" in tile.source
            assert tile.editions["C2"].copies == tile.copies


def rotate(shape: TileShape, turns: int) -> dict[str, Any]:
    """The shape's JSON turned `turns` quarter turns clockwise."""

    def side(name: str) -> str:
        return SIDES[(SIDES.index(name) + turns) % 4]

    def half(name: str) -> str:
        return HALVES[(HALVES.index(name) + 2 * turns) % 8]

    data = shape.model_dump(mode="json")
    data["edges"] = "".join(shape.edges[(i - turns) % 4] for i in range(4))
    for key in ("cities", "roads", "rivers"):
        for segment in data.get(key, []):
            segment["sides"] = [side(s) for s in segment["sides"]]
    for field in data["fields"]:
        field["halves"] = [half(h) for h in field["halves"]]
    return data


NEW_SHAPES = [(p, c, s) for (p, c), s in sorted(registry().items()) if p in NEW]


@pytest.mark.parametrize(
    ("product", "code", "shape"), NEW_SHAPES, ids=[f"{p}/{c}" for p, c, _ in NEW_SHAPES]
)
def test_every_new_shape_is_valid_in_every_rotation(
    product: str, code: str, shape: TileShape
) -> None:
    tiles = tile_set(product)
    for turns in range(4):
        turned = TileShape.model_validate(rotate(shape, turns))  # the same rules hold
        assert signature(turned) == signature(shape, turns)
        oriented = tiles.oriented[f"{product}/{code}"][turns]
        river_sides = {s for r in oriented.rivers for s in r}
        assert {s for s in range(4) if oriented.edges[s] == RIVER} == river_sides
        assert all(oriented.side_segment[s] == -1 for s in river_sides)
        for s in range(4):  # every non-city side has both field halves
            halved = oriented.edges[s] != 2
            assert (oriented.half_segment[2 * s] >= 0) == halved
        symbols = [name for names in oriented.symbols for name in names]
        assert symbols.count("inn") == sum(r.inn for r in shape.roads)
        goods = [name for name in symbols if name in ("wine", "grain", "cloth")]
        assert goods == [c.goods for c in shape.cities if c.goods]
        assert symbols.count("cathedral") == sum(c.cathedral for c in shape.cities)
        assert (oriented.spring, oriented.lake, oriented.garden) == (
            shape.spring,
            shape.lake,
            shape.garden,
        )


def test_a_river_edge_matches_only_a_river_edge_on_both_boards() -> None:
    tiles = tile_set(RI)
    spring = tiles.oriented[f"{RI}/A"][0]  # river leaves east
    straight = f"{RI}/D"
    for board in (Board(tiles), NaiveBoard(tiles)):
        board.place((0, 0), spring)
        fits = [
            o.rotation for o in tiles.oriented[straight] if board.why_illegal((1, 0), o) is None
        ]
        assert fits == [0, 180]  # the river west-east, facing the spring's river
        for rotation in range(4):
            assert board.why_illegal((1, 0), tiles.oriented["D"][rotation]) is not None
        board.place((1, 0), tiles.oriented[straight][0])
        # The spring's field runs round the river's mouth into both fields of the straight.
        spring_field = board.fid((0, 0), 0)
        assert board.fid((1, 0), 0) == spring_field == board.fid((1, 0), 1)
    # A river side joins no road or city: the monastery beside the river stays its own.
    for board in (Board(tiles), NaiveBoard(tiles)):
        board.place((0, 0), spring)
        chapel = tiles.oriented[f"{RI}/H"][0]
        board.place((1, 0), chapel)
        monastery = board.fid((1, 0), chapel.monastery)
        assert monastery != board.fid((0, 0), 0)
        assert board.kind_of(monastery) == MONASTERY
        assert board.kind_of(board.fid((0, 0), 0)) == FIELD
    assert tiles.fitting(straight, (-1, -1, -1, RIVER)) == tuple(
        o for o in tiles.oriented[straight] if o.edges[3] == RIVER
    )
    problem = Board(tiles)
    problem.place((0, 0), spring)
    message = problem.why_illegal((1, 0), tiles.oriented["D"][0])
    assert message is not None and "river" in message


def test_engine_configurations_hold_the_new_keys_base_shapes_do_not() -> None:
    spring = builtin_tile_geometry(RI, "A").model_dump(mode="json")
    assert spring["rivers"] == [{"sides": ["E"]}] and spring["spring"] is True
    inn = builtin_tile_geometry(IC, "A").model_dump(mode="json")
    assert inn["roads"] == [{"sides": ["W", "S"], "inn": True}]
    wine = builtin_tile_geometry(TB, "T").model_dump(mode="json")
    assert wine["cities"][0]["goods"] == "wine"
    base = builtin_tile_geometry("Base Game", "D").model_dump(mode="json")
    assert set(base) == {"edges", "monastery", "cities", "roads", "fields"}
    assert set(base["cities"][0]) == {"sides", "coats_of_arms"}


def _tile(product: str, code: str, **changes: Any) -> dict[str, Any]:
    data = registry()[(product, code)].model_dump(mode="json")
    data.update(changes)
    return data


HALF = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"]


@pytest.mark.parametrize(
    ("data", "error"),
    [
        (
            _tile(RI, "D", rivers=[{"sides": ["W"]}]),
            r"say W on \['E', 'W'\], segments cover \['W'\]",
        ),
        (_tile(RI, "D", rivers=[{"sides": ["W", "E"]}, {"sides": ["E"]}]), "a side is in two W"),
        (_tile(RI, "D", rivers=[{"sides": ["W", "E", "N"]}]), "segments cover"),
        (_tile(RI, "D", edges="FFFF"), "segments cover"),
        (
            _tile(RI, "D", fields=[{"halves": HALF[:6], "borders_cities": []}]),
            "must be exactly the halves of the road, field and river sides",
        ),
        (_tile(RI, "D", spring=True), "a spring has exactly one river segment"),
        (_tile(RI, "A", lake=True), "a spring or a lake, not both"),
        (
            _tile(R2, "D", lake=True),  # the fork: one segment, three sides
            "a lake has exactly one river segment, touching exactly one side",
        ),
        (
            _tile(IC, "F", cities=[{"sides": ["N", "W"], "coats_of_arms": 0, "inn": True}]),
            "Extra inputs are not permitted",
        ),
        (_tile(IC, "A", roads=[{"sides": ["W", "S"], "goods": "wine"}]), "Extra inputs"),
        (_tile(IC, "A", roads=[{"sides": ["W", "S"], "cathedral": True}]), "Extra inputs"),
        (
            _tile(TB, "T", cities=[{"sides": ["N", "W"], "coats_of_arms": 0, "goods": "salt"}]),
            "'wine', 'grain' or 'cloth'",
        ),
        (
            _tile(IC, "B", editions={"C2": {"copies": 1, "illustrations": {"None": 1}}}),
            "the shape has a garden, so every copy shows it",
        ),
        (
            _tile("Base Game", "E", editions={"C2": {"copies": 5, "illustrations": {"Garden": 4}}}),
            r"add up to 4, not the 5 copies",
        ),
    ],
)
def test_shape_data_that_breaks_a_rule_is_refused(data: dict[str, Any], error: str) -> None:
    with pytest.raises(ValidationError, match=error):
        TileShape.model_validate(data)


def _product(**changes: Any) -> dict[str, Any]:
    data = product_entry(RI).model_dump(mode="json")
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("data", "error"),
    [
        (_product(editions={"C2": {"tiles": 13, "source": "s"}}), "add up to 12, the box holds 13"),
        (_product(default_edition="C3"), "default_edition C3 must be one of the editions"),
        (_product(default_edition=None), "must be one of the editions"),
        (
            _product(
                editions={"C2": {"tiles": 12, "source": "s"}, "C3": {"tiles": 12, "source": "s"}}
            ),
            r"The River A: editions \['C2'\], the product's are \['C2', 'C3'\]",
        ),
        (
            _product(
                tiles=[{**t, "copies": 2} if t["code"] == "B" else t for t in _product()["tiles"]]
            ),
            "The River B: copies 2, but 1 in C2",
        ),
    ],
)
def test_editions_that_do_not_add_up_are_refused(data: dict[str, Any], error: str) -> None:
    with pytest.raises(ValidationError, match=error):
        ProductTiles.model_validate(data)
