"""DuckDB session settings a long write may change: memory limit and worker threads.

The values are chosen by the orchestration (`pipeline.run.tuning`); this module only says
them to DuckDB.
"""

from __future__ import annotations

import duckdb

from carcdb.warehouse.rows import execute


def set_memory_limit(conn: duckdb.DuckDBPyConnection, limit: str) -> None:
    execute(conn, f"SET memory_limit = '{limit}'")


def set_threads(conn: duckdb.DuckDBPyConnection, threads: int) -> None:
    execute(conn, f"SET threads = {int(threads)}")


def reset_threads(conn: duckdb.DuckDBPyConnection) -> None:
    execute(conn, "RESET threads")
