"""SQL is written in `warehouse/` only: the pipeline calls its functions.

No module under `pipeline/` holds SQL text in a string literal, runs a statement on a
connection, or imports the warehouse helpers that take SQL text. The only SQL that passes
through `pipeline/` unwritten by us is what a user types (`carcdb sql`), which arrives as an
argument, not a literal. Queries our messages suggest (`warehouse.hints`) must run.

What counts as SQL in a literal: a statement (SELECT ... FROM, INSERT INTO, DELETE FROM,
UPDATE ... SET, CREATE/DROP/ALTER of a table, view or index, WITH name AS) or a clause
(WHERE, JOIN, ORDER BY, GROUP BY, UNION) as a fragment of one, in upper case as this project
writes SQL (lower-case prose like "select a page from the list" is not SQL; lower-case SQL
would still need one of the calls or imports above to run). An f-string is read with `{}`
for its fields. Docstrings are documentation and are not read.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from carcdb.warehouse import hints
from carcdb.warehouse.connection import read_only, write_transaction

ROOT = Path(__file__).resolve().parents[2]
PIPELINE = ROOT / "pipeline"

STATEMENT = re.compile(
    r"\bSELECT\b[\s\S]+\bFROM\b"
    r"|\bINSERT\s+INTO\b"
    r"|\bDELETE\s+FROM\b"
    r"|\bUPDATE\s+\S+\s+SET\b"
    r"|\b(CREATE|DROP|ALTER)\s+(OR\s+REPLACE\s+)?(TEMP\w*\s+)?(TABLE|VIEW|INDEX)\b"
    r"|\bWITH\s+\w+\s+AS\s*\(",
)
CLAUSE = re.compile(r"\b(SELECT|WHERE|JOIN|ORDER BY|GROUP BY|UNION ALL|UNION)\b")
# Methods of a DuckDB connection or result that take or run SQL.
SQL_METHODS = {"execute", "executemany", "sql", "fetchall", "fetchone", "fetchmany", "register"}
# Warehouse helpers whose argument is SQL text.
SQL_HELPERS = {("carcdb.warehouse.rows", "execute"), ("carcdb.warehouse.rows", "scalar")}


def looks_like_sql(text: str) -> bool:
    return bool(STATEMENT.search(text) or CLAUSE.search(text))


def _docstrings(nodes: list[ast.AST]) -> set[int]:
    """ids of the docstring constants of the module, its classes and functions."""
    found = set()
    for node in nodes:
        if (
            isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
        ):
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _literal_text(node: ast.JoinedStr) -> str:
    return "".join(
        str(part.value) if isinstance(part, ast.Constant) else "{}" for part in node.values
    )


def sql_in_source(source: str) -> Iterator[tuple[int, str]]:
    """(line, what) for every SQL literal, SQL method call and SQL helper import."""
    nodes = list(ast.walk(ast.parse(source)))  # walked once, read three times
    docstrings = _docstrings(nodes)
    in_fstring = {
        id(part) for node in nodes if isinstance(node, ast.JoinedStr) for part in node.values
    }
    for node in nodes:
        if isinstance(node, ast.JoinedStr):
            text = _literal_text(node)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in docstrings or id(node) in in_fstring:
                continue
            text = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in SQL_METHODS:
                yield node.lineno, f".{node.func.attr}(...) runs SQL"
            continue
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if (node.module, alias.name) in SQL_HELPERS:
                    yield node.lineno, f"imports {node.module}.{alias.name} (takes SQL text)"
            continue
        else:
            continue
        if looks_like_sql(text):
            yield node.lineno, repr(text[:80])


def test_no_sql_in_the_pipeline() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}: {what}"
        for path in sorted(PIPELINE.rglob("*.py"))
        for line, what in sql_in_source(path.read_text("utf-8"))
    ]
    assert found == []


@pytest.mark.parametrize(
    "source",
    [
        'rows = conn.execute("SELECT title FROM pages").fetchall()',
        'sql = "SELECT a\\nFROM b"',
        'sql = f"SELECT {columns} FROM {table}"',
        'sql = "SELECT count(*) " "FROM revisions"',
        'sql += " AND r.kind = ? ORDER BY r.title"',
        'q = "UPDATE revisions SET import_seq = ?"',
        'q = "INSERT INTO pages VALUES (?)"',
        'rows = duckdb.sql("select 1").fetchall()',
        'q = f"DELETE FROM {table} WHERE x IN (SELECT k FROM {view})"',
        'q = "CREATE TEMP TABLE t (x INT)"',
        "from carcdb.warehouse.rows import execute",
        "value = scalar_of(conn.sql(text))",
    ],
)
def test_the_scan_sees_sql(source: str) -> None:
    assert list(sql_in_source(source))


@pytest.mark.parametrize(
    "source",
    [
        '"""A docstring may say SELECT title FROM pages."""',
        'def f():\n    """Rows ORDER BY title."""',
        'message = "select a page from the list with --page"',
        'fix = "pass --from and --to"',
        "from carcdb.warehouse.rows import ColumnRows, insert_columns",
        'payload = client.query({"prop": "info"})',
        'text = "each write runs one insert per table"',
    ],
)
def test_the_scan_leaves_prose_and_warehouse_calls_alone(source: str) -> None:
    assert list(sql_in_source(source)) == []


def test_suggested_queries_run_on_a_new_warehouse(tmp_path: Path) -> None:
    db = tmp_path / "carcdb.duckdb"
    with write_transaction(db):
        pass
    with read_only(db) as conn:
        for query in hints.HINTS:
            assert looks_like_sql(query)
            conn.execute(query).fetchall()
