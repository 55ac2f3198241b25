"""The Romance lexicons' features and units (issue 26: a reader that generalises): it, es,
pt, fr, ca and ro know every feature and unit of the canonical list (the expansions' pieces
under their publishers' and players' names), each new word read in a short rules sentence of
its language, and the common words a new stem must not take for a feature or a unit.

Each text is read as `tests/rules/test_reader_shapes.py` reads its shapes (claims compared as
the corpus compares them: feature, phase, unit, points, sign, multiplier).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcdb.pipeline.parse.rules.vocabulary import vocabulary
from tests.rules.real_corpus import annotated_keys, read_keys

LANGUAGES = ("it", "es", "pt", "fr", "ca", "ro")
LEXICONS = Path(__file__).parents[2] / "pipeline" / "parse" / "rules" / "lang"

# Not `dragon` (as in English): it does not score itself, and a sentence names it as what the
# fairy protects from ("La Fata oltre che a proteggere dal Drago regala un punto"): the nearest
# feature to the amount would be its (see NO_SUBJECT). `tower` is known in it, es, pt, ca and
# ro as a whole word (not French "tour", also a turn; not "torrente"): the points paid where a
# prisoner is ransomed from it ("Per liberare il prigioniero dalla torre, il giocatore paga 3
# punti") are the prisoner's (features.json penalty_of), and The Castle's towers score.
_CANONICAL_FEATURES_WORDS = """
road city monastery field inn cathedral goods pig builder barn abbey garden fortress
besieged_city king scout shrine catapult castle bazaar hill flock princess fairy
prisoner mage witch circus acrobat ringmaster cemetery haunted_castle german_castle
german_cathedral gingerbread_man lighthouse lake river forest market residential guard
well watchtower animal_path bush baobab railway vista tributary wheel_of_fortune island
ship gold_mine message darmstadtium wind_rose labyrinth
"""
CANONICAL_FEATURES = frozenset(_CANONICAL_FEATURES_WORDS.split())
_CANONICAL_UNITS_WORDS = """
vineyard sheep fish mushroom deer tiger wall_segment public_building historic_building
little_building shed house tower ghost follower good coat_of_arms tile surrounding_tile
completed_city completed_road fortress market bird fruit animal gold shell banana mammoth
aurochs
"""
CANONICAL_UNITS = frozenset(_CANONICAL_UNITS_WORDS.split())


# Left out where a word names a figure that acts on the feature scored rather than scores:
# Italian "mago" ("Il mago raddoppia i punti dei contadini": the farmers' points,
# tests/rules/test_reader_shapes.py).
LEFT_OUT = {"it": {"mage"}}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_language_knows_every_canonical_feature_and_unit(language: str) -> None:
    data = json.loads((LEXICONS / f"{language}.json").read_text("utf-8"))
    left_out = LEFT_OUT.get(language, set())
    assert CANONICAL_FEATURES - left_out - set(data["features"]) == set()
    assert set(data["features"]) & left_out == set()
    assert CANONICAL_UNITS - set(data["units"]) == set()


# A feature named by a new word: its rate per tile, its flat amount, the robber baron's
# (scout's) point per completed road at the end; Safari's savanna is its plain (de "Ebene"),
# not its bush ("selva" in Spanish); Hunters and Gatherers' figures stand for their features
# (the hunter a field's, the gatherer a forest's, the fisher a river's), as in English, and
# the Spanish thief is also a "bandido" or "bandolero".
FEATURES = [
    ("it", "La tessera abbazia completata vale 9 punti.", ["abbey completed fixed 9"]),
    (
        "it",
        "Alla fine della partita il barone ladro riceve 1 punto per ogni strada completata.",
        ["scout end_game completed_road 1"],
    ),
    ("it", "Ogni bazar completato vale 2 punti per tessera.", ["bazaar completed tile 2"]),
    ("it", "La collina assegna 1 punto per ogni tessera.", ["hill completed tile 1"]),
    ("it", "La strega vale 1 punto per ogni tessera.", ["witch completed tile 1"]),
    ("it", "Il tendone del circo assegna 1 punto per ogni tessera.", ["circus completed tile 1"]),
    ("it", "Il mercato completato vale 2 punti per tessera.", ["market completed tile 2"]),
    ("it", "La zona residenziale vale 1 punto per tessera.", ["residential completed tile 1"]),
    ("it", "La guardia ottiene 1 punto per ogni tessera.", ["guard completed tile 1"]),
    ("it", "La torre di guardia vale 1 punto per ogni tessera.", ["watchtower completed tile 1"]),
    ("it", "Il sentiero degli animali vale 1 punto per tessera.", ["animal_path completed tile 1"]),
    ("it", "La boscaglia vale 1 punto per ogni tessera.", ["bush completed tile 1"]),
    ("it", "Il baobab assegna 1 punto per ogni tessera.", ["baobab completed tile 1"]),
    ("it", "La ferrovia vale 1 punto per ogni tessera.", ["railway completed tile 1"]),
    ("it", "Il panorama vale 1 punto per ogni tessera.", ["vista completed tile 1"]),
    ("it", "Un affluente completato vale 1 punto per tessera.", ["tributary completed tile 1"]),
    ("it", "La ruota della fortuna assegna 3 punti.", ["wheel_of_fortune completed fixed 3"]),
    ("it", "Un'isola completata vale 2 punti per tessera.", ["island completed tile 2"]),
    ("it", "La nave porta 3 punti.", ["ship completed fixed 3"]),
    ("it", "La miniera d'oro vale 1 punto.", ["gold_mine completed fixed 1"]),
    ("it", "Ogni messaggio vale 2 punti.", ["message completed fixed 2"]),
    ("it", "La fontana vale 1 punto per tessera.", ["well completed tile 1"]),
    ("it", "La savana vale 1 punto per ogni tessera.", ["plain completed tile 1"]),
    ("it", "Il raccoglitore ottiene 1 punto per ogni tessera.", ["forest completed tile 1"]),
    ("es", "La loseta de abadía completa vale 9 puntos.", ["abbey completed fixed 9"]),
    (
        "es",
        "Al final de la partida el barón ladrón recibe 1 punto por cada camino completado.",
        ["scout end_game completed_road 1"],
    ),
    ("es", "Cada bazar completado vale 2 puntos por loseta.", ["bazaar completed tile 2"]),
    ("es", "La colina otorga 1 punto por cada loseta.", ["hill completed tile 1"]),
    ("es", "El mago otorga 1 punto por cada loseta.", ["mage completed tile 1"]),
    ("es", "La bruja vale 1 punto por cada loseta.", ["witch completed tile 1"]),
    ("es", "La carpa del circo otorga 1 punto por cada loseta.", ["circus completed tile 1"]),
    ("es", "El mercado completado vale 2 puntos por loseta.", ["market completed tile 2"]),
    ("es", "La zona residencial vale 1 punto por loseta.", ["residential completed tile 1"]),
    ("es", "La guardia obtiene 1 punto por cada loseta.", ["guard completed tile 1"]),
    ("es", "La torre de vigilancia vale 1 punto por cada loseta.", ["watchtower completed tile 1"]),
    ("es", "El sendero de animales vale 1 punto por loseta.", ["animal_path completed tile 1"]),
    ("es", "El matorral vale 1 punto por cada loseta.", ["bush completed tile 1"]),
    ("es", "El baobab otorga 1 punto por cada loseta.", ["baobab completed tile 1"]),
    ("es", "El ferrocarril vale 1 punto por cada loseta.", ["railway completed tile 1"]),
    ("es", "El mirador vale 1 punto por cada loseta.", ["vista completed tile 1"]),
    ("es", "Un afluente completado vale 1 punto por loseta.", ["tributary completed tile 1"]),
    ("es", "La rueda de la fortuna otorga 3 puntos.", ["wheel_of_fortune completed fixed 3"]),
    ("es", "Una isla completada vale 2 puntos por loseta.", ["island completed tile 2"]),
    ("es", "El barco da 3 puntos.", ["ship completed fixed 3"]),
    ("es", "Cada mensaje vale 2 puntos.", ["message completed fixed 2"]),
    ("es", "La sabana vale 1 punto por cada loseta.", ["plain completed tile 1"]),
    ("es", "El recolector obtiene 1 punto por cada loseta.", ["forest completed tile 1"]),
    ("es", "El bandido recibe 1 punto por cada loseta.", ["road completed tile 1"]),
    ("es", "Los bandoleros reciben 1 punto por cada loseta.", ["road completed tile 1"]),
    ("pt", "A peça de abadia completa vale 9 pontos.", ["abbey completed fixed 9"]),
    (
        "pt",
        "No final do jogo o barão ladrão recebe 1 ponto por cada estrada completa.",
        ["scout end_game completed_road 1"],
    ),
    ("pt", "Cada bazar completo vale 2 pontos por peça.", ["bazaar completed tile 2"]),
    ("pt", "A colina concede 1 ponto por cada peça.", ["hill completed tile 1"]),
    ("pt", "O mago concede 1 ponto por cada peça.", ["mage completed tile 1"]),
    ("pt", "A bruxa vale 1 ponto por cada peça.", ["witch completed tile 1"]),
    ("pt", "A lona do circo concede 1 ponto por cada peça.", ["circus completed tile 1"]),
    ("pt", "O mercado completo vale 2 pontos por peça.", ["market completed tile 2"]),
    ("pt", "A zona residencial vale 1 ponto por peça.", ["residential completed tile 1"]),
    ("pt", "A sentinela ganha 1 ponto por cada peça.", ["guard completed tile 1"]),
    ("pt", "A torre de vigia vale 1 ponto por cada peça.", ["watchtower completed tile 1"]),
    ("pt", "A trilha dos animais vale 1 ponto por peça.", ["animal_path completed tile 1"]),
    ("pt", "O arbusto vale 1 ponto por cada peça.", ["bush completed tile 1"]),
    ("pt", "O baobá concede 1 ponto por cada peça.", ["baobab completed tile 1"]),
    ("pt", "A ferrovia vale 1 ponto por cada peça.", ["railway completed tile 1"]),
    ("pt", "O miradouro vale 1 ponto por cada peça.", ["vista completed tile 1"]),
    ("pt", "Um afluente completo vale 1 ponto por peça.", ["tributary completed tile 1"]),
    ("pt", "A roda da fortuna concede 3 pontos.", ["wheel_of_fortune completed fixed 3"]),
    ("pt", "Uma ilha completa vale 2 pontos por peça.", ["island completed tile 2"]),
    ("pt", "O barco dá 3 pontos.", ["ship completed fixed 3"]),
    ("pt", "A mina de ouro vale 1 ponto.", ["gold_mine completed fixed 1"]),
    ("es", "La mina de oro vale 1 punto.", ["gold_mine completed fixed 1"]),
    ("pt", "Cada mensagem vale 2 pontos.", ["message completed fixed 2"]),
    ("pt", "A savana vale 1 ponto por cada peça.", ["plain completed tile 1"]),
    ("pt", "O coletor ganha 1 ponto por cada peça.", ["forest completed tile 1"]),
    (
        "fr",
        "À la fin de la partie, le baron voleur marque 1 point pour chaque route achevée.",
        ["scout end_game completed_road 1"],
    ),
    ("fr", "Chaque bazar achevé rapporte 2 points par tuile.", ["bazaar completed tile 2"]),
    ("fr", "La colline rapporte 1 point par tuile.", ["hill completed tile 1"]),
    ("fr", "Le magicien rapporte 1 point par tuile.", ["mage completed tile 1"]),
    ("fr", "La sorcière rapporte 1 point par tuile.", ["witch completed tile 1"]),
    ("fr", "Le chapiteau rapporte 1 point par tuile.", ["circus completed tile 1"]),
    ("fr", "Le marché achevé rapporte 2 points par tuile.", ["market completed tile 2"]),
    ("fr", "Le quartier résidentiel rapporte 1 point par tuile.", ["residential completed tile 1"]),
    ("fr", "Le gardien marque 1 point par tuile.", ["guard completed tile 1"]),
    ("fr", "La tour de guet rapporte 1 point par tuile.", ["watchtower completed tile 1"]),
    ("fr", "La piste animale rapporte 1 point par tuile.", ["animal_path completed tile 1"]),
    ("fr", "La brousse rapporte 1 point par tuile.", ["bush completed tile 1"]),
    ("fr", "Le baobab rapporte 1 point par tuile.", ["baobab completed tile 1"]),
    ("fr", "Le chemin de fer rapporte 1 point par tuile.", ["railway completed tile 1"]),
    ("fr", "Le panorama rapporte 1 point par tuile.", ["vista completed tile 1"]),
    ("fr", "Un affluent achevé rapporte 1 point par tuile.", ["tributary completed tile 1"]),
    ("fr", "La roue de la fortune rapporte 3 points.", ["wheel_of_fortune completed fixed 3"]),
    ("fr", "Une île achevée rapporte 2 points par tuile.", ["island completed tile 2"]),
    ("fr", "Le bateau rapporte 3 points.", ["ship completed fixed 3"]),
    ("fr", "La mine d'or rapporte 1 point.", ["gold_mine completed fixed 1"]),
    ("fr", "Chaque message rapporte 2 points.", ["message completed fixed 2"]),
    ("fr", "La fontaine rapporte 1 point par tuile.", ["well completed tile 1"]),
    ("fr", "La savane rapporte 1 point par tuile.", ["plain completed tile 1"]),
    ("fr", "Le cueilleur marque 1 point par tuile.", ["forest completed tile 1"]),
    ("ca", "La lloseta d'abadia completa val 9 punts.", ["abbey completed fixed 9"]),
    (
        "ca",
        "Al final de la partida el baró lladre rep 1 punt per cada camí completat.",
        ["scout end_game completed_road 1"],
    ),
    ("ca", "Cada basar completat val 2 punts per rajola.", ["bazaar completed tile 2"]),
    ("ca", "El turó atorga 1 punt per cada rajola.", ["hill completed tile 1"]),
    ("ca", "El mag atorga 1 punt per cada rajola.", ["mage completed tile 1"]),
    ("ca", "La bruixa val 1 punt per cada rajola.", ["witch completed tile 1"]),
    ("ca", "L'envelat atorga 1 punt per cada rajola.", ["circus completed tile 1"]),
    ("ca", "El mercat completat val 2 punts per rajola.", ["market completed tile 2"]),
    ("ca", "La zona residencial val 1 punt per rajola.", ["residential completed tile 1"]),
    ("ca", "La guàrdia obté 1 punt per cada rajola.", ["guard completed tile 1"]),
    ("ca", "La torre de guaita val 1 punt per cada rajola.", ["watchtower completed tile 1"]),
    ("ca", "El camí d'animals val 1 punt per rajola.", ["animal_path completed tile 1"]),
    ("ca", "El matoll val 1 punt per cada rajola.", ["bush completed tile 1"]),
    ("ca", "El baobab atorga 1 punt per cada rajola.", ["baobab completed tile 1"]),
    ("ca", "El ferrocarril val 1 punt per cada rajola.", ["railway completed tile 1"]),
    ("ca", "El mirador val 1 punt per cada rajola.", ["vista completed tile 1"]),
    ("ca", "Un afluent completat val 1 punt per rajola.", ["tributary completed tile 1"]),
    ("ca", "La roda de la fortuna atorga 3 punts.", ["wheel_of_fortune completed fixed 3"]),
    ("ca", "Una illa completada val 2 punts per rajola.", ["island completed tile 2"]),
    ("ca", "El vaixell dona 3 punts.", ["ship completed fixed 3"]),
    ("ca", "La mina d'or val 1 punt.", ["gold_mine completed fixed 1"]),
    ("ca", "Cada missatge val 2 punts.", ["message completed fixed 2"]),
    ("ca", "La sabana val 1 punt per cada rajola.", ["plain completed tile 1"]),
    ("ca", "El recol·lector obté 1 punt per cada rajola.", ["forest completed tile 1"]),
    (
        "ro",
        "La sfârșitul jocului baronul tâlhar primește 1 punct pentru fiecare drum finalizat.",
        ["scout end_game completed_road 1"],
    ),
    ("ro", "Cimitirul aduce 1 punct pentru fiecare cartonaș.", ["cemetery completed tile 1"]),
    (
        "ro",
        "Castelul bântuit valorează 2 puncte pentru fiecare cartonaș.",
        ["haunted_castle completed tile 2"],
    ),
    ("ro", "Farul aduce 1 punct pentru fiecare cartonaș.", ["lighthouse completed tile 1"]),
    (
        "ro",
        "Omulețul de turtă dulce aduce 1 punct pentru fiecare cartonaș.",
        ["gingerbread_man completed tile 1"],
    ),
    ("ro", "Catapulta aduce 2 puncte.", ["catapult completed fixed 2"]),
    (
        "ro",
        "Fiecare bazar finalizat valorează 2 puncte pentru fiecare cartonaș.",
        ["bazaar completed tile 2"],
    ),
    ("ro", "Dealul aduce 1 punct pentru fiecare cartonaș.", ["hill completed tile 1"]),
    ("ro", "Magicianul aduce 1 punct pentru fiecare cartonaș.", ["mage completed tile 1"]),
    ("ro", "Vrăjitoarea valorează 1 punct pentru fiecare cartonaș.", ["witch completed tile 1"]),
    ("ro", "Cortul circului aduce 1 punct pentru fiecare cartonaș.", ["circus completed tile 1"]),
    ("ro", "Acrobații aduc 5 puncte.", ["acrobat completed fixed 5"]),
    ("ro", "Directorul de circ primește 2 puncte.", ["ringmaster completed fixed 2"]),
    (
        "ro",
        "Piața finalizată valorează 2 puncte pentru fiecare cartonaș.",
        ["market completed tile 2"],
    ),
    (
        "ro",
        "Zona rezidențială valorează 1 punct pentru fiecare cartonaș.",
        ["residential completed tile 1"],
    ),
    ("ro", "Paznicul primește 1 punct pentru fiecare cartonaș.", ["guard completed tile 1"]),
    (
        "ro",
        "Turnul de veghe valorează 1 punct pentru fiecare cartonaș.",
        ["watchtower completed tile 1"],
    ),
    (
        "ro",
        "Poteca de animale valorează 1 punct pentru fiecare cartonaș.",
        ["animal_path completed tile 1"],
    ),
    ("ro", "Tufișul valorează 1 punct pentru fiecare cartonaș.", ["bush completed tile 1"]),
    ("ro", "Baobabul aduce 1 punct pentru fiecare cartonaș.", ["baobab completed tile 1"]),
    ("ro", "Calea ferată valorează 1 punct pentru fiecare cartonaș.", ["railway completed tile 1"]),
    ("ro", "Panorama valorează 1 punct pentru fiecare cartonaș.", ["vista completed tile 1"]),
    (
        "ro",
        "Un afluent finalizat valorează 1 punct pentru fiecare cartonaș.",
        ["tributary completed tile 1"],
    ),
    ("ro", "Roata norocului aduce 3 puncte.", ["wheel_of_fortune completed fixed 3"]),
    (
        "ro",
        "O insulă finalizată valorează 2 puncte pentru fiecare cartonaș.",
        ["island completed tile 2"],
    ),
    ("ro", "Corabia aduce 3 puncte.", ["ship completed fixed 3"]),
    ("ro", "Mina de aur valorează 1 punct.", ["gold_mine completed fixed 1"]),
    ("ro", "Fiecare mesaj valorează 2 puncte.", ["message completed fixed 2"]),
    (
        "ro",
        "Jucătorul plătește 3 puncte pentru răscumpărarea prizonierului.",
        ["prisoner completed fixed -3"],
    ),
    ("ro", "Savana valorează 1 punct pentru fiecare cartonaș.", ["plain completed tile 1"]),
    ("ro", "Culegătorul primește 1 punct pentru fiecare cartonaș.", ["forest completed tile 1"]),
]


@pytest.mark.parametrize(("language", "text", "expected"), FEATURES)
def test_a_new_feature_word_names_its_feature(
    language: str, text: str, expected: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(expected)


# A unit named by a new word, after the language's "per each" (the animals of Hunters and
# Gatherers in a field are scored at the end, as a field is).
UNITS = [
    ("it", "Il prato assegna 2 punti per ogni cervo.", ["field end_game deer 2"]),
    ("it", "Il prato vale 3 punti per ogni tigre.", ["field end_game tiger 3"]),
    ("it", "Il prato vale 2 punti per ogni mammut.", ["field end_game mammoth 2"]),
    ("it", "Il prato vale 2 punti per ogni uro.", ["field end_game aurochs 2"]),
    ("it", "Il prato vale 1 punto per ogni animale.", ["field end_game animal 1"]),
    ("it", "La boscaglia vale 1 punto per ogni uccello.", ["bush completed bird 1"]),
    ("it", "L'affluente vale 1 punto per ogni frutto.", ["tributary completed fruit 1"]),
    ("it", "La miniera d'oro vale 1 punto per ogni lingotto.", ["gold_mine completed gold 1"]),
    ("it", "L'isola vale 1 punto per ogni conchiglia.", ["island completed shell 1"]),
    ("it", "L'isola vale 1 punto per ogni banana.", ["island completed banana 1"]),
    ("it", "La strada vale 1 punto per ogni capanno.", ["road completed shed 1"]),
    ("it", "La strada vale 2 punti per ogni casa.", ["road completed house 2"]),
    ("it", "La strada vale 3 punti per ogni torretta.", ["road completed tower 3"]),
    (
        "it",
        "Il mercato vale 2 punti per ogni edificio pubblico.",
        ["market completed public_building 2"],
    ),
    (
        "it",
        "Il mercato vale 2 punti per ogni edificio storico.",
        ["market completed historic_building 2"],
    ),
    ("it", "Il pescatore ottiene 1 punto per ogni pesce.", ["river completed fish 1"]),
    ("it", "Il cacciatore riceve 2 punti per ogni cervo.", ["field end_game deer 2"]),
    ("it", "Il prato vale 2 punti per ogni auroccho.", ["field end_game aurochs 2"]),
    ("es", "La granja otorga 2 puntos por cada ciervo.", ["field end_game deer 2"]),
    ("es", "La granja vale 3 puntos por cada tigre.", ["field end_game tiger 3"]),
    ("es", "La granja vale 2 puntos por cada mamut.", ["field end_game mammoth 2"]),
    ("es", "La granja vale 2 puntos por cada uro.", ["field end_game aurochs 2"]),
    ("es", "La granja vale 1 punto por cada animal.", ["field end_game animal 1"]),
    ("es", "La selva vale 1 punto por cada pájaro.", ["bush completed bird 1"]),
    ("es", "El afluente vale 1 punto por cada fruta.", ["tributary completed fruit 1"]),
    ("es", "La granja vale 1 punto por cada lingote.", ["field end_game gold 1"]),
    ("es", "La isla vale 1 punto por cada concha.", ["island completed shell 1"]),
    ("es", "La isla vale 1 punto por cada plátano.", ["island completed banana 1"]),
    ("es", "El camino vale 1 punto por cada cobertizo.", ["road completed shed 1"]),
    ("es", "El camino vale 2 puntos por cada casa.", ["road completed house 2"]),
    ("es", "El camino vale 3 puntos por cada torre.", ["road completed tower 3"]),
    (
        "es",
        "El mercado vale 2 puntos por cada edificio público.",
        ["market completed public_building 2"],
    ),
    (
        "es",
        "El mercado vale 2 puntos por cada edificio histórico.",
        ["market completed historic_building 2"],
    ),
    ("es", "El pescador obtiene 1 punto por cada pez.", ["river completed fish 1"]),
    ("es", "El cazador recibe 2 puntos por cada ciervo.", ["field end_game deer 2"]),
    ("pt", "O campo concede 2 pontos por cada veado.", ["field end_game deer 2"]),
    ("pt", "O campo vale 3 pontos por cada tigre.", ["field end_game tiger 3"]),
    ("pt", "O campo vale 2 pontos por cada mamute.", ["field end_game mammoth 2"]),
    ("pt", "O campo vale 2 pontos por cada auroque.", ["field end_game aurochs 2"]),
    ("pt", "O campo vale 1 ponto por cada animal.", ["field end_game animal 1"]),
    ("pt", "O arbusto vale 1 ponto por cada pássaro.", ["bush completed bird 1"]),
    ("pt", "O afluente vale 1 ponto por cada fruta.", ["tributary completed fruit 1"]),
    ("pt", "A mina de ouro vale 1 ponto por cada lingote.", ["gold_mine completed gold 1"]),
    ("pt", "A ilha vale 1 ponto por cada concha.", ["island completed shell 1"]),
    ("pt", "A ilha vale 1 ponto por cada banana.", ["island completed banana 1"]),
    ("pt", "A estrada vale 1 ponto por cada telheiro.", ["road completed shed 1"]),
    ("pt", "A estrada vale 2 pontos por cada casa.", ["road completed house 2"]),
    ("pt", "A estrada vale 3 pontos por cada torre.", ["road completed tower 3"]),
    (
        "pt",
        "O mercado vale 2 pontos por cada edifício público.",
        ["market completed public_building 2"],
    ),
    (
        "pt",
        "O mercado vale 2 pontos por cada edifício histórico.",
        ["market completed historic_building 2"],
    ),
    ("pt", "O pescador ganha 1 ponto por cada peixe.", ["river completed fish 1"]),
    ("pt", "O caçador recebe 2 pontos por cada veado.", ["field end_game deer 2"]),
    ("fr", "Le pré rapporte 2 points par cerf.", ["field end_game deer 2"]),
    ("fr", "Le pré rapporte 3 points par tigre.", ["field end_game tiger 3"]),
    ("fr", "Le pré rapporte 2 points par mammouth.", ["field end_game mammoth 2"]),
    ("fr", "Le pré rapporte 2 points par aurochs.", ["field end_game aurochs 2"]),
    ("fr", "Le pré rapporte 1 point par animal.", ["field end_game animal 1"]),
    ("fr", "La brousse rapporte 1 point par oiseau.", ["bush completed bird 1"]),
    ("fr", "L'affluent rapporte 1 point par fruit.", ["tributary completed fruit 1"]),
    ("fr", "La mine d'or rapporte 1 point par lingot.", ["gold_mine completed gold 1"]),
    ("fr", "L'île rapporte 1 point par coquillage.", ["island completed shell 1"]),
    ("fr", "L'île rapporte 1 point par banane.", ["island completed banana 1"]),
    ("fr", "La route rapporte 1 point par cabane.", ["road completed shed 1"]),
    ("fr", "La route rapporte 2 points par maison.", ["road completed house 2"]),
    ("fr", "La route rapporte 3 points par tourelle.", ["road completed tower 3"]),
    (
        "fr",
        "Le marché rapporte 2 points par bâtiment public.",
        ["market completed public_building 2"],
    ),
    (
        "fr",
        "Le marché rapporte 2 points par bâtiment historique.",
        ["market completed historic_building 2"],
    ),
    ("fr", "Le pêcheur marque 1 point par poisson.", ["river completed fish 1"]),
    ("fr", "Le chasseur marque 2 points par cerf.", ["field end_game deer 2"]),
    ("fr", "La route rapporte 1 point par étable.", ["road completed shed 1"]),
    ("ca", "El prat atorga 2 punts per cada cérvol.", ["field end_game deer 2"]),
    ("ca", "El prat val 3 punts per cada tigre.", ["field end_game tiger 3"]),
    ("ca", "El prat val 2 punts per cada mamut.", ["field end_game mammoth 2"]),
    ("ca", "El prat val 2 punts per cada ur.", ["field end_game aurochs 2"]),
    ("ca", "El prat val 1 punt per cada animal.", ["field end_game animal 1"]),
    ("ca", "El matoll val 1 punt per cada ocell.", ["bush completed bird 1"]),
    ("ca", "L'afluent val 1 punt per cada fruit.", ["tributary completed fruit 1"]),
    ("ca", "La mina d'or val 1 punt per cada lingot.", ["gold_mine completed gold 1"]),
    ("ca", "La illa val 1 punt per cada petxina.", ["island completed shell 1"]),
    ("ca", "La illa val 1 punt per cada plàtan.", ["island completed banana 1"]),
    ("ca", "El camí val 1 punt per cada cobert.", ["road completed shed 1"]),
    ("ca", "El camí val 2 punts per cada casa.", ["road completed house 2"]),
    ("ca", "El camí val 3 punts per cada torre.", ["road completed tower 3"]),
    (
        "ca",
        "El mercat val 2 punts per cada edifici públic.",
        ["market completed public_building 2"],
    ),
    (
        "ca",
        "El mercat val 2 punts per cada edifici històric.",
        ["market completed historic_building 2"],
    ),
    ("ca", "El pescador obté 1 punt per cada peix.", ["river completed fish 1"]),
    ("ca", "El caçador rep 2 punts per cada cérvol.", ["field end_game deer 2"]),
    ("ro", "Pășunea aduce 2 puncte pentru fiecare cerb.", ["field end_game deer 2"]),
    ("ro", "Pășunea valorează 3 puncte pentru fiecare tigru.", ["field end_game tiger 3"]),
    ("ro", "Pășunea valorează 2 puncte pentru fiecare mamut.", ["field end_game mammoth 2"]),
    ("ro", "Pășunea valorează 2 puncte pentru fiecare bour.", ["field end_game aurochs 2"]),
    ("ro", "Pășunea valorează 1 punct pentru fiecare animal.", ["field end_game animal 1"]),
    ("ro", "Tufișul valorează 1 punct pentru fiecare pasăre.", ["bush completed bird 1"]),
    ("ro", "Afluentul valorează 1 punct pentru fiecare fruct.", ["tributary completed fruit 1"]),
    ("ro", "Mina de aur valorează 1 punct pentru fiecare lingou.", ["gold_mine completed gold 1"]),
    ("ro", "Insula valorează 1 punct pentru fiecare scoică.", ["island completed shell 1"]),
    ("ro", "Insula valorează 1 punct pentru fiecare banană.", ["island completed banana 1"]),
    ("ro", "Drumul valorează 1 punct pentru fiecare șopron.", ["road completed shed 1"]),
    ("ro", "Drumul valorează 2 puncte pentru fiecare casă.", ["road completed house 2"]),
    ("ro", "Drumul valorează 3 puncte pentru fiecare turn.", ["road completed tower 3"]),
    (
        "ro",
        "Drumul valorează 1 punct pentru fiecare clădire mică.",
        ["road completed little_building 1"],
    ),
    (
        "ro",
        "Piața valorează 2 puncte pentru fiecare clădire publică.",
        ["market completed public_building 2"],
    ),
    (
        "ro",
        "Piața valorează 2 puncte pentru fiecare clădire istorică.",
        ["market completed historic_building 2"],
    ),
    (
        "ro",
        "Zona rezidențială valorează 1 punct pentru fiecare segment de zid.",
        ["residential completed wall_segment 1"],
    ),
    (
        "ro",
        "Mănăstirea primește 3 puncte pentru fiecare podgorie.",
        ["monastery completed vineyard 3"],
    ),
    ("ro", "Turma valorează 1 punct pentru fiecare oaie.", ["flock completed sheep 1"]),
    ("ro", "Drumul valorează 2 puncte pentru fiecare fantomă.", ["road completed ghost 2"]),
    ("ro", "Piața valorează 1 punct pentru fiecare piață.", ["market completed market 1"]),
    ("ro", "Pescarul primește 1 punct pentru fiecare pește.", ["river completed fish 1"]),
    ("ro", "Vânătorul primește 2 puncte pentru fiecare cerb.", ["field end_game deer 2"]),
]


@pytest.mark.parametrize(("language", "text", "expected"), UNITS)
def test_a_new_unit_word_names_its_unit(language: str, text: str, expected: list[str]) -> None:
    assert read_keys(language, text) == annotated_keys(expected)


# Common words that start like a new stem (or are one of its homographs) and name no new
# feature or unit: (language, text, meaning that must not match, claims read).
NOT_FIRING = [
    (
        "it",
        "Con un po' di cervello, la città vale 2 punti per ogni tessera.",
        "deer",
        ["city completed tile 2"],
    ),
    ("es", "En Islandia, la ciudad vale 2 puntos por loseta.", "island", ["city completed tile 2"]),
    (
        "ro",
        "Un jucător savant știe că orașul valorează 2 puncte pentru fiecare cartonaș.",
        "plain",
        ["city completed tile 2"],
    ),
    (
        "ro",
        "La Târgu Mureș, orașul valorează 2 puncte pentru fiecare cartonaș.",
        "market",
        ["city completed tile 2"],
    ),
    (
        "ro",
        "Drumul de pe pasarelă valorează 1 punct pentru fiecare cartonaș.",
        "bird",
        ["road completed tile 1"],
    ),
    (
        "it",
        "Ogni giocatore riceve 1 punto per ogni miniera d'oro.",
        "gold",
        ["gold_mine completed fixed 1"],
    ),
    ("pt", "A mina de ouro vale 1 ponto por cada peça.", "gold", ["gold_mine completed tile 1"]),
    (
        "ro",
        "Mina de aur valorează 1 punct pentru fiecare cartonaș.",
        "gold",
        ["gold_mine completed tile 1"],
    ),
    ("it", "La strada frutta 1 punto per ogni tessera.", "fruit", ["road completed tile 1"]),
    ("it", "La città vale 2 punti per ogni casella.", "house", ["city completed tile 2"]),
    (
        "it",
        "Il monastero isolato vale 1 punto per ogni tessera adiacente.",
        "island",
        ["monastery completed surrounding_tile 1"],
    ),
    (
        "it",
        "Il giocatore guarda la città: vale 2 punti per ogni tessera.",
        "guard",
        ["city completed tile 2"],
    ),
    (
        "it",
        "Il torrente vale 1 punto per ogni tessera del fiume.",
        "tower",
        ["river completed tile 1"],
    ),
    ("es", "El camino vale 1 punto por cada casilla.", "house", ["road completed tile 1"]),
    (
        "es",
        "El río junto al torrente vale 1 punto por cada loseta.",
        "tower",
        ["river completed tile 1"],
    ),
    (
        "es",
        "En la avenida, el camino vale 1 punto por loseta.",
        "bird",
        ["road completed tile 1"],
    ),
    (
        "pt",
        "O jogador com mais mercadorias recebe 10 pontos.",
        "market",
        ["goods end_game majority 10"],
    ),
    (
        "pt",
        "A cidade vale 2 pontos por peça e o jogador guarda o seu seguidor.",
        "guard",
        ["city completed tile 2"],
    ),
    (
        "fr",
        "À son tour, le joueur marque 2 points par tuile de route.",
        "tower",
        ["road completed tile 2"],
    ),
    (
        "fr",
        "Chaque tour de jeu, la route rapporte 1 point par tuile.",
        "tower",
        ["road completed tile 1"],
    ),
    ("fr", "Or, la ville achevée rapporte 2 points par tuile.", "gold", ["city completed tile 2"]),
    (
        "fr",
        "Le joueur qui garde la ville achevée marque 2 points par tuile.",
        "guard",
        ["city completed tile 2"],
    ),
    (
        "fr",
        "Le joueur avec le plus de marchandises reçoit 10 points.",
        "market",
        ["goods end_game majority 10"],
    ),
    (
        "ca",
        "La ciutat coberta de cavallers val 2 punts per rajola.",
        "shed",
        ["city completed tile 2"],
    ),
    (
        "ca",
        "El camí val 1 punt per cada rajola, també al magatzem.",
        "mage",
        ["road completed tile 1"],
    ),
    (
        "ro",
        "Dealtfel, drumul aduce 1 punct pentru fiecare cartonaș.",
        "hill",
        ["road completed tile 1"],
    ),
    (
        "ro",
        "Orașul valorează 2 puncte pentru fiecare cartonaș, iar colindele nu contează.",
        "hill",
        ["city completed tile 2"],
    ),
    (
        "ro",
        "Drumul valorează 1 punct pentru fiecare cartonaș, nu și cel din magazin.",
        "shed",
        ["road completed tile 1"],
    ),
    (
        "ro",
        "Orașul valorează 2 puncte pentru fiecare cartonaș, fără insulte.",
        "island",
        ["city completed tile 2"],
    ),
]


@pytest.mark.parametrize(("language", "text", "meaning", "expected"), NOT_FIRING)
def test_a_common_word_is_no_new_feature_or_unit(
    language: str, text: str, meaning: str, expected: list[str]
) -> None:
    vocab = vocabulary(language)
    named = [
        phrase.meaning
        for phrase in (*vocab.features, *vocab.units)
        if phrase.meaning == meaning and phrase.pattern.search(text)
    ]
    assert named == []
    assert read_keys(language, text) == annotated_keys(expected)


# A bare "circus" word names where the acrobats and the ringmaster score, not the big top
# (named by its tent: "tendone", "carpa", "chapiteau").
CIRCUS_WORDS = [
    ("it", "Gli acrobati del circo valgono 5 punti ciascuno.", ["acrobat completed fixed 5"]),
    ("fr", "Les acrobates du cirque rapportent 5 points chacun.", ["acrobat completed fixed 5"]),
    (
        "es",
        "El director de pista obtiene 2 puntos por cada loseta de circo adyacente.",
        ["ringmaster completed surrounding_tile 2"],
    ),
    (
        "it",
        "Il direttore di pista ottiene 2 punti per ogni tessera del circo.",
        ["ringmaster completed tile 2"],
    ),
]


@pytest.mark.parametrize(("language", "text", "expected"), CIRCUS_WORDS)
def test_a_circus_word_names_no_big_top(language: str, text: str, expected: list[str]) -> None:
    assert read_keys(language, text) == annotated_keys(expected)


# The dragon is named as what the fairy protects from: the fairy is the one scoring
# (it_goblins_principessa_e_drago.txt, fr_lesaventuriersdujeu_princesses_et_dragons.txt, dev);
# the tower as where the prisoner is ransomed from: the prisoner's ransom is paid.
NO_SUBJECT = [
    (
        "it",
        "La Fata oltre che a proteggere dal Drago regala un punto al giocatore che inizia il "
        "suo turno di gioco con uno dei suoi omini nella stessa casella.",
        ["fairy during_game fixed 1"],
    ),
    (
        "es",
        "El hada protege del dragón y da un punto al jugador que empieza su turno con ella.",
        ["fairy during_game fixed 1"],
    ),
    (
        "it",
        "Per liberare il prigioniero dalla torre, il giocatore paga 3 punti.",
        ["prisoner during_game fixed -3"],
    ),
    (
        "es",
        "Para liberar al prisionero de la torre, el jugador paga 3 puntos.",
        ["prisoner during_game fixed -3"],
    ),
    (
        "pt",
        "Para libertar o prisioneiro da torre, o jogador paga 3 pontos.",
        ["prisoner during_game fixed -3"],
    ),
    (
        "fr",
        "Pour libérer le prisonnier de la tour, le joueur paie 3 points.",
        ["prisoner during_game fixed -3"],
    ),
    (
        "ro",
        "Pentru a elibera prizonierul din turn, jucătorul plătește 3 puncte.",
        ["prisoner during_game fixed -3"],
    ),
    (
        "ca",
        "Per alliberar el presoner de la torre, el jugador paga 3 punts.",
        ["prisoner during_game fixed -3"],
    ),
]


@pytest.mark.parametrize(("language", "text", "expected"), NO_SUBJECT)
def test_a_figure_or_place_the_scorer_acts_on_is_no_subject(
    language: str, text: str, expected: list[str]
) -> None:
    assert read_keys(language, text) == annotated_keys(expected)
