"""Reference sets: each product's box per edition from the shape data, the base game's C2 and
C3 illustration partitions equal to the sample's own lists, garden copies told apart."""

from __future__ import annotations

from pathlib import Path

import pytest

from carcdb.pipeline.configgen.generate import engine_config
from carcdb.pipeline.engine.reference_sets import (
    reference_editions,
    reference_products,
    reference_set,
)
from carcdb.warehouse.connection import read_only

GARDEN_LETTERS = list("EHIMNRUV")


def test_the_products_with_a_reference_set_and_their_editions() -> None:
    assert reference_products() == (
        "Abbey and the Mayor",
        "Base Game",
        "Hills and Sheep",
        "Inns and Cathedrals",
        "The Courier",
        "The River",
        "The River II",
        "Traders and Builders",
        "Winter Edition",
    )
    assert reference_editions("Base Game") == ("C3", "C2")
    assert reference_editions("The River") == ("C2",)
    assert reference_editions("Abbey and the Mayor") == ("C2",)
    assert reference_editions("Winter Edition") == ("WE3",)
    assert reference_editions("Hills and Sheep") == ("C2",)
    with pytest.raises(KeyError, match="no reference set of The River C3"):
        reference_set("The River", "C3")
    with pytest.raises(KeyError):
        reference_set("No Such Product")


@pytest.mark.parametrize("edition", ["C2", "C3"])
def test_base_game_sets_equal_the_sample_lists(sample_db: Path, edition: str) -> None:
    with read_only(sample_db) as conn:
        config = engine_config(conn, "Base game", edition)
    box = reference_set("Base Game", edition)
    assert box.total == config.tile_set.declared_total == 72
    wiki = {t.code: (t.count, t.illustrations) for t in config.tile_set.tiles}
    ours = {t.code: (t.copies, t.illustrations or {}) for t in box.tiles}
    assert ours == wiki
    assert all(t.shape is not None and t.owner == "Base Game" for t in box.tiles)


def test_garden_copies_are_told_apart() -> None:
    for edition in ("C2", "C3"):
        box = reference_set("Base Game", edition)
        gardens = {t.code: t.garden_copies for t in box.tiles if t.garden_copies}
        assert gardens == dict.fromkeys(GARDEN_LETTERS, 1)
    c2 = {t.code: t for t in reference_set("Base Game", "C2").tiles}
    c3 = {t.code: t for t in reference_set("Base Game", "C3").tiles}
    assert (c2["V"].illustrations or {})["Pigsty"] == 2  # C3 replaced one pigsty by a cowshed
    assert (c3["V"].illustrations or {})["Cowshed"] == 1
    for product, codes in (
        ("Inns and Cathedrals", ["B", "H"]),
        ("Traders and Builders", ["K", "U"]),
        ("The River", ["J"]),
        ("The River II", ["I"]),
    ):
        box = reference_set(product)
        assert [t.code for t in box.tiles if t.garden_copies] == codes
        assert all(t.illustrations == {"Garden": 1} for t in box.tiles if t.garden_copies)


@pytest.mark.parametrize(
    ("product", "total", "start"),
    [
        ("Inns and Cathedrals", 18, None),
        ("Traders and Builders", 24, None),
        ("The River", 12, "A"),
        ("The River II", 12, "A"),
    ],
)
def test_each_new_box_holds_its_tiles_with_their_shapes(
    product: str, total: int, start: str | None
) -> None:
    box = reference_set(product, "C2")
    assert (box.edition, box.total, box.draw_pile_total(), box.start_tile) == (
        "C2",
        total,
        total,
        start,
    )
    assert sum(box.copies().values()) == total and box.unknown() == []
    assert all(t.shape is not None and t.owner == product for t in box.tiles)
