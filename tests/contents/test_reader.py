"""The Contents grammar, rule by rule, on sentences written for the test (not the corpus's)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from carcdb.pipeline.parse.contents.lexicon import fold, languages, lexicon, vocabulary
from carcdb.pipeline.parse.contents.reader import read_sentence
from carcdb.pipeline.parse.contents.tokens import ITEM_END, ITEM_MARK, tokenize
from carcdb.schemas.contents import ContentsBasis
from tests.contents.real_contents import box_items


@pytest.mark.parametrize(
    ("language", "text", "expected"),
    [
        # number, noun phrase, land tiles with a feature, breakdowns
        (
            "en",
            "18 land tiles, including 6 inns and 2 cathedrals",
            ["tiles 18", "inn 6", "cathedral 2"],
        ),
        ("en", "12 land tiles showing a river", ["tiles 12", "river 12"]),
        ("en", "six large meeples", ["large_meeple 6"]),
        ("en", "1 start tile", []),
        ("en", "3 new tile types", []),
        ("en", "4 without goods", []),
        # partitive and the noun before a parenthesis
        ("en", "5 of the 10 new tiles show a garden", ["garden 5", "tiles 10"]),
        ("en", "Cathedral (3 tiles)", ["cathedral 3"]),
        # colours and players
        ("en", "a builder and a pig in each of the six colours", ["builder 6", "pig 6"]),
        ("en", "a Pig and Builder figure for all four players", ["pig 4", "builder 4"]),
        ("en", "30 meeples in 5 colours", ["meeple 30"]),
        # articles: once-only items in a list, never a player's figure or a tile
        ("en", "a scoreboard", ["scoreboard 1"]),
        ("en", "18 tiles and a bag", ["tiles 18", "bag 1"]),
        ("en", "you may keep them in a bag", []),
        ("en", "a meeple of each colour marks the score", []),
        # goods: on tiles, or tokens after a token noun
        ("fr", "20 tuiles Terrain : 8 avec du Vin", ["tiles 20", "wine 8"]),
        (
            "fr",
            "16 jetons Marchandise (8 × Vin, 8 × Blé)",
            ["goods_token 16", "wine_token 8", "grain_token 8"],
        ),
        # other languages, case forms and compounds
        ("de", "24 Landschaftskarten und 1 Startkarte", ["tiles 24"]),
        ("de", "12 Flusskarten", ["river 12"]),
        ("de", "8 Punktekarten", ["score_tile 8"]),
        ("cs", "12 kartiček krajiny, z toho 3 s vínem", ["tiles 12", "wine 3"]),
        # number words of tens and units, in their languages' spellings
        ("pl", "siedemdziesiąt dwie płytki terenu", ["tiles 72"]),
        ("es", "setenta y dos losetas de terreno", ["tiles 72"]),
        ("fr", "quatre-vingt-quatre tuiles et soixante-douze tuiles", ["tiles 84", "tiles 72"]),
        ("en", "seventy-two land tiles", ["tiles 72"]),
        ("de", "zweiundsiebzig Landschaftskarten", ["tiles 72"]),
        ("cs", "sedmdesát dva kartiček", ["tiles 72"]),
        # the count alone in a parenthesis after its noun; land tokens are tiles
        ("it", "Tessere terreno (24), segnapunti (1)", ["tiles 24", "scoreboard 1"]),
        ("pl", "18 nowych żetonów terenu", ["tiles 18"]),
        # the products' figures and features, after a figure word or alone
        ("pt", "1 figura de dragão e 1 figura de fada", ["dragon 1", "fairy 1"]),
        ("pl", "1 drewniany pionek smoka", ["dragon 1"]),
        ("de", "Vulkan (6 Karten)", ["volcano 6"]),
        (
            "nl",
            "30 nieuwe tegels, waaronder 6 vulkanen en 6 prinsessentegels",
            ["tiles 30", "volcano 6", "princess 6"],
        ),
        ("en", "6 shepherds in 6 colours", ["shepherd 6"]),
        # Hungarian (a lexicon of its own, stems for its case endings)
        (
            "hu",
            "18 új tájlapka, köztük 6 fogadó és 2 katedrális",
            ["tiles 18", "inn 6", "cathedral 2"],
        ),
        (
            "hu",
            "6 nagy alattvaló, 1 pontozótábla és 1 játékszabály",
            ["large_meeple 6", "scoreboard 1", "rules 1"],
        ),
        ("ru", "4 квадрата с собором", ["cathedral 4"]),
        ("pl", "nowe płytki terenu (12 sztuk)", ["tiles 12"]),
        ("ro", "6 cartonașe cu abație", ["abbey 6"]),
        ("it", "sei grandi seguaci", ["large_meeple 6"]),
        ("es", "6 seguidores mayores", ["large_meeple 6"]),
        ("nl", "Eén scorebord", ["scoreboard 1"]),
        # a once-held item a list names with no number counts 1 (languages without articles)
        (
            "pl",
            "72 płytki, plansza punktacji i instrukcja",
            ["tiles 72", "scoreboard 1", "rules 1"],
        ),
        (
            "ru",
            "72 квадрата местности, 40 фишек, правила игры",
            ["tiles 72", "meeple 40", "rules 1"],
        ),
        ("cs", "12 mostů, 12 hradů a pravidla", ["bridge 12", "castle 12", "rules 1"]),
        ("de", "Anleitung", ["rules 1"]),
        ("pl", "jedna płytka startowa i plansza punktacji", ["scoreboard 1"]),
        ("pl", "Po partii odkładamy instrukcję do pudełka.", []),
        ("pl", "12 płytek, które kładziemy obok planszy", ["tiles 12"]),
        ("ru", "Игроки кладут правила рядом с полем.", []),
        # a token noun before an item: the item's tokens
        ("pl", "12 żetonów zamków", ["castle 12"]),
        # the products' pieces: bridges, castles, bazaars, elephants, tents
        ("es", "5 elefantes de madera y 12 puentes", ["elephant 5", "bridge 12"]),
        ("nl", "8 tegels met een bazaar", ["bazaar 8"]),
        ("de", "60 Karten und 1 Wertungszählleiste", ["tiles 60", "scoreboard 1"]),
        # piece names in the case forms shops write (genitive plurals after 5 and more)
        ("pl", "40 meepli i 60 kafli", ["meeple 40", "tiles 60"]),
        ("ru", "30 плиток местности и 25 карточек", ["tiles 30", "tiles 25"]),
        ("cs", "36 destiček a 40 meeplů", ["tiles 36", "meeple 40"]),
        ("sk", "72 dlaždíc a 40 meeplov", ["tiles 72", "meeple 40"]),
        # The City's wooden pieces; dragon tiles named as one word
        ("nl", "40 muurdelen, 1 stadspoort en 8 torens", ["wall 40", "city_gate 1", "tower 8"]),
        ("nl", "24 nieuwe tegels, waaronder 8 drakentegels", ["tiles 24", "dragon_tile 8"]),
        ("de", "10 Drachenplättchen", ["dragon_tile 10"]),
        # Safari's animal tokens (after a token noun) and rangers' cars
        ("es", "40 fichas de animal y 2 todoterrenos", ["animal_token 40", "ranger 2"]),
        ("pl", "40 żetonów zwierząt i 2 samochody", ["animal_token 40", "ranger 2"]),
        ("es", "Hay 5 animales distintos.", []),
        # a pieces word before a link counts the noun after it
        ("es", "20 piezas de seguidores y 6 piezas de puente", ["meeple 20", "bridge 6"]),
        (
            "de",
            "30 Schürfmarken, 20 Cowboys und 4 Charakterkarten",
            ["mining_token 30", "meeple 20", "character_card 4"],
        ),
    ],
)
def test_sentence_items(language: str, text: str, expected: list[str]) -> None:
    assert box_items(text, language) == expected


def test_per_player_counts_are_not_box_totals() -> None:
    reading = read_sentence("40 meeples (each player takes 8)", lexicon("en")).items
    assert [(r.item, r.count, r.basis) for r in reading] == [
        ("meeple", 40, ContentsBasis.BOX),
        ("meeple", 8, ContentsBasis.PER_PLAYER),
    ]


def test_colours_named_are_kept_on_figures() -> None:
    (meeples,) = read_sentence("30 meeples in five colours", lexicon("en")).items
    assert meeples.colours == 5


def test_unplaced_numbers_are_returned() -> None:
    reading = read_sentence("from 1 point per tile to 2 points", lexicon("en"))
    assert reading.items == []
    assert [token.text for token in reading.unplaced] == ["1", "2"]


def test_item_marks_name_the_item() -> None:
    text = f"1 {ITEM_MARK}courier{ITEM_END} curier"
    assert box_items(text, "ro") == ["courier 1"]


def test_tokens() -> None:
    kinds = [(t.kind, t.text) for t in tokenize("6. Spieler, 50/100, C1C2, 9x Wein [2]")]
    assert kinds == [
        ("ordinal", "6"),
        ("punct", "."),
        ("word", "Spieler"),
        ("punct", ","),
        ("score", "50"),
        ("punct", "/"),
        ("score", "100"),
        ("punct", ","),
        ("word", "C1C2"),
        ("punct", ","),
        ("number", "9x"),
        ("word", "Wein"),
    ]


def test_fold() -> None:
    assert fold("Kartiček") == "karticek"
    assert fold("Płytki") == "plytki"
    assert fold("ЁЖИК") == "ежик"


@pytest.mark.parametrize("language", languages())
def test_every_lexicon_loads_and_names_known_items(language: str) -> None:
    words = lexicon(language)
    assert words.language == language
    assert set(words.items.exact.values()) <= set(vocabulary().items)
    assert words.headings


@given(st.text(max_size=120))
def test_any_text_reads_to_known_items(text: str) -> None:
    for item in read_sentence(text, lexicon("en")).items:
        assert item.item in vocabulary().items
        assert item.count > 0
        assert 0 <= item.start <= len(text)


def test_a_long_hostile_sentence_is_read_in_one_pass() -> None:
    """Markers are bound by binary search and every scan is bounded: thousands of counts,
    partitives and markers in one clause read in a time linear in its length (this test
    would take minutes with the quadratic binding it replaced)."""
    text = "a builder in each of the six colours, 1 of the tiles, 6 meeples per player, " * 4000
    reading = read_sentence(text, lexicon("en"))
    builders = [r for r in reading.items if r.item == "builder"]
    per_player = [r for r in reading.items if r.basis is ContentsBasis.PER_PLAYER]
    assert len(builders) == 4000 and {r.count for r in builders} == {6}
    assert len(per_player) == 4000
