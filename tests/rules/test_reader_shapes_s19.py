"""Statement shapes and lexicon words added by session 19's passes (issue 26), each written
from a dev-half sentence's shape in the usual wording of rules text of its language.

Each text is read as `tests/rules/test_reader_shapes.py` reads its shapes (claims compared as
the corpus compares them: feature, phase, unit, points, sign, multiplier).
"""

from __future__ import annotations

import pytest

from tests.rules.real_corpus import annotated_keys, read_keys

# The Darmstadt promo's Darmstadtium makes the city it lies in its own (features.json
# modifiers, as a cathedral does): its bonus is the Darmstadtium's, not the city's rate.
DARMSTADTIUM = [
    (
        "en",
        "If the Darmstadtium is in a completed city, the player with the most knights there "
        "scores 3 extra points.",
        ["darmstadtium completed fixed +3"],
    ),
    (
        "de",
        "Liegt das Darmstadtium in einer abgeschlossenen Stadt, erhält der Spieler mit den "
        "meisten Rittern dort 3 zusätzliche Punkte.",
        ["darmstadtium completed fixed +3"],
    ),
    (
        "fr",
        "Si le Darmstadtium se trouve dans une ville achevée, le joueur majoritaire reçoit "
        "3 points supplémentaires.",
        ["darmstadtium completed fixed +3"],
    ),
]


@pytest.mark.parametrize(("language", "text", "claims"), DARMSTADTIUM)
def test_the_darmstadtium_makes_its_city_its_own(
    language: str, text: str, claims: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(claims)
