"""Statement shapes added by batch rh-en's pass (issue 26): the first three sentences are the
batch's development excerpts (tests/fixtures/real, rh-en), the others written in the usual rules
wording. Read as `tests/rules/test_reader_shapes.py` reads its shapes (claims compared as the
corpus compares them: feature, phase, unit, points, sign, multiplier).
"""

from __future__ import annotations

from collections import Counter

import pytest

from carcdb.pipeline.parse.rules.claims import extract_claims
from carcdb.pipeline.parse.rules.vocabulary import vocabulary
from carcdb.schemas.rules import ClaimState
from tests.rules.real_corpus import parse_annotation, read_keys

SHAPES = [
    # a signed number restating the points phrase before it is that phrase, not a second amount
    (
        "Hunters collect points at the end of the game. "
        "Score one point (1) for each deer in the grassland. "
        "Subtract one point (-1) for each tiger in the grassland.",
        ["field end_game deer 1", "field end_game tiger -1"],
    ),
    # a ransom is paid: a penalty
    (
        "Prisoners may be exchanged with other prisoners, or for a 3 point ransom.",
        ["prisoner during_game fixed -3"],
    ),
    # the start of a turn is during the game
    (
        "The fairy brings 1 point at the beginning of the turn.",
        ["fairy during_game fixed 1"],
    ),
    (
        "If your fairy is still on your meeple at the start of your turn, you score 1 point.",
        ["fairy during_game fixed 1"],
    ),
    # two amounts joined by "and", each with its own phase: each amount's part has its own
    (
        "The fairy brings 1 point at the beginning of the turn and three points for a "
        "completed object at the end of the game.",
        ["fairy during_game fixed 1", "fairy end_game fixed 3"],
    ),
    # ... while one phase said after both amounts is both amounts'
    (
        "A completed city scores 2 points per tile and 2 points per pennant.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    # a pronoun opening a sentence is the sentence before's subject, whatever the title names
    (
        "The fairy protects the subjects from the dragon. She brings 1 point at the start "
        "of the turn.",
        ["fairy during_game fixed 1"],
    ),
    # "that" before a feature is anaphoric ("that city"), not a worked example's demonstrative;
    # a negation three words before the completed word still negates it
    (
        "When added to a city that city becomes totally valueless unless the city is completed.",
        ["city incomplete tile 0"],
    ),
    # a penalty word right after the points phrase
    (
        "A prisoner is freed for a 3 point ransom.",
        ["prisoner during_game fixed -3"],
    ),
    # a unit phrase after a points word that is no amount's says what points are for: the
    # amount after it is a total
    (
        "Monastery; Scoring points for each tile around it, that is nine points.",
        ["monastery completed fixed 9"],
    ),
    # a range of points is no rate
    ("A road is a chance to score between 4-7 points.", []),
    # English reviews call the base game's cities castles
    ("Each castle is worth 2 points per tile.", ["city completed tile 2"]),
    # "for" right before a unit word is a "per" (lexicon key per_bare); before a feature or
    # a determiner it is not
    (
        "A completed lake scores 2 points per tile + 2 points for fish.",
        ["lake completed tile 2", "lake completed fish 2"],
    ),
    ("A completed monastery scores 9 points for the monastery.", ["monastery completed fixed 9"]),
]


@pytest.mark.parametrize(("text", "expected"), SHAPES)
def test_the_shape_is_read(text: str, expected: list[str]) -> None:
    # the title names the dragon, as the pronoun case's page does
    found = read_keys("en", text, ("The Princess and the Dragon",))
    assert found == Counter(map(parse_annotation, expected))


# The pronoun shape in the other languages with subject pronouns (written in their rulebooks'
# usual wording): the title names the dragon, the sentence before names the fairy first.
PRONOUNS = [
    (
        "de",
        "Die Prinzessin und der Drache",
        "Die Fee schützt die Gefolgsleute vor dem Drachen. Sie bringt ihrem Besitzer 1 Punkt.",
    ),
    (
        "fr",
        "La Princesse et le Dragon",
        "La fée protège les partisans du dragon. Elle rapporte 1 point à son propriétaire.",
    ),
    (
        "nl",
        "De Prinses en de Draak",
        "De fee beschermt de volgelingen tegen de draak. Zij levert 1 punt op.",
    ),
]


@pytest.mark.parametrize(("language", "title", "text"), PRONOUNS)
def test_a_pronoun_is_the_sentence_befores_subject(language: str, title: str, text: str) -> None:
    found = extract_claims(text, [title], ClaimState.COMPLETED, vocabulary(language))
    assert [(c.feature, c.unit, c.points) for c in found] == [("fairy", "fixed", 1)]


# An amount opening a parenthesis that names a state is a rate without a verb (the Italian
# sentence is batch rd-c's dev excerpt; the others are written in the languages' usual wording).
STATED_ASIDES = [
    (
        "it",
        "Queste 6 tessere rappresentano dei templi pagani e se giocate autonomamente "
        "funzionano come i monasteri del gioco-base (9 punti se completati).",
    ),
    ("en", "The shrine works like a monastery (9 points when completed)."),
    ("de", "Die Kultstätte wird wie ein Kloster gewertet (9 Punkte, wenn sie fertig ist)."),
]


@pytest.mark.parametrize(("language", "text"), STATED_ASIDES)
def test_an_aside_naming_a_state_states_a_rate(language: str, text: str) -> None:
    assert read_keys(language, text) == Counter([parse_annotation("shrine completed fixed 9")])
