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
        # The Tower: a tower word with a pieces word before it (and a link), after it, or
        # linked right after a tile noun counts tower pieces; the tower alone counts nothing (by
        # product The Tower's dispenser or The City's towers); a dispenser noun is the dispenser.
        ("es", "30 piezas de torre de madera", ["tower_piece 30"]),
        ("it", "30 pezzi della torre in legno", ["tower_piece 30"]),
        ("ru", "30 секций башни", ["tower_piece 30"]),
        ("pt", "30 seguimentos de torre", ["tower_piece 30"]),
        ("pt", "30 peças de torre", ["tower_piece 30"]),
        ("de", "30 Turm-Ebenen (in eine neutralen Farben)", ["tower_piece 30"]),
        ("en", "30 tower pieces", ["tower_piece 30"]),
        (
            "de",
            "Ausstattung: 1 Turm, 18 Landschaftskarten, 30 Turm-Spielsteine",
            ["tiles 18", "tower_piece 30"],
        ),
        ("es", "18 losetas de territorio con el dibujo de una torre", ["tiles 18"]),
        ("es", "1 dispensador de losetas en forma de torre", ["tile_dispenser 1"]),
        ("pt", "1 distribuidor de cartelas", ["tile_dispenser 1"]),
        ("fr", "1 distributeur de tuiles", ["tile_dispenser 1"]),
    ],
)
def test_shape(language: str, text: str, expected: list[str]) -> None:
    assert _box(text, language) == expected
