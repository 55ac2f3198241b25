"""Shapes of Contents sentences the reader generalises to: each written from a real sentence of
the development half (tests/fixtures/real/contents-*.json) and one variant of it."""

from __future__ import annotations

import pytest

from tests.contents.real_contents import box_items


@pytest.mark.parametrize(
    ("language", "text", "expected"),
    [
        # A word naming a token item itself (`Warenplättchen`: goods tokens) counts it, and the
        # goods after it are tokens; German multiplicatives (`neunmal`) are numbers.
        (
            "de",
            "20 Warenplättchen (neunmal Wein, sechsmal Korn, fünfmal Tuch)",
            ["goods_token 20", "wine_token 9", "grain_token 6", "cloth_token 5"],
        ),
        (
            "de",
            "16 Warenplättchen (achtmal Wein und achtmal Tuch)",
            ["goods_token 16", "wine_token 8", "cloth_token 8"],
        ),
        # The Tower: a tower word with a pieces word before it (and a link), after it, or
        # linked right after a tile noun counts tower pieces; the tower alone counts nothing (by
        # product The Tower's dispenser or The City's towers); a dispenser noun is the dispenser.
        ("es", "30 piezas de torre de madera", ["tower_piece 30"]),
        ("it", "30 pezzi della torre in legno", ["tower_piece 30"]),
        ("ru", "30 секций башни", ["tower_piece 30"]),
        ("pt", "30 seguimentos de torre", ["tower_piece 30"]),
        ("pt", "30 peças de torre", ["tower_piece 30"]),
        ("de", "30 Turm-Ebenen (in eine neutralen Farben)", ["tower_piece 30"]),
        ("en", "30 tower pieces", ["tower_piece 30"]),
        (
            "de",
            "Ausstattung: 1 Turm, 18 Landschaftskarten, 30 Turm-Spielsteine",
            ["tiles 18", "tower_piece 30"],
        ),
        ("es", "18 losetas de territorio con el dibujo de una torre", ["tiles 18"]),
        ("es", "1 dispensador de losetas en forma de torre", ["tile_dispenser 1"]),
        ("pt", "1 distribuidor de cartelas", ["tile_dispenser 1"]),
        ("fr", "1 distributeur de tuiles", ["tile_dispenser 1"]),
        # ... the same in other word orders: a tile noun right before another piece names what
        # it holds, a tower word right after a tile noun (a genitive) the tower's pieces.
        (
            "en",
            "18 land tiles, 30 tower pieces, 1 tile dispenser",
            ["tiles 18", "tower_piece 30", "tile_dispenser 1"],
        ),
        ("cs", "30 dílků věže", ["tower_piece 30"]),
        ("ru", "30 элементов башен", ["tower_piece 30"]),
        # compounds ending in a tile noun (`- 72 Landschaftskarten`) in Hungarian
        (
            "hu",
            "72 tájkártya, 40 alattvaló, 1 pontozótábla",
            ["tiles 72", "meeple 40", "scoreboard 1"],
        ),
        # Gold Rush's cowboys, tents and mining tokens in every lexicon, named before a count
        # in a parenthesis or after one.
        ("it", "Segnalini Miniera (63)", ["mining_token 63"]),
        ("it", "Cowboy (25)", ["meeple 25"]),
        ("it", "Tende dei Cercatori d’Oro (5)", ["tent 5"]),
        (
            "fr",
            "25 cowboys, 5 tentes et 63 jetons Mine",
            ["meeple 25", "tent 5", "mining_token 63"],
        ),
        # a points counter is a scoreboard; a marker noun is a token noun (`znaczników punktacji`)
        ("es", "1 contador de puntos", ["scoreboard 1"]),
        ("es", "72 losetas y un contador de puntos", ["tiles 72", "scoreboard 1"]),
        ("pl", "pięć dwustronnych znaczników punktacji (po 50 pkt i 100 pkt)", ["score_tile 5"]),
        ("pl", "6 znaczników punktacji", ["score_tile 6"]),
        # a partitive's tiles may be land tiles, a feature after them counts (`good symbols`)
        (
            "en",
            "20 of the new 24 new land tiles are castles, which have good symbols on it.",
            ["goods 20", "tiles 24"],
        ),
        ("en", "6 of the 18 land tiles show an inn", ["inn 6", "tiles 18"]),
        # Words the lexicons lacked for the base game's and the big expansions' pieces, found by
        # restating dev sentences in the other languages: the shape of the dev sentence
        # `12 neue Landschaftskärtchen - 6 Abteikärtchen - 6 Gutshof-Figuren - ...`,
        (
            "nl",
            "12 landtegels, 6 abdijtegels, 6 schuren, 6 wagens en 6 burgemeesters",
            ["tiles 12", "abbey 6", "barn 6", "wagon 6", "mayor 6"],
        ),
        ("es", "6 granjas, 6 carros y 6 alcaldes", ["barn 6", "wagon 6", "mayor 6"]),
        ("fr", "6 granges, 6 chariots et 6 bourgmestres", ["barn 6", "wagon 6", "mayor 6"]),
        # of `- 20 jetons Marchandise (9 × Vin, ...)`, `- 5 abbots in 5 colors`, `- 1 rulebook`,
        # `- 1 scoreboard`,
        ("nl", "20 goederenfiches", ["goods_token 20"]),
        ("ro", "5 stareți", ["abbot 5"]),
        ("en", "1 rule book and 1 scoring track", ["rules 1", "scoreboard 1"]),
        # and of `- 1 sac en tissu`: a good right before another noun is its material.
        ("en", "6 pigs and 1 cloth bag", ["pig 6", "bag 1"]),
        ("ru", "6 свиней и тканевый мешочек", ["pig 6", "bag 1"]),
        # Amazonas's pieces (Amazon tiles, the estuary, boats and camps, the start board); a
        # hyphenated compound is one word when the joined word names another item than its
        # first part (`Mündungs-Plättchen`, `Doppel-Amazonasplättchen`, `Karten-Spender`); a
        # start modifier makes a board the start board.
        (
            "de",
            "65 Landschaftsplättchen (davon 15 Amazonasplättchen), 4 Doppel-Amazonasplättchen, "
            "1 Mündungs-Plättchen, 1 Startstafel, 5 Boote (je 1x in gelb, grün, rot, blau und "
            "braun), 10 Camps (je 2x in gelb, grün, rot, blau und braun), 25 Figuren (je 5x in "
            "gelb, grün, rot, blau und braun), 1 Wertungstafel und 1 Spielanleitung.",
            [
                "tiles 65",
                "amazon 15",
                "double_amazon_tile 4",
                "estuary_tile 1",
                "start_board 1",
                "boat 5",
                "camp 10",
                "meeple 25",
                "scoreboard 1",
                "rules 1",
            ],
        ),
        (
            "en",
            "65 land tiles (including 15 Amazon tiles), 1 estuary tile, 1 start board, 5 boats",
            ["tiles 65", "amazon 15", "estuary_tile 1", "start_board 1", "boat 5"],
        ),
        ("fr", "1 plateau de départ et 1 plateau de score", ["start_board 1", "scoreboard 1"]),
        ("de", "1 Karten-Spender und 6 Abt-Meeple", ["tile_dispenser 1", "abbot 6"]),
        # A count written after its noun, alone: in a parenthesis (`Tessere Paesaggio (72)`),
        # after a colon or a times sign, up to the end of its list member.
        ("it", "Tessere Paesaggio (72)", ["tiles 72"]),
        ("it", "Tessere Paesaggio: 72", ["tiles 72"]),
        ("de", "Landschaftskarten: 72, Gefolgsleute: 40", ["tiles 72", "meeple 40"]),
        (
            "en",
            "Land tiles x 72, Meeples × 40 and Scoreboard x 1",
            ["tiles 72", "meeple 40", "scoreboard 1"],
        ),
        ("de", "Spieler: 2-5, Alter: 8", []),
        # A figure count per colour is a box total times the colours: with a trailing "each"
        # after the sentence named the colours, or before "in each of the N colours".
        (
            "ca",
            "Carcassonne compta amb 72 llosetes, 5 sets de diferents colors format per 8 meeples "
            "cadascun, un taulell de puntuació i les regles.",
            ["tiles 72", "meeple 40", "scoreboard 1", "rules 1"],
        ),
        ("en", "5 sets of different colours with 8 meeples each", ["meeple 40"]),
        ("en", "8 meeples in each of the five colours", ["meeple 40"]),
        ("en", "a builder and a pig in each of the six colours", ["builder 6", "pig 6"]),
        ("en", "40 meeples in 5 colours, 8 each", ["meeple 40"]),
        # A sentence of no count with two commas or more is a list: a once-held item a member
        # names counts 1 after a separator or `and` (`tor punktacji` is a scoreboard), not at
        # the sentence's start.
        (
            "ru",
            "Внутри коробочки разместилась стопка тайлов, горсть жетонов, пакетик с фишками, "
            "правила игры и картонные крепостные стены в двухмерной проекции.",
            ["rules 1"],
        ),
        (
            "pl",
            "W pudełku: stos kafelków, garść pionków, tor punktacji i instrukcja",
            ["scoreboard 1", "rules 1"],
        ),
        ("en", "The rules, as usual, are short", []),
        ("pl", "Instrukcja, jak zwykle, jest krótka", []),
        # A colour word right before a noun is an adjective, not a count of colours; more
        # adjectives each lexicon skips between a number and its noun (`- 6 деревянных мэров`).
        ("pl", "40 kolorowych pionków w pięciu kolorach", ["meeple 40"]),
        ("en", "40 coloured meeples in 5 colours", ["meeple 40"]),
        ("ru", "40 цветных фишек", ["meeple 40"]),
        ("ru", "- 6 деревянных мэров", ["mayor 6"]),
        ("ru", "6 разноцветных деревянных мэров", ["mayor 6"]),
        ("nl", "40 kleine gekleurde horigen", ["meeple 40"]),
        # Hills & Sheep's sheep tokens; a number right after a times count (`5x 2 Schafe`) is
        # the face value of what it counts, not a count.
        (
            "de",
            "18 Schaf und Wolf Marker (4x 1 Schaf, 5x 2 Schafe, 5x 3 Schafe, 2x 4 Schafe, 2x Wolf)",
            ["sheep_token 18"],
        ),
        ("en", "18 sheep and wolf tokens (4x 1 sheep, 5x 2 sheep, 2x wolf)", ["sheep_token 18"]),
        ("fr", "18 jetons mouton", ["sheep_token 18"]),
        # Number words as the dev sentence `siedemdziesiąt dwie płytki terenu` writes them, in
        # other languages: French 17-19 with a hyphen, Hungarian's attributive `két` in compounds.
        ("fr", "dix-huit tuiles et dix-neuf partisans", ["tiles 18", "meeple 19"]),
        ("hu", "hetvenkét lapka és tizenkét lapka", ["tiles 72", "tiles 12"]),
        # The Catapult's tokens and measuring stick; a count's copies after it multiply it
        # (`in jeweils sechs Exemplaren`, `in 6 copies each`); a piece with a token form
        # before a token noun counts its tokens (`catapult tokens`, as `wine tokens`).
        (
            "de",
            "Das Katapult besteht aus einem entfernt einer Wurstzange ähnelnden Gerät, einer "
            "Messlatte, vier verschiedenen Katapultplättchen in jeweils sechs Exemplaren und "
            "zwölf neuen Landschaftskärtchen.",
            ["measuring_stick 1", "catapult_token 24", "tiles 12"],
        ),
        (
            "en",
            "4 different catapult tokens in 6 copies each and 1 ruler",
            ["catapult_token 24", "measuring_stick 1"],
        ),
        ("fr", "4 jetons catapulte en 6 exemplaires", ["catapult_token 24"]),
    ],
)
def test_shape(language: str, text: str, expected: list[str]) -> None:
    assert box_items(text, language) == expected
