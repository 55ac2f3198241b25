"""The Castle's buildings as a feature in the Romance lexicons (it, es, pt, fr).

Sentences written here in each language's usual rules wording (none is corpus text): a building
is completable, and an incomplete one that "scores nothing" scores 0 per tile (`features.json`
zero_unit), as a road or a house does; a little building ("piccolo edificio", "petit bâtiment")
stays the Little Buildings unit of the feature it stands on.
"""

from __future__ import annotations

from collections import Counter

import pytest

from carcdb.pipeline.parse.rules.claims import extract_claims
from carcdb.pipeline.parse.rules.vocabulary import vocabulary
from carcdb.schemas.rules import ClaimState
from tests.rules.real_corpus import claim_key, parse_annotation

SHAPES = [
    (
        "it",
        "Alla fine della partita gli edifici incompleti non danno punti.",
        ["building incomplete tile 0"],
    ),
    ("it", "Un edificio completato vale 2 punti per tessera.", ["building completed tile 2"]),
    (
        "es",
        "Al final de la partida, los edificios incompletos no dan puntos.",
        ["building incomplete tile 0"],
    ),
    (
        "pt",
        "No final do jogo, os edifícios incompletos não dão pontos.",
        ["building incomplete tile 0"],
    ),
    (
        "fr",
        "À la fin de la partie, les bâtiments inachevés ne rapportent aucun point.",
        ["building incomplete tile 0"],
    ),
    (
        "it",
        "Ogni piccolo edificio su una strada completata vale 1 punto.",
        ["road completed little_building 1"],
    ),
    (
        "es",
        "Cada edificio pequeño en un camino completado vale 1 punto.",
        ["road completed little_building 1"],
    ),
    (
        "fr",
        "Chaque petit bâtiment sur une route achevée rapporte 1 point.",
        ["road completed little_building 1"],
    ),
]


@pytest.mark.parametrize(("language", "text", "expected"), SHAPES)
def test_a_building_is_a_completable_feature(language: str, text: str, expected: list[str]) -> None:
    found = extract_claims(text, [], ClaimState.COMPLETED, vocabulary(language))
    keys = [claim_key(c.feature, c.state, c.unit, c.points, c.sign, c.multiplier) for c in found]
    assert Counter(keys) == Counter(parse_annotation(claim) for claim in expected)
