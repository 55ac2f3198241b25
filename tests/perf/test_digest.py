"""The table digest sees every stored value but not the row order or the volatile columns."""

from __future__ import annotations

from pathlib import Path

import duckdb

from benchmarks.digest import differences, main, table_digests


def _warehouse(path: Path, rows: list[tuple[str, int, str]]) -> Path:
    conn = duckdb.connect(str(path))
    conn.execute("CREATE TABLE tiles (code VARCHAR, count INTEGER, finished_at VARCHAR)")
    conn.executemany("INSERT INTO tiles VALUES (?, ?, ?)", rows)
    conn.execute("CREATE TABLE runs (run_id INTEGER, summary VARCHAR)")
    conn.execute("INSERT INTO runs VALUES (1, ?)", [str(rows)])
    conn.close()
    return path


ROWS = [("A", 2, "10:00"), ("B", 4, "10:01"), ("B", 4, "10:02")]


def test_row_order_and_volatile_columns_do_not_count(tmp_path: Path) -> None:
    first = _warehouse(tmp_path / "a.duckdb", ROWS)
    again = [(code, count, "later") for code, count, _ in reversed(ROWS)]
    second = _warehouse(tmp_path / "b.duckdb", again)
    digests = table_digests(first)
    assert set(digests) == {"main.tiles"}  # `runs` is the log of runs, not output
    assert digests["main.tiles"].rows == 3
    assert digests["main.tiles"].columns == ("code", "count")
    assert differences(digests, table_digests(second)) == []
    assert main([str(first), str(second)]) == 0


def test_one_changed_value_or_lost_duplicate_is_a_difference(tmp_path: Path) -> None:
    first = table_digests(_warehouse(tmp_path / "a.duckdb", ROWS))
    changed = table_digests(_warehouse(tmp_path / "b.duckdb", [*ROWS[:2], ("B", 5, "10:02")]))
    fewer = table_digests(_warehouse(tmp_path / "c.duckdb", ROWS[:2]))
    assert [line.split(":")[0] for line in differences(first, changed)] == ["main.tiles"]
    assert differences(first, fewer) == [
        "main.tiles: 3 rows, "
        + first["main.tiles"].hash
        + " != 2 rows, "
        + fewer["main.tiles"].hash
    ]
    assert main([str(tmp_path / "a.duckdb"), str(tmp_path / "b.duckdb")]) == 1
