"""Input files an earlier run already stored: recognised by their bytes' sha256, never re-read.

A file is known when its sha256 is in `source_files`, the same format was read from it (when
the caller names one), and every revision it gave is stored with it as source, for the page
the caller names (the same bytes under another title are a different revision). Anything
short of that and the file is read as usual, so skipping is never wrong, only sometimes
missed (e.g. a file whose revisions were all stored first from another file).
"""

from __future__ import annotations

import hashlib
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from carcdb.pipeline.errors import InputError
from carcdb.pipeline.extract.corpus import SourceSpec
from carcdb.pipeline.extract.titles import resolve_title
from carcdb.warehouse.connection import read_only
from carcdb.warehouse.errors import WarehouseError
from carcdb.warehouse.sources import StoredSource, stored_sources

_BLOCK = 1 << 20


@dataclass(frozen=True)
class KnownFile:
    sha256: str
    revisions: tuple[tuple[str, str, bool], ...]  # (title, revision_key, has revision id)


def file_sha256(path: Path) -> str | None:
    """The sha256 of the file's bytes (as `source_files` stores it); None when unreadable."""
    digest = hashlib.sha256()
    try:
        if str(path) == "-" or not stat.S_ISREG(path.stat().st_mode):
            return None  # stdin, a FIFO, a device: reading it is the reader's to refuse
        with path.open("rb") as handle:
            while block := handle.read(_BLOCK):
                digest.update(block)
    except OSError:
        return None
    return digest.hexdigest()


def _matches(spec: SourceSpec, stored: StoredSource) -> tuple[tuple[str, str, bool], ...] | None:
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
            stored = stored_sources(conn, wanted)
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
