"""Shared fixtures: the bundled sample corpus and fresh warehouse paths."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.extract.corpus import sample_corpus_dir

SAMPLE = sample_corpus_dir()
FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "wh" / "carcdb.duckdb"


@pytest.fixture(scope="session")
def sample_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One warehouse built from the bundled sample, shared read-only by many tests."""
    from pipeline.run.build import build_corpus

    path = tmp_path_factory.mktemp("sample") / "carcdb.duckdb"
    build_corpus(path)
    return path
