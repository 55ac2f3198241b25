"""Scoring forms met in the rc-c part of the real corpus, each read by a small general rule.

Each test reads a sentence shaped like the real text (tests/fixtures/real, corpus-rc-c.json)
and checks the claims a reader states for it, and that the rule does not fire where it should
not.
"""

from __future__ import annotations

from carcdb.pipeline.parse.rules.claims import extract_claims
from carcdb.pipeline.parse.rules.vocabulary import vocabulary
from carcdb.schemas.rules import ClaimState


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


def test_a_flat_amount_explained_or_joined_to_a_rate() -> None:
    # an amount opening a line and explained in parentheses is flat
    assert _claims("9 points (the feature tile and the eight tiles around it)") == [
        ("unknown", "fixed", 9)
    ]
    # "N points for X + M points per unit": a flat part and a rate
    assert _claims("Garden: 1 point for the feature + 1 point / tile")[0] == ("garden", "fixed", 1)
    assert _claims("German castle: 2 points for the German castle and 1 point per tile")[0] == (
        "german_castle",
        "fixed",
        2,
    )
    # not a flat amount: an example's sum inside a sentence, or a sum of amounts with no rate
    assert _claims("You score 18 points (9 + 3 + 3 + 3) for it.") == [("unknown", "unknown", 18)]
    assert ("monastery", "unknown", 3) in _claims("3 points for the monastery + 1 point for it")


def test_a_flat_amount_after_a_rate_does_not_take_the_rates_unit() -> None:
    text = "German castle: 1 point per tile, 2 points for the castle + 1 point per tile around it"
    assert _claims(text) == [
        ("german_castle", "tile", 1),
        ("german_castle", "fixed", 2),
        ("german_castle", "surrounding_tile", 1),
    ]
    # an amount restating the rate keeps the unit before it
    assert _claims("3 points per tile in this city (instead of the usual 2 points)") == [
        ("city", "tile", 3),
        ("city", "tile", 2),
    ]
    # a unit before a lone points phrase is still its unit
    assert _claims("Each tile of a road is worth 1 point.") == [("road", "tile", 1)]


def test_tiles_around_the_feature_are_surrounding_tiles() -> None:
    assert _claims("Garden: 1 point / tile around it") == [("garden", "surrounding_tile", 1)]
    text = "German castle: 1 point per tile in the 10 square spaces around it"
    assert _claims(text) == [("german_castle", "surrounding_tile", 1)]
    # "around" in an aside after the unit does not qualify it
    text = "Haunted Castle: 2 points / tile with mist (the feature tile and the tiles around it)"
    assert _claims(text) == [("haunted_castle", "tile", 2)]


def test_a_template_title_names_its_feature() -> None:
    context = ("Template:ScoringGroupFeatureMonastery",)
    text = "9 points (the feature tile and the eight tiles around it)"
    assert _claims(text, context=context) == [("monastery", "fixed", 9)]


def test_vineyards_score_for_monasteries() -> None:
    text = "3 additional points for each vineyard on one of the 8 surrounding tiles."
    assert ("monastery", "vineyard", 3) in _claims(text, context=("Hills & Sheep",))


def test_per_unit_and_per_unit_is_one_rate_for_both() -> None:
    text = "Une ville reçoit 3 points par tuile Ville et par blason (au lieu des 2 points normaux)."
    assert _claims(text, language="fr") == [
        ("city", "tile", 3),
        ("city", "coat_of_arms", 3),
        ("city", "tile", 2),
        ("city", "coat_of_arms", 2),
    ]
