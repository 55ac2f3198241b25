"""What the stored check results were computed from, so an unchanged warehouse reuses them.

The fingerprint covers everything a build can change that the checks read:
- each page's current revision and the parser version that parsed it (every parse-stage
  table is a function of those two, and so are the pages);
- the tables written by imports rather than by parsing: pages, revisions (which one came
  before the current one: the history check compares them), findings (import findings name
  input files), source files, the catalog sightings and imported JCloisterZone files;
- a salt from the caller: the checks' version and names, so a changed check runs again.
Table digests are a row count plus a sum of DuckDB row hashes: independent of row order,
a few milliseconds on a wiki-sized warehouse. A DuckDB upgrade that changes `hash()` only
makes one build run the checks again.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, datetime

import duckdb

from carcdb.schemas.checks import CheckResult
from carcdb.warehouse.rows import execute

# Table -> the columns whose rows the fingerprint digests.
_DIGESTED = {
    "pages": "title, base_title, language",
    "revisions": "revision_key, title, import_seq",
    "findings": "stage, revision_key, severity, code, message, title, language, line, col",
    "source_files": "sha256, path",
    "catalog_page_sightings": "title, source_sha256",
    "catalog_language_sightings": "code, name, source_sha256",
    # JCloisterZone files imported for comparison (`carcdb import-shapes`).
    "jcz_tiles": "source_sha256, path, tile_id, geometry, unsupported",
    "jcz_tile_sets": "source_sha256, path, set_id, product, edition",
    "jcz_tile_set_refs": "source_sha256, path, set_id, tile_id, count",
}


@dataclass(frozen=True)
class CheckState:
    fingerprint: str
    checks_version: int
    results: int
    seconds: float
    computed_at: datetime
    run_id: int | None


def inputs_fingerprint(conn: duckdb.DuckDBPyConnection, salt: str) -> str:
    """sha256 over `salt` and what the checks read (see the module docstring)."""
    digest = hashlib.sha256(salt.encode())
    current = execute(
        conn,
        "SELECT c.title, c.revision_key, p.parser_version FROM current_revisions c "
        "LEFT JOIN parsed_revisions p ON p.revision_key = c.revision_key ORDER BY c.title",
    )
    for title, revision_key, parser_version in current:
        digest.update(f"\x1e{title}\x1f{revision_key}\x1f{parser_version}".encode())
    for table, columns in _DIGESTED.items():
        count, hashes = execute(
            conn, f"SELECT count(*), coalesce(sum(hash({columns})::HUGEINT), 0) FROM {table}"
        )[0]
        digest.update(f"\x1d{table}\x1f{count}\x1f{hashes}".encode())
    return digest.hexdigest()


def stored_check_state(conn: duckdb.DuckDBPyConnection) -> CheckState | None:
    rows = execute(
        conn,
        "SELECT fingerprint, checks_version, results, seconds, computed_at, run_id "
        "FROM check_state",
    )
    if len(rows) != 1:
        return None
    fingerprint, version, results, seconds, computed_at, run_id = rows[0]
    return CheckState(
        str(fingerprint),
        int(version),
        int(results),
        float(seconds),
        computed_at,
        None if run_id is None else int(run_id),
    )


def save_check_state(
    conn: duckdb.DuckDBPyConnection,
    *,
    fingerprint: str,
    checks_version: int,
    results: int,
    seconds: float,
    run_id: int | None,
) -> None:
    """Record what the stored results were computed from (replacing the previous record)."""
    clear_check_state(conn)
    execute(
        conn,
        "INSERT INTO check_state (fingerprint, checks_version, results, seconds, computed_at, "
        "run_id) VALUES (?, ?, ?, ?, ?, ?)",
        [
            fingerprint,
            checks_version,
            results,
            seconds,
            datetime.now(UTC),
            run_id,
        ],
    )


def clear_check_state(conn: duckdb.DuckDBPyConnection) -> None:
    """Forget the fingerprint: the next build runs the checks."""
    execute(conn, "DELETE FROM check_state")


def stored_check_results(conn: duckdb.DuckDBPyConnection) -> list[CheckResult]:
    """The stored check results, in the order the checks returned them."""
    rows = execute(
        conn,
        "SELECT check_name, scope, status, severity, expected, actual, message, evidence "
        "FROM check_results ORDER BY position",
    )
    return [
        CheckResult.model_validate(
            {
                "check": row[0],
                "scope": row[1],
                "status": row[2],
                "severity": row[3],
                "expected": row[4],
                "actual": row[5],
                "message": row[6],
                "evidence": row[7],
            }
        )
        for row in rows
    ]
