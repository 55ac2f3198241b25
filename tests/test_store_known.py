"""Storing group after group with the keys kept in memory (`KnownRows`, an extraction's
session) writes exactly what reading them again before every group writes."""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

import duckdb
from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.schemas.pages import (
    CatalogLanguage,
    CatalogPage,
    ImportBatch,
    PageRevision,
    SourceFile,
    SourceKind,
    sha256_text,
)
from carcdb.warehouse.connection import transaction
from carcdb.warehouse.current import CurrentRevisions
from carcdb.warehouse.migrate import apply_migrations
from carcdb.warehouse.store import KnownRows, known_rows, store_batches
from tests.lanes import examples

# Tables `store_batches` writes; `runs` and the parse tables are not its.
TABLES = (
    "source_files",
    "pages",
    "revisions",
    "catalog_page_sightings",
    "catalog_language_sightings",
    "findings",
)

# A revision: (page, text, wiki revision id or None). Few pages and texts, so that groups
# bring revisions and sources again, re-import older texts and move current revisions.
REVISION = st.tuples(
    st.sampled_from(["Base game/de", "Base game/fr", "Abbey/de"]),
    st.sampled_from(["one", "two", "three"]),
    st.one_of(st.none(), st.integers(1, 4)),
)
BATCH = st.tuples(st.integers(0, 3), st.lists(REVISION, min_size=1, max_size=4))
GROUPS = st.lists(st.lists(BATCH, min_size=1, max_size=3), min_size=1, max_size=4)


def _batch(source: int, revisions: list[tuple[str, str, int | None]]) -> ImportBatch:
    sha = hashlib.sha256(f"source {source}".encode()).hexdigest()
    return ImportBatch(
        source=SourceFile(
            sha256=sha, path=f"{source}.xml", format="xml", size_bytes=1, revisions=len(revisions)
        ),
        revisions=tuple(
            PageRevision(
                title=title,
                base_title=title.split("/")[0],
                language=title.split("/")[1],
                wikitext=text,
                source_kind=SourceKind.XML_DUMP,
                source_path=f"{source}.xml",
                sha256=sha256_text(text),
                revision_id=revision_id,
            )
            for title, text, revision_id in revisions
        ),
        catalog_pages=tuple(CatalogPage(title=t, seen_in=sha) for t, _, _ in revisions[:1]),
        catalog_languages=(CatalogLanguage(code="de", name="Deutsch", seen_in=sha),),
    )


@functools.cache
def _warehouse(name: str) -> duckdb.DuckDBPyConnection:
    """A migrated in-memory warehouse per mode, emptied before each example."""
    conn = duckdb.connect()
    apply_migrations(conn, Path(name))
    return conn


def _same_current(conn: duckdb.DuckDBPyConnection, kept: CurrentRevisions) -> None:
    """What a writer kept is what reading again gives, and says what the view says."""
    assert kept == CurrentRevisions.read(conn)
    view = dict(conn.execute("SELECT title, revision_key FROM current_revisions").fetchall())
    assert {title: kept.of(title) for title in view} == view


def _store(groups: list[list[ImportBatch]], *, keep: bool) -> dict[str, list[str]]:
    conn = _warehouse("kept" if keep else "fresh")
    for table in TABLES:
        conn.execute(f"DELETE FROM {table}")
    known: KnownRows | None = None
    for group in groups:
        with transaction(conn):
            if keep and known is None:
                known = known_rows(conn)
            store_batches(conn, group, known if keep else None)
        if keep:
            assert known is not None
            _same_current(conn, known.current)
    return {
        table: sorted(map(repr, conn.execute(f"SELECT * FROM {table}").fetchall()))
        for table in TABLES
    }


@settings(max_examples=examples(60, fast=4))
@given(GROUPS)
def test_kept_keys_store_what_reading_them_again_stores(
    groups: list[list[tuple[int, list[tuple[str, str, int | None]]]]],
) -> None:
    batches = [[_batch(source, revisions) for source, revisions in group] for group in groups]
    fresh = _store(batches, keep=False)
    assert _store(batches, keep=True) == fresh
    assert fresh["revisions"]  # something was stored
