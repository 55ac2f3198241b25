"""Simulation: determinism, set-aside tiles, draw-pile sources (real DuckDB files)."""

from __future__ import annotations

from pathlib import Path

import pytest

from carcdb.pipeline.configgen.drawpile import draw_pile
from carcdb.pipeline.engine.geometry import tile_set
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.engine.simulate import game_rng, play_random_game, player_names, simulate
from carcdb.pipeline.errors import InputError
from carcdb.pipeline.extract.corpus import SourceSpec
from carcdb.pipeline.run.build import import_sources
from carcdb.warehouse.connection import write_transaction

CONFIG = RulesConfig()


@pytest.mark.slow
def test_same_seed_same_games_other_seed_other_games() -> None:
    counts = tile_set().reference_counts()
    first = simulate(30, 11, 3, counts, CONFIG)
    assert simulate(30, 11, 3, counts, CONFIG) == first
    assert simulate(30, 12, 3, counts, CONFIG) != first
    assert first.min_score >= 0
    assert first.min_score <= first.mean_score <= first.max_score
    assert first.features_completed["road"] > 0
    assert first.draw_pile_tiles == 72


@pytest.mark.slow
def test_unplaceable_tiles_are_set_aside_and_the_player_draws_again() -> None:
    tiles = tile_set()
    counts = tiles.reference_counts()
    results = [
        play_random_game(game_rng(5, i), player_names(2), counts, CONFIG, tiles, keep_record=True)
        for i in range(300)
    ]
    with_set_aside = [r for r in results if r.set_aside]
    assert with_set_aside, "300 random games without one unplaceable tile"
    for result in with_set_aside:
        assert result.record is not None
        turns = result.record["turns"]
        assert len(turns) == 71 - result.set_aside
        # Set-aside draws are not turns: the players still alternate.
        assert [t["player"] for t in turns] == [("P1", "P2")[i % 2] for i in range(len(turns))]


def test_a_monastery_only_board_cannot_take_a_city_tile() -> None:
    from carcdb.pipeline.engine.board import Board

    tiles = tile_set()
    board = Board(tiles)
    board.place((0, 0), tiles.oriented["B"][0])
    assert board.legal_placements("C") == []
    assert len(board.legal_placements("E")) == 4 * 3  # 4 squares, cap away from the monastery


def test_bad_simulation_arguments_are_input_errors() -> None:
    counts = tile_set().reference_counts()
    with pytest.raises(InputError, match="--players 9"):
        simulate(1, 0, 9, counts, CONFIG)
    with pytest.raises(InputError, match="--games 0"):
        simulate(0, 0, 2, counts, CONFIG)
    with pytest.raises(InputError, match="does not have: Z"):
        simulate(1, 0, 2, {**counts, "Z": 1}, CONFIG)
    with pytest.raises(InputError, match="no copy of the start tile D"):
        simulate(1, 0, 2, {"U": 5}, CONFIG)


def _tile_page(tmp_path: Path, name: str, lists: dict[str, list[tuple[str, int]]]) -> Path:
    """A plain-wikitext page with one real `{{BeginTileList}}` per edition."""
    parts = []
    for edition, counts in lists.items():
        tiles = "\n".join(
            f"{{{{Tile|image=Base_Game_{edition}_Tile_{code}.png|count={n}}}}}"
            for code, n in counts
        )
        total = sum(n for _, n in counts)
        parts.append(
            f"=== {edition} ===\n{{{{BeginTileList|tiles={total}}}}}\n{tiles}\n{{{{EndTileList}}}}"
        )
    path = tmp_path / name
    path.write_text("\n".join(parts) + "\n", "utf-8")
    return path


def _warehouse(db: Path, pages: list[tuple[Path, str]]) -> None:
    """A real warehouse: the pages go through the whole import and parse pipeline."""
    import_sources(db, [SourceSpec(path, title=title) for path, title in pages])


def test_draw_pile_falls_back_to_the_reference_with_a_notice(tmp_path: Path) -> None:
    tiles = tile_set()
    missing = draw_pile(tiles, CONFIG, tmp_path / "none.duckdb")
    assert missing.counts == tiles.reference_counts()
    assert "no warehouse at" in missing.notices[0]
    empty = tmp_path / "empty.duckdb"
    with write_transaction(empty):
        pass
    no_lists = draw_pile(tiles, CONFIG, empty)
    assert no_lists.counts == tiles.reference_counts()
    assert "lists no Base Game C3 tiles" in no_lists.notices[0]


@pytest.mark.slow
def test_draw_pile_from_the_warehouse_view(tmp_path: Path) -> None:
    db = tmp_path / "wh.duckdb"
    ro = _tile_page(tmp_path, "ro.wiki", {"C3": [("D", 2), ("U", 2), ("V", 2)]})
    en = _tile_page(tmp_path, "en.wiki", {"C3": [("D", 3), ("U", 3), ("Z9", 3)], "C2": [("B", 4)]})
    _warehouse(db, [(ro, "Base game/ro"), (en, "Base game")])
    pile = draw_pile(tile_set(), CONFIG, db)
    assert pile.counts == {"D": 3, "U": 3}  # the English page, C3 only, unknown code dropped
    assert pile.source == f"warehouse {db}"
    assert "'Base game' (en)" in pile.notices[0]
    assert "Z9" in pile.notices[1]
    summary = simulate(3, 0, 2, pile.counts, CONFIG, source=pile.source)
    assert summary.draw_pile_tiles == 6
    c2 = draw_pile(tile_set(), CONFIG, db, edition="C2")
    assert c2.counts == {"B": 4}
    assert draw_pile(tile_set(), CONFIG, db, edition="WE1").counts == tile_set().reference_counts()


def test_rules_configuration_draw_pile_wins(tmp_path: Path) -> None:
    config = RulesConfig(draw_pile={"D": 1, "U": 4})
    pile = draw_pile(tile_set(), config, tmp_path / "none.duckdb")
    assert pile.counts == {"D": 1, "U": 4}
    assert pile.source == "rules configuration"
