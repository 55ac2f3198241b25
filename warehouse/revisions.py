"""Stored revisions read back: their texts, what a parse reads of them, the latest wiki
revision id of each page.

A page's current revision (the `current_revisions` view) is its newest by wiki revision id,
else the last imported (`import_seq`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import duckdb

from carcdb.warehouse.rows import arrow_view, execute, scalar


class StoredText(NamedTuple):
    """A stored revision's text and the page it belongs to."""

    revision_key: str
    title: str
    base_title: str
    language: str
    wikitext: str


# (title, base title, language, sha256 of the text): what a parse reads of a stored revision
# besides its text (an early parse's result stands only where these match what it was sent).
Identity = tuple[str, str, str, str]


def latest_revision_ids(conn: duckdb.DuckDBPyConnection) -> dict[str, int]:
    """Title -> the newest wiki revision id stored for it (pages without an id are left out)."""
    rows = execute(
        conn,
        "SELECT title, max(revision_id) FROM revisions "
        "WHERE revision_id IS NOT NULL GROUP BY title",
    )
    return {str(title): int(revid) for title, revid in rows}


def revision_count(conn: duckdb.DuckDBPyConnection) -> int:
    return int(scalar(conn, "SELECT count(*) FROM revisions"))


def stored_texts(conn: duckdb.DuckDBPyConnection, keys: Sequence[str]) -> list[StoredText]:
    """The given revisions with their text, in the order of `keys`."""
    with arrow_view(conn, "_parse_keys", {"k": list(keys), "pos": list(range(len(keys)))}) as view:
        rows = execute(
            conn,
            f"SELECT r.revision_key, r.title, p.base_title, p.language, r.wikitext "
            f"FROM {view} k JOIN revisions r ON r.revision_key = k.k "
            f"JOIN pages p ON p.title = r.title ORDER BY k.pos",
        )
    return [StoredText(*row) for row in rows]


def revision_identities(
    conn: duckdb.DuckDBPyConnection, keys: Sequence[str]
) -> dict[str, Identity]:
    """Key -> what a parse reads of the revision besides its text (see `Identity`)."""
    with arrow_view(conn, "_identity_keys", {"k": list(keys)}) as view:
        rows = execute(
            conn,
            f"SELECT r.revision_key, r.title, p.base_title, p.language, r.sha256 "
            f"FROM {view} k JOIN revisions r ON r.revision_key = k.k "
            f"JOIN pages p ON p.title = r.title",
        )
    return {str(key): (str(t), str(b), str(lang), str(sha)) for key, t, b, lang, sha in rows}


def current_texts(conn: duckdb.DuckDBPyConnection) -> dict[str, str]:
    """Title -> the wikitext of its current revision."""
    rows = execute(conn, "SELECT title, wikitext FROM current_revisions")
    return {str(title): str(text) for title, text in rows}


def current_text_matches(conn: duckdb.DuckDBPyConnection, pattern: str) -> list[tuple[str, str]]:
    """(title, match) for every match of the regular expression `pattern` (RE2, as DuckDB's
    `regexp_extract_all`) in each page's current wikitext, in one scan."""
    rows = execute(
        conn,
        "SELECT c.title, unnest(regexp_extract_all(c.wikitext, ?)) FROM current_revisions c",
        [pattern],
    )
    return [(str(title), str(found)) for title, found in rows]
