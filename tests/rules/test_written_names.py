"""One scan for every rules template name written in raw wikitext finds exactly what one
scan per name finds (the reconciliation of written against parsed templates relies on it)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.pipeline.parse.rules.plaintext import written_names_pattern, written_pattern
from carcdb.pipeline.parse.rules.stage import RECONCILED, WRITTEN
from tests.lanes import examples
from tests.rules.pages import PAGES, wikitext

# Pieces that make near-misses: names in both cases, a dotless i, prefixes, braces, spaces.
PIECES = [
    "{{", "}}", "{", "|", " ", "\n", "\t", "ı", "x", "Icon", "iconBook", "IconBook",
    "IconBookX", "RulesScoring", "rulesScoring", "FAQ", "fAQ", "OtherExpansionRule",
    "RulesPlacing", "Tile", "Meeple", "IconHouse", "IconWorld", "IconArrow", "RulesAction",
]  # fmt: skip


def _one_scan(text: str) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for match in WRITTEN.finditer(text):
        name = match[1][:1].upper() + match[1][1:]
        found.setdefault(name, []).append(match.start())
    return found


def _scan_per_name(text: str) -> dict[str, list[int]]:
    found = {
        name: [m.start() for m in re.finditer(written_pattern(name), text)] for name in RECONCILED
    }
    return {name: starts for name, starts in found.items() if starts}


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30))
def test_one_scan_finds_what_each_name_finds(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert _one_scan(text) == _scan_per_name(text)


def test_one_scan_on_the_real_pages() -> None:
    for slug in sorted(PAGES):
        text = wikitext(slug)
        found = _one_scan(text)
        assert found == _scan_per_name(text)
        assert sum(map(len, found.values())) > 0


def test_the_pattern_groups_the_name_as_written() -> None:
    match = written_names_pattern(["IconBook", "FAQ"]).search("x {{ iconBook\n|text=y}}")
    assert match is not None and match[1] == "iconBook"
