"""Statement shapes added by batch rh-rom's pass (issue 26), read on real dev-half sentences
(tests/fixtures/real, NOTICE.md) and on the same shape in other languages' usual wording.

Each text is read as `tests/rules/test_reader_shapes.py` reads its shapes (claims compared as
the corpus compares them: feature, phase, unit, points, sign, multiplier).
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.rules.real_corpus import annotated_keys, read_keys

# A list of features joined by semicolons, each item with its rate; an ", or less if ..."
# condition ends an item: its state (the end of the game) is the lesser case's, and neither it
# nor the item before (another feature's) is the condition of the item's own amounts.
LIST_ITEMS = [
    (  # it_dadodelfato_carcassonne_descrizione.txt (dev)
        "it",
        "la strada una volta chiusa assegna al giocatore che la percorreva 1 punto per ogni "
        "tessera che la componeva; le città se complete assegnano 2 punti per tessera + 2 punti "
        "per scudo, altrimenti 1 punto per tessera + 1 punto per scudo se la città è ancora "
        '"aperta" alla fine della partita; i monasteri 1 punto + 1 punto per ognuna delle '
        "otto tessere adiacenti (quindi 9 punti al completamento), o meno se alla fine della "
        "partita ci sono meno di otto tessere adiacenti;",
        [
            "road completed tile 1",
            "city completed tile 2",
            "city completed coat_of_arms 2",
            "city incomplete tile 1",
            "city incomplete coat_of_arms 1",
            "monastery completed fixed 1",
            "monastery completed surrounding_tile 1",
            "monastery completed fixed 9",
        ],
    ),
    (
        "es",
        "el monasterio da 9 puntos, o menos si al final de la partida no está rodeado.",
        ["monastery completed fixed 9"],
    ),
    (
        "pt",
        "o mosteiro vale 9 pontos, ou menos se no final do jogo não estiver cercado.",
        ["monastery completed fixed 9"],
    ),
    (
        "en",
        "a cloister scores 9 points, or less if at the end of the game it is not surrounded.",
        ["monastery completed fixed 9"],
    ),
    (  # the same feature's next condition after a semicolon goes on (it_boardgamearena, dev)
        "it",
        "Nel caso in cui alla fine del gioco la città restasse INCOMPLETA, questa totalizza "
        "comunque 1 punto per ogni tessera; a meno che non vi sia la Cattedrale (espansione): "
        "nel qual caso totalizza 0 punti.",
        ["city incomplete tile 1", "cathedral incomplete tile 0"],
    ),
]


@pytest.mark.parametrize(("language", "text", "expected"), LIST_ITEMS)
def test_a_list_item_and_an_or_less_condition_keep_their_own_state(
    language: str, text: str, expected: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(expected)


# "A difference of N points" compares two scores: no feature's rate (a threshold word).
DIFFERENCES = [
    (  # pl_scheherazade_dodatki_2.txt (dev)
        "pl",
        "Niby różnica o 1 punkt, ale przy kilku miastach ostatecznie daje dość sporo.",
    ),
    ("it", "Alla fine una differenza di 3 punti tra le città può decidere la partita."),
    ("es", "Al final una diferencia de 2 puntos en las ciudades decide la partida."),
    ("pt", "No final uma diferença de 2 pontos nas cidades decide a partida."),
]


@pytest.mark.parametrize(("language", "text"), DIFFERENCES)
def test_a_difference_of_points_is_no_rate(language: str, text: str) -> None:
    assert read_keys(language, text) == Counter()


# A list item that goes on in more sentences on its own line is about the feature it opens
# with ("- Świnia ... może zostać dołożona na pole. ... Na koniec gry daje graczowi 4 punkty
# ...", pl_scheherazade_dodatki_2.txt, dev); on the next line it is no subject any more.
LIST_ITEM_SUBJECTS = [
    (
        "pl",
        "- Świnia w kolorze gracza może zostać dołożona na łąkę z chłopem w tym samym kolorze. "
        "Na koniec gry daje graczowi 4 punkty za każde ukończone miasto.",
        ["pig end_game completed_city 4"],
    ),
    (
        "it",
        "- Il maiale del colore del giocatore si piazza in un prato con un suo contadino. "
        "Alla fine della partita fa guadagnare 4 punti per ogni città completata.",
        ["pig end_game completed_city 4"],
    ),
    (
        "es",
        "- El cerdo del color del jugador se coloca en una granja con uno de sus granjeros. "
        "Al final de la partida da 4 puntos por cada ciudad completada.",
        ["pig end_game completed_city 4"],
    ),
    (
        "en",
        "- The pig of a player's colour is placed on a field with one of that player's farmers.\n"
        "At the end of the game it scores 4 points for each completed city.",
        ["unknown end_game completed_city 4"],
    ),
]


@pytest.mark.parametrize(("language", "text", "expected"), LIST_ITEM_SUBJECTS)
def test_a_list_items_line_keeps_its_subject(language: str, text: str, expected: list[str]) -> None:
    assert read_keys(language, text) == annotated_keys(expected)


# A counted feature with its completed word and another word or two joined to it by "and"
# ("za każde ukończone i przylegające do pola miasto", pl_scheherazade_dodatki_2.txt, dev):
# the completed features are still the unit.
JOINED_STATE_WORDS = [
    (
        "pl",
        "Chłop otrzymuje na koniec gry 3 punkty za każde ukończone i przylegające do pola miasto.",
        ["field end_game completed_city 3"],
    ),
    (
        "pl",
        "Chłop otrzymuje na koniec gry 3 punkty za każde ukończone i sąsiadujące miasto.",
        ["field end_game completed_city 3"],
    ),
    (
        "en",
        "At the end of the game the farmer scores 3 points for each completed and adjacent city.",
        ["field end_game completed_city 3"],
    ),
    (
        "de",
        "Am Spielende erhält der Bauer 3 Punkte für jede fertige und angrenzende Stadt.",
        ["field end_game completed_city 3"],
    ),
]


@pytest.mark.parametrize(("language", "text", "expected"), JOINED_STATE_WORDS)
def test_a_counted_feature_keeps_its_joined_state_words(
    language: str, text: str, expected: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(expected)


# Coordinated subjects, each with its own state word ("le città incomplete e le strade
# incomplete"): both are scored, as "le strade e le città incomplete" are (issue 26's list of
# gaps; no dev sentence has the shape yet, so written ones in five languages).
COORDINATED_SUBJECTS = [
    (
        "it",
        "Le città incomplete e le strade incomplete valgono a fine partita 1 punto per tessera.",
    ),
    (
        "es",
        "Al final de la partida las ciudades incompletas y los caminos incompletos valen 1 punto "
        "por loseta.",
    ),
    (
        "pt",
        "No final do jogo as cidades incompletas e as estradas incompletas valem 1 ponto por peça.",
    ),
    (
        "pl",
        "Na koniec gry niedokończone miasta i niedokończone drogi dają 1 punkt za każdy kafelek.",
    ),
    ("en", "At the end of the game incomplete cities and incomplete roads score 1 point per tile."),
]


@pytest.mark.parametrize(("language", "text"), COORDINATED_SUBJECTS)
def test_coordinated_subjects_with_their_own_state_words_are_both_scored(
    language: str, text: str
) -> None:
    assert read_keys(language, text) == annotated_keys(
        ["city incomplete tile 1", "road incomplete tile 1"]
    )


# Polish "za siebie" (for itself) after an amount: the feature's own flat point, as it "per
# sé", es "por sí mismo" and pt "por si mesmo" already are.
ITSELF = [
    (
        "pl",
        "Na koniec gry niedokończony klasztor daje 1 punkt za siebie i 1 punkt za każdy sąsiedni "
        "kafelek.",
        ["monastery incomplete fixed 1", "monastery incomplete surrounding_tile 1"],
    ),
    (
        "pl",
        "Na koniec gry niedokończony klasztor daje 1 punkt za każdy sąsiedni kafelek i jeden za "
        "siebie.",
        ["monastery incomplete fixed 1", "monastery incomplete surrounding_tile 1"],
    ),
]


@pytest.mark.parametrize(("language", "text", "expected"), ITSELF)
def test_a_point_for_itself_is_the_features_flat_point(
    language: str, text: str, expected: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(expected)


# "1 punto per la tessera del monastero" (for the monastery's own tile, "1 point for the
# monastery tile"): the monastery's flat point, not a rate per tile (a `fixed` unit phrase).
OWN_TILE = [
    (
        "it",
        "Un monastero completato vale 1 punto per la tessera del monastero e 1 punto per ogni "
        "tessera circostante.",
        ["monastery completed fixed 1", "monastery completed surrounding_tile 1"],
    ),
    (
        "es",
        "Al final de la partida, los monasterios incompletos dan 1 punto por la loseta del "
        "monasterio y 1 punto por cada loseta que lo rodea.",
        ["monastery incomplete fixed 1", "monastery incomplete surrounding_tile 1"],
    ),
    (
        "pl",
        "Ukończony klasztor daje 1 punkt za kafelek z klasztorem i 1 punkt za każdy sąsiedni "
        "kafelek.",
        ["monastery completed fixed 1", "monastery completed surrounding_tile 1"],
    ),
]


@pytest.mark.parametrize(("language", "text", "expected"), OWN_TILE)
def test_a_point_for_the_monasterys_own_tile_is_its_flat_point(
    language: str, text: str, expected: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(expected)


# "o 3 punti (anche per gli scudi)" after rates per tile and per coat of arms: 3 per tile and
# 3 per coat of arms (it_boardgamearena_gamehelpcarcassonne.wiki, dev).
ALSO_FOR = [
    (
        "it",
        "-- (per le Città) il giocatore che ha un Meeple nella città COMPLETA totalizza il "
        "relativo punteggio pari a 2 punti per ogni tessera di città più 2 ulteriori punti per "
        "ogni “scudo” presente nelle tessere, o 3 punti (anche per gli “scudi”) qualora la città "
        "avesse una Cattedrale (espansione).",
        [
            "city completed tile 2",
            "city completed coat_of_arms 2",
            "cathedral completed tile 3",
            "cathedral completed coat_of_arms 3",
        ],
    ),
    (
        "es",
        "Una ciudad completada da 2 puntos por loseta y 2 por escudo, o 3 puntos (también por los "
        "escudos) si tiene una catedral.",
        [
            "city completed tile 2",
            "city completed coat_of_arms 2",
            "cathedral completed tile 3",
            "cathedral completed coat_of_arms 3",
        ],
    ),
]


@pytest.mark.parametrize(("language", "text", "expected"), ALSO_FOR)
def test_an_also_aside_keeps_the_units_of_the_rates_before(
    language: str, text: str, expected: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(expected)


# "por cada tramo del río incluidos los lagos y los peces" (es_dojuegos_cazadores_y_recolectores,
# dev): the units an "including" names after the rate's unit are its units too.
INCLUDING = [
    (
        "es",
        "La puntuación de los seguidores puntúan 1 punto por cada tramo del rio incluidos los "
        "lagos y los peces que haya en ellos.",
        ["river completed tile 1", "river completed fish 1"],
    ),
    (
        "it",
        "Il pescatore ottiene 1 punto per ogni tessera del fiume, compresi i laghi e i pesci.",
        ["river completed tile 1", "river completed fish 1"],
    ),
    (
        "pt",
        "O pescador ganha 1 ponto por cada peça do rio, incluindo os lagos e os peixes.",
        ["river completed tile 1", "river completed fish 1"],
    ),
]


@pytest.mark.parametrize(("language", "text", "expected"), INCLUDING)
def test_the_units_an_including_names_are_counted_too(
    language: str, text: str, expected: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(expected)
