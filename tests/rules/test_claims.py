"""Scoring claims from sentences in each language with a vocabulary file, and their invariants."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.parse.rules.claims import extract_claims, sentences
from pipeline.parse.rules.vocabulary import available_languages, vocabulary
from schemas.rules import ClaimState


def _read(
    text: str, language: str, default: ClaimState = ClaimState.COMPLETED
) -> list[tuple[str, str, str, int | None]]:
    return [
        (c.feature, c.state.value, c.unit, c.points)
        for c in extract_claims(text, [], default, vocabulary(language))
    ]


def test_every_language_file_loads() -> None:
    assert available_languages() == ["de", "en", "fr", "ro"]
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
            # no feature word in the second sentence: on a page the block title gives it
            [("city", "completed", "tile", 2), ("unknown", "completed", "coat_of_arms", 2)],
        ),
        (
            "en",
            "Each tile of a completed city is worth 2 points. Each coat of arms is worth 2 more "
            "points. An incomplete road scores 1 point for each tile.",
            [
                ("city", "completed", "tile", 2),
                ("unknown", "completed", "coat_of_arms", 2),
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
        ("barn", "during_game", "multiplier", 2, False),
        ("monastery", "incomplete", "fixed", 1, False),
        ("monastery", "incomplete", "surrounding_tile", 1, False),
    ]


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


@settings(max_examples=60, deadline=None)
@given(tokens=st.lists(TOKEN, min_size=1, max_size=25))
def test_no_number_in_a_scoring_text_is_dropped(tokens: list[str]) -> None:
    text = " ".join(tokens)
    found = extract_claims(text, [], ClaimState.COMPLETED, vocabulary("ro"))
    kept = [c.points for c in found if c.points is not None]
    kept += [m.number for c in found for m in c.counts]
    numbers = [int(n) for n in re.findall(r"\d+", text)]
    assert sorted(set(numbers)) == sorted(set(kept))
    assert all(c.sentence in sentences(text) for c in found)
