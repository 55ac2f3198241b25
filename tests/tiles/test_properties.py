"""Invariants: generated tile lists round-trip through the parser; bad input never raises."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.schemas.tiles import ILLUSTRATION_FEATURES, STRUCTURAL_FEATURES
from tests.lanes import examples
from tests.tiles.helpers import FIXTURES, entries_of, lists_of, run_stage

STRUCTURAL = sorted(STRUCTURAL_FEATURES)
ILLUSTRATIONS = sorted(ILLUSTRATION_FEATURES)


@dataclass(frozen=True)
class GeneratedTile:
    code: str
    count: int
    features: dict[str, int]
    illustrations: dict[str, int]
    start_tile: bool
    footnote: bool
    wikitext: str


def _feature(draw: st.DrawFn, name: str, number: int) -> str:
    """`Nx{{Feature}}` or `{{Feature|count=N}}` (both occur on real pages)."""
    if number == 1 and draw(st.booleans()):
        return f"{{{{Feature|edition=C2|name={name}|variant=abbr}}}}"
    if draw(st.booleans()):
        return f"{number}x{{{{Feature|edition=C2|name={name}}}}}"
    return f"{{{{Feature|edition=C2|name={name}|count={number}}}}}"


@st.composite
def tiles(draw: st.DrawFn, code: str) -> GeneratedTile:
    count = draw(st.integers(1, 9))
    features = draw(st.dictionaries(st.sampled_from(STRUCTURAL), st.integers(1, 3), max_size=2))
    illustrations: dict[str, int] = {}
    if draw(st.booleans()):
        names = draw(st.lists(st.sampled_from(ILLUSTRATIONS), min_size=1, max_size=4, unique=True))
        remaining = count
        for index, name in enumerate(names):
            if remaining == 0:
                break
            share = remaining if index == len(names) - 1 else draw(st.integers(1, remaining))
            illustrations[name] = share
            remaining -= share
    start = draw(st.booleans())
    footnote = draw(st.sampled_from(["", "(*)", "<sup>'''*'''</sup>"]))
    parts = [_feature(draw, name, n) for name, n in features.items()]
    if illustrations:
        items = [_feature(draw, name, n) for name, n in illustrations.items()]
        parts.append("(" + ";".join(items) + ")")
    if start:
        parts.append("({{TextS}})")
    parts = draw(st.permutations(parts))
    joins = [draw(st.sampled_from([" + ", " - "])) for _ in parts]
    config = "".join(join + part for join, part in zip(joins, parts, strict=True))[3:]
    config += footnote
    comment = draw(st.sampled_from(["", "<!-- {{Feature|name=Pigsty}} (*) -->"]))
    text = f"{{{{Tile|image=Base_Game_C2_Tile_{code}.jpg|count={count}"
    text += f"|config={config}{comment}}}}}" if config or comment else "}}"
    return GeneratedTile(code, count, features, illustrations, start, bool(footnote), text)


@st.composite
def tile_lists(draw: st.DrawFn) -> tuple[list[GeneratedTile], str]:
    codes = draw(
        st.lists(st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWX"), min_size=1, max_size=8, unique=True)
    )
    generated = [draw(tiles(code)) for code in codes]
    separator = draw(st.sampled_from(["\n", " "]))  # line by line, or flattened
    total = sum(tile.count for tile in generated)
    body = separator.join(tile.wikitext for tile in generated)
    page = (
        f"Intro.{separator}=== Ediția C2 ==={separator}{{{{BeginTileList|tiles={total}}}}}"
        f"{separator}{body}{separator}{{{{EndTileList}}}}{separator}Outro."
    )
    return generated, page


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None)
@given(tile_lists())
def test_generated_lists_round_trip(case: tuple[list[GeneratedTile], str]) -> None:
    generated, page = case
    output = run_stage(page, "Base game/ro")
    assert not [f for f in output.findings if f.severity != "info"], output.findings
    (tile_list,) = lists_of(output)
    assert tile_list.declared_total == tile_list.tile_count
    assert (tile_list.product, tile_list.edition, tile_list.section) == (
        "Base Game",
        "C2",
        "Ediția C2",
    )
    parsed = entries_of(output)
    assert [e.code for e in parsed] == [t.code for t in generated]
    for entry, tile in zip(parsed, generated, strict=True):
        assert entry.count == tile.count
        assert entry.features == tile.features
        assert entry.illustrations == tile.illustrations
        assert entry.start_tile is tile.start_tile
        assert entry.footnote is tile.footnote
        if entry.illustrations:
            assert sum(entry.illustrations.values()) == entry.count


REAL_LIST = (FIXTURES / "base_game_ro.wiki").read_text("utf-8").split("\n")[421:452]
NOISE = st.text(alphabet="{}|()=;*x2- \n<>!T", max_size=6)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = "\n".join(REAL_LIST)
    for _ in range(draw(st.integers(1, 6))):
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 8)))
        text = text[:start] + draw(NOISE) + text[end:]
    return text


@pytest.mark.slow
@settings(max_examples=examples(80), deadline=None)
@given(st.one_of(mutated(), st.text(max_size=200)))
def test_malformed_input_never_raises(text: str) -> None:
    output = run_stage(text)
    for entry in entries_of(output):
        assert entry.count >= 0
