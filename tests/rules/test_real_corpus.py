"""Scoring claims measured on real Wikicarpedia text (tests/fixtures/real, see its NOTICE.md).

The hand annotations are the test: per language, how many annotated claims were read (recall)
and how many read claims are annotated (precision). The table is printed (`pytest -s` shows
it); the test fails below 90% recall or 95% precision overall, or below 80% recall for a
language with 15 or more annotated statements.
"""

from __future__ import annotations

import re

import pytest

from tests.rules.real_corpus import REAL, annotated, excerpts, scores, table

MIN_RECALL, MIN_PRECISION, MIN_LANGUAGE_RECALL, LANGUAGE_STATEMENTS = 0.90, 0.95, 0.80, 15


def test_claims_on_the_real_corpus_meet_the_bar(capsys: pytest.CaptureFixture[str]) -> None:
    results = scores()
    with capsys.disabled():
        print("\n" + table(results))
    total = results.pop("all")
    detail = "\n".join(total.misses)
    assert total.recall >= MIN_RECALL, detail
    assert total.precision >= MIN_PRECISION, detail
    for language, result in results.items():
        if result.statements >= LANGUAGE_STATEMENTS:
            assert result.recall >= MIN_LANGUAGE_RECALL, (language, detail)


def test_every_annotated_statement_is_in_its_excerpt() -> None:
    """An annotation names text that is really there (nothing annotated was made up)."""
    files = {e.file: e for e in excerpts()}
    for file, statements in annotated().items():
        assert file in files, file
        for statement in statements:
            assert statement["text"] in files[file].text, (file, statement["text"])
            assert statement["claims"], (file, statement["text"])


def test_every_excerpt_has_its_source_in_the_notice() -> None:
    notice = (REAL / "NOTICE.md").read_text("utf-8")
    found = {e.file for e in excerpts()}
    assert found == {p.name for p in (REAL / "excerpts").iterdir()}
    for excerpt in excerpts():
        assert re.match(r"https?://(www\.)?wikicarpedia\.com/", excerpt.source), excerpt.source
        assert excerpt.file in notice and excerpt.source in notice, excerpt.file
    assert len({e.language for e in excerpts()}) >= 10
