"""The parser version carries a digest of what the stages' output is made from, so that a change
of a lexicon or a reader module parses every stored revision again even without a bump."""

from __future__ import annotations

import shutil
from pathlib import Path

from carcdb.pipeline.parse import registry
from carcdb.pipeline.parse.registry import PARSER_RELEASE, PARSER_VERSION, tree_digest

PARSE = Path(registry.__file__).parent


def _copy(tmp_path: Path) -> Path:
    copy = tmp_path / "parse"
    shutil.copytree(PARSE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def test_the_version_is_the_release_and_the_digest_of_the_installed_code() -> None:
    release, digest = PARSER_VERSION.split("+")
    assert release == PARSER_RELEASE
    assert digest == registry.parse_digest() == registry.parse_digest()


def test_a_changed_lexicon_word_changes_the_digest(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    before = tree_digest([("parse", copy)])
    assert tree_digest([("parse", _copy(tmp_path / "again"))]) == before
    lexicon = copy / "rules" / "lang" / "en.json"
    lexicon.write_text(lexicon.read_text("utf-8").replace('"points"', '"pointz"', 1), "utf-8")
    assert tree_digest([("parse", copy)]) != before


def test_compiled_files_and_other_files_do_not_count(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    before = tree_digest([("parse", copy)])
    (copy / "__pycache__").mkdir()
    (copy / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"\0")
    (copy / "notes.txt").write_text("a maintainer's note", "utf-8")
    assert tree_digest([("parse", copy)]) == before
    (copy / "new_stage.py").write_text("X = 1\n", "utf-8")
    assert tree_digest([("parse", copy)]) != before
