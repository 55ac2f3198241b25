"""Statement shapes and lexicon words added by session 21's passes (issue 26), each written
from probe sentences in the usual wording of reviews and rules summaries of its language, or
from a dev-half sentence's shape.

Each text is read as `tests/rules/test_reader_shapes.py` reads its shapes (claims compared as
the corpus compares them: feature, phase, unit, points, sign, multiplier).
"""

from __future__ import annotations

import pytest

from carcdb.pipeline.parse.rules.claims import extract_claims
from carcdb.pipeline.parse.rules.vocabulary import vocabulary
from carcdb.schemas.rules import ClaimState
from tests.rules.real_corpus import annotated_keys, read_keys

# "Roads score 1, cities 2 points per tile": a number after a feature and a scoring verb, then
# a comma or "and", another feature and a full amount, shares that amount's points word and
# its unit; a feature not scored per tile takes the amount whole ("Monasteries score 9, ...").
LEADING_GAP = [
    (
        "en",
        "Roads score 1, cities 2 points per tile.",
        ["road completed tile 1", "city completed tile 2"],
    ),
    (
        "de",
        "Straßen zählen 1, Städte 2 Punkte je Karte.",
        ["road completed tile 1", "city completed tile 2"],
    ),
    (
        "fr",
        "Les routes rapportent 1, les villes 2 points par tuile.",
        ["road completed tile 1", "city completed tile 2"],
    ),
    (
        "it",
        "Le strade valgono 1, le città 2 punti per tessera.",
        ["road completed tile 1", "city completed tile 2"],
    ),
    (
        "es",
        "Los caminos dan 1 y las ciudades 2 puntos por loseta.",
        ["road completed tile 1", "city completed tile 2"],
    ),
    (
        "pl",
        "Drogi dają 1, a miasta 2 punkty za kafelek.",
        ["road completed tile 1", "city completed tile 2"],
    ),
    (
        "en",
        "Monasteries score 9, roads 1 point per tile.",
        ["monastery completed fixed 9", "road completed tile 1"],
    ),
]

# what the shape must not take: a number after no scoring verb ("For a city of size 4, ..."),
# a player's count ("With 2 players, ...") and a bare number whose comma names no feature
NOT_LEADING = [
    ("en", "For a city of size 4, the city scores 8 points.", ["city completed fixed 8"]),
    ("en", "With 2 players, cities score 2 points per tile.", ["city completed tile 2"]),
    (
        "de",
        "Im Spiel zu zweit bekommt jeder 3, die Stadt zählt 2 Punkte pro Plättchen.",
        ["city completed tile 2"],
    ),
]


@pytest.mark.parametrize(("language", "text", "claims"), LEADING_GAP + NOT_LEADING)
def test_a_leading_number_shares_the_next_amount_s_points_and_unit(
    language: str, text: str, claims: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


# A singular points word right after a scoring verb is one point in the languages with no
# article (pl "daje punkt", cs "přináší bod", ru "приносит очко"), as before a "per" word.
ONE_POINT_GIVEN = [
    (
        "pl",
        "Wróżka daje punkt na początku tury i trzy punkty, gdy obiekt jest punktowany.",
        ["fairy during_game fixed 1", "fairy completed fixed 3"],
    ),
    (
        "cs",
        "Víla přináší bod na začátku tahu a tři body, když je území vyhodnoceno.",
        ["fairy during_game fixed 1", "fairy completed fixed 3"],
    ),
    (
        "ru",
        "Фея приносит очко в начале хода и три очка при подсчёте объекта.",
        ["fairy during_game fixed 1", "fairy during_game fixed 3"],
    ),
    ("pl", "Każdy herb daje punkt więcej.", ["city completed coat_of_arms 1"]),
]


@pytest.mark.parametrize(("language", "text", "claims"), ONE_POINT_GIVEN)
def test_a_singular_points_word_after_a_scoring_verb_is_one_point(
    language: str, text: str, claims: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


# After a contrast word, an article before its noun ("ma una città incompleta") is no amount;
# a number there still is ("ma 0 se incompleta", "aber nur einen, wenn ...").
AFTER_CONTRAST = [
    (
        "it",
        "Con la cattedrale ogni tessera della città vale tre punti, ma una città incompleta a "
        "fine partita non dà punti.",
        ["cathedral completed tile 3", "cathedral incomplete tile 0"],
    ),
    (
        "it",
        "Una città vale 2 punti per tessera, ma 0 se incompleta.",
        ["city completed tile 2", "city incomplete tile 0"],
    ),
    (
        "de",
        "Eine Stadt bringt 2 Punkte pro Plättchen, aber nur einen, wenn sie unvollendet ist.",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
]


@pytest.mark.parametrize(("language", "text", "claims"), AFTER_CONTRAST)
def test_an_article_after_a_contrast_word_is_no_amount(
    language: str, text: str, claims: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


def test_a_unit_naming_the_claim_s_own_feature_is_no_unit() -> None:
    # pl "za drogę" is "per road" or "for the road": of the inn's road itself it names no
    # unit (the incomplete inn's nothing is per tile); a multiplier of it stays per tile, and
    # a unit the lexicon lists under the feature's name stays ("per market" of a market)
    text = "Karczma podwaja punkty za drogę, ale nieukończona droga z karczmą nie daje nic."
    assert read_keys("pl", text) == annotated_keys(
        ["inn completed tile ? x2", "inn incomplete tile 0"]
    )
    assert read_keys("ro", "Piața valorează 1 punct pentru fiecare piață.") == annotated_keys(
        ["market completed market 1"]
    )


# "points equal to the number of tiles" (the language's `equal_count` after a points word) is
# 1 point per the unit named after it, as "as many points as there are tiles" is; a count of no
# unit ("equal to the number of players") is no rate.
EQUAL_COUNT = [
    ("en", "You score points equal to the number of tiles in the road.", ["road completed tile 1"]),
    ("fr", "La route rapporte des points égaux au nombre de tuiles.", ["road completed tile 1"]),
    ("it", "La strada vale punti pari al numero di tessere.", ["road completed tile 1"]),
    ("es", "El camino da puntos iguales al número de losetas.", ["road completed tile 1"]),
    (
        "de",
        "Die Straße bringt Punkte entsprechend der Anzahl der Plättchen.",
        ["road completed tile 1"],
    ),
    ("pl", "Droga daje punkty równe liczbie kafelków.", ["road completed tile 1"]),
    ("ru", "Дорога приносит очки по числу тайлов.", ["road completed tile 1"]),
    ("en", "You get points equal to the number of players.", []),
]


@pytest.mark.parametrize(("language", "text", "claims"), EQUAL_COUNT)
def test_points_equal_to_the_number_of_a_unit_are_one_per_unit(
    language: str, text: str, claims: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


def test_scoring_licenses_a_flat_amount_as_score_does() -> None:
    text = "Gardens work just like monasteries, scoring 9 points."
    assert read_keys("en", text) == annotated_keys(["garden completed fixed 9"])


def test_a_contrast_word_inside_a_longer_condition_cuts_at_its_comma() -> None:
    # German puts "aber" inside its verb-first condition ("ist sie am Ende aber nicht fertig"):
    # the condition from its comma on is the contrast's, not the doubling's before it
    text = (
        "Mit Gasthaus verdoppelt sich der Wert einer Straße, ist sie am Ende aber nicht "
        "fertig, zählt sie gar nichts."
    )
    assert read_keys("de", text) == annotated_keys(
        ["inn completed tile ? x2", "inn incomplete tile 0"]
    )


# "Each completed city gives its owner 5 points": a unit that is a feature counted (per
# completed city, for a field, barn, pig or king) with no feature named to count it, in the
# sentence or its context, is the flat amount of the feature it names.
NAMED_BY_UNIT = [
    ("en", "Each completed city gives its owner 5 points.", (), ["city completed fixed 5"]),
    ("de", "Jede fertige Stadt bringt dem Besitzer 5 Punkte.", (), ["city completed fixed 5"]),
    ("de", "Jede fertige Burg bringt dem Besitzer 5 Siegpunkte.", (), ["castle completed fixed 5"]),
    (
        "en",
        "Each completed city gives its owner 4 points.",
        ("Barn",),
        ["barn completed completed_city 4"],
    ),
    (
        "en",
        "Farmers score 3 points for each completed city.",
        (),
        ["field end_game completed_city 3"],
    ),
]


@pytest.mark.parametrize(("language", "text", "context", "claims"), NAMED_BY_UNIT)
def test_a_counted_feature_no_feature_counts_is_the_subject(
    language: str, text: str, context: tuple[str, ...], claims: list[str]
) -> None:
    assert read_keys(language, text, context) == annotated_keys(claims)


# "if not" followed by a word is a negated condition, not "otherwise" (en "if not", es and ca
# "si no", it "se no", nl "zo niet"): "0 points if not completed", "si no se termina"; "if not,"
# before a comma still opens the other state's clause, also after a semicolon.
NEGATED_CONDITION = [
    ("en", "The city scores 0 points if not completed.", ["city incomplete tile 0"]),
    ("es", "La ciudad vale 0 puntos si no se termina.", ["city incomplete tile 0"]),
    (
        "es",
        "La ciudad vale 3 puntos por loseta, pero 0 si no se termina.",
        ["city completed tile 3", "city incomplete tile 0"],
    ),
    (
        "en",
        "The city scores 2 points per tile if completed; if not, 1 point per tile.",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    (
        "it",
        "La città vale 2 punti per tessera se completata, se no 1 punto.",
        ["city completed tile 2", "city incomplete fixed 1"],
    ),
]


@pytest.mark.parametrize(("language", "text", "claims"), NEGATED_CONDITION)
def test_if_not_before_a_word_is_a_negated_condition(
    language: str, text: str, claims: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


def test_an_article_before_a_state_word_is_no_amount() -> None:
    # "maar een onafgemaakte weg": the article before an adjective of state; the nothing after
    # the doubling is the incomplete inn's per tile, no factor
    text = (
        "Herbergen verdubbelen de waarde van een weg, maar een onafgemaakte weg met herberg "
        "levert niets op."
    )
    assert read_keys("nl", text) == annotated_keys(
        ["inn completed tile ? x2", "inn incomplete tile 0"]
    )


# A penalty word up to four words before its number ("pay the tower's owner 3 points", "zahlt
# dem Besitzer des Turms 3 Punkte"), and the second person's forms ("pagas", "zahlst").
PAID = [
    (
        "en",
        "To get your meeple back, you pay the tower's owner 3 points.",
        ["prisoner during_game fixed -3"],
    ),
    (
        "de",
        "Wer seinen Gefangenen zurück will, zahlt dem Besitzer des Turms 3 Punkte.",
        ["prisoner during_game fixed -3"],
    ),
    (
        "es",
        "Para recuperar tu meeple, pagas al otro jugador 3 puntos.",
        ["prisoner during_game fixed -3"],
    ),
    ("en", "If you lose the battle, you still get 2 points.", ["battle completed fixed 2"]),
]


@pytest.mark.parametrize(("language", "text", "claims"), PAID)
def test_a_penalty_word_a_few_words_before_its_number(
    language: str, text: str, claims: list[str]
) -> None:
    title = {"de": "Der Turm", "es": "La Torre"}.get(language, "The Tower")
    assert read_keys(language, text, (title,)) == annotated_keys(claims)


# "worth zero", "zählt null", "vale cero": the zero word alone is a "nothing" word.
ZERO_WORD = [
    (
        "en",
        "But if an inn road or cathedral city is unfinished at game end, it's worth zero.",
        ["inn incomplete tile 0", "cathedral incomplete tile 0"],
    ),
    ("de", "Eine unfertige Stadt mit Kathedrale zählt null.", ["cathedral incomplete tile 0"]),
    ("es", "Una ciudad incompleta con catedral vale cero.", ["cathedral incomplete tile 0"]),
    ("en", "The score starts at zero.", []),
]


@pytest.mark.parametrize(("language", "text", "claims"), ZERO_WORD)
def test_the_zero_word_alone_scores_nothing(language: str, text: str, claims: list[str]) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


# A flat amount that is a count of tiles before it times a rate per tile is a worked example's
# total; "only" makes it the rule of that size, and the tiles around (a monastery's 9) are no
# such count.
COUNTED_EXAMPLE = [
    ("en", "So a completed road of 3 tiles gives 3 points.", []),
    ("en", "This means a road with an inn that is 5 tiles long is worth 10 points.", []),
    ("de", "Eine Straße aus fünf Plättchen bringt also fünf Punkte.", []),
    ("en", "A city of only 2 tiles scores 2 points.", ["city completed fixed 2"]),
    ("de", "Städte aus nur zwei Teilen zählen nur zwei Punkte.", ["city completed fixed 2"]),
    (
        "en",
        "Once there are 8 tiles surrounding the Cloister the player immediately scores 9 points.",
        ["monastery completed fixed 9"],
    ),
    (
        "it",
        "Se una tessera è in una delle 9 caselle adiacenti, chi completa il monastero prende i 9 "
        "punti.",
        ["monastery completed fixed 9"],
    ),
]


@pytest.mark.parametrize(("language", "text", "claims"), COUNTED_EXAMPLE)
def test_a_count_of_tiles_times_a_rate_is_an_example_s_total(
    language: str, text: str, claims: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


# A field or a pig is scored per completed city only: a flat amount of one is a score reached.
NEVER_FLAT = [
    ("en", "My wife's farmers earned her 27 points at the end.", []),
    ("de", "Meine Frau holte mit ihren Bauern 27 Punkte.", []),
    (
        "en",
        "Farmers score 3 points for each completed city.",
        ["field end_game completed_city 3"],
    ),
]


@pytest.mark.parametrize(("language", "text", "claims"), NEVER_FLAT)
def test_a_flat_amount_of_a_field_is_no_rate(language: str, text: str, claims: list[str]) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


# A count written as a number word ("two shields") or a hyphenated tile count ("a three-tile
# road", "a 6-tile city") is a count as digits are.
WORDED_COUNTS = [
    ("en", "A three-tile road is worth three points.", []),
    ("en", "Completing a 6-tile city with a cathedral earned me 18 points.", []),
    ("en", "A city with four tiles and two shields would score 12 points.", []),
    ("en", "One tile with road is one point.", ["road completed tile 1"]),
]


@pytest.mark.parametrize(("language", "text", "claims"), WORDED_COUNTS)
def test_worded_and_hyphenated_counts_are_counts(
    language: str, text: str, claims: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


# "costs its owner 2 points" is a penalty; "has no value", "nemá žádnou hodnotu", "keinen
# Wert" is nothing (the `nothing` phrases of 11 languages).
COSTS_AND_NO_VALUE = [
    ("en", "It costs 2 points to move the wagon.", []),
    ("de", "Jedes Gespenst kostet den Besitzer 2 Punkte.", ["unknown completed ghost -2"]),
    (
        "cs",
        "Hostinec zdvojnásobí body za cestu, ale nedokončená cesta s hostincem nemá žádnou "
        "hodnotu.",
        ["inn completed tile ? x2", "inn incomplete tile 0"],
    ),
    ("pl", "Nieukończone miasto z katedrą jest bezwartościowe.", ["cathedral incomplete tile 0"]),
    (
        "de",
        "Eine unfertige Straße mit Gasthaus hat am Ende keinen Wert.",
        ["inn incomplete tile 0"],
    ),
]


@pytest.mark.parametrize(("language", "text", "claims"), COSTS_AND_NO_VALUE)
def test_costs_are_penalties_and_no_value_is_nothing(
    language: str, text: str, claims: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


def test_a_cost_is_subtracted() -> None:
    text = "Each ghost in a feature costs its owner 2 points."
    found = extract_claims(text, [], ClaimState.COMPLETED, vocabulary("en"))
    assert [(c.points, c.sign) for c in found] == [(2, -1)]


# Ukrainian (session 21's lexicon, written from the usual rules wording): the base game's
# rates and the first expansions'.
UKRAINIAN = [
    ("Завершена дорога приносить 1 очко за кожен тайл.", ["road completed tile 1"]),
    (
        "Завершене місто приносить 2 очки за кожен тайл і 2 очки за кожен щит.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    ("Монастир, оточений вісьмома тайлами, приносить 9 очок.", ["monastery completed fixed 9"]),
    (
        "В кінці гри селяни отримують 3 очки за кожне завершене місто, що межує з їхнім полем.",
        ["field end_game completed_city 3"],
    ),
    (
        "Незавершені дороги та міста в кінці гри приносять 1 очко за тайл.",
        ["road incomplete tile 1", "city incomplete tile 1"],
    ),
    (
        "Корчма подвоює очки за дорогу, але якщо дорога не завершена в кінці гри, вона не "
        "приносить нічого.",
        ["inn completed tile ? x2", "inn incomplete tile 0"],
    ),
    ("Гравець, у якого найбільше жетонів вина, отримує 10 очок.", ["goods end_game majority 10"]),
    ("Фея приносить 1 бал на початку ходу.", ["fairy during_game fixed 1"]),
]


@pytest.mark.parametrize(("text", "claims"), UKRAINIAN)
def test_ukrainian_rates_in_the_usual_rules_wording(text: str, claims: list[str]) -> None:
    assert read_keys("uk", text) == annotated_keys(claims)


# Found by a review of this session's changes: the leading number's next subject must be a
# feature of its own (not a modifier of the first: pig, inn) in no contrast's clause; "si no lo
# está" (if it is not) is still "otherwise"; a clause whose amounts are all replaced rates lists
# no respective features (it raised IndexError).
REVIEWED = [
    ("en", "Roads score 1, but cities 2 points per tile.", ["city completed tile 2"]),
    (
        "en",
        "The farmer scores 3, the pig 1 point per completed city.",
        ["pig end_game completed_city 1"],
    ),
    ("en", "Roads score 1, with an inn 2 points per tile.", ["inn completed tile 2"]),
    (
        "es",
        "Una ciudad completada da 2 puntos por loseta, si no lo está solo 1 punto por loseta.",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    ("en", "respectively road points instead of 2", []),
    ("de", "jeweils Straße Punkt statt 2", []),
]


@pytest.mark.parametrize(("language", "text", "claims"), REVIEWED)
def test_the_review_s_cases(language: str, text: str, claims: list[str]) -> None:
    assert read_keys(language, text) == annotated_keys(claims)
