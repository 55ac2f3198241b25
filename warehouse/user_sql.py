"""SQL typed by a user (`carcdb sql`, the Python API): one read-only statement, its rows
streamed.

The text must hold exactly one statement, and DuckDB's own parser must call it a query
(`SELECT`, and what DuckDB parses as one: `WITH`, `VALUES`, `FROM ...`, `DESCRIBE`, `SHOW`,
`SUMMARIZE`, `UNPIVOT`, a table function such as `pragma_table_info('tiles')`) or an
`EXPLAIN`. Anything else is refused before it runs (`SqlRefusedError`): `SET`, `CALL`,
`PRAGMA`, `ATTACH`, `COPY`, `INSTALL`/`LOAD`, `EXPORT`, `CHECKPOINT`, `PIVOT` without its
`IN` list (DuckDB runs it as several statements), writes, several statements, and a text
holding none (`""`, `";;;"`). A query (an EXPLAIN's too) may not call the functions that
change the database process or run SQL text (`REFUSED_FUNCTIONS`: `SELECT * FROM
enable_logging(...)`), found in DuckDB's parse tree (`json_serialize_sql`). The rest is
bounded by the connection (`warehouse.connection.read_only(db, sandboxed=True)`): read-only,
no other files, no extensions, a locked configuration.

The rows are fetched a batch at a time, so a query over the whole warehouse is printed as
it is read instead of being held in memory first. Column names repeated in a result (`SELECT
1 AS a, 2 AS a`) become distinct keys for rows as objects: `a`, `a_2` (`unique_names`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import duckdb

from carcdb.warehouse.errors import WarehouseError

BATCH_ROWS = 2048
# DuckDB's statement types a user's statement may have.
ALLOWED = frozenset({duckdb.StatementType.SELECT, duckdb.StatementType.EXPLAIN})
_FIX = 'one read-only query, e.g. carcdb sql "SELECT * FROM tiles LIMIT 5"'


class SqlRefusedError(WarehouseError):
    """The text is not exactly one read-only statement."""


# Functions a query may not call: they change the database process instead of reading
# (logging, whose file storage aborts a DuckDB whose configuration lock lets it through, 1.4
# for one, when files are off limits; checkpoints), or run SQL text this check cannot see
# (query, query_table).
REFUSED_FUNCTIONS = frozenset(
    {"enable_logging", "disable_logging", "truncate_duckdb_logs", "checkpoint",
     "force_checkpoint", "query", "query_table"}
)  # fmt: skip
# The words an EXPLAIN may start with before its query.
_EXPLAIN_WORDS = frozenset({"EXPLAIN", "ANALYZE", "ANALYSE"})
# How a refused statement is named, and the fix offered, by DuckDB's type name.
_NAMES = {"LOAD": "an INSTALL or LOAD", "MULTI": "a multi-part (PIVOT)", "ATTACH": "an ATTACH",
          "EXPORT": "an EXPORT", "EXECUTE": "an EXECUTE", "INSERT": "an INSERT"}  # fmt: skip
_WRITE_FILES = (
    "carcdb sql reads the warehouse only: write files with `carcdb export`, or redirect "
    "`carcdb sql --csv ... > FILE`"
)
_FIXES = {
    "COPY": _WRITE_FILES,
    "EXPORT": _WRITE_FILES,
    "ATTACH": _WRITE_FILES,
    "PRAGMA": "use its table function, e.g. SELECT * FROM pragma_table_info('tiles')",
    "MULTI": "give PIVOT its values: PIVOT t ON col IN ('a', 'b') USING count(*)",
}


def one_query(conn: duckdb.DuckDBPyConnection, sql: str) -> str:
    """`sql` when it holds exactly one statement DuckDB parses as a query (see the module
    docstring); `SqlRefusedError` otherwise. A syntax error is DuckDB's own error."""
    statements = conn.extract_statements(sql)
    if not statements:
        raise SqlRefusedError(f"sql: the text holds no SQL statement - fix: {_FIX}")
    if len(statements) > 1:
        raise SqlRefusedError(
            f"sql: the text holds {len(statements)} statements, and only one is run - "
            "fix: run them one at a time (a WITH clause or a UNION joins queries)"
        )
    (statement,) = statements
    if statement.type not in ALLOWED:
        kind = str(statement.type).rpartition(".")[2]
        raise SqlRefusedError(
            f"sql: {_NAMES.get(kind, 'a ' + kind)} statement: only read-only queries run here "
            f"(SELECT, WITH, VALUES, FROM, DESCRIBE, SHOW, SUMMARIZE, EXPLAIN) - "
            f"fix: {_FIXES.get(kind, _FIX)}"
        )
    query = sql if statement.type == duckdb.StatementType.SELECT else _explained(conn, sql)
    refused = sorted(_function_names(conn, query) & REFUSED_FUNCTIONS)
    if refused:
        raise SqlRefusedError(
            f"sql: the query calls {', '.join(refused)}, which changes the database process or "
            f"runs SQL text, not reads - fix: {_FIX}"
        )
    return sql


def _explained(conn: duckdb.DuckDBPyConnection, sql: str) -> str:
    """The query an EXPLAIN statement explains (EXPLAIN ANALYZE runs it): the text after
    `EXPLAIN`, `ANALYZE` and a parenthesised option list, by DuckDB's own tokens, which must
    be one query."""
    tokens = duckdb.tokenize(sql)
    index = 0
    while index < len(tokens):
        start = tokens[index][0]
        word = _token(sql, tokens, index).upper()
        if word in _EXPLAIN_WORDS:
            index += 1
        elif word == "(" and not _one_select(conn, sql[start:]):
            index = _after_group(sql, tokens, index)  # `(FORMAT json, ANALYZE)`
        elif _one_select(conn, sql[start:]):
            return sql[start:]
        else:
            break
    raise SqlRefusedError(f"sql: an EXPLAIN of something other than a query - fix: {_FIX}")


def _token(sql: str, tokens: list[tuple[int, Any]], index: int) -> str:
    end = tokens[index + 1][0] if index + 1 < len(tokens) else len(sql)
    return sql[tokens[index][0] : end].strip()


def _after_group(sql: str, tokens: list[tuple[int, Any]], index: int) -> int:
    """The index of the token after the parenthesised group that starts at `index`."""
    depth = 0
    for position in range(index, len(tokens)):
        word = _token(sql, tokens, position)
        depth += (word == "(") - (word == ")")
        if depth == 0:
            return position + 1
    return len(tokens)


def _one_select(conn: duckdb.DuckDBPyConnection, sql: str) -> bool:
    try:
        statements = conn.extract_statements(sql)
    except duckdb.Error:
        return False
    return len(statements) == 1 and statements[0].type == duckdb.StatementType.SELECT


def _function_names(conn: duckdb.DuckDBPyConnection, query: str) -> set[str]:
    """Every function a query names, table functions included, from DuckDB's own parse tree
    (`json_serialize_sql`), in lower case."""
    row = conn.execute("SELECT json_serialize_sql(?::VARCHAR)", [query]).fetchone()
    tree = json.loads(row[0]) if row else {"error": True}
    if not isinstance(tree, dict) or tree.get("error"):
        raise SqlRefusedError(
            f"sql: DuckDB cannot show this query's parts to check them - fix: {_FIX}"
        )
    names: set[str] = set()
    pending: list[Any] = [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            name = node.get("function_name")
            if isinstance(name, str):
                names.add(name.lower())
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
    return names


def unique_names(names: Sequence[str]) -> list[str]:
    """Column names made distinct for rows as objects: a repeated `a` becomes `a_2`, `a_3`,
    ... (skipping names the result already has)."""
    taken = set(names)
    seen: set[str] = set()
    unique = []
    for name in names:
        if name in seen:
            number = 2
            while f"{name}_{number}" in taken or f"{name}_{number}" in seen:
                number += 1
            name = f"{name}_{number}"
        seen.add(name)
        unique.append(name)
    return unique


@dataclass(frozen=True)
class SqlStream:
    """A running query: its column names and DuckDB type names, and its rows in batches.

    `batches` reads from the connection: consume it before the connection closes.
    """

    columns: list[str]
    types: list[str]
    batches: Iterator[list[tuple[Any, ...]]]


def stream_sql(
    conn: duckdb.DuckDBPyConnection, sql: str, batch_rows: int = BATCH_ROWS
) -> SqlStream:
    """Run one read-only statement (`one_query`)."""
    cursor = conn.execute(one_query(conn, sql))
    description = cursor.description or []

    def batches() -> Iterator[list[tuple[Any, ...]]]:
        if not description:  # a statement without a result set
            return
        while rows := cursor.fetchmany(batch_rows):
            yield rows

    return SqlStream(
        columns=[str(d[0]) for d in description],
        types=[str(d[1]) for d in description],
        batches=batches(),
    )


def query_rows(
    conn: duckdb.DuckDBPyConnection, sql: str, params: Sequence[Any] = ()
) -> list[dict[str, Any]]:
    """All rows of one read-only statement (`one_query`) as dicts; JSON columns decoded to
    Python values, repeated column names made distinct (`unique_names`)."""
    cursor = conn.execute(one_query(conn, sql), list(params))
    description = cursor.description or []
    names = unique_names([str(d[0]) for d in description])
    json_columns = {i for i, d in enumerate(description) if str(d[1]) == "JSON"}
    return [
        {
            name: json.loads(value) if i in json_columns and value is not None else value
            for i, (name, value) in enumerate(zip(names, row, strict=True))
        }
        for row in cursor.fetchall()
    ]
