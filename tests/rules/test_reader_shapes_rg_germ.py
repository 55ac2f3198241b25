"""Statement shapes added by batch rg-germ's pass (issue 26), each in several languages.

Every sentence is written here in a language's usual rules wording (none is corpus text) and
read as `tests/rules/test_reader_shapes.py` reads its shapes (claims compared as the corpus
compares them: feature, phase, unit, points, sign, multiplier).
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.rules.real_corpus import parse_annotation, read_keys

# A feature counted with a completed-state word before it ("for each closed town", "pro
# vollendeter Straße"): the completed features are the unit, as "per completed city" is.
COUNTED_COMPLETED = [
    (
        "en",
        "At the end of the game, the king gets one point for each closed town.",
        ["king end_game completed_city 1"],
    ),
    (
        "en",
        "At the end of the game, the robber baron gets one point for each finished road.",
        ["scout end_game completed_road 1"],
    ),
    (
        "de",
        "Der Raubritter kassiert am Spielende einen Punkt pro vollendeter Straße.",
        ["scout end_game completed_road 1"],
    ),
    (
        "nl",
        "Aan het einde van het spel krijgt de koning 1 punt voor elke voltooide stad.",
        ["king end_game completed_city 1"],
    ),
    (
        "nl",
        "De boer krijgt 3 punten voor elke afgebouwde stad.",
        ["field end_game completed_city 3"],
    ),
]


@pytest.mark.parametrize(("language", "text", "expected"), COUNTED_COMPLETED)
def test_a_counted_feature_with_its_completed_word_is_a_completed_unit(
    language: str, text: str, expected: list[str]
) -> None:
    assert read_keys(language, text) == Counter(map(parse_annotation, expected))


# "instead of" a few words before the replaced number ("instead of the usual 1"): the base
# feature's rate, and after two rates joined in one clause, each of them replaced.
REPLACED_USUAL = [
    (
        "en",
        "A road with an inn scores 2 points per tile instead of the usual 1, if it is completed.",
        ["inn completed tile 2", "road completed tile 1"],
    ),
    (
        "en",
        "A completed city with a cathedral scores 3 points per tile and 3 points per pennant"
        " instead of the usual 2.",
        [
            "cathedral completed tile 3",
            "cathedral completed coat_of_arms 3",
            "city completed tile 2",
            "city completed coat_of_arms 2",
        ],
    ),
    (
        "de",
        "Eine fertige Straße mit Wirtshaus bringt 2 Punkte pro Plättchen statt der üblichen 1.",
        ["inn completed tile 2", "road completed tile 1"],
    ),
    (
        "nl",
        "Een afgebouwde weg met een herberg levert 2 punten per tegel op in plaats van de"
        " gebruikelijke 1.",
        ["inn completed tile 2", "road completed tile 1"],
    ),
]


@pytest.mark.parametrize(("language", "text", "expected"), REPLACED_USUAL)
def test_the_usual_rate_a_few_words_after_instead_of_is_the_base_rate(
    language: str, text: str, expected: list[str]
) -> None:
    assert read_keys(language, text) == Counter(map(parse_annotation, expected))


# A flat amount per turn or round ("a bonus point for every round", "pro Runde einen Punkt"):
# a flat amount each time, not a rate per a unit the vocabulary does not know.
PER_TURN = [
    (
        "en",
        "Fairies also add a bonus point for every round they stand beside a follower.",
        ["fairy during_game fixed 1"],
    ),
    ("de", "Die Fee bringt pro Runde einen Punkt.", ["fairy during_game fixed 1"]),
    ("nl", "De fee levert elke beurt 1 punt op.", ["fairy during_game fixed 1"]),
]


@pytest.mark.parametrize(("language", "text", "expected"), PER_TURN)
def test_points_per_turn_are_a_flat_amount(language: str, text: str, expected: list[str]) -> None:
    assert read_keys(language, text) == Counter(map(parse_annotation, expected))
