"""Shapes of Contents sentences the reader generalises to: each written from a real sentence of
the development half (tests/fixtures/real/contents-*.json) and one variant of it."""

from __future__ import annotations

import pytest

from carcdb.pipeline.parse.contents.lexicon import lexicon
from carcdb.pipeline.parse.contents.reader import read_sentence
from carcdb.schemas.contents import ContentsBasis


def _box(text: str, language: str) -> list[str]:
    return [
        f"{item.item} {item.count}"
        for item in read_sentence(text, lexicon(language)).items
        if item.basis is ContentsBasis.BOX
    ]


@pytest.mark.parametrize(
    ("language", "text", "expected"),
    [
        # A word naming a token item itself (`Warenplättchen`: goods tokens) counts it, and the
        # goods after it are tokens; German multiplicatives (`neunmal`) are numbers.
        (
            "de",
            "20 Warenplättchen (neunmal Wein, sechsmal Korn, fünfmal Tuch)",
            ["goods_token 20", "wine_token 9", "grain_token 6", "cloth_token 5"],
        ),
        (
            "de",
            "16 Warenplättchen (achtmal Wein und achtmal Tuch)",
            ["goods_token 16", "wine_token 8", "cloth_token 8"],
        ),
    ],
)
def test_shape(language: str, text: str, expected: list[str]) -> None:
    assert _box(text, language) == expected
