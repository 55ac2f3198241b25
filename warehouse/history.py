"""Each page's current revision next to the one before it: what a new revision took away.

"Before" follows the order that says which revision is current (`warehouse.current`: newest
wiki revision id first, else the last imported): the revision that was current until the
current one came.
"""

from __future__ import annotations

from dataclasses import dataclass

import duckdb

from carcdb.warehouse.current import CURRENT_FIRST

# Every revision of a page ranked, its current one first.
_RANKED = f"""
SELECT title, revision_key,
       row_number() OVER (PARTITION BY title ORDER BY {CURRENT_FIRST}) AS rank
FROM revisions
"""


@dataclass(frozen=True)
class RevisionPair:
    title: str
    current: str
    previous: str
    current_lists: int
    previous_lists: int
    current_rules: int
    previous_rules: int


def current_and_previous(conn: duckdb.DuckDBPyConnection) -> list[RevisionPair]:
    """Pages with two revisions or more: tile lists and rules of the current and the previous
    revision, by title. One pass over each table, whatever the number of lists."""
    rows = conn.execute(
        f"""
        WITH ranked AS ({_RANKED}),
        pairs AS (
            SELECT title,
                   max(revision_key) FILTER (WHERE rank = 1) AS cur,
                   max(revision_key) FILTER (WHERE rank = 2) AS prev
            FROM ranked WHERE rank <= 2 GROUP BY title HAVING count(*) = 2
        ),
        lists AS (SELECT revision_key, count(*) AS n FROM tile_lists GROUP BY revision_key),
        rules AS (SELECT revision_key, count(*) AS n FROM rules GROUP BY revision_key)
        SELECT p.title, p.cur, p.prev,
               coalesce(lc.n, 0), coalesce(lp.n, 0), coalesce(rc.n, 0), coalesce(rp.n, 0)
        FROM pairs p
        LEFT JOIN lists lc ON lc.revision_key = p.cur
        LEFT JOIN lists lp ON lp.revision_key = p.prev
        LEFT JOIN rules rc ON rc.revision_key = p.cur
        LEFT JOIN rules rp ON rp.revision_key = p.prev
        ORDER BY p.title
        """
    ).fetchall()
    return [
        RevisionPair(str(t), str(c), str(p), int(lc), int(lp), int(rc), int(rp))
        for t, c, p, lc, lp, rc, rp in rows
    ]


def current_texts(conn: duckdb.DuckDBPyConnection, titles: list[str]) -> dict[str, str]:
    """The wikitext of the current revision of each of `titles` that has one."""
    if not titles:
        return {}
    rows = conn.execute(
        "SELECT title, wikitext FROM current_revisions WHERE title IN (SELECT unnest(?))",
        [titles],
    ).fetchall()
    return {str(title): str(text) for title, text in rows}
