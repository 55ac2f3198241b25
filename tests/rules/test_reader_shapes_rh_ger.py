"""Statement shapes added by batch rh-ger's pass (issue 26), each in several languages.

The German texts are the dev half's own lines (tests/fixtures/real, batch rh-ger's dev
excerpts); the others are written here in a language's usual rules wording. Read as
`tests/rules/test_reader_shapes.py` reads its shapes (claims compared as the corpus compares
them: feature, phase, unit, points, sign, multiplier).
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.rules.real_corpus import parse_annotation, read_keys

# A list's lead line ending in a colon names the rows' subject; a row naming no feature of its
# own scores for it, and a feature word right after the row's "per" is what it counts.
LED_ROWS = [
    (
        "de",
        "Bei der Wachturm-Wertung werden die 8 direkt anliegenden Plättchen sowie das Plättchen"
        " mit dem Turm selbst gewertet Auf dem Wachturm ist zu sehen, wofür du Punkte bekommst:\n"
        "2 Punkte für jedes Wappen | ||\n"
        "1 Punkt für jedes Plättchen mit mindestens einer Straße | ||\n"
        "3 Punkte für jedes Kloster | ||\n"
        "1 Punkt für jedes Plättchen mit mindestens einem Stadtteil [6] |",
        [
            "watchtower completed coat_of_arms 2",
            "watchtower completed tile 1",
            "watchtower completed monastery 3",
            "watchtower completed tile 1",
        ],
    ),
    (
        "en",
        "The watchtower scores points for:\n3 points for each monastery\n2 points per coat of arms",
        ["watchtower completed monastery 3", "watchtower completed coat_of_arms 2"],
    ),
    (
        "nl",
        "Deze punten krijg je voor de wachttoren:\n3 punten voor elk klooster\n"
        "1 punt per tegel met een weg",
        ["watchtower completed monastery 3", "watchtower completed tile 1"],
    ),
]

# Rows that name their own feature keep it; a lead naming no feature leads nothing; a line
# past the list with a feature of its own ends the lead.
OWN_ROWS = [
    (
        "de",
        "Wertung der Straßen und Städte:\n1 Punkt pro Straßenplättchen\n"
        "2 Punkte pro Stadtplättchen",
        ["road completed tile 1", "city completed tile 2"],
    ),
    (
        "de",
        "Punkte gibt es für:\nJedes Kloster bringt 9 Punkte.",
        ["monastery completed fixed 9"],
    ),
    (
        "de",
        "Der Besitzer einer Wiese erhält:\n3 Punkte für jede fertige Stadt",
        ["field end_game completed_city 3"],
    ),
    (
        "en",
        "The watchtower scores points for:\n2 points per coat of arms\nMonasteries\n"
        "9 points for each monastery",
        ["watchtower completed coat_of_arms 2", "monastery completed fixed 9"],
    ),
]


@pytest.mark.parametrize(("language", "text", "expected"), LED_ROWS + OWN_ROWS)
def test_a_list_lead_names_the_subject_of_its_rows(
    language: str, text: str, expected: list[str]
) -> None:
    assert read_keys(language, text) == Counter(map(parse_annotation, expected))


# A phase a paragraph's sentence announces ("Erst zum Schluss erfolgt die Abrechnung.") holds
# for the rest of its paragraph and a list after it, not for the next paragraph.
PARAGRAPH_PHASE = [
    (
        "de",
        "Diese bleibt bis zum Ende des Spieles auf dem Wohngebiet stehen. Erst zum Schluss"
        " erfolgt die Abrechnung. Grenzt ein Markt an ein Wohngebiet, erhalten Sie pro Markt"
        " zwei Punkte.\n"
        "Sobald der zweite Stapel aufgebraucht wurde, kommen die Stadttürme ins Spiel. Für das"
        " Platzieren der Stadttürme gibt es wiederum Punkte und zwar so viele Punkte wie"
        " Mauerteile zum vorhergehenden Turm vorhanden sind.",
        ["residential end_game market 2", "tower completed wall_segment 1"],
    ),
    (
        "en",
        "At the end of the game, the incomplete features are scored.\n"
        "- Roads: 1 point per tile\n"
        "During the game, a completed city scores 2 points for each tile in it.",
        ["road incomplete tile 1", "city completed tile 2"],
    ),
    (
        "nl",
        "Pas aan het einde van het spel volgt de telling.\n"
        "Voor elke voltooide stad krijgt de boer dan 3 punten.\n"
        "Een afgebouwd klooster levert tijdens het spel direct 9 punten op voor de monnik.",
        ["field end_game completed_city 3", "monastery completed fixed 9"],
    ),
]


@pytest.mark.parametrize(("language", "text", "expected"), PARAGRAPH_PHASE)
def test_a_phase_a_sentence_announces_ends_with_its_paragraph(
    language: str, text: str, expected: list[str]
) -> None:
    assert read_keys(language, text) == Counter(map(parse_annotation, expected))


# A state word in a later parenthesis holding another amount (a number word too: "zwei
# Punkte") is that amount's, not the one before's.
ASIDE_STATES = [
    (
        "de",
        "Die Straßen sind bekannt (ab vier Plättchen gibt es doppelte Punktzahl) und Wiesen"
        " werden zu Wohngegenden (und bringen am Ende zwei Punkte pro angrenzendes Marktgebiet).",
        ["road completed tile ? x2", "residential end_game market 2"],
    ),
    (
        "en",
        "A road scores one point per tile (and the farmers two points per completed city at"
        " the end of the game).",
        ["road completed tile 1", "field end_game completed_city 2"],
    ),
]


@pytest.mark.parametrize(("language", "text", "expected"), ASIDE_STATES)
def test_a_later_aside_with_an_amount_keeps_its_state(
    language: str, text: str, expected: list[str]
) -> None:
    assert read_keys(language, text) == Counter(map(parse_annotation, expected))


# A flat amount for a feature's own tile "and" the counted tiles around it: both score it.
TILES_AROUND = [
    (
        "de",
        "Dieser bekommt ein Punkt für das Klosterplättchen sowie alle acht Plättchen drumherum.",
        ["monastery completed fixed 1", "monastery completed surrounding_tile 1"],
    ),
    (
        "en",
        "The monk scores 1 point for the monastery tile and all eight tiles around it.",
        ["monastery completed fixed 1", "monastery completed surrounding_tile 1"],
    ),
    (
        "en",
        "The monk scores 1 point for the monastery tile and the road on it.",
        ["monastery completed fixed 1"],
    ),
]


@pytest.mark.parametrize(("language", "text", "expected"), TILES_AROUND)
def test_the_counted_tiles_around_a_feature_score_its_flat_amount_too(
    language: str, text: str, expected: list[str]
) -> None:
    assert read_keys(language, text) == Counter(map(parse_annotation, expected))


# A unit after an attribute of a few words between it and its "per" ("pro an der Ebene
# beteiligtem Plättchen"); a list of counted things ("and") is no attribute.
ATTRIBUTE_UNITS = [
    (
        "de",
        "Eine geschlossene Ebene bringt 2 Punkte pro an der Ebene beteiligtem Plättchen.",
        ["plain completed tile 2"],
    ),
    (
        "nl",
        "Een afgebouwde stad levert 2 punten per bij de stad horende tegel op.",
        ["city completed tile 2"],
    ),
]


@pytest.mark.parametrize(("language", "text", "expected"), ATTRIBUTE_UNITS)
def test_a_unit_after_a_short_attribute_is_the_rate_unit(
    language: str, text: str, expected: list[str]
) -> None:
    assert read_keys(language, text) == Counter(map(parse_annotation, expected))


# A sentence naming no feature takes every feature the sentence before scored together, not
# only the first one it named.
SCORED_TOGETHER = [
    (
        "de",
        "Für einen abgeschlossenen Pfad oder Busch mit einer Tierart erhält der Spieler nur"
        " einen Punkt, egal wie lang der Pfad oder wie groß der Busch ist. Bei zwei"
        " unterschiedlichen Tierarten (z.B. Löwe und Elefant) erhält man bereits drei Punkte.",
        [
            "animal_path completed fixed 1",
            "bush completed fixed 1",
            "animal_path completed fixed 3",
            "bush completed fixed 3",
        ],
    ),
    (
        "en",
        "Completed roads and cities score 1 point per tile. At the end of the game they score"
        " 1 point per tile.",
        [
            "road completed tile 1",
            "city completed tile 1",
            "road incomplete tile 1",
            "city incomplete tile 1",
        ],
    ),
    (
        "de",
        "Eine fertige Straße bringt 1 Punkt pro Plättchen, ein Kloster 9 Punkte. Am Ende gibt"
        " es nur noch 1 Punkt pro Plättchen.",
        ["road completed tile 1", "monastery completed fixed 9", "road incomplete tile 1"],
    ),
]


@pytest.mark.parametrize(("language", "text", "expected"), SCORED_TOGETHER)
def test_a_sentence_without_a_feature_takes_the_features_scored_together_before(
    language: str, text: str, expected: list[str]
) -> None:
    assert read_keys(language, text) == Counter(map(parse_annotation, expected))


# A table header written with spaces ("Landschaft Offen Geschlossen") names the states of its
# rows' amounts in order; a sentence with another number of amounts ends the table.
WORD_COLUMNS = [
    (
        "de",
        "Landschaft Offen Geschlossen\n"
        "Ebene 1 Punkt pro an der Ebene beteiligtem Plättchen 2 Punkt pro an der Ebene"
        " beteiligtem Plättchen",
        ["plain incomplete tile 1", "plain completed tile 2"],
    ),
    (
        "en",
        "Feature Incomplete Completed\nRoad 1 point per tile 1 point per tile\n"
        "A monastery scores 9 points.\nA city scores 2 points per tile and 2 per pennant.",
        [
            "road incomplete tile 1",
            "road completed tile 1",
            "monastery completed fixed 9",
            "city completed tile 2",
            "city completed coat_of_arms 2",
        ],
    ),
]


@pytest.mark.parametrize(("language", "text", "expected"), WORD_COLUMNS)
def test_a_header_written_with_spaces_states_its_rows_amounts(
    language: str, text: str, expected: list[str]
) -> None:
    assert read_keys(language, text) == Counter(map(parse_annotation, expected))
