"""Input files an earlier run already stored: recognised by their bytes' sha256, never re-read.

A file is known when its sha256 is in `source_files`, the same format was read from it (when
the caller names one), and every revision it gave is stored with it as source, for the page
the caller names (the same bytes under another title are a different revision). Anything
short of that and the file is read as usual, so skipping is never wrong, only sometimes
missed (e.g. a file whose revisions were all stored first from another file).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import duckdb

from pipeline.errors import InputError
from pipeline.extract.corpus import SourceSpec
from pipeline.extract.titles import resolve_title
from warehouse.connection import read_only
from warehouse.errors import WarehouseError
from warehouse.rows import arrow_view, execute, scalar

_BLOCK = 1 << 20


@dataclass(frozen=True)
class KnownFile:
    sha256: str
    revisions: tuple[tuple[str, str, bool], ...]  # (title, revision_key, has revision id)


def file_sha256(path: Path) -> str | None:
    """The sha256 of the file's bytes (as `source_files` stores it); None when unreadable."""
    digest = hashlib.sha256()
    try:
        with path.open("rb") as handle:
            while block := handle.read(_BLOCK):
                digest.update(block)
    except OSError:
        return None
    return digest.hexdigest()


@dataclass(frozen=True)
class _Stored:
    format: str
    revisions: int
    rows: list[tuple[str, str, bool]]


def _stored_sources(conn: duckdb.DuckDBPyConnection, hashes: list[str]) -> dict[str, _Stored]:
    with arrow_view(conn, "_known_hashes", {"h": hashes}) as view:
        rows = conn.execute(
            "SELECT f.sha256, f.format, f.revisions, r.title, r.revision_key, "
            "r.revision_id IS NOT NULL "
            f"FROM source_files f JOIN {view} k ON k.h = f.sha256 "
            "LEFT JOIN revisions r ON r.source_sha256 = f.sha256 "
            "ORDER BY f.sha256, r.import_seq"
        ).fetchall()
    stored: dict[str, _Stored] = {}
    for sha, fmt, count, title, key, has_id in rows:
        entry = stored.setdefault(str(sha), _Stored(str(fmt), int(count), []))
        if key is not None:
            entry.rows.append((str(title), str(key), bool(has_id)))
    return stored


def _matches(spec: SourceSpec, stored: _Stored) -> tuple[tuple[str, str, bool], ...] | None:
    if spec.fmt is not None and spec.fmt.value != stored.format:
        return None
    rows = stored.rows
    if spec.title is not None:
        try:
            title, _, _ = resolve_title(spec.title, spec.language, origin=str(spec.path))
        except InputError:
            return None  # reading the file reports the problem properly
        rows = [row for row in rows if row[0] == title]
    elif spec.language is not None:
        return None
    if stored.revisions == 0 or len(rows) != stored.revisions:
        return None
    return tuple(rows)


def find_known(db: Path, specs: Sequence[SourceSpec]) -> dict[int, KnownFile]:
    """Index in `specs` -> the stored file it is, for the files not worth reading again."""
    if not db.exists() or not specs:
        return {}
    hashes = [file_sha256(spec.path) for spec in specs]
    wanted = sorted({h for h in hashes if h is not None})
    try:
        with read_only(db) as conn:
            stored = _stored_sources(conn, wanted)
    except WarehouseError:
        # Not migrated yet (or not a warehouse at all): the write that follows migrates it or
        # says what is wrong, and every file is simply read.
        return {}
    known: dict[int, KnownFile] = {}
    for index, (spec, sha) in enumerate(zip(specs, hashes, strict=True)):
        if sha is None or sha not in stored:
            continue
        revisions = _matches(spec, stored[sha])
        if revisions is not None:
            known[index] = KnownFile(sha, revisions)
    return known


def keep_import_order(
    conn: duckdb.DuckDBPyConnection, order: Sequence[tuple[str, str, bool]]
) -> int:
    """Make each page's last listed revision its current one, as importing it would have.

    Only revisions without a wiki revision id follow import order (see `current_revisions`).
    Returns how many revisions moved.
    """
    last: dict[str, tuple[str, bool]] = {}
    for title, key, has_id in order:
        last[title] = (key, has_id)
    current = dict(conn.execute("SELECT title, revision_key FROM current_revisions").fetchall())
    seq = int(scalar(conn, "SELECT coalesce(max(import_seq), 0) FROM revisions"))
    moved = 0
    for title, (key, has_id) in last.items():
        if has_id or current.get(title) == key:
            continue
        seq += 1
        execute(conn, "UPDATE revisions SET import_seq = ? WHERE revision_key = ?", [seq, key])
        moved += 1
    return moved
