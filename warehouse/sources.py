"""Input files stored before, by the sha256 of their bytes: their format, how many revisions
they gave, and the revisions stored with them as source."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import duckdb

from carcdb.warehouse.rows import arrow_view, execute


@dataclass(frozen=True)
class StoredSource:
    format: str
    revisions: int  # how many revisions the file gave when it was read
    # (title, revision_key, has a wiki revision id) of the revisions stored with the file as
    # source, in import order.
    rows: list[tuple[str, str, bool]]


def stored_sources(
    conn: duckdb.DuckDBPyConnection, hashes: Sequence[str]
) -> dict[str, StoredSource]:
    """sha256 -> the stored file, for those of `hashes` in `source_files`."""
    with arrow_view(conn, "_known_hashes", {"h": list(hashes)}) as view:
        rows = execute(
            conn,
            "SELECT f.sha256, f.format, f.revisions, r.title, r.revision_key, "
            "r.revision_id IS NOT NULL "
            f"FROM source_files f JOIN {view} k ON k.h = f.sha256 "
            "LEFT JOIN revisions r ON r.source_sha256 = f.sha256 "
            "ORDER BY f.sha256, r.import_seq",
        )
    stored: dict[str, StoredSource] = {}
    for sha, fmt, count, title, key, has_id in rows:
        entry = stored.setdefault(str(sha), StoredSource(str(fmt), int(count), []))
        if key is not None:
            entry.rows.append((str(title), str(key), bool(has_id)))
    return stored
