"""End to end: building the bundled sample corpus, twice, gives the same warehouse."""

from __future__ import annotations

from pathlib import Path

import pytest

from carcdb.pipeline.run.build import build_corpus
from carcdb.warehouse.connection import read_only
from carcdb.warehouse.queries import status


def test_sample_build_counts(sample_db: Path) -> None:
    with read_only(sample_db) as conn:
        data = status(conn)
        per_capture = conn.execute(
            "SELECT f.path, count(*) FROM catalog_page_sightings s "
            "JOIN source_files f ON f.sha256 = s.source_sha256 GROUP BY f.path"
        ).fetchall()
    assert data["pages"] == 4
    assert data["pages_per_language"] == {"ro": 4}
    assert data["revisions"] == 4
    assert data["catalog_languages"] == 460
    assert sorted(n for _, n in per_capture) == [625, 689, 741]
    assert data["catalog_pages"] == 742  # the union of the three Group lists


@pytest.mark.slow
def test_rebuild_is_idempotent(db_path: Path) -> None:
    build_corpus(db_path)
    with read_only(db_path) as conn:
        first = status(conn)["table_rows"]
    build_corpus(db_path)
    with read_only(db_path) as conn:
        second = status(conn)["table_rows"]
    first.pop("runs")
    assert second.pop("runs") == 2
    assert first == second
