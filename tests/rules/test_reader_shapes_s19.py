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


# A negated scoring verb in a sentence with no points word nor digits is 0: per tile for an
# incomplete road, city, inn, cathedral ... (written from the dev half's "Obléhaná města, která
# nejsou zkompletována po skončení hry, nejsou započítána" and "los caminos incompletos con
# posada no puntúan").
NEGATED_VERB = [
    (
        "en",
        "At the end of the game, incomplete cities with a cathedral are not scored.",
        ["cathedral incomplete tile 0"],
    ),
    (
        "de",
        "Unvollendete belagerte Städte werden bei der Schlusswertung nicht gewertet.",
        ["besieged_city incomplete tile 0"],
    ),
    (
        "es",
        "Al final de la partida, los caminos incompletos con posada no puntúan.",
        ["inn incomplete tile 0"],
    ),
    (
        "cs",
        "Obléhaná města, která nejsou dokončena do konce hry, nejsou započítána.",
        ["besieged_city incomplete tile 0"],
    ),
]


@pytest.mark.parametrize(("language", "text", "claims"), NEGATED_VERB)
def test_a_negated_scoring_verb_at_the_end_scores_nothing_per_tile(
    language: str, text: str, claims: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


@pytest.mark.parametrize(
    "text",
    [
        "The pig does not count towards the number of followers in the farm.",
        "The farmer does not score during the game.",
        "A road is not scored until it is completed.",
        "At the end of the game, the builder is not scored.",
    ],
)
def test_a_negated_verb_states_no_rate_of_what_is_not_scored_per_tile(text: str) -> None:
    assert read_keys("en", text) == annotated_keys([])


# A modifier named in an aside holding an amount of its own is that amount's: the rate before
# the aside stays the base feature's (written from the dev half's "... and roads 1 point per
# tile (unless they contain a fountain - which looks more like a well - which doubles the
# score)").
ASIDE_MODIFIER = [
    (
        "en",
        "Completed houses give you 1 point per tile, and roads 1 point per tile (unless they "
        "contain a fountain, which doubles the score).",
        ["house completed tile 1", "road completed tile 1", "well completed tile ? x2"],
    ),
    (
        "fr",
        "Les routes rapportent 1 point par tuile (sauf si elles ont un puits, qui double les "
        "points).",
        ["road completed tile 1", "well completed tile ? x2"],
    ),
    (
        "de",
        "Straßen zählen 1 Punkt pro Karte (es sei denn, sie haben einen Brunnen, der die Punkte "
        "verdoppelt).",
        ["road completed tile 1", "well completed tile ? x2"],
    ),
]


@pytest.mark.parametrize(("language", "text", "claims"), ASIDE_MODIFIER)
def test_a_modifier_in_an_aside_with_its_own_amount_leaves_the_rate_before(
    language: str, text: str, claims: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


# In The Tower the points a player pays are a prisoner's ransom (features.json penalty_of), and
# an amount right after a price word ("for", "für") in a clause with a penalty word ("buy",
# "freikaufen") is paid (written from the dev half's "You can buy your prisoner from the invader
# for 3 victory points" and "they also have to pay 3 victory points if they want to free their
# Meeple").
RANSOM = [
    (
        "en",
        "They also have to pay 3 victory points if they want to free their meeple from the tower.",
        ["prisoner during_game fixed -3"],
    ),
    (
        "pl",
        "Aby uwolnić swojego podwładnego z wieży, gracz płaci 3 punkty.",
        ["prisoner during_game fixed -3"],
    ),
    ("en", "You can buy back your prisoner for 3 points.", ["prisoner during_game fixed -3"]),
    (
        "de",
        "Der Gefangene kann für 3 Punkte freigekauft werden.",
        ["prisoner during_game fixed -3"],
    ),
    # ransom verbs (lexicon key penalty): "terugkopen" (the dev half's "Spelers kunnen echter
    # ook pionnen terugkopen door drie punten"), "wykupić"
    (
        "nl",
        "Spelers kunnen hun pion uit de toren terugkopen door drie punten te betalen.",
        ["prisoner during_game fixed -3"],
    ),
    ("pl", "Gracz może wykupić jeńca za 3 punkty.", ["prisoner during_game fixed -3"]),
    # the tower as a Romance feature (whole words: not "torrente"), its ransom the prisoner's
    (
        "es",
        "Para liberar a su seguidor de la torre, el jugador paga 3 puntos.",
        ["prisoner during_game fixed -3"],
    ),
]


@pytest.mark.parametrize(("language", "text", "claims"), RANSOM)
def test_points_paid_in_the_tower_are_the_prisoner_s_ransom(
    language: str, text: str, claims: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


def test_a_price_word_after_the_amount_or_without_a_penalty_word_is_no_price() -> None:
    assert read_keys("en", "A completed city gives 3 points for each coat of arms.") == (
        annotated_keys(["city completed coat_of_arms 3"])
    )


def test_the_polish_abbreviation_of_points_is_read_in_its_cases() -> None:
    # "po 1 pkcie za kafel" (the dev half's Gold Rush news), "3 pkty"
    text = "Za ukończony szlak kolejowy dostajemy po 1 pkcie za kafel."
    assert read_keys("pl", text) == annotated_keys(["railway completed tile 1"])
    text = "Ukończony klasztor daje 9 pkty."
    assert read_keys("pl", text) == annotated_keys(["monastery completed fixed 9"])


# "multiplied by two" and its kin are multipliers (number lexicons' multipliers), after a unit
# word too ("un point par tuile multiplié par deux": a factor, not a tile's kind as in "une
# tuile double"); Polish "podwajamy" ("we double"). Written from the dev half's Gold Rush
# sentences in French and Polish.
MULTIPLIED = [
    (
        "fr",
        "Un chemin de fer rapporte un point par tuile multiplié par deux si une seule locomotive "
        "s'y trouve.",
        ["railway completed tile 1", "railway completed tile ? x2"],
    ),
    (
        "en",
        "A railway scores 1 point per tile, multiplied by two if exactly one locomotive is on it.",
        ["railway completed tile 1", "railway completed tile ? x2"],
    ),
    (
        "es",
        "El ferrocarril da 1 punto por loseta, multiplicado por dos si hay una locomotora.",
        ["railway completed tile 1", "railway completed tile ? x2"],
    ),
    (
        "pl",
        "Jeśli na naszym szlaku kolejowym znajdzie się stacja, to punkty podwajamy.",
        ["railway completed tile ? x2"],
    ),
]


@pytest.mark.parametrize(("language", "text", "claims"), MULTIPLIED)
def test_multiplied_by_a_number_is_a_multiplier(
    language: str, text: str, claims: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


# After a multiplier, an "and" followed by a feature and a multiplier of its own opens a clause
# of its own: the second factor is that feature's alone (written from the dev half's "Une
# cathédrale triple la valeur d'une ville et une auberge double celle des chemins").
JOINED_FACTORS = [
    (
        "fr",
        "Une cathédrale triple la valeur d'une ville et une auberge double celle des chemins.",
        ["cathedral completed tile ? x3", "inn completed tile ? x2"],
    ),
    (
        "en",
        "A cathedral triples the value of a city and an inn doubles that of roads.",
        ["cathedral completed tile ? x3", "inn completed tile ? x2"],
    ),
    (
        "de",
        "Eine Kathedrale verdreifacht den Wert der Stadt und ein Gasthaus verdoppelt den der "
        "Straße.",
        ["cathedral completed tile ? x3", "inn completed tile ? x2"],
    ),
]


@pytest.mark.parametrize(("language", "text", "claims"), JOINED_FACTORS)
def test_and_before_a_feature_with_its_own_factor_opens_a_clause(
    language: str, text: str, claims: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


def test_the_game_s_end_is_the_end_of_the_game() -> None:
    # the dev half's "... at game’s end – one point per potential tile space"
    text = "At game’s end, a road scores 1 point per tile."
    assert read_keys("en", text) == annotated_keys(["road incomplete tile 1"])


def test_a_feature_named_after_an_unknown_unit_is_where_the_unit_is() -> None:
    # "per bear in his field": a rate per a unit no lexicon knows (`unknown`, not counted), not
    # the field's flat amount; "for each completed monastery" is the monastery's
    assert read_keys("en", "The hunter scores 2 points per bear in his field.") == (
        annotated_keys([])
    )
    assert read_keys("en", "A monastery scores 9 points for each completed monastery.") == (
        annotated_keys(["monastery completed fixed 9"])
    )


# A feature's rate per its own kind is the single feature's that counts them (features.json
# feature_units): "the robber ... an extra point for every completed road" is the robber
# baron's (the dev half's Count, King and Robber shop page); a city per completed city names
# no single counter (a field, a barn, a pig or the king).
def test_a_road_rate_per_completed_road_is_the_robber_baron_s() -> None:
    text = (
        "At the end of the game the player who has the robber will score an extra point for "
        "every completed road on the board."
    )
    assert read_keys("en", text) == annotated_keys(["scout end_game completed_road +1"])
    text = "Am Spielende bekommt der Räuber 1 Punkt für jede fertige Straße."
    assert read_keys("de", text) == annotated_keys(["scout end_game completed_road 1"])


# The Wind Roses' rose is a feature in every language (its 3 points when the tile is placed
# in its quarter: the dev half's Wind Roses (1st edition) page).
WIND_ROSE = [
    (
        "en",
        "If a player places a tile with a wind rose in the matching quarter, he immediately "
        "receives 3 points.",
        ["wind_rose during_game fixed 3"],
    ),
    (
        "de",
        "Wer ein Plättchen mit einer Windrose im passenden Viertel anlegt, erhält sofort 3 Punkte.",
        ["wind_rose during_game fixed 3"],
    ),
    (
        "fr",
        "Le joueur qui pose une tuile avec une rose des vents dans le bon quart reçoit "
        "immédiatement 3 points.",
        ["wind_rose during_game fixed 3"],
    ),
]


@pytest.mark.parametrize(("language", "text", "claims"), WIND_ROSE)
def test_the_wind_rose_is_a_feature(language: str, text: str, claims: list[str]) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


def test_a_road_s_point_for_the_road_during_the_game_is_no_robber_baron_s() -> None:
    # Slavic "za" is also "for": "1 punkt za drogę" (the dev half's Die Burg review) is no rate
    # per completed road, so no robber baron's
    found = read_keys("pl", "Wynosi on 1 punkt za drogę oraz 2 punkty za chlew.")
    assert not [key for key in found if key[0] == "scout"]


def test_hungarian_factors_in_their_cases_and_a_zeroing_verb() -> None:
    # the dev half's club page: "a várak után kapott pontok háromszorosát éri ... ez a lap
    # lenullázza az adott területet"
    text = "Ha a várat befejezzük, a katedrális a pontok háromszorosát éri."
    assert read_keys("hu", text) == annotated_keys(["cathedral completed tile ? x3"])
    text = "Ha a játék végéig nem zárjuk le a várat, a katedrális lenullázza a várat."
    assert read_keys("hu", text) == annotated_keys(["cathedral incomplete tile 0"])
