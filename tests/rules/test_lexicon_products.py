"""The scoring elements of the mini-expansions and spin-offs the lexicons name (issue 26): each
feature read in every language that names it, and the common words its names must not take.

Written from the dev half's sentences of these products' shapes ("Niet afgebouwd laagland
scoort 1p per tegel", "To score a Brigand in the mountains you will score two points for each
city", "score 7 points for the player with the most tokens", "dostane majitel převozníka tolik
bodů, kolik je ryb") in the wording of each product's rules; read as
`tests/rules/test_reader_shapes.py` reads its shapes.
"""

from __future__ import annotations

import pytest

from tests.rules.real_corpus import annotated_keys, read_keys

# The Labyrinth: a road of its own (features.json modifiers: "2 instead of 1" is the road's),
# scored per tile when completed and per meeple in the advanced variant.
LABYRINTH = [
    ("en", "A completed labyrinth scores 1 point per tile.", ["labyrinth completed tile 1"]),
    (
        "en",
        "In addition, he or she will get 2 points for each meeple standing on the labyrinth.",
        ["labyrinth completed follower 2"],
    ),
    (
        "en",
        "An incomplete labyrinth at the end of the game is worth 1 point for each tile.",
        ["labyrinth incomplete tile 1"],
    ),
    (
        "de",
        "Ein abgeschlossenes Labyrinth bringt 1 Punkt pro Plättchen.",
        ["labyrinth completed tile 1"],
    ),
    ("fr", "Un labyrinthe achevé rapporte 1 point par tuile.", ["labyrinth completed tile 1"]),
    (
        "es",
        "Un laberinto completado otorga 1 punto por cada loseta.",
        ["labyrinth completed tile 1"],
    ),
    (
        "it",
        "Un labirinto completato vale 1 punto per ogni tessera.",
        ["labyrinth completed tile 1"],
    ),
    ("nl", "Een afgebouwd labyrint levert 1 punt per tegel op.", ["labyrinth completed tile 1"]),
    (
        "pl",
        "Ukończony labirynt jest wart 1 punkt za każdy kafelek.",
        ["labyrinth completed tile 1"],
    ),
    (
        "cs",
        "Dokončený labyrint získá 1 bod za každou kartičku.",
        ["labyrinth completed tile 1"],
    ),
    (
        "ru",
        "Завершённый лабиринт приносит 1 очко за каждую карточку.",
        ["labyrinth completed tile 1"],
    ),
    ("pt", "Um labirinto completo vale 1 ponto por cada peça.", ["labyrinth completed tile 1"]),
    ("ca", "Un laberint completat dona 1 punt per cada rajola.", ["labyrinth completed tile 1"]),
    (
        "ro",
        "Un labirint finalizat valorează 1 punct pentru fiecare cartonaș.",
        ["labyrinth completed tile 1"],
    ),
    ("sk", "Dokončený labyrint získa 1 bod za každú kartičku.", ["labyrinth completed tile 1"]),
    ("hu", "A befejezett labirintus lapkánként 1 pontot ér.", ["labyrinth completed tile 1"]),
]

# The Discovery (Neues Land, Overzee): the plain (lowland) per tile; the mountain and the sea
# per port city (features.json feature_units: a city counted by them is a `town`).
DISCOVERY = [
    ("en", "A completed lowland scores 2 points per tile.", ["plain completed tile 2"]),
    (
        "de",
        "Abgeschlossene Ebenen bringen 2 Punkte pro Plättchen.",
        ["plain completed tile 2"],
    ),
    ("nl", "Afgebouwd laagland scoort 2 punten per tegel.", ["plain completed tile 2"]),
    ("fr", "Une plaine achevée rapporte 2 points par tuile.", ["plain completed tile 2"]),
    ("es", "Una llanura completada otorga 2 puntos por cada loseta.", ["plain completed tile 2"]),
    ("it", "Una pianura completata vale 2 punti per ogni tessera.", ["plain completed tile 2"]),
    (
        "pl",
        "Ukończona równina jest warta 2 punkty za każdy kafelek.",
        ["plain completed tile 2"],
    ),
    ("cs", "Dokončená rovina získá 2 body za každou kartičku.", ["plain completed tile 2"]),
    (
        "ru",
        "Завершённая равнина приносит 2 очка за каждую карточку.",
        ["plain completed tile 2"],
    ),
    (
        "en",
        "An incomplete mountain scores 1 point for each port city.",
        ["mountain incomplete town 1"],
    ),
    (
        "de",
        "Ein abgeschlossenes Gebirge bringt 2 Punkte pro Hafenstadt.",
        ["mountain completed town 2"],
    ),
    (
        "nl",
        "Een afgebouwde bergketen levert 2 punten per havenstad op.",
        ["mountain completed town 2"],
    ),
    (
        "fr",
        "Une montagne achevée rapporte 2 points par ville portuaire.",
        ["mountain completed town 2"],
    ),
    (
        "es",
        "Una montaña completada otorga 2 puntos por cada ciudad portuaria.",
        ["mountain completed town 2"],
    ),
    (
        "it",
        "Una montagna completata vale 2 punti per ogni città portuale.",
        ["mountain completed town 2"],
    ),
    (
        "pl",
        "Ukończone góry są warte 2 punkty za każde miasto portowe.",
        ["mountain completed town 2"],
    ),
    (
        "cs",
        "Dokončené hory získají 2 body za každé přístavní město.",
        ["mountain completed town 2"],
    ),
    (
        "ru",
        "Завершённые горы приносят 2 очка за каждый портовый город.",
        ["mountain completed town 2"],
    ),
    ("nl", "Een afgebouwde zee levert 1 punt per havenstad op.", ["sea completed town 1"]),
    ("de", "Ein abgeschlossenes Meer bringt 1 Punkt pro Hafenstadt.", ["sea completed town 1"]),
]

# Mayflower's surveyors (Dutch "grootgrondbezitters"), the Ark of the Covenant's temple, Hunters
# and Gatherers' huts (scored at the end: features.json game_end_nature) and the ferryman.
FIGURES = [
    (
        "nl",
        "Je krijgt 4 punten extra voor elke grootgrondbezitter in die kolom.",
        ["surveyor completed fixed +4"],
    ),
    (
        "en",
        "A temple scores 7 points for the player with the most tokens around it.",
        ["temple completed fixed 7"],
    ),
    ("de", "Ein Tempel bringt 7 Punkte.", ["temple completed fixed 7"]),
    ("nl", "Een tempel levert 7 punten op.", ["temple completed fixed 7"]),
    ("fr", "Un temple rapporte 7 points.", ["temple completed fixed 7"]),
    ("es", "Un templo otorga 7 puntos.", ["temple completed fixed 7"]),
    ("pl", "Ukończona świątynia jest warta 7 punktów.", ["temple completed fixed 7"]),
    ("cs", "Dokončený chrám získá 7 bodů.", ["temple completed fixed 7"]),
    (
        "en",
        "Each hut scores 1 point for each fish in its river system.",
        ["hut end_game fish 1"],
    ),
    (
        "de",
        "Jede Hütte bringt 1 Punkt für jeden Fisch im Flusssystem.",
        ["hut end_game fish 1"],
    ),
    ("nl", "Elke hut levert 1 punt per vis op.", ["hut end_game fish 1"]),
    ("fr", "Chaque cabane rapporte 1 point par poisson.", ["hut end_game fish 1"]),
    ("es", "Cada cabaña otorga 1 punto por cada pez.", ["hut end_game fish 1"]),
    ("it", "Ogni capanna vale 1 punto per ogni pesce.", ["hut end_game fish 1"]),
    ("pl", "Każda chata jest warta 1 punkt za każdą rybę.", ["hut end_game fish 1"]),
    ("cs", "Každá chýše získá 1 bod za každou rybu.", ["hut end_game fish 1"]),
    ("ru", "Каждая хижина приносит 1 очко за каждую рыбу.", ["hut end_game fish 1"]),
    (
        "en",
        "The ferryman scores 1 point for each fish in the larger lake.",
        ["ferryman completed fish 1"],
    ),
    (
        "cs",
        "Majitel převozníka dostane 1 bod za každou rybu ve větším jezeře.",
        ["ferryman completed fish 1"],
    ),
    ("de", "Der Fährmann bringt 1 Punkt pro Fisch.", ["ferryman completed fish 1"]),
    ("nl", "De veerman levert 1 punt per vis op.", ["ferryman completed fish 1"]),
    ("fr", "Le passeur rapporte 1 point par poisson.", ["ferryman completed fish 1"]),
    ("pl", "Przewoźnik jest wart 1 punkt za każdą rybę.", ["ferryman completed fish 1"]),
    ("ru", "Перевозчик приносит 1 очко за каждую рыбу.", ["ferryman completed fish 1"]),
]

# Star Wars: trade routes, asteroid fields and planets as the spin-off's own features
# (completable), and a tied battle's point.
STAR_WARS = [
    (
        "en",
        "A completed trade route scores 1 point per tile.",
        ["trade_route completed tile 1"],
    ),
    (
        "de",
        "Eine abgeschlossene Handelsroute bringt 1 Punkt pro Plättchen.",
        ["trade_route completed tile 1"],
    ),
    (
        "fr",
        "Une route commerciale achevée rapporte 1 point par tuile.",
        ["trade_route completed tile 1"],
    ),
    (
        "es",
        "Una ruta comercial completada otorga 1 punto por cada loseta.",
        ["trade_route completed tile 1"],
    ),
    (
        "it",
        "Una rotta commerciale completata vale 1 punto per ogni tessera.",
        ["trade_route completed tile 1"],
    ),
    (
        "nl",
        "Een afgebouwde handelsroute levert 1 punt per tegel op.",
        ["trade_route completed tile 1"],
    ),
    (
        "en",
        "At the end of the game, an incomplete asteroid field scores 1 point per tile.",
        ["asteroid_field incomplete tile 1"],
    ),
    (
        "de",
        "Ein abgeschlossenes Asteroidenfeld bringt 2 Punkte pro Plättchen.",
        ["asteroid_field completed tile 2"],
    ),
    (
        "fr",
        "Un champ d'astéroïdes achevé rapporte 2 points par tuile.",
        ["asteroid_field completed tile 2"],
    ),
    (
        "es",
        "Un campo de asteroides completado otorga 2 puntos por cada loseta.",
        ["asteroid_field completed tile 2"],
    ),
    (
        "it",
        "Un campo di asteroidi completato vale 2 punti per ogni tessera.",
        ["asteroid_field completed tile 2"],
    ),
    (
        "nl",
        "Een afgebouwd asteroïdenveld levert 2 punten per tegel op.",
        ["asteroid_field completed tile 2"],
    ),
    (
        "pl",
        "Ukończone pole asteroid jest warte 2 punkty za każdy kafelek.",
        ["asteroid_field completed tile 2"],
    ),
    (
        "cs",
        "Dokončené pole asteroidů získá 2 body za každou kartičku.",
        ["asteroid_field completed tile 2"],
    ),
    (
        "ru",
        "Завершённое поле астероидов приносит 2 очка за каждую карточку.",
        ["asteroid_field completed tile 2"],
    ),
    (
        "en",
        "A completed planet scores 1 point for each surrounding tile.",
        ["planet completed surrounding_tile 1"],
    ),
    ("de", "Ein abgeschlossener Planet bringt 9 Punkte.", ["planet completed fixed 9"]),
    ("fr", "Une planète achevée rapporte 9 points.", ["planet completed fixed 9"]),
    ("es", "Un planeta completado otorga 9 puntos.", ["planet completed fixed 9"]),
    ("it", "Un pianeta completato vale 9 punti.", ["planet completed fixed 9"]),
    ("nl", "Een afgebouwde planeet levert 9 punten op.", ["planet completed fixed 9"]),
    ("pl", "Ukończona planeta jest warta 9 punktów.", ["planet completed fixed 9"]),
    ("cs", "Dokončená planeta získá 9 bodů.", ["planet completed fixed 9"]),
    ("ru", "Завершённая планета приносит 9 очков.", ["planet completed fixed 9"]),
    (
        "en",
        "In a tied battle, each player involved scores 1 point.",
        ["battle completed fixed 1"],
    ),
    (
        "de",
        "Endet die Schlacht unentschieden, erhält jeder Beteiligte 1 Punkt.",
        ["battle completed fixed 1"],
    ),
    ("fr", "Après une bataille nulle, chaque joueur reçoit 1 point.", ["battle completed fixed 1"]),
    ("es", "Tras una batalla empatada, cada jugador recibe 1 punto.", ["battle completed fixed 1"]),
    (
        "it",
        "Dopo una battaglia in parità, ogni giocatore riceve 1 punto.",
        ["battle completed fixed 1"],
    ),
    ("nl", "Na een onbeslist gevecht krijgt elke speler 1 punt.", ["battle completed fixed 1"]),
]


@pytest.mark.parametrize(
    ("language", "text", "claims"), LABYRINTH + DISCOVERY + FIGURES + STAR_WARS
)
def test_a_products_feature_is_read_as_its_own(language: str, text: str, claims: list[str]) -> None:
    assert read_keys(language, text) == annotated_keys(claims)


# The new names are whole words where a stem would take a common word: German "Berg" is no
# mountain in "Bergwerk", Dutch "zee" none inside "Zuidzee", Russian "гор" none in "город",
# Polish "gór" none in "górnej", English "hut" none in "Hutt".
NOT_THE_PRODUCTS = [
    ("de", "Ein Bergwerk in einer abgeschlossenen Stadt bringt 2 Punkte pro Plättchen.", "city"),
    ("nl", "Een afgebouwd eiland in de Zuidzee levert 1 punt per tegel op.", "island"),
    ("ru", "Завершённый город приносит 2 очка за каждую карточку.", "city"),
    (
        "pl",
        "Ukończone miasto w górnej części planszy jest warte 2 punkty za każdy kafelek.",
        "city",
    ),
    ("en", "Jabba the Hutt gives 2 points per tile of a completed road.", "road"),
]


@pytest.mark.parametrize(("language", "text", "feature"), NOT_THE_PRODUCTS)
def test_a_products_name_does_not_take_a_common_word(
    language: str, text: str, feature: str
) -> None:
    assert {key[0] for key in read_keys(language, text)} == {feature}
