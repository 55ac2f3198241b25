"""A digest of every table of a warehouse: what a build stored, for "same output" comparisons.

Each table gets its row count and an order-independent hash of its rows (the sum of each
row's hash), over every column except the volatile ones: times, durations, run ids, run
summaries and file paths, which differ between two builds of the same corpus. `runs` is left
out whole (it is the log of the runs themselves). Two builds that stored the same rows have
equal digests whatever order or process stored them; views are not digested (they are
queries over the tables). `everything=True` keeps every table and column, the volatile ones
and `runs` included: equal digests then mean an unchanged warehouse (the hostile-input tests
check that a refused input wrote nothing).

    python -m benchmarks.digest DB            print the digest as JSON
    python -m benchmarks.digest DB OTHER_DB   compare two warehouses (exit 1 when they differ)

The tests use it to show that speed work changes no output (`tests/perf/test_tuning.py`,
`tests/parse/test_fast_fallback.py`).
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

import duckdb

# Column names that hold when or how long, which run, or where a file was: not output.
VOLATILE_SUFFIXES = ("_at",)
VOLATILE_NAMES = frozenset({"seconds", "run_id", "summary", "path", "source_path"})
SKIPPED_TABLES = frozenset({"runs"})


@dataclass(frozen=True)
class TableDigest:
    rows: int
    hash: str  # sum of the rows' hashes, as text (it is wider than 64 bits)
    columns: tuple[str, ...]  # the columns hashed, in table order


def is_volatile(column: str) -> bool:
    return column in VOLATILE_NAMES or column.endswith(VOLATILE_SUFFIXES)


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def table_digests(db: Path, *, everything: bool = False) -> dict[str, TableDigest]:
    """`schema.table` -> its digest, for every table of the warehouse at `db` (volatile
    columns and `runs` left out, unless `everything`)."""
    digests: dict[str, TableDigest] = {}
    conn = duckdb.connect(str(db), read_only=True)
    try:
        tables = conn.execute(
            "SELECT schema_name, table_name FROM duckdb_tables() ORDER BY ALL"
        ).fetchall()
        for schema, table in tables:
            if table in SKIPPED_TABLES and not everything:
                continue
            columns = tuple(
                name
                for (name,) in conn.execute(
                    "SELECT column_name FROM duckdb_columns() "
                    "WHERE schema_name = ? AND table_name = ? ORDER BY column_index",
                    [schema, table],
                ).fetchall()
                if everything or not is_volatile(name)
            )
            if not columns:
                continue
            selected = ", ".join(_quoted(c) for c in columns)
            row = conn.execute(
                f"SELECT count(*), coalesce(sum(hash({selected})), 0) "
                f"FROM {_quoted(schema)}.{_quoted(table)}"
            ).fetchone()
            assert row is not None
            digests[f"{schema}.{table}"] = TableDigest(int(row[0]), str(row[1]), columns)
    finally:
        conn.close()
    return digests


def differences(ours: dict[str, TableDigest], theirs: dict[str, TableDigest]) -> list[str]:
    """One line per table that is missing on one side or differs; empty when equal."""
    lines: list[str] = []
    for name in sorted(set(ours) | set(theirs)):
        mine, other = ours.get(name), theirs.get(name)
        if mine is None or other is None:
            lines.append(f"{name}: only in the {'second' if mine is None else 'first'}")
        elif mine.columns != other.columns:
            lines.append(f"{name}: columns {mine.columns} != {other.columns}")
        elif mine != other:
            lines.append(
                f"{name}: {mine.rows} rows, {mine.hash} != {other.rows} rows, {other.hash}"
            )
    return lines


def main(argv: list[str]) -> int:
    if len(argv) == 1:
        digests = {name: asdict(d) for name, d in table_digests(Path(argv[0])).items()}
        sys.stdout.write(json.dumps(digests, indent=1, sort_keys=True) + "\n")
        return 0
    if len(argv) == 2:
        found = differences(table_digests(Path(argv[0])), table_digests(Path(argv[1])))
        sys.stdout.write("\n".join(found or ["same digests"]) + "\n")
        return 1 if found else 0
    sys.stderr.write("usage: python -m benchmarks.digest DB [OTHER_DB]\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
