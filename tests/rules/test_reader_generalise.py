"""Shapes the reader reads in every language because of the grammar and the lexicons as a
whole, not a corpus sentence (docs/rules.md): each sentence is written here in a language's
usual rules wording (none is corpus text). Claims compare as the corpus does."""

from __future__ import annotations

from collections import Counter

import pytest

from carcdb.pipeline.parse.rules.claims import extract_claims
from carcdb.pipeline.parse.rules.vocabulary import vocabulary
from carcdb.schemas.rules import ClaimState
from tests.rules.real_corpus import claim_key, parse_annotation

END_OF_GAME_OPENS = ["road end_game tile 1", "city end_game tile 1", "city end_game coat_of_arms 1"]

SHAPES = [
    # a sentence opening with a phase introduces the sentences after it
    (
        "de",
        "Am Spielende werden unfertige Straßen, Städte und Klöster gewertet. Jede Straße bringt"
        " 1 Punkt pro Karte. Jede Stadt bringt 1 Punkt pro Karte und 1 Punkt pro Wappen.",
        END_OF_GAME_OPENS,
    ),
    (
        "es",
        "Al final de la partida se puntúan los caminos, ciudades y monasterios incompletos. Cada"
        " camino vale 1 punto por loseta. Cada ciudad vale 1 punto por loseta y 1 punto por"
        " escudo.",
        END_OF_GAME_OPENS,
    ),
    (
        "it",
        "Alla fine della partita si contano le strade, le città e i monasteri incompleti. Ogni"
        " strada vale 1 punto per tessera. Ogni città vale 1 punto per tessera e 1 punto per"
        " stemma.",
        END_OF_GAME_OPENS,
    ),
    (
        "nl",
        "Aan het einde van het spel worden onvoltooide wegen, steden en kloosters geteld. Elke"
        " weg levert 1 punt per tegel op. Elke stad levert 1 punt per tegel en 1 punt per"
        " wapenschild op.",
        END_OF_GAME_OPENS,
    ),
    (
        "pl",
        "Na koniec gry punktowane są nieukończone drogi, miasta i klasztory. Każda droga daje"
        " 1 punkt za płytkę. Każde miasto daje 1 punkt za płytkę i 1 punkt za herb.",
        END_OF_GAME_OPENS,
    ),
    # a unit right before the next amount is that amount's subject
    (
        "es",
        "Al completar una ciudad, cada loseta da 2 puntos y cada escudo otros 2 puntos.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "es",
        "La catedral hace que cada loseta de la ciudad valga 3 puntos y cada escudo 3 puntos.",
        ["cathedral completed tile 3", "cathedral completed coat_of_arms 3"],
    ),
    # "N points for <feature>" is the feature's flat rate, with no scoring verb
    (
        "es",
        "El que tenga más monjes se lleva nueve puntos por monasterio rodeado.",
        ["monastery completed fixed 9"],
    ),
    # the city a field supplies is a completed city
    (
        "de",
        "Die Bauern erhalten für jede versorgte Stadt 3 Punkte.",
        ["field end_game completed_city 3"],
    ),
    (
        "pl",
        "Chłopi dostają po 3 punkty za każde zaopatrywane miasto.",
        ["field end_game completed_city 3"],
    ),
    (
        "cs",
        "Rolníci dostanou za každé dokončené město 3 body.",
        ["field end_game completed_city 3"],
    ),
    # Hungarian: a city is "vár", "per" is also the -ért suffix
    (
        "hu",
        "A befejezett vár lapkánként 2 pontot és címerenként 2 pontot ér.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "hu",
        "A földműves minden befejezett várért 3 pontot kap.",
        ["field end_game completed_city 3"],
    ),
    # tile words of every kind a rulebook uses
    ("pl", "Za każdy fragment drogi gracz dostaje jeden punkt.", ["road completed tile 1"]),
    (
        "es",
        "Un claustro incompleto otorga 1 punto por cada loseta que lo rodea.",
        ["monastery end_game surrounding_tile 1"],
    ),
]


@pytest.mark.parametrize(("language", "text", "expected"), SHAPES)
def test_a_shape_reads_from_the_grammar_and_lexicon(
    language: str, text: str, expected: list[str]
) -> None:
    found = extract_claims(text, [], ClaimState.COMPLETED, vocabulary(language))
    keys = [claim_key(c.feature, c.state, c.unit, c.points, c.sign, c.multiplier) for c in found]
    assert Counter(k for k in keys if k is not None) == Counter(map(parse_annotation, expected))


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("it", "Una strada con una locanda raddoppia i punti."),
        ("hu", "A fogadó megduplázza az út pontjait."),
        ("es", "Una posada duplica los puntos del camino."),
    ],
)
def test_a_multiplier_of_a_per_tile_feature_is_per_tile(language: str, text: str) -> None:
    found = extract_claims(text, [], ClaimState.COMPLETED, vocabulary(language))
    assert [(c.unit, c.multiplier) for c in found if c.multiplier] == [("tile", 2)]
