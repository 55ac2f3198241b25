"""A warehouse written by this carcdb opens in DuckDB 1.4, the oldest DuckDB it supports.

DuckDB 1.4 runs in a venv of its own (`make duckdb14`, created here when missing), in a
subprocess: one process cannot load two DuckDB versions.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import duckdb
import pytest

from carcdb.warehouse.connection import read_only
from carcdb.warehouse.exports import relations, row_count

# Run by DuckDB 1.4: every relation's row count, and a JSON column read as JSON.
READER = """
import json, sys, duckdb
conn = duckdb.connect(sys.argv[1], read_only=True)
names = [r[0] for r in conn.execute(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main'").fetchall()]
counts = {n: conn.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0] for n in names}
start = conn.execute(
    "SELECT illustrations->>'Farmhouse' FROM tile_distribution "
    "WHERE product = 'Base Game' AND edition = 'C3' AND code = 'D'").fetchone()[0]
print(json.dumps({"version": duckdb.__version__, "counts": counts, "farmhouse": start}))
"""


def read_with_duckdb14(python: Path, db: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(python), "-c", READER, str(db)], capture_output=True, text=True, timeout=120
    )


@pytest.mark.slow
def test_the_warehouse_opens_in_duckdb_1_4(duckdb14: Path, sample_db: Path) -> None:
    done = read_with_duckdb14(duckdb14, sample_db)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["version"].startswith("1.4.")
    with read_only(sample_db) as conn:
        expected = {r.name: row_count(conn, r) for r in relations(conn)}
    assert seen["counts"] == expected
    assert seen["farmhouse"] == "1"


@pytest.mark.slow
def test_export_duckdb_makes_an_old_file_portable(
    duckdb14: Path, sample_db: Path, tmp_path: Path
) -> None:
    # A warehouse as DuckDB 2 writes it without the compatibility setting (carcdb before
    # docs/export.md's compatibility setting): DuckDB 1.4 refuses it.
    old = tmp_path / "old.duckdb"
    conn = duckdb.connect()
    conn.execute(f"ATTACH '{sample_db}' AS src (READ_ONLY)")
    conn.execute(f"ATTACH '{old}' AS dst")
    conn.execute("COPY FROM DATABASE src TO dst")
    conn.close()
    if duckdb.__version__.startswith("1."):
        pytest.skip("the running DuckDB writes a format 1.4 reads anyway")
    refused = read_with_duckdb14(duckdb14, old)
    assert refused.returncode != 0
    assert "version" in refused.stderr.lower()
    from carcdb.pipeline.interchange.tables import export_tables

    portable = tmp_path / "portable.duckdb"
    export_tables(old, "duckdb", portable)
    done = read_with_duckdb14(duckdb14, portable)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["farmhouse"] == "1"
