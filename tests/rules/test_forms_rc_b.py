"""Russian rules vocabulary (`lang/ru.json`), added with the rc-b excerpts of the real corpus.

The stored copies hold no Russian scoring statement (the ru reference pages' rows are still in
English), so the real excerpt only checks precision; the sentences below are written in the
wiki's compact notation and prose forms to check that the Russian words are read at all.
"""

from __future__ import annotations

from carcdb.pipeline.parse.rules.claims import extract_claims
from carcdb.pipeline.parse.rules.vocabulary import vocabulary
from carcdb.schemas.findings import Finding
from carcdb.schemas.rules import ClaimState, ScoringClaim
from tests.rules.pages import run
from tests.rules.real_corpus import REAL

# A real heading of "Carcassonne Scoring After the Game/ru" (see tests/fixtures/real/NOTICE.md).
RU_HEADING = "Подсчёт очков за объекты в конце игры"


def _keys(text: str, context: list[str]) -> list[tuple[str, str, str, int | None, int]]:
    drafts = extract_claims(text, context, ClaimState.COMPLETED, vocabulary("ru"))
    return [(c.feature, c.state.value, c.unit, c.points, c.sign) for c in drafts]


def test_the_real_russian_excerpt_has_its_heading() -> None:
    text = (REAL / "excerpts" / "ru_carcassonne_scoring_after_the_game.txt").read_text("utf-8")
    assert "Подсчёт очков основного объекта" in text


def test_a_russian_page_is_read_with_russian_words_without_a_finding() -> None:
    output = run(
        "{{RulesScoring|title=Дорога|rules=Каждый квадрат завершённой дороги приносит 1 очко.}}",
        title="Base game/ru",
        language="ru",
    )
    assert not [f for f in output.findings if isinstance(f, Finding)]
    claims = [c for c in output.rows["scoring_claims"] if isinstance(c, ScoringClaim)]
    assert [(c.feature, c.state.value, c.unit, c.points) for c in claims] == [
        ("road", "completed", "tile", 1)
    ]


def test_the_russian_end_game_heading_announces_the_phase_of_compact_rows() -> None:
    text = f"{RU_HEADING}\nГород |\n1 очко / квадрат\n(+1) очко / щит"
    assert _keys(text, ["Начисление очков"]) == [
        ("city", "incomplete", "tile", 1, 1),
        ("city", "incomplete", "coat_of_arms", 1, 1),
    ]


def test_russian_prose_with_two_units_and_a_sign() -> None:
    text = "Незавершённый город приносит 1 очко за каждый квадрат и щит. (-1) очко / квадрат"
    assert _keys(text, ["Город"]) == [
        ("city", "incomplete", "tile", 1, 1),
        ("city", "incomplete", "coat_of_arms", 1, 1),
        ("city", "completed", "tile", 1, -1),  # the feature from the rule's title
    ]
