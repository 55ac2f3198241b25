"""The expansions' shape data: what is there, what is inferred, what is unknown, validation."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from carcdb.pipeline.engine.geometry import (
    TileShape,
    game_tiles,
    product_entry,
    registry,
    resolved,
    tile_set,
    unknown_shapes,
)

AM = "Abbey and the Mayor"


def test_every_sample_code_has_a_shape_or_is_marked_unknown() -> None:
    shapes = registry()
    assert {c for p, c in shapes if p == AM} == set("ABCDEFGHIJKLM")
    winter = {c for p, c in shapes if p == "Winter Edition"}
    assert winter == set("ABCDEFGHIJKLMNOPQRSTUVWX") | {f"Z{n:02d}" for n in range(1, 13)}
    assert {c for p, c in unknown_shapes() if p == "The Courier"} == {
        "01", "02", "03", "04", "05", "06"
    }  # fmt: skip
    # The Winter Edition's letters are the base game's tiles, with the base game's counts.
    for code in "ABCDEFGHIJKLMNOPQRSTUVWX":
        shape, owner, owner_code = resolved()[("Winter Edition", code)]
        assert (owner, owner_code) == ("Base Game", code)
        assert shape.copies == shapes[("Base Game", code)].copies


def test_inferred_assignments_are_marked() -> None:
    am = {t.code: t for t in product_entry(AM).tiles}
    assert sorted(c for c, t in am.items() if t.inferred) == list("DFGIJK")
    winter = {t.code: t for t in product_entry("Winter Edition").tiles}
    assert sorted(c for c, t in winter.items() if not t.inferred) == ["Z01"]
    assert all(t.source for t in [*am.values(), *winter.values()])
    assert am["A"].special and am["A"].abbey and am["A"].copies == 6


def test_the_expansion_features() -> None:
    tiles = tile_set(AM)
    bridge = tiles.oriented[f"{AM}/C"][0]
    assert (bridge.targets["field:I"], bridge.targets["field:II"]) == (2, 3)
    assert bridge.open_ends[:2] == (2, 2)  # two cities, crossing: two sides each
    continuous = tiles.oriented[f"{AM}/M"][0]
    assert continuous.open_ends[0] == 3  # one road touching three sides
    assert tiles.reference_counts()[f"{AM}/M"] == 1
    assert f"{AM}/A" not in tiles.reference_counts()  # the abbeys are outside the pile
    assert game_tiles(("Winter Edition",)).start_tile == "D"
    # Base-game shapes dump as before the extensions existed.
    assert "abbey" not in registry()[("Base Game", "A")].model_dump(mode="json")


def _abbey(**changes: Any) -> dict[str, Any]:
    data = registry()[(AM, "A")].model_dump(mode="json")
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"edges": "FFFF"}, "an abbey has edges AAAA"),
        ({"abbey": False}, "an abbey has edges AAAA"),
        ({"monastery": False}, "an abbey is a monastery alone"),
        ({"roads": [{"sides": ["N"]}]}, "an abbey is a monastery alone"),
    ],
)
def test_invalid_abbeys_are_rejected(changes: dict[str, Any], error: str) -> None:
    with pytest.raises(ValidationError, match=error):
        TileShape.model_validate(_abbey(**changes))


def test_inner_fields_go_through_jcloisterzone_files() -> None:
    from carcdb.pipeline.interchange.jcz_xml import read_jcz, write_jcz
    from carcdb.pipeline.interchange.shapes import rotation_between

    shapes = [(f"{AM}/{code}", registry()[(AM, code)]) for code in ("C", "E")]
    text = write_jcz("test", list(shapes), [])
    assert '<field city="N W">I</field>' in text and '<field city="N W">II</field>' in text
    read = read_jcz(text.encode(), "test.xml")
    for (_name, shape), tile in zip(shapes, read.tiles, strict=True):
        assert tile.geometry is not None
        assert rotation_between(shape, tile.geometry) == 0
