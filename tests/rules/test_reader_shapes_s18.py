"""Statement shapes added by session 18's passes (issue 26): written in the usual wording of
rules text in each language (they are shapes, not corpus sentences: the corpus's dev half held
no sentence of these shapes with a rate).

Each text is read as `tests/rules/test_reader_shapes.py` reads its shapes (claims compared as
the corpus compares them: feature, phase, unit, points, sign, multiplier).
"""

from __future__ import annotations

import pytest

from tests.rules.real_corpus import annotated_keys, read_keys

# Two features coordinated by "or"/"and" are both the subject even when the second repeats a
# possessive or an article-contracted preposition (lexicon key coordination_fillers): "his
# garden or his monastery" is two claims, as "the garden or the monastery" is.
COORDINATED = [
    (
        "de",
        "Der Abt bringt für seinen Garten oder sein Kloster einen Punkt pro Plättchen.",
        ["garden completed tile 1", "monastery completed tile 1"],
    ),
    (
        "it",
        "Il giocatore ottiene 1 punto per ogni tessera intorno al giardino o al monastero.",
        ["garden completed surrounding_tile 1", "monastery completed surrounding_tile 1"],
    ),
    (
        "en",
        "The abbot scores 1 point per tile for his garden or his monastery.",
        ["garden completed tile 1", "monastery completed tile 1"],
    ),
    (
        "fr",
        "L'abbé rapporte 1 point par tuile au jardin ou au monastère.",
        ["garden completed tile 1", "monastery completed tile 1"],
    ),
]


@pytest.mark.parametrize(("language", "text", "claims"), COORDINATED)
def test_a_coordination_repeating_its_possessive_names_both_features(
    language: str, text: str, claims: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


def test_a_possessive_without_a_coordination_joins_nothing() -> None:
    # "its city" after a comma is no list: the road alone is scored
    text = "A road scores 1 point per tile, its city is scored later."
    assert read_keys("en", text) == annotated_keys(["road completed tile 1"])


# A bare number closing a comma segment that names a "per" and a unit, after an amount, is
# that unit's amount ("..., jedes Wappen ebenfalls 2"); the amount before keeps the unit
# named before it ("Jedes Stadtplättchen zählt 2 Punkte").
UNIT_THEN_NUMBER = [
    (
        "de",
        "Jedes Stadtplättchen zählt 2 Punkte, jedes Wappen ebenfalls 2.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "en",
        "Each city tile scores 2 points, each shield also 2.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
]


@pytest.mark.parametrize(("language", "text", "claims"), UNIT_THEN_NUMBER)
def test_a_unit_then_a_bare_number_is_that_units_amount(
    language: str, text: str, claims: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


# Czech and Slovak "karta" (a card) is a tile as "kartička" is: "za každou kartu".
@pytest.mark.parametrize(
    ("language", "text", "claims"),
    [
        ("cs", "Dokončená cesta přináší 1 bod za každou kartu.", ["road completed tile 1"]),
        ("sk", "Dokončená cesta prináša 1 bod za každú kartu.", ["road completed tile 1"]),
    ],
)
def test_a_card_is_a_tile(language: str, text: str, claims: list[str]) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


# A negation before a unit is the unit's, not the state's: "without shield" leaves "in a
# completed city" completed (en_scribd_how_to_play_carcassonne_v4.txt, dev); a negation
# before a feature still negates its state ("unless the city is completed").
NEGATED_UNIT = [
    (
        "en",
        "Each tile without shield in a completed city is worth 2 points.",
        ["city completed tile 2"],
    ),
    (
        "de",
        "Jedes Plättchen ohne Wappen in einer abgeschlossenen Stadt zählt 2 Punkte.",
        ["city completed tile 2"],
    ),
    ("en", "A city that is not completed scores 1 point per tile.", ["city incomplete tile 1"]),
]


@pytest.mark.parametrize(("language", "text", "claims"), NEGATED_UNIT)
def test_a_negation_before_a_unit_is_the_units(language: str, text: str, claims: list[str]) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


# Copied text: a word a printed rulebook hyphenated at a line's end is one word again (not a
# compound's first part before "und"), and an HTML entity of a copied page source is its
# character.
COPIED = [
    (
        "de",
        "Eine fertige Stadt bringt 2 Punkte pro Plätt-\nchen und 2 Punkte pro Wap-\npen.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    ("en", "A completed city is worth 2 points per ti-\nle.", ["city completed tile 2"]),
    (
        "en",
        "A completed city is worth 2&nbsp;points per tile &amp; 2 points per pennant.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
]


@pytest.mark.parametrize(("language", "text", "claims"), COPIED)
def test_copied_text_is_read_as_printed(language: str, text: str, claims: list[str]) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


def test_a_compound_part_before_and_keeps_its_hyphen() -> None:
    from carcdb.pipeline.parse.rules.claim_text import sentences
    from carcdb.pipeline.parse.rules.vocabulary import vocabulary

    read = sentences("Fertige Straßen-\nund Stadtteile bringen 1 Punkt.", vocabulary("de"))
    assert read == ["Fertige Straßen- und Stadtteile bringen 1 Punkt."]


# A compound's first part before "and" ("Straßen- und Stadtteile", "weg- en stadsdelen") is
# listed with the compound: both features are scored.
@pytest.mark.parametrize(
    ("language", "text", "claims"),
    [
        (
            "de",
            "Fertige Straßen- und Stadtteile bringen 1 Punkt pro Plättchen.",
            ["road completed tile 1", "city completed tile 1"],
        ),
        (
            "nl",
            "Voltooide weg- en stadsdelen leveren 1 punt per tegel op.",
            ["road completed tile 1", "city completed tile 1"],
        ),
    ],
)
def test_a_compounds_first_part_is_listed_with_it(
    language: str, text: str, claims: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


# A summary's rate with no points word: digits, a "per" and a unit a rate counts in; number
# words and units no feature is scored per are no rate.
@pytest.mark.parametrize(
    ("language", "text", "claims"),
    [
        (
            "en",
            "City: 2 per tile, 2 per shield",
            ["city completed tile 2", "city completed coat_of_arms 2"],
        ),
        ("de", "Wiese: 3 je fertige Stadt", ["field end_game completed_city 3"]),
        (
            "it",
            "Città: 2 per tessera e 2 per stemma",
            ["city completed tile 2", "city completed coat_of_arms 2"],
        ),
        ("en", "Each player places 1 per turn.", []),
        ("en", "Roads: one per tile", []),
    ],
)
def test_a_terse_rate_needs_no_points_word(language: str, text: str, claims: list[str]) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


# A unit that belongs to one feature names it (features.json unit_features): fruit symbols
# are a tributary's, birds a bush's, gold bars a gold mine's.
@pytest.mark.parametrize(
    ("text", "claims"),
    [
        ("You get 1 extra point for each fruit symbol.", ["tributary completed fruit +1"]),
        ("Each bird is worth 1 point.", ["bush completed bird 1"]),
    ],
)
def test_a_features_own_unit_names_it(text: str, claims: list[str]) -> None:
    assert read_keys("en", text) == annotated_keys(claims)


def test_an_image_file_name_of_a_rendered_copy_is_no_text() -> None:
    # en_template_scoring_group_feature_german_castle_2024_04.txt (dev): the image's name
    # ("Token LB Tower4 C1.png") names no unit; the word after it does
    text = "(+3) points / Token LB Tower4 C1.png tower"
    assert read_keys("en", text, ("ScoringGroupFeatureGermanCastle",)) == annotated_keys(
        ["german_castle completed tower +3"]
    )


# One of a unit right before the amount, joined by "=" or by a scoring verb (a cheat sheet's
# "1 tile = 1 point"), is the amount per that unit; an article before a unit and another verb
# is no such shape.
@pytest.mark.parametrize(
    ("language", "text", "claims"),
    [
        (
            "en",
            "Cities: 1 tile = 2 points, 1 shield = 2 points",
            ["city completed tile 2", "city completed coat_of_arms 2"],
        ),
        ("en", "Road: one tile is worth one point.", ["road completed tile 1"]),
        ("de", "Straße: 1 Plättchen = 1 Punkt", ["road completed tile 1"]),
        ("it", "Strada: una tessera vale un punto", ["road completed tile 1"]),
        ("pl", "Droga: 1 kafelek = 1 punkt", ["road completed tile 1"]),
        ("en", "Place a tile and score 2 points.", []),
    ],
)
def test_one_unit_equal_to_an_amount_is_a_rate(language: str, text: str, claims: list[str]) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


# A short head opening the sentence before a spaced dash names what the sentence is about, as
# a head before a colon does (en_boardgamegeek_wheel_of_fortune_report.txt, dev).
@pytest.mark.parametrize(
    ("language", "text", "claims"),
    [
        (
            "en",
            "• Fortune – The player who moved the pig so it lands on this gets three victory "
            "points.",
            ["wheel_of_fortune completed fixed 3"],
        ),
        (
            "de",
            "Kloster – wer eine Straße daneben hat, bekommt 9 Punkte.",
            ["monastery completed fixed 9"],
        ),
        (
            "en",
            "A road – if it is completed – scores 1 point per tile.",
            ["road completed tile 1"],
        ),
    ],
)
def test_a_head_before_a_dash_names_the_subject(
    language: str, text: str, claims: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


def test_a_list_of_values_is_no_rate() -> None:
    # it_gamesacademy_corsa_all_oro.txt (dev): a token's possible values, not a rate per unit
    text = "Vengono pescati coperti e possono raffigurare Pepite (1,2,3,5 punti) oppure Ghiaia."
    assert read_keys("it", text) == annotated_keys([])


# A comma segment naming a modifier and an amount is that modifier's alternative rate, in the
# unit of the rate before; the rate before keeps the base feature.
@pytest.mark.parametrize(
    ("language", "text", "claims"),
    [
        (
            "en",
            "A road scores 1 point per tile, 2 points with an inn.",
            ["road completed tile 1", "inn completed tile 2"],
        ),
        (
            "de",
            "Eine Straße bringt 1 Punkt pro Plättchen, mit Wirtshaus 2 Punkte.",
            ["road completed tile 1", "inn completed tile 2"],
        ),
        (
            "it",
            "Una strada vale 1 punto per tessera, 2 punti con una locanda.",
            ["road completed tile 1", "inn completed tile 2"],
        ),
        (
            "en",
            "Fields score 3 points per completed city, 4 points with a pig.",
            ["field end_game completed_city 3", "pig end_game completed_city 4"],
        ),
    ],
)
def test_a_segment_naming_a_modifier_is_its_alternative_rate(
    language: str, text: str, claims: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(claims)
