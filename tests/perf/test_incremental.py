"""Incremental builds: unchanged files are not read, parsed revisions are not parsed again."""

from __future__ import annotations

from pathlib import Path

import pytest

from carcdb.pipeline.run import parse_runner
from carcdb.pipeline.run.build import build_corpus
from carcdb.warehouse import migrate
from carcdb.warehouse.connection import read_only, write_transaction
from carcdb.warehouse.queries import status
from tests.perf.corpora import write_corpus


def _tables(db: Path) -> dict[str, int]:
    with read_only(db) as conn:
        rows = dict(status(conn)["table_rows"])
    rows.pop("runs")
    return rows


@pytest.mark.slow
def test_no_change_rebuild_reads_and_parses_nothing(db_path: Path) -> None:
    first = build_corpus(db_path, jobs=1)
    tables = _tables(db_path)
    second = build_corpus(db_path, jobs=1)
    assert (first.files_unchanged, first.parse.parsed) == (0, 4)
    assert second.files_unchanged == 4
    assert second.store.revisions_new == 0
    assert second.store.revisions_known == 4
    assert (second.parse.parsed, second.parse.skipped) == (0, 4)
    assert _tables(db_path) == tables


@pytest.mark.slow
def test_only_the_changed_file_is_read_and_parsed(tmp_path: Path, db_path: Path) -> None:
    pages = [(f"Page {n}/de", f"{{{{Tile|count={n}}}}} text {n}") for n in range(1, 5)]
    corpus = write_corpus(tmp_path / "corpus", pages)
    build_corpus(db_path, corpus, jobs=1)
    (corpus / "002.wiki").write_text("{{Tile|count=9}} changed", "utf-8")
    report = build_corpus(db_path, corpus, jobs=1)
    assert report.files_unchanged == 3
    assert (report.store.revisions_new, report.parse.parsed) == (1, 1)
    with read_only(db_path) as conn:
        current = conn.execute(
            "SELECT wikitext FROM current_revisions WHERE title = 'Page 3/de'"
        ).fetchall()
    assert current == [("{{Tile|count=9}} changed",)]


@pytest.mark.slow
def test_parser_version_bump_reparses_everything(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build_corpus(db_path, jobs=1)
    monkeypatch.setattr(parse_runner, "PARSER_VERSION", "perf-test-bump")
    report = build_corpus(db_path, jobs=1)
    assert (report.files_unchanged, report.parse.parsed) == (4, 4)
    with read_only(db_path) as conn:
        versions = conn.execute("SELECT DISTINCT parser_version FROM parsed_revisions").fetchall()
    assert versions == [("perf-test-bump",)]


@pytest.mark.slow
def test_the_last_listed_revision_stays_current_when_files_are_skipped(
    tmp_path: Path, db_path: Path
) -> None:
    old, new = ("Base game/fr", "old text {{A}}"), ("Base game/fr", "new text {{B}}")
    build_corpus(db_path, write_corpus(tmp_path / "a", [old, new]), jobs=1)
    report = build_corpus(db_path, write_corpus(tmp_path / "b", [new, old]), jobs=1)
    assert report.files_unchanged == 2
    with read_only(db_path) as conn:
        current = conn.execute("SELECT wikitext FROM current_revisions").fetchall()
    assert current == [("old text {{A}}",)]


@pytest.mark.slow
def test_a_warehouse_that_predates_a_migration_is_migrated_and_fully_read(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    all_migrations = migrate.migration_files()
    with monkeypatch.context() as patch:
        patch.setattr(migrate, "migration_files", lambda: all_migrations[:1])
        with write_transaction(db_path):
            pass
    report = build_corpus(db_path, jobs=1)
    assert (report.files_unchanged, report.store.revisions_new, report.parse.parsed) == (0, 4, 4)
    assert build_corpus(db_path, jobs=1).files_unchanged == 4
