"""Generating configurations from real warehouses, and building edited copies of the sample."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from carcdb.pipeline.configgen.generate import engine_config
from carcdb.pipeline.extract.corpus import sample_corpus_dir
from carcdb.pipeline.run.build import build_corpus
from carcdb.schemas.engine_config import EngineConfig
from carcdb.warehouse.connection import read_only

BASE_PAGE_FILE = "002_bf3e05963fce1bff.txt"  # Base game/ro (manifest.json)


def generate(db: Path, page: str, edition: str, **options: Any) -> EngineConfig:
    with read_only(db) as conn:
        return engine_config(conn, page, edition, **options)


def edited_sample(tmp_path: Path, old: str, new: str, file: str = BASE_PAGE_FILE) -> Path:
    """A copy of the bundled sample with `old` replaced by `new` (exactly once) in `file`."""
    corpus = tmp_path / "corpus"
    shutil.copytree(sample_corpus_dir(), corpus)
    page = corpus / file
    text = page.read_text("utf-8")
    assert text.count(old) == 1, f"{old!r} should occur once in {file}"
    page.write_text(text.replace(old, new), "utf-8")
    return corpus


def build_edited(tmp_path: Path, old: str, new: str, file: str = BASE_PAGE_FILE) -> Path:
    db = tmp_path / "edited.duckdb"
    build_corpus(db, edited_sample(tmp_path, old, new, file))
    return db


def differing_paths(a: Any, b: Any, path: str = "") -> list[str]:
    """JSON paths where two documents differ; list items of tiles are named by their code."""
    if isinstance(a, dict) and isinstance(b, dict):
        paths = []
        for key in sorted(set(a) | set(b)):
            paths += differing_paths(a.get(key), b.get(key), f"{path}.{key}")
        return paths
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        paths = []
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            label = x["code"] if isinstance(x, dict) and "code" in x else str(index)
            paths += differing_paths(x, y, f"{path}[{label}]")
        return paths
    return [] if a == b else [path]
