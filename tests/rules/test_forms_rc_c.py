"""Scoring forms met in the rc-c part of the real corpus, each read by a small general rule.

Each test reads a sentence shaped like the real text (tests/fixtures/real, corpus-rc-c.json)
and checks the claims a reader states for it, and that the rule does not fire where it should
not.
"""

from __future__ import annotations

from pipeline.parse.rules.claims import extract_claims
from pipeline.parse.rules.vocabulary import vocabulary
from schemas.rules import ClaimState


def _claims(
    text: str,
    language: str = "en",
    context: tuple[str, ...] = ("Rules",),
    state: ClaimState = ClaimState.COMPLETED,
) -> list[tuple[str, str, int | None]]:
    drafts = extract_claims(text, list(context), state, vocabulary(language))
    return [(c.feature, c.unit, c.points) for c in drafts]


def test_a_feature_named_in_an_aside_is_not_the_feature_scored() -> None:
    # the row names its feature; the aside only says which tiles do not count
    assert _claims("Road: 1 point / tile (except for German cathedral tiles)") == [
        ("road", "tile", 1)
    ]
    # a points phrase inside the aside still takes the feature named there
    assert _claims("Road: 1 point / tile (a German cathedral: 2 points per tile)") == [
        ("road", "tile", 1),
        ("german_cathedral", "tile", 2),
    ]
