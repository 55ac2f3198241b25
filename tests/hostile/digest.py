"""A digest of every table of a warehouse: equal digests, equal contents (the `runs` log too).

Rows are compared as a sorted list of their reprs, so row order (which DuckDB does not
promise) plays no part. Meant for the small warehouses of tests.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import duckdb


def warehouse_digest(db: Path) -> dict[str, str]:
    """Table name -> sha256 of its rows (and row count), for every table of `db`."""
    conn = duckdb.connect(str(db), read_only=True)
    try:
        tables = [
            str(row[0])
            for row in conn.execute(
                "SELECT table_name FROM duckdb_tables() WHERE NOT internal ORDER BY 1"
            ).fetchall()
        ]
        digest = {}
        for table in tables:
            rows = sorted(repr(row) for row in conn.execute(f'SELECT * FROM "{table}"').fetchall())
            text = "\n".join(rows).encode("utf-8", errors="surrogatepass")
            digest[table] = f"{len(rows)}:{hashlib.sha256(text).hexdigest()}"
        return digest
    finally:
        conn.close()
