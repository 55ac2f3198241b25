"""Which revision of a page is current: the one definition, in Python, of what the view
`current_revisions` (migration 001) says in SQL.

A page's current revision is its newest by wiki revision id; a page none of whose revisions
has an id (captures, plain wikitext) has its last imported one, the highest `import_seq`.
Revisions with an id never follow import order. So importing a stored revision without an id
again makes it the last imported of its page (a new `import_seq`) unless it is already: that is
how re-importing an older capture makes it current again, in one run (`store_batches`) or over
a build whose unchanged files were not read again (`keep_import_order`).

`CurrentRevisions` holds what a writer needs to apply the rule while it stores, without reading
the warehouse again after each group: it is kept up to date as revisions are brought.
"""

from __future__ import annotations

from dataclasses import dataclass

import duckdb

# The rule as a window order ranking a page's revisions, current first: the view's order, for
# queries that rank every revision (`warehouse.history`).
CURRENT_FIRST = "(revision_id IS NOT NULL) DESC, revision_id DESC NULLS LAST, import_seq DESC"


@dataclass
class CurrentRevisions:
    """Per page, its newest revision id and its last imported revision: enough to say which
    revision is current (`of`) and whether one brought again must be numbered anew."""

    newest_ids: dict[str, tuple[int, str]]  # title -> (its highest revision id, that revision)
    last_imported: dict[str, str]  # title -> its revision with the highest import_seq

    @classmethod
    def read(cls, conn: duckdb.DuckDBPyConnection) -> CurrentRevisions:
        newest = conn.execute(
            "SELECT title, max(revision_id), arg_max(revision_key, revision_id) "
            "FROM revisions WHERE revision_id IS NOT NULL GROUP BY title"
        ).fetchall()
        last = conn.execute(
            "SELECT title, arg_max(revision_key, import_seq) FROM revisions GROUP BY title"
        ).fetchall()
        return cls(
            newest_ids={str(t): (int(i), str(k)) for t, i, k in newest},
            last_imported={str(t): str(k) for t, k in last},
        )

    def of(self, title: str) -> str | None:
        """The page's current revision key (None for a page with no revision)."""
        newest = self.newest_ids.get(title)
        return newest[1] if newest is not None else self.last_imported.get(title)

    def imported(self, title: str, key: str, revision_id: int | None) -> None:
        """A revision was given the page's highest import number (stored, or numbered anew)."""
        self.last_imported[title] = key
        newest = self.newest_ids.get(title)
        if revision_id is not None and (newest is None or revision_id > newest[0]):
            self.newest_ids[title] = (revision_id, key)

    def renumbers(self, title: str, key: str, revision_id: int | None) -> bool:
        """Whether a stored revision brought again must get a new import number: it has no
        revision id and is not its page's last imported revision already."""
        return revision_id is None and self.last_imported.get(title) != key
