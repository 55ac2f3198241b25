"""The issue's "done when" facts, on a warehouse built from the bundled sample."""

from __future__ import annotations

import json
from pathlib import Path

from carcdb.pipeline.checks.tiles import reference_counts
from carcdb.warehouse.connection import read_only
from carcdb.warehouse.tiles import current_tiles, tile_differences


def _totals(sample_db: Path, title: str) -> list[tuple[object, ...]]:
    with read_only(sample_db) as conn:
        return conn.execute(
            "SELECT product, edition, tiles, special_tiles FROM edition_totals "
            "WHERE title = ? ORDER BY product, edition",
            [title],
        ).fetchall()


def test_base_game_has_three_lists_of_72(sample_db: Path) -> None:
    with read_only(sample_db) as conn:
        lists = conn.execute(
            "SELECT product, edition, declared_total, tile_count, entries FROM tile_lists "
            "WHERE title = 'Base game/ro' ORDER BY list_index"
        ).fetchall()
    assert lists == [
        ("Base Game", "C3", 72, 72, 24),
        ("20th Anniversary", "C3", 72, 72, 24),
        ("Base Game", "C2", 72, 72, 24),
    ]


def test_engine_draw_pile_query(sample_db: Path) -> None:
    with read_only(sample_db) as conn:
        pile = dict(
            conn.execute(
                "SELECT code, count FROM tile_distribution "
                "WHERE product='Base Game' AND edition='C3'"
            ).fetchall()
        )
    assert pile == reference_counts()


def test_every_tiles_check_passes_or_skips(sample_db: Path) -> None:
    with read_only(sample_db) as conn:
        rows = conn.execute(
            "SELECT check_name, status, count(*) FROM check_results "
            "WHERE check_name LIKE 'tiles.%' GROUP BY ALL ORDER BY ALL"
        ).fetchall()
    statuses = {(name, status): n for name, status, n in rows}
    assert all(status in {"pass", "skip"} for _, status in statuses)
    # every kind of check ran on the sample: 3 base + 4 Winter Edition base sets, ...
    assert statuses[("tiles.start_tile", "pass")] == 7
    assert statuses[("tiles.reference_counts", "pass")] == 7
    assert statuses[("tiles.section_total", "pass")] == 3
    # declared tiles=: 3 Base game + 1 WD + 2 Courier + 1 Abbey, and Abbey's special=6
    assert statuses[("tiles.declared_total", "pass")] == 8


def test_edition_diff_c2_c3_is_exactly_tile_v(sample_db: Path) -> None:
    with read_only(sample_db) as conn:
        tiles = current_tiles(conn, title="Base game/ro")
    c2 = [t for t in tiles if t.product == "Base Game" and t.edition == "C2"]
    c3 = [t for t in tiles if t.product == "Base Game" and t.edition == "C3"]
    differences = tile_differences(c2, c3)
    assert {d.code for d in differences} == {"V"}
    changed = {d.field: (d.left, d.right) for d in differences}
    assert changed["illustrations.Pigsty"] == (2, 1)
    assert changed["illustrations.Cowshed"] == (0, 1)


def test_anniversary_tile_l_conflict_is_a_warning(sample_db: Path) -> None:
    with read_only(sample_db) as conn:
        rows = conn.execute(
            "SELECT severity, message, line, snippet FROM findings "
            "WHERE code = 'tiles.edition-conflict' AND title = 'Base game/ro'"
        ).fetchall()
    assert len(rows) == 1
    severity, message, line, snippet = rows[0]
    assert severity == "warning"
    assert "tile L" in message and "C2" in message and "C3" in message
    assert "20AE_Base_Game_C2_Tile_L.png" in snippet
    assert line is not None


def test_winter_edition_sections_are_72_plus_12(sample_db: Path) -> None:
    with read_only(sample_db) as conn:
        sections = conn.execute(
            "SELECT d.edition, d.declared_total, list(l.tile_count ORDER BY l.list_index) "
            "FROM tile_lists d JOIN tile_lists l ON l.revision_key = d.revision_key "
            "AND l.section_total_list = d.list_index "
            "WHERE d.declares_section_total GROUP BY ALL ORDER BY d.edition DESC"
        ).fetchall()
        base_lists = conn.execute(
            "SELECT list_index, edition FROM tile_lists WHERE title = "
            "'Winter Edition Base Game/ro' AND tile_count = 72 AND edition LIKE 'WE%'"
        ).fetchall()
        tiles = current_tiles(conn, title="Winter Edition Base Game/ro")
    assert sections == [("WE3", 84, [72, 12]), ("WE2", 84, [72, 12]), ("WE1", 84, [72, 12])]
    for list_index, _edition in base_lists:
        counts = {t.code: t.count for t in tiles if t.list_index == list_index}
        assert counts == reference_counts()
    assert len(base_lists) == 3


def test_abbey_and_courier_totals(sample_db: Path) -> None:
    assert _totals(sample_db, "Abbey and the Mayor/ro") == [("Abbey and the Mayor", "C2", 12, 6)]
    assert _totals(sample_db, "The Courier (Fan Expansion)/ro") == [
        ("The Courier", "C1", 6, 0),
        ("The Courier", "C2", 6, 0),
    ]


def test_records_keep_provenance(sample_db: Path) -> None:
    with read_only(sample_db) as conn:
        rows = conn.execute(
            "SELECT t.title, t.language, t.revision_key, t.line, t.col, t.snippet, "
            "t.edition_sources FROM tiles t WHERE t.code = 'V' AND t.edition = 'C3' "
            "AND t.product = 'Base Game'"
        ).fetchall()
        wikitext = conn.execute(
            "SELECT wikitext FROM revisions WHERE revision_key = ?", [rows[0][2]]
        ).fetchall()[0][0]
    title, language, _, line, col, snippet, sources = rows[0]
    assert (title, language) == ("Base game/ro", "ro")
    assert wikitext.split("\n")[line - 1][col - 1 :].startswith(snippet)
    assert json.loads(sources) == {"features": ["C3"], "heading": "C3", "image": "C3"}
