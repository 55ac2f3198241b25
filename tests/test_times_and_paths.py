"""Times are instants shown in UTC, paths are stored relative to their corpus, and a writer
leaves no lock file (issue 28 item 7): on real warehouses, exports and CLI runs."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import duckdb
import pyarrow.parquet as pq
import pytest

from carcdb.pipeline.extract.corpus import SourceSpec
from carcdb.pipeline.interchange.tables import export_tables
from carcdb.pipeline.run.build import build_corpus, import_sources
from carcdb.warehouse import migrate
from carcdb.warehouse.connection import lock_path, read_only, write_transaction
from carcdb.warehouse.errors import WarehouseLockedError
from carcdb.warehouse.queries import status
from tests.conftest import FIXTURES, ROOT

XML = FIXTURES / "inputs" / "export.xml"  # three revisions with their wiki timestamps
TIMES = {
    "revisions": ["timestamp"],
    "runs": ["started_at", "finished_at"],
    "api_extractions": ["finished_at"],
    "check_state": ["computed_at"],
    "schema_migrations": ["applied_at"],
}
WIKI_TIMES = [
    datetime(2024, 1, 1, 10, tzinfo=UTC),
    datetime(2024, 3, 1, 10, tzinfo=UTC),
    datetime(2024, 4, 1, 10, tzinfo=UTC),
]


def _types(db: Path) -> dict[str, str]:
    with duckdb.connect(str(db), read_only=True) as conn:
        rows = conn.execute(
            "SELECT table_name, column_name, data_type FROM duckdb_columns() "
            "WHERE schema_name = 'main'"
        ).fetchall()
    wanted = {f"{t}.{c}" for t, columns in TIMES.items() for c in columns}
    return {f"{t}.{c}": str(kind) for t, c, kind in rows if f"{t}.{c}" in wanted}


def _import_xml(db: Path) -> None:
    import_sources(db, [SourceSpec(XML)], jobs=0)


def test_times_are_timestamps_with_time_zone(db_path: Path) -> None:
    _import_xml(db_path)
    assert set(_types(db_path).values()) == {"TIMESTAMP WITH TIME ZONE"}
    assert len(_types(db_path)) == sum(map(len, TIMES.values()))
    with read_only(db_path) as conn:
        stamps = conn.execute("SELECT timestamp FROM revisions ORDER BY 1").fetchall()
        (started,) = conn.execute("SELECT started_at FROM runs").fetchone() or (None,)
    assert [row[0] for row in stamps] == WIKI_TIMES
    assert isinstance(started, datetime) and started.utcoffset() is not None
    assert abs((datetime.now(UTC) - started).total_seconds()) < 24 * 3600  # UTC, not local


def test_times_are_shown_in_utc_whatever_the_machine_s_zone(db_path: Path) -> None:
    _import_xml(db_path)
    query = "SELECT timestamp FROM revisions ORDER BY 1"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "carcdb.pipeline.cli",
            "sql",
            query,
            "--db",
            str(db_path),
            "-f",
            "csv",
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "TZ": "Asia/Tokyo"},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["timestamp", *(t.isoformat() for t in WIKI_TIMES)]


def test_exports_keep_the_types_of_times(db_path: Path, tmp_path: Path) -> None:
    _import_xml(db_path)
    tables = ["revisions", "runs"]
    export_tables(db_path, "parquet", tmp_path / "p", tables)
    for table, column in (("revisions", "timestamp"), ("runs", "started_at")):
        kind = pq.read_schema(tmp_path / "p" / f"{table}.parquet").field(column).type
        assert (kind.unit, str(kind.tz)) == ("us", "UTC"), table
    values = pq.read_table(tmp_path / "p" / "revisions.parquet")["timestamp"].to_pylist()
    assert sorted(values) == WIKI_TIMES
    export_tables(db_path, "csv", tmp_path / "c", tables)
    csv_lines = (tmp_path / "c" / "revisions.csv").read_text("utf-8")
    assert "2024-01-01 10:00:00+00" in csv_lines
    export_tables(db_path, "jsonl", tmp_path / "j", tables)
    stamps = sorted(
        json.loads(line)["timestamp"]
        for line in (tmp_path / "j" / "revisions.jsonl").read_text("utf-8").splitlines()
    )
    assert [datetime.fromisoformat(s) for s in stamps] == WIKI_TIMES
    report = export_tables(db_path, "sqlite", tmp_path / "x.sqlite", tables)
    target = sqlite3.connect(tmp_path / "x.sqlite")
    try:
        rows = target.execute(
            "SELECT timestamp, julianday(timestamp) FROM revisions ORDER BY 1"
        ).fetchall()
        (started,) = target.execute("SELECT julianday(started_at) FROM runs").fetchone()
    finally:
        target.close()
    assert [r[0] for r in rows] == [t.strftime("%Y-%m-%dT%H:%M:%SZ") for t in WIKI_TIMES]
    assert all(r[1] is not None for r in rows) and started is not None
    manifest = json.loads(report.manifest_path.read_text("utf-8"))
    assert {r["timestamp"] for r in manifest["source_revisions"]} == {
        "2024-01-01T10:00:00Z", "2024-04-01T10:00:00Z"
    }  # fmt: skip
    columns = {c["name"]: c["type"] for t in manifest["tables"] for c in t["columns"]}
    assert columns["timestamp"] == columns["started_at"] == "TIMESTAMP WITH TIME ZONE"


def test_a_warehouse_made_before_the_times_migration_is_converted(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    every = migrate.migration_files()
    (latest,) = [m for m in every if m[1] == "012_utc_times.sql"]
    with monkeypatch.context() as patch:
        patch.setattr(migrate, "migration_files", lambda: [m for m in every if m != latest])
        _import_xml(db_path)
    assert _types(db_path)["revisions.timestamp"] == "VARCHAR"
    assert _types(db_path)["runs.started_at"] == "TIMESTAMP"
    with duckdb.connect(str(db_path), read_only=True) as conn:
        (wall,) = conn.execute("SELECT started_at FROM runs").fetchone() or (None,)
    with write_transaction(db_path):
        pass
    assert set(_types(db_path).values()) == {"TIMESTAMP WITH TIME ZONE"}
    with read_only(db_path) as conn:
        stamps = [
            r[0] for r in conn.execute("SELECT timestamp FROM revisions ORDER BY 1").fetchall()
        ]
        (started,) = conn.execute("SELECT started_at FROM runs").fetchone() or (None,)
    assert stamps == WIKI_TIMES
    assert started == wall.replace(tzinfo=UTC)  # the stored wall-clock time was UTC


def test_a_corpus_stores_its_files_relative_to_its_folder(tmp_path: Path) -> None:
    """Two copies of one corpus in different folders store the same rows and export the same
    bytes (the absolute path of a checkout was stored, so exports depended on it)."""
    exported = []
    for place in (tmp_path / "one", tmp_path / "two" / "deeper"):
        corpus = place / "corpus"
        (corpus / "dumps").mkdir(parents=True)
        shutil.copyfile(XML, corpus / "dumps" / "export.xml")
        (corpus / "manifest.json").write_text(
            json.dumps({"files": [{"path": "dumps/export.xml"}]}), "utf-8"
        )
        db = place / "wh.duckdb"
        build_corpus(db, corpus, jobs=0)
        with read_only(db) as conn:
            paths = conn.execute(
                "SELECT DISTINCT path FROM source_files UNION ALL "
                "SELECT DISTINCT source_path FROM revisions"
            ).fetchall()
        assert paths == [("dumps/export.xml",), ("dumps/export.xml",)]
        out = place / "export"
        export_tables(db, "jsonl", out, ["source_files", "revisions", "catalog_pages"])
        exported.append({p.name: p.read_bytes() for p in out.glob("*.jsonl")})
    assert exported[0] == exported[1]


def test_the_sample_s_paths_are_its_manifest_s(sample_db: Path) -> None:
    with read_only(sample_db) as conn:
        facts = status(conn)
        seen = conn.execute("SELECT DISTINCT unnest(seen_in) FROM catalog_pages").fetchall()
    manifest = ROOT / "pipeline" / "sample" / "manifest.json"
    names = {entry["path"] for entry in json.loads(manifest.read_text("utf-8"))["files"]}
    assert set(facts["catalog_pages_per_source"]) <= names
    assert {row[0] for row in seen} <= names


def test_a_writer_leaves_no_lock_file_and_a_second_writer_is_refused(db_path: Path) -> None:
    with write_transaction(db_path):
        assert lock_path(db_path).exists()
        refused = pytest.raises(WarehouseLockedError, match="locked by another process")
        with refused, write_transaction(db_path):
            pass
    assert sorted(p.name for p in db_path.parent.iterdir()) == [db_path.name]
    # A killed writer's lock file (unlocked) is taken by the next writer, and removed.
    lock_path(db_path).write_bytes(b"")
    with write_transaction(db_path):
        pass
    assert sorted(p.name for p in db_path.parent.iterdir()) == [db_path.name]
