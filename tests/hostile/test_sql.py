"""`carcdb sql` runs exactly one read-only query (docs/hardening.md, SQL): everything else is
refused by DuckDB's own parser before it runs, in one line with exit 2, the warehouse as it
was and no file written; repeated column names keep every column in JSON."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from carcdb.pipeline.api import Warehouse
from carcdb.warehouse.connection import SANDBOX
from carcdb.warehouse.user_sql import SqlRefusedError, unique_names
from tests.conftest import ROOT
from tests.hostile.conftest import Run

Refused = Callable[..., str]
LEAK = "leak.out"  # a file a refused statement would write (relative: the test's folder)

# (case id, statement, a fragment of the one-line error)
REFUSED_SQL = [
    ("empty", "", "holds no SQL statement"),
    ("semicolons", ";;;", "holds no SQL statement"),
    ("blank", " \n\t ", "holds no SQL statement"),
    ("two-statements", "SELECT 1; SELECT 2", "holds 2 statements"),
    ("enable-logging", f"CALL enable_logging(storage='file', storage_path='{LEAK}')",
     "a CALL statement"),
    ("enable-logging-select",
     f"SELECT * FROM enable_logging(storage='file', storage_path='{LEAK}')",
     "calls enable_logging"),
    ("enable-logging-qualified", "SELECT * FROM SYSTEM.MAIN.ENABLE_LOGGING(storage='stdout')",
     "calls enable_logging"),
    ("explain-analyze-logging",
     f"EXPLAIN ANALYZE FROM enable_logging(storage='file', storage_path='{LEAK}')",
     "calls enable_logging"),
    ("summarize-checkpoint", "SUMMARIZE FROM checkpoint()", "calls checkpoint"),
    ("truncate-logs", "SELECT (SELECT count(*) FROM truncate_duckdb_logs())",
     "calls truncate_duckdb_logs"),
    ("query-text", "SELECT * FROM query('SELECT * FROM enable_logging()')", "calls query"),
    ("query-table", "SELECT * FROM query_table('tiles')", "calls query_table"),
    ("explain-a-write", "EXPLAIN DELETE FROM tiles", "an EXPLAIN of something other"),
    ("set", "SET threads = 1", "a SET statement"),
    ("reset", "RESET threads", "a SET statement"),
    ("set-variable", "SET VARIABLE x = 1", "a SET statement"),
    ("attach", f"ATTACH '{LEAK}' AS other", "an ATTACH statement"),
    ("detach", "DETACH other", "a DETACH statement"),
    ("copy", f"COPY tiles TO '{LEAK}'", "carcdb export"),
    ("copy-from", f"COPY tiles FROM '{LEAK}'", "a COPY statement"),
    ("install", "INSTALL httpfs", "an INSTALL or LOAD statement"),
    ("load", "LOAD httpfs", "an INSTALL or LOAD statement"),
    ("export", f"EXPORT DATABASE '{LEAK}'", "an EXPORT statement"),
    ("import", f"IMPORT DATABASE '{LEAK}'", "a PRAGMA statement"),
    ("pragma-writes", "PRAGMA enable_profiling", "a PRAGMA statement"),
    ("pragma-reads", "PRAGMA version", "pragma_table_info"),
    ("checkpoint", "CHECKPOINT", "a CALL statement"),
    ("delete", "DELETE FROM tiles", "a DELETE statement"),
    ("insert", "INSERT INTO tiles SELECT * FROM tiles", "an INSERT statement"),
    ("create", "CREATE TABLE t (a INTEGER)", "a CREATE statement"),
    ("drop", "DROP TABLE tiles", "a DROP statement"),
    ("begin", "BEGIN TRANSACTION", "a TRANSACTION statement"),
    ("use", "USE memory", "a SET statement"),
    ("vacuum", "VACUUM", "a VACUUM statement"),
    ("prepare", "PREPARE p AS SELECT 1", "a PREPARE statement"),
    ("pivot-guessing", "PIVOT tiles ON code", "PIVOT"),
    ("select-then-set", "SELECT 1; SET threads = 1", "holds 2 statements"),
    ("read-a-file", "SELECT * FROM read_text('/etc/hostname')", "query failed"),
]  # fmt: skip
FAST_SQL = {"empty", "semicolons", "two-statements", "enable-logging", "enable-logging-select",
            "set", "attach", "copy", "install", "pragma-writes"}  # fmt: skip


@pytest.mark.parametrize(
    ("statement", "expect"),
    [
        pytest.param(*case[1:], id=case[0], marks=() if case[0] in FAST_SQL else pytest.mark.slow)
        for case in REFUSED_SQL
    ],
)
def test_anything_but_one_query_is_refused(
    refused: Refused,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    statement: str,
    expect: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    line = refused("sql", statement)
    assert line.startswith("error: sql: ") and expect in line, line
    assert list(tmp_path.iterdir()) == [tmp_path / "wh"]  # no file written (no log either)


@pytest.mark.parametrize(
    "query",
    [
        "SELECT count(*) AS n FROM tiles",
        "WITH t AS (SELECT 1 AS n) SELECT * FROM t",
        "VALUES (1, 'a')",
        "FROM tiles LIMIT 1",
        "DESCRIBE tiles",
        "SHOW TABLES",
        "SUMMARIZE SELECT 1 AS n",
        "EXPLAIN SELECT 1",
        "EXPLAIN ANALYZE SELECT count(*) FROM tiles",
        "EXPLAIN (FORMAT json) SELECT 1",
        "SELECT * FROM pragma_table_info('tiles')",
        "PIVOT (SELECT 'A' AS code) ON code IN ('A') USING count(*)",
        "SELECT 1;",
    ],
)
def test_read_only_queries_run(cli: Run, warehouse: Path, query: str) -> None:
    outcome = cli("sql", query, "--json", "--db", str(warehouse))
    assert outcome.code == 0, outcome.err
    assert isinstance(json.loads(outcome.out), list)


def test_repeated_column_names_keep_every_column(cli: Run, warehouse: Path) -> None:
    query = "SELECT 1 AS a, 2 AS a, 3 AS a_2, 4 AS a"
    expected = {"a": 1, "a_3": 2, "a_2": 3, "a_4": 4}
    outcome = cli("sql", query, "--json", "--db", str(warehouse))
    assert outcome.code == 0 and json.loads(outcome.out) == [expected]
    lines = cli("sql", query, "--jsonl", "--db", str(warehouse)).out.splitlines()
    assert [json.loads(line) for line in lines] == [expected]
    assert cli("sql", query, "--db", str(warehouse)).out.splitlines()[0] == "a\ta\ta_2\ta"
    assert Warehouse(warehouse).query(query) == [expected]
    assert unique_names(["x", "x", "x_2"]) == ["x", "x_3", "x_2"]


# Run by DuckDB 1.4 (`duckdb14`): carcdb's check on a sandboxed connection, the statement,
# then one more query on the connection. DuckDB 1.4 (it reads carcdb's files; carcdb runs on
# 2.0) is a DuckDB whose locked configuration does not stop enable_logging: its file storage,
# refused by the sandbox, then aborts the process (SIGABRT) at the next query. The check by
# name must not depend on the lock.
# That venv holds DuckDB alone, not carcdb: the checkout's folders are found as carcdb's
# subpackages by adding the checkout to the package's path (setup.py's mapping, by hand).
ON_DUCKDB14 = """
import json, sys, duckdb
import carcdb
carcdb.__path__.append(sys.argv[4])
from carcdb.warehouse.user_sql import SqlRefusedError, one_query
conn = duckdb.connect(sys.argv[1], read_only=True, config=json.loads(sys.argv[3]))
try:
    conn.execute(one_query(conn, sys.argv[2])).fetchall()
    conn.execute("SELECT 42").fetchall()
except SqlRefusedError as exc:
    print("refused:", exc)
"""


@pytest.mark.slow
def test_duckdb_1_4_is_kept_from_aborting(duckdb14: Path, warehouse: Path, tmp_path: Path) -> None:
    for statement in (f"SELECT * FROM enable_logging(storage='file', storage_path='{LEAK}')",
                      f"CALL enable_logging(storage='file', storage_path='{LEAK}')"):  # fmt: skip
        done = subprocess.run(
            [str(duckdb14), "-c", ON_DUCKDB14, str(warehouse), statement, json.dumps(SANDBOX),
             str(ROOT)],
            capture_output=True, text=True, timeout=120, cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("refused: sql: ")


def test_the_python_api_runs_one_query_too(warehouse: Path) -> None:
    with pytest.raises(SqlRefusedError, match="holds 2 statements"):
        Warehouse(warehouse).query("SELECT 1; SELECT 2")
    with pytest.raises(SqlRefusedError, match="a DELETE statement"):
        Warehouse(warehouse).query("DELETE FROM tiles")
