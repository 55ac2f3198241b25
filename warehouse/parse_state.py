"""Which stored revisions are parsed: `parsed_revisions` names the parser version of each.

A revision needs parsing when it was never parsed or was parsed by another parser version
(text is content-addressed: a changed text is a new revision).
"""

from __future__ import annotations

from collections.abc import Sequence

import duckdb

from carcdb.warehouse.rows import execute, insert_rows


def keys_to_parse(
    conn: duckdb.DuckDBPyConnection, parser_version: str, *, force: bool = False
) -> list[str]:
    """Keys of the revisions `parser_version` has not parsed (all with `force`), in import
    order (reads no wikitext)."""
    sql = (
        "SELECT r.revision_key FROM revisions r "
        "LEFT JOIN parsed_revisions s ON s.revision_key = r.revision_key "
    )
    params: list[str] = []
    if not force:
        sql += "WHERE s.parser_version IS NULL OR s.parser_version <> ? "
        params.append(parser_version)
    sql += "ORDER BY r.import_seq"
    return [str(row[0]) for row in execute(conn, sql, params)]


def parsed_keys(conn: duckdb.DuckDBPyConnection, parser_version: str) -> set[str]:
    """Keys of the revisions `parser_version` has parsed."""
    rows = execute(
        conn,
        "SELECT revision_key FROM parsed_revisions WHERE parser_version = ?",
        [parser_version],
    )
    return {str(row[0]) for row in rows}


def mark_parsed(conn: duckdb.DuckDBPyConnection, keys: Sequence[str], parser_version: str) -> None:
    """Record that `parser_version` parsed these revisions (whose earlier marks the caller
    deleted with their rows)."""
    insert_rows(
        conn,
        "parsed_revisions",
        [{"revision_key": k, "parser_version": parser_version} for k in keys],
    )


def marked_before(conn: duckdb.DuckDBPyConnection, keys: Sequence[str]) -> list[str]:
    """The keys that some parser version has parsed: only their revisions can have rows (a
    parse stores its rows and its mark in one transaction), so only theirs need deleting."""
    if not keys:
        return []
    rows = execute(
        conn,
        "SELECT revision_key FROM parsed_revisions WHERE revision_key IN (SELECT unnest(?))",
        [list(keys)],
    )
    return [str(row[0]) for row in rows]
