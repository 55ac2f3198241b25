"""The German, Dutch and English lexicons know every feature and unit of the canonical list
(issue 26: a sentence about an expansion names its own feature and unit, not one taken from
context): one short rules sentence per word added, and sentences where a new or narrowed stem
must not fire on a common word ("fertiger" is no tiger, "Botschaft" no sheep).

Each text is read as `tests/rules/test_reader_shapes.py` reads its shapes (claims compared as
the corpus compares them: feature, phase, unit, points, sign, multiplier).
"""

from __future__ import annotations

import pytest

from tests.rules.real_corpus import annotated_keys, read_keys

FEATURES = [
    # German (Hans im Glück names)
    (
        "de",
        "Ein fertiger See mit Leuchtturm bringt 3 Punkte pro Plättchen.",
        ["lighthouse completed tile 3"],
    ),
    ("de", "Jeder Aussichtspunkt bringt 3 Punkte.", ["vista completed fixed 3"]),
    (
        "de",
        "Ein fertiger Nebenfluss bringt 1 Punkt pro Plättchen.",
        ["tributary completed tile 1"],
    ),
    (
        "de",
        "Steht das Schicksalsrad auf Fortuna, erhält der Spieler 3 Punkte.",
        ["wheel_of_fortune during_game fixed 3"],
    ),
    ("de", "Eine fertige Insel bringt 2 Punkte pro Plättchen.", ["island completed tile 2"]),
    ("de", "Ein Schiff bringt seinem Besitzer 2 Punkte pro Fisch.", ["ship completed fish 2"]),
    (
        "de",
        "Bei der Wertung einer Goldmine erhält jeder Spieler 1 Punkt pro Goldbarren.",
        ["gold_mine completed gold 1"],
    ),
    ("de", "Wer eine Botschaft erfüllt, erhält 2 Punkte.", ["message during_game fixed 2"]),
    (
        "de",
        "Steht die Fee bei einem Gefolgsmann, erhält dieser zu Beginn des Zuges 1 Punkt.",
        ["fairy during_game fixed 1"],
    ),
    # Dutch (999 Games names)
    ("nl", "Een Duitse burcht levert 12 punten op.", ["german_castle completed fixed 12"]),
    (
        "nl",
        "Een voltooide stad met een Duitse kathedraal levert 3 punten per tegel op.",
        ["german_cathedral completed tile 3"],
    ),
    (
        "nl",
        "Een meertje met een vuurtoren levert 3 punten per tegel op.",
        ["lighthouse completed tile 3"],
    ),
    ("nl", "Een uitzichtpunt levert 3 punten op.", ["vista completed fixed 3"]),
    (
        "nl",
        "Een voltooide zijrivier levert 1 punt per tegel op.",
        ["tributary completed tile 1"],
    ),
    (
        "nl",
        "Het rad van fortuin levert de speler 3 punten op.",
        ["wheel_of_fortune during_game fixed 3"],
    ),
    ("nl", "Een voltooid eiland levert 2 punten per tegel op.", ["island completed tile 2"]),
    ("nl", "Een schip levert 2 punten per vis op.", ["ship completed fish 2"]),
    (
        "nl",
        "Bij een goudmijn krijgt elke speler 1 punt per goudstaaf.",
        ["gold_mine completed gold 1"],
    ),
    ("nl", "Wie een boodschap vervult, krijgt 2 punten.", ["message during_game fixed 2"]),
    ("nl", "Voltooide meren leveren 2 punten per tegel op.", ["lake completed tile 2"]),
    (
        "nl",
        "Een voltooide weg met een fontein levert 1 punt per tegel op.",
        ["well completed tile 1"],
    ),
    # English
    ("en", "Completed towers score 2 points per tile.", ["tower completed tile 2"]),
    ("en", "Completed houses score 1 point per tile.", ["house completed tile 1"]),
    ("en", "A completed tributary scores 1 point per tile.", ["tributary completed tile 1"]),
    (
        "en",
        "The player who lands on the fortune space of the Wheel of Fortune scores 3 points.",
        ["wheel_of_fortune during_game fixed 3"],
    ),
    ("en", "A completed island scores 2 points per tile.", ["island completed tile 2"]),
    ("en", "A ship scores 2 points per fish.", ["ship completed fish 2"]),
    (
        "en",
        "When a gold mine is scored, each player scores 1 point per gold bar.",
        ["gold_mine completed gold 1"],
    ),
    ("en", "Fulfilling a message scores 2 points.", ["message during_game fixed 2"]),
]


@pytest.mark.parametrize(("language", "text", "expected"), FEATURES)
def test_an_expansion_feature_is_named_by_its_own_word(
    language: str, text: str, expected: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(expected)


UNITS = [
    (
        "de",
        "Am Spielende bringt jeder Hirsch auf der Wiese 1 Punkt.",
        ["field end_game deer 1"],
    ),
    (
        "de",
        "Am Spielende erhält der Jäger 2 Punkte für jeden Säbelzahntiger auf seiner Wiese.",
        ["field end_game tiger 2"],
    ),
    ("de", "Ein fertiger Busch bringt 1 zusätzlichen Punkt pro Vogel.", ["bush completed bird +1"]),
    (
        "de",
        "Ein fertiger Nebenfluss bringt 1 zusätzlichen Punkt pro Frucht.",
        ["tributary completed fruit +1"],
    ),
    (
        "de",
        "Ein fertiger Tierpfad bringt 1 Punkt pro Tierart.",
        ["animal_path completed animal 1"],
    ),
    ("de", "Ein fertiger Busch bringt 1 Punkt für jedes Tier.", ["bush completed animal 1"]),
    ("de", "Jede Muschel zählt am Spielende einen Punkt.", ["unknown end_game shell 1"]),
    ("de", "Jede Banane zählt am Spielende einen Punkt.", ["unknown end_game banana 1"]),
    (
        "de",
        "Am Spielende erhält der Jäger für jedes Mammut auf seiner Wiese 2 Punkte.",
        ["field end_game mammoth 2"],
    ),
    (
        "de",
        "Am Spielende erhält der Jäger für jeden Auerochsen auf seiner Wiese 1 Punkt.",
        ["field end_game aurochs 1"],
    ),
    (
        "nl",
        "Aan het einde van het spel krijgt een jager 1 punt per hert.",
        ["field end_game deer 1"],
    ),
    (
        "nl",
        "Aan het einde van het spel krijgt een jager 2 punten per sabeltandtijger.",
        ["field end_game tiger 2"],
    ),
    (
        "nl",
        "Aan het einde van het spel krijgt een jager 2 punten per mammoet.",
        ["field end_game mammoth 2"],
    ),
    (
        "nl",
        "Aan het einde van het spel krijgt een jager 1 punt per oeros.",
        ["field end_game aurochs 1"],
    ),
    (
        "nl",
        "Een voltooide weg levert 1 extra punt per klein gebouw op.",
        ["road completed little_building +1"],
    ),
    (  # a shed is no barn ("schuur"): the unit's word is not the feature scored
        "nl",
        "Een voltooide weg levert 1 extra punt per schuurtje op.",
        ["road completed shed +1"],
    ),
    ("nl", "Een voltooide struik levert 1 extra punt per vogel op.", ["bush completed bird +1"]),
    (
        "nl",
        "Een voltooide zijrivier levert 1 extra punt per vrucht op.",
        ["tributary completed fruit +1"],
    ),
    (
        "nl",
        "Een voltooid dierenpad levert 1 punt per diersoort op.",
        ["animal_path completed animal 1"],
    ),
    (
        "nl",
        "Elke schelp levert aan het einde van het spel 1 punt op.",
        ["unknown end_game shell 1"],
    ),
    (
        "nl",
        "Elke banaan levert aan het einde van het spel 1 punt op.",
        ["unknown end_game banana 1"],
    ),
    (  # the neuter singular ("een openbaar gebouw") is a public building, not a little one
        "nl",
        "Aan het einde van het spel krijgt een bewaker 2 punten per openbaar gebouw.",
        ["guard end_game public_building 2"],
    ),
    (
        "nl",
        "Aan het einde van het spel krijgt een bewaker 3 punten per historisch gebouw.",
        ["guard end_game historic_building 3"],
    ),
    (  # en_mikkosgameblog_safari.txt (dev) names birds; the same rate as a plain sentence
        "en",
        "A completed bush scores 1 extra point per bird.",
        ["bush completed bird +1"],
    ),
    (  # en_mnogoknig_amazonas.txt (dev)
        "en",
        "Tributaries earn the same number of points, but for each fruit symbol, you will "
        "receive one additional point.",
        ["tributary completed fruit +1"],
    ),
    (
        "en",
        "A completed animal trail scores 1 point per animal.",
        ["animal_path completed animal 1"],
    ),
    ("en", "Each shell scores 1 point at the end of the game.", ["unknown end_game shell 1"]),
    ("en", "Each banana scores 1 point at the end of the game.", ["unknown end_game banana 1"]),
    (
        "en",
        "At the end of the game, a hunter scores 2 points per mammoth.",
        ["field end_game mammoth 2"],
    ),
    (
        "en",
        "At the end of the game, a hunter scores 1 point per aurochs.",
        ["field end_game aurochs 1"],
    ),
]


@pytest.mark.parametrize(("language", "text", "expected"), UNITS)
def test_an_expansion_unit_is_named_by_its_own_word(
    language: str, text: str, expected: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(expected)


# Common words a new or narrowed stem must not read as a feature or unit.
NOT_FIRING = [
    ("de", "Ein fertiger Weg bringt 1 Punkt pro Plättchen.", ["road completed tile 1"]),  # tiger
    (  # "schafft" is no sheep (the sheep are whole words: "Schaf", "Schafe")
        "de",
        "Wer es schafft, ein Kloster vollständig zu umbauen, erhält 9 Punkte.",
        ["monastery completed fixed 9"],
    ),
    (  # nor is "Landschaft" (nor "Botschaft": the message above)
        "de",
        "In jeder Landschaft bringt ein fertiges Kloster 9 Punkte.",
        ["monastery completed fixed 9"],
    ),
    (  # "Feeling" is no fairy ("Fee" is a whole word)
        "de",
        "Ganz im Südsee-Feeling zählt jede Muschel am Spielende einen Punkt.",
        ["unknown end_game shell 1"],
    ),
    (  # nor is "feest"
        "nl",
        "Op het feest levert elke schelp aan het einde van het spel 1 punt op.",
        ["unknown end_game shell 1"],
    ),
    ("nl", "Een hertog op een voltooide weg krijgt 1 punt per tegel.", ["road completed tile 1"]),
    (  # "onafgebouwd" ends in no little building ("gebouw" is a whole word)
        "nl",
        "Onafgebouwde steden leveren aan het einde van het spel 1 punt per tegel op.",
        ["city incomplete tile 1"],
    ),
    (
        "en",
        "Unfortunately, a completed road scores only 1 point per tile.",
        ["road completed tile 1"],
    ),
    ("en", "After shipping, a completed road scores 1 point per tile.", ["road completed tile 1"]),
]


@pytest.mark.parametrize(("language", "text", "expected"), NOT_FIRING)
def test_a_common_word_names_no_expansion_piece(
    language: str, text: str, expected: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(expected)


def test_a_tower_token_in_a_reference_row_is_the_unit_not_the_feature() -> None:
    # en_template_scoring_group_feature_vista.txt (dev): the little building after a file name
    # rendered as words is the unit; the feature stays the template's
    text = "(+3) points / Token LB Tower4 C1.png tower"
    context = ("Template:ScoringGroupFeatureVista",)
    assert read_keys("en", text, context) == annotated_keys(["vista during_game tower +3"])
