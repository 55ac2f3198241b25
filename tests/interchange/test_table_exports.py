"""`carcdb export` of tables on the sample: every format read back with another reader."""

from __future__ import annotations

import csv
import json
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path

import duckdb
import pyarrow.parquet as pq
import pytest

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.outputs import MARKER
from carcdb.warehouse.connection import read_only
from carcdb.warehouse.exports import relations, row_count


def carcdb(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = run_app(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def warehouse_counts(db: Path) -> dict[str, int]:
    with read_only(db) as conn:
        return {r.name: row_count(conn, r) for r in relations(conn)}


def csv_rows(path: Path) -> list[dict[str, str]]:
    csv.field_size_limit(sys.maxsize)  # whole revisions of wikitext are single fields
    with path.open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def jsonl_rows(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def parquet_count(path: Path) -> int:
    return int(pq.read_metadata(path).num_rows)


READERS: dict[str, Callable[[Path], int]] = {
    "csv": lambda path: len(csv_rows(path)),
    "parquet": parquet_count,
    "jsonl": lambda path: len(jsonl_rows(path)),
}


@pytest.mark.parametrize(
    "fmt",
    [
        "csv",
        pytest.param("parquet", marks=pytest.mark.slow),
        pytest.param("jsonl", marks=pytest.mark.slow),
    ],
)
def test_every_table_and_view_round_trips_its_row_count(
    capsys: pytest.CaptureFixture[str], sample_db: Path, tmp_path: Path, fmt: str
) -> None:
    out = tmp_path / fmt
    code, stdout, _ = carcdb(
        capsys, "export", "--format", fmt, "--out", str(out), "--db", str(sample_db)
    )
    assert code == 0, stdout
    expected = warehouse_counts(sample_db)
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    assert {t["name"] for t in manifest["tables"]} == set(expected)
    assert {"tiles", "tile_distribution", "edition_totals", "rules"} <= set(expected)
    for table in manifest["tables"]:
        path = out / table["file"]
        assert table["rows"] == expected[table["name"]] == READERS[fmt](path), table["name"]
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [MARKER, "manifest.json", *(t["file"] for t in manifest["tables"])]
    )  # no staging folder left behind


def test_manifest_names_schema_sources_and_version(sample_db: Path, tmp_path: Path) -> None:
    from carcdb.pipeline.interchange.tables import export_tables

    report = export_tables(sample_db, "parquet", tmp_path / "p", ["tiles", "edition_totals"])
    manifest = json.loads(report.manifest_path.read_text("utf-8"))
    assert manifest["format"] == "carcdb-export"
    assert manifest["carcdb_version"]
    assert manifest["warehouse"]["storage_version"].startswith("v1.4.0")
    assert "008_jcz.sql" in manifest["warehouse"]["migrations"]
    names = [t["name"] for t in manifest["tables"]]
    assert names == ["edition_totals", "tiles"]
    tiles = manifest["tables"][1]
    columns = {c["name"]: c["type"] for c in tiles["columns"]}
    assert columns["features"] == "JSON"
    assert columns["count"] == "INTEGER"
    assert manifest["tables"][0]["kind"] == "view"
    titles = sorted(r["title"] for r in manifest["source_revisions"])
    assert titles == sorted(
        ["Base game/ro", "Winter Edition Base Game/ro", "The Courier (Fan Expansion)/ro",
         "Abbey and the Mayor/ro"]
    )  # fmt: skip
    assert all(r["revision_key"] and r["sha256"] for r in manifest["source_revisions"])


def test_json_columns_are_nested_in_jsonl_and_text_in_csv(sample_db: Path, tmp_path: Path) -> None:
    from carcdb.pipeline.interchange.tables import export_tables

    export_tables(sample_db, "jsonl", tmp_path / "j", ["tiles", "catalog_pages"])
    export_tables(sample_db, "csv", tmp_path / "c", ["tiles", "catalog_pages"])
    tiles = jsonl_rows(tmp_path / "j" / "tiles.jsonl")
    start = next(t for t in tiles if t["code"] == "D" and t["edition"] == "C3")
    assert start["illustrations"] == {"Farmhouse": 1, "None": 2, "Pigsty": 1}
    assert isinstance(start["edition_sources"], dict)
    pages = jsonl_rows(tmp_path / "j" / "catalog_pages.jsonl")
    assert all(isinstance(p["seen_in"], list) for p in pages)
    csv_tiles = csv_rows(tmp_path / "c" / "tiles.csv")
    start_csv = next(t for t in csv_tiles if t["code"] == "D" and t["edition"] == "C3")
    assert json.loads(start_csv["illustrations"]) == start["illustrations"]
    assert json.loads(csv_rows(tmp_path / "c" / "catalog_pages.csv")[0]["seen_in"])


def test_sqlite_file_has_every_table_with_its_rows(
    capsys: pytest.CaptureFixture[str], sample_db: Path, tmp_path: Path
) -> None:
    target = tmp_path / "carcdb.sqlite"
    code, out, _ = carcdb(
        capsys, "export", "--format", "sqlite", "--out", str(target), "--db", str(sample_db)
    )
    assert code == 0
    assert "manifest" in out
    expected = warehouse_counts(sample_db)
    db = sqlite3.connect(target)
    try:
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert names == set(expected)
        for name, count in expected.items():
            assert db.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0] == count, name
        pk = [r[1] for r in db.execute("PRAGMA table_info(pages)") if r[5]]
        assert pk == ["title"]
        row = db.execute(
            "SELECT illustrations, start_tile FROM tile_distribution "
            "WHERE code = 'D' AND edition = 'C3' AND product = 'Base Game'"
        ).fetchone()
        assert json.loads(row[0]) == {"Farmhouse": 1, "None": 2, "Pigsty": 1}
        assert row[1] == 1
        (when,) = db.execute("SELECT started_at FROM runs LIMIT 1").fetchone()
        assert isinstance(when, str) and when[:2] == "20"
    finally:
        db.close()
    manifest = json.loads(target.with_name("carcdb.sqlite.manifest.json").read_text("utf-8"))
    assert {t["name"]: t["rows"] for t in manifest["tables"]} == expected


@pytest.mark.slow
def test_duckdb_copy_is_in_the_portable_format(sample_db: Path, tmp_path: Path) -> None:
    from carcdb.pipeline.interchange.tables import export_tables

    target = tmp_path / "copy.duckdb"
    export_tables(sample_db, "duckdb", target)
    conn = duckdb.connect(str(target), read_only=True)
    try:
        row = conn.execute(
            "SELECT tags FROM duckdb_databases() WHERE database_name = current_database()"
        ).fetchone()
        assert row is not None
        assert row[0]["storage_version"].startswith("v1.4.0")
        copied = conn.execute("SELECT * FROM edition_totals ORDER BY ALL").fetchall()
    finally:
        conn.close()
    with read_only(sample_db) as source:
        assert copied == source.execute("SELECT * FROM edition_totals ORDER BY ALL").fetchall()
    assert warehouse_counts(target) == warehouse_counts(sample_db)


def test_bad_choices_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], sample_db: Path, tmp_path: Path
) -> None:
    db = ["--db", str(sample_db)]
    code, _, err = carcdb(
        capsys, "export", "-f", "csv", "-o", str(tmp_path / "x"), "--tables", "tiles,nope", *db
    )
    assert code == 2
    assert "'nope'" in err and "--tables" in err and len(err.strip().splitlines()) == 1
    a_file = tmp_path / "file.txt"
    a_file.write_text("keep", "utf-8")
    code, _, err = carcdb(capsys, "export", "-f", "parquet", "-o", str(a_file), *db)
    assert code == 2
    assert "folder" in err
    assert a_file.read_text("utf-8") == "keep"
    code, _, err = carcdb(capsys, "export", "-f", "sqlite", "-o", str(tmp_path), *db)
    assert code == 2
    assert "is a folder where a file is written" in err
    code, _, err = carcdb(capsys, "export", "-f", "duckdb", "-o", str(sample_db), *db)
    assert code == 2
    assert "is the warehouse" in err
