"""Scoring claims from sentences in each language with a vocabulary file, and their invariants."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.pipeline.parse.rules.claims import extract_claims, sentences
from carcdb.pipeline.parse.rules.vocabulary import available_languages, vocabulary
from carcdb.schemas.rules import ClaimState
from tests.lanes import examples

LANGUAGES = [
    "ca",
    "cs",
    "de",
    "en",
    "es",
    "fr",
    "hu",
    "it",
    "ja",
    "ko",
    "nl",
    "pl",
    "pt",
    "ro",
    "ru",
    "sk",
    "uk",
    "zh",
]


def _read(
    text: str, language: str, default: ClaimState = ClaimState.COMPLETED
) -> list[tuple[str, str, str, int | None]]:
    return [
        (c.feature, c.state.value, c.unit, c.points)
        for c in extract_claims(text, [], default, vocabulary(language))
    ]


def test_every_language_file_loads() -> None:
    assert available_languages() == LANGUAGES
    for language in available_languages():
        vocab = vocabulary(language)
        assert vocab.language == language
        assert {p.meaning for p in vocab.features} >= {"road", "city", "monastery", "field"}
        assert {p.meaning for p in vocab.units} >= {"tile", "coat_of_arms"}
        assert [p.meaning for p in vocab.states] == [
            "incomplete",
            "completed",
            "end_game",
            "during_game",
        ]


@pytest.mark.parametrize(
    ("language", "text", "expected"),
    [
        (
            "ro",
            "Fiecare cartonaș dintr-un oraș finalizat valorează 2 puncte. În plus, fiecare blazon "
            "valorează încă alte 2 puncte.",
            # no feature word in the second sentence: coats of arms are a city's
            [("city", "completed", "tile", 2), ("city", "completed", "coat_of_arms", 2)],
        ),
        (
            "en",
            "Each tile of a completed city is worth 2 points. Each coat of arms is worth 2 more "
            "points. An incomplete road scores 1 point for each tile.",
            [
                ("city", "completed", "tile", 2),
                ("city", "completed", "coat_of_arms", 2),
                ("road", "incomplete", "tile", 1),
            ],
        ),
        (
            "de",
            "Jede Karte einer fertigen Stadt zählt 2 Punkte. Eine unvollendete Straße bringt "
            "1 Punkt pro Karte.",
            [("city", "completed", "tile", 2), ("road", "incomplete", "tile", 1)],
        ),
        (
            "fr",
            "Chaque tuile d'une ville achevée rapporte 2 points. Un chemin inachevé rapporte "
            "1 point par tuile.",
            [("city", "completed", "tile", 2), ("road", "incomplete", "tile", 1)],
        ),
    ],
)
def test_claims_per_language(
    language: str, text: str, expected: list[tuple[str, str, str, int]]
) -> None:
    assert _read(text, language) == expected


def test_fixed_amount_bonus_multiplier_and_phases() -> None:
    text = (
        "EVALUAREA ÎN TIMPUL JOCULUI\n"
        "* 3 puncte pentru fiecare oraș finalizat adiacent cu câmpul\n"
        "* (+1) punct pentru fiecare cetate sau oraș finalizat cu porc\n"
        "* (x2) dacă orașul este asediat\n"
        "EVALUAREA DUPĂ JOC\n"
        "* Fiecare mănăstire nefinalizată valorează 1 punct plus câte 1 punct pentru fiecare "
        "cartonaș adiacent."
    )
    found = extract_claims(
        text, ["Evaluarea câmpurilor cu o moșie"], ClaimState.COMPLETED, vocabulary("ro")
    )
    assert [(c.feature, c.state.value, c.unit, c.points, c.bonus) for c in found] == [
        ("barn", "during_game", "completed_city", 3, False),
        ("barn", "during_game", "fortress", 1, True),
        ("barn", "during_game", "completed_city", 1, True),
        ("barn", "during_game", "multiplier", None, False),  # a factor, not points
        ("monastery", "incomplete", "fixed", 1, False),
        ("monastery", "incomplete", "surrounding_tile", 1, False),
    ]
    assert [c.multiplier for c in found] == [None, None, None, 2, None, None]


def test_numbers_without_points_are_kept_with_their_units() -> None:
    found = extract_claims(
        "O mănăstire este finalizată când este înconjurată de 8 cartonașe.",
        [],
        ClaimState.COMPLETED,
        vocabulary("ro"),
    )
    assert len(found) == 1
    assert (found[0].unit, found[0].points) == ("unknown", None)
    assert [(m.number, m.unit) for m in found[0].counts] == [(8, "tile")]


WORD = st.sampled_from(
    [
        "Fiecare",
        "cartonaș",
        "oraș",
        "finalizat",
        "valorează",
        "pentru",
        "fiecare",
        "blazon",
        "drum",
        "nefinalizat",
        "și",
        "câte",
        "puncte",
        "punct",
        "mănăstire",
        "plus",
        "de",
    ]
)
TOKEN = st.one_of(WORD, st.integers(min_value=0, max_value=99).map(str))


@settings(max_examples=examples(60), deadline=None)
@given(tokens=st.lists(TOKEN, min_size=1, max_size=25))
def test_no_number_in_a_scoring_text_is_dropped(tokens: list[str]) -> None:
    text = " ".join(tokens)
    found = extract_claims(text, [], ClaimState.COMPLETED, vocabulary("ro"))
    kept = [c.points for c in found if c.points is not None]
    kept += [m.number for c in found for m in c.counts]
    numbers = [int(n) for n in re.findall(r"\d+", text)]
    assert sorted(set(numbers)) == sorted(set(kept))
    assert all(c.sentence in sentences(text) for c in found)


@pytest.mark.parametrize(
    ("language", "sentence", "counts"),
    [
        ("de", "Die Straße bringt 4 Punkte für 2 weitere Karten.", [(2, "tile")]),
        ("en", "The road scores 4 points for 2 more tiles.", [(2, "tile")]),
        ("ro", "Drumul aduce 4 puncte pentru cele 5 de cartonașe.", [(5, "tile")]),
        ("en", "The road scores 4 points for 2 de tiles.", [(2, "unknown")]),
    ],
)
def test_a_count_reads_its_unit_past_the_languages_own_connectors(
    language: str, sentence: str, counts: list[tuple[int, str]]
) -> None:
    """Words between a number and its unit come from the language file ("de" is Romanian)."""
    [claim] = extract_claims(sentence, ["Drum"], ClaimState.COMPLETED, vocabulary(language))
    assert [(m.number, m.unit) for m in claim.counts] == counts


@pytest.mark.parametrize(
    ("language", "text", "context", "expected"),
    [
        # score-track note of Base game/ro: a score reached, not a road's rate
        (
            "ro",
            "Notă: dacă punctajul tău trece de 50 de puncte, culcă-ți meepleul tău de scor.",
            ["Drumurile"],
            [("unknown", "unknown", "unknown", 50)],
        ),
        (
            "en",
            "If your score passes 50 points, lay your meeple down.",
            ["Roads"],
            [("unknown", "unknown", "unknown", 50)],
        ),
        # final-scoring example of Base game/ro: a city scored at game end is incomplete
        (
            "ro",
            "Jucătorul verde este singurul care încasează 8 puncte pentru orașul "
            "(5 cartonașe și 3 blazoane).",
            ["Sfârșitul jocului și evaluarea finală"],
            [("city", "incomplete", "unknown", 8)],
        ),
        # Winter Edition/ro: coats of arms are a city's (the subject: 1 point per coat of
        # arms), farmers' points for cities a field's
        (
            "ro",
            "Blazoanele aduc acum de asemenea doar 1 punct.",
            ["Evaluarea drumurilor, orașelor și mănăstirilor nefinalizate", "Sfârșitul jocului"],
            [("city", "incomplete", "coat_of_arms", 1)],
        ),
        (
            "ro",
            "Jucătorul ALBASTRU deține ferma mică, încasând 3 puncte pentru orașul A.",
            ["Evaluarea fermelor", "Sfârșitul jocului"],
            [("field", "end_game", "unknown", 3)],
        ),
    ],
)
def test_doubtful_claims_of_the_sample_pages(
    language: str, text: str, context: list[str], expected: list[tuple[str, str, str, int]]
) -> None:
    found = extract_claims(text, context, ClaimState.END_GAME, vocabulary(language))
    assert [(c.feature, c.state.value, c.unit, c.points) for c in found] == expected


@pytest.mark.parametrize(
    ("language", "text", "expected"),
    [
        # the issue's forms, each in the wiki's compact notation
        ("ro", "1 punct / cartonaș", [("unknown", "tile", 1, 1, None)]),
        ("en", "City |\n2 points × size of city", [("city", "tile", 2, 1, None)]),
        ("ro", "(-1) punct / cartonaș cu o gospodărie", [("unknown", "tile", 1, -1, None)]),
        ("en", "(x0) points / tile", [("unknown", "tile", None, 1, 0)]),
        ("cs", "(+0) kartička", [("unknown", "tile", 0, 1, None)]),
        ("fr", "(+1) point / tuile", [("unknown", "tile", 1, 1, None)]),
    ],
)
def test_compact_notation(
    language: str, text: str, expected: list[tuple[str, str, int | None, int, int | None]]
) -> None:
    found = extract_claims(text, [], ClaimState.DURING_GAME, vocabulary(language))
    assert [(c.feature, c.unit, c.points, c.sign, c.multiplier) for c in found] == expected


@pytest.mark.parametrize(
    ("language", "text", "features"),
    [
        (
            "de",
            "Für jede nicht fertige Straße, Stadt und Kloster erhält deren Besitzer je 1 Punkt "
            "für jeden Teilabschnitt.",
            ["road", "city", "monastery"],
        ),
        # "or" lists features too: each of them scores the rate ("monastery or garden")
        (
            "en",
            "Each incomplete road, city or monastery scores 1 point per tile.",
            ["road", "city", "monastery"],
        ),
    ],
)
def test_a_listed_statement_gives_a_claim_per_feature(
    language: str, text: str, features: list[str]
) -> None:
    found = extract_claims(text, [], ClaimState.END_GAME, vocabulary(language))
    assert [c.feature for c in found] == features
    assert {(c.state.value, c.unit, c.points) for c in found} == {("incomplete", "tile", 1)}


def test_a_table_row_label_names_the_feature_of_the_lines_after_it() -> None:
    text = "Cesta (lupič) |\n1 bod / kartička\nKartička s mostem |\n1 bod / úsek cesty"
    found = extract_claims(text, [], ClaimState.END_GAME, vocabulary("cs"))
    assert [(c.feature, c.state.value, c.unit, c.points) for c in found] == [
        ("road", "incomplete", "tile", 1),
        ("road", "incomplete", "tile", 1),
    ]


def test_states_the_issue_found_misread() -> None:
    en = vocabulary("en")
    [open_city] = extract_claims(
        "If a city remains open it scores 1 point per tile.", [], ClaimState.COMPLETED, en
    )
    assert open_city.state is ClaimState.INCOMPLETE
    [meadow] = extract_claims(
        "The meadow gives 3 points for each completed city.", [], ClaimState.END_GAME, en
    )
    assert (meadow.feature, meadow.unit) == ("field", "completed_city")
    [final] = extract_claims(
        "Évaluation finale\nChaque route rapporte 1 point par tuile.",
        [],
        ClaimState.COMPLETED,
        vocabulary("fr"),
    )
    assert final.state is ClaimState.INCOMPLETE  # a road at the end of the game
