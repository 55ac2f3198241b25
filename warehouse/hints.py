"""Queries our messages suggest a user run with `carcdb sql`.

They are SQL we write, so they live with the rest of it; a test runs each on a new warehouse,
so a renamed table or column cannot leave a message pointing at a query that fails.
"""

from __future__ import annotations

FINDINGS = "SELECT * FROM findings"
EDITIONS = "SELECT DISTINCT product, edition FROM tile_distribution"
PAGE_TITLES = "SELECT title FROM pages"

HINTS = (FINDINGS, EDITIONS, PAGE_TITLES)


def sql_command(query: str) -> str:
    """The command line that runs `query`: `carcdb sql "<query>"`."""
    return f'carcdb sql "{query}"'
