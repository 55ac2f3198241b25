"""Stored pages: every page's title, base title and language, and finding pages from what
a user types (a full title `Base game/ro` or a base title)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import duckdb

from carcdb.schemas.suggest import did_you_mean
from carcdb.warehouse.errors import UnknownPageError
from carcdb.warehouse.hints import PAGE_TITLES, sql_command


def page_titles(conn: duckdb.DuckDBPyConnection) -> list[tuple[str, str, str]]:
    """(title, base_title, language) of every stored page, by title."""
    rows = conn.execute("SELECT title, base_title, language FROM pages ORDER BY title").fetchall()
    return [(str(a), str(b), str(c)) for a, b, c in rows]


def base_title_condition(alias: str, base_titles: Sequence[str] | None) -> tuple[str, list[Any]]:
    """A SQL condition (and its parameters) keeping the rows of `pages` (as `alias`) whose
    base title is one of `base_titles`; every row when None."""
    if base_titles is None:
        return "true", []
    if not base_titles:
        return "false", []
    marks = ", ".join("?" for _ in base_titles)
    return f"{alias}.base_title IN ({marks})", list(base_titles)


def matching_pages(
    conn: duckdb.DuckDBPyConnection, page: str, language: str | None = None
) -> list[str]:
    """Titles of the pages named `page`: a full title ("Base game/ro") or a base title."""
    sql = "SELECT title FROM pages WHERE (title = ? OR base_title = ?)"
    params: list[Any] = [page, page]
    if language is not None:
        sql += " AND language = ?"
        params.append(language)
    return [str(row[0]) for row in conn.execute(sql + " ORDER BY title", params).fetchall()]


def _unknown(conn: duckdb.DuckDBPyConnection, page: str, language: str | None) -> UnknownPageError:
    where = f" in language {language!r}" if language else ""
    stored = page_titles(conn)
    in_other_languages = sorted({row[2] for row in stored if page in (row[0], row[1])})
    in_language = [row for row in stored if language is None or row[2] == language]
    close = did_you_mean(page, [name for row in in_language for name in (row[1], row[0])])
    if in_other_languages:
        fix = f"{page!r} is stored in {', '.join(in_other_languages)} (--lang)"
    elif close is not None:
        fix = f"{close} (see {sql_command(PAGE_TITLES)})"
    else:
        titles = [row[0] for row in stored]
        known = ", ".join(titles[:20]) + (" ..." if len(titles) > 20 else "") if titles else "none"
        fix = f"use a stored page ({known}), see {sql_command(PAGE_TITLES)}"
    return UnknownPageError(f"--page: no page {page!r}{where} in the warehouse - fix: {fix}")


def require_pages(
    conn: duckdb.DuckDBPyConnection, page: str, language: str | None = None
) -> list[str]:
    """Like `matching_pages`, but no match is an error naming the pages that exist."""
    titles = matching_pages(conn, page, language)
    if not titles:
        raise _unknown(conn, page, language)
    return titles


def resolve_page(conn: duckdb.DuckDBPyConnection, page: str, language: str | None = None) -> str:
    """The one stored page meant by `page` and `language` (`Base game` + `ro` -> `Base game/ro`)."""
    titles = require_pages(conn, page, language)
    if language is None and page in titles:
        return page
    if len(titles) > 1:
        raise UnknownPageError(
            f"--page: {page!r} exists in several languages: {', '.join(titles)} - fix: pass --lang"
        )
    return titles[0]


def base_title_of(conn: duckdb.DuckDBPyConnection, title: str) -> str:
    """The base title of a stored page (`Base game/ro` -> `Base game`)."""
    rows = conn.execute("SELECT base_title FROM pages WHERE title = ?", [title]).fetchall()
    if not rows:
        raise _unknown(conn, title, None)
    return str(rows[0][0])
