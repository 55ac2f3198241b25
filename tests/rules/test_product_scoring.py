"""The products the engine plays next have their scoring read as their own features (docs/rules.md):
an inn's road is `inn`, a cathedral's city `cathedral`, goods a `majority`, the pig's
field `pig`, the abbot's monastery or garden both, so a rule module's `Number(reader="rate")`
of that feature, state and unit (`configgen/module_rates.py`) finds the wiki's rate.

The Inns and Cathedrals sentences are the wiki's own (tests/fixtures/real, the pre-split
excerpts `en_inns_and_cathedrals*.wiki`, `fr_inns_and_cathedrals.wiki`); the others are
written in the wiki's wording for the rules docs/engine.md plays (Traders and Builders, the
Abbot).
"""

from __future__ import annotations

import pytest

from carcdb.pipeline.configgen.module_rates import _STATES
from carcdb.pipeline.parse.rules.claims import extract_claims
from carcdb.pipeline.parse.rules.plaintext import plain_text
from carcdb.pipeline.parse.rules.vocabulary import vocabulary
from carcdb.schemas.rules import ClaimState
from tests.rules.real_corpus import REAL

Rate = tuple[str, str, str, int | None]


def _rates(text: str, language: str = "en", context: tuple[str, ...] = ()) -> set[Rate]:
    found = extract_claims(text, list(context), ClaimState.COMPLETED, vocabulary(language))
    return {
        (c.feature, c.state.value, c.unit, c.points)
        for c in found
        if c.unit != "unknown" and c.points is not None
    }


@pytest.mark.parametrize(
    ("excerpt", "language", "expected"),
    [
        (
            "en_inns_and_cathedrals.wiki",
            "en",
            {("inn", "completed", "tile", 2), ("road", "completed", "tile", 1)},
        ),
        (
            "en_inns_and_cathedrals_city.wiki",
            "en",
            {
                ("cathedral", "completed", "tile", 3),
                ("cathedral", "completed", "coat_of_arms", 3),
                ("city", "completed", "tile", 2),
                ("city", "completed", "coat_of_arms", 2),
            },
        ),
        (
            "fr_inns_and_cathedrals.wiki",
            "fr",
            {
                ("inn", "completed", "tile", 2),
                ("road", "completed", "tile", 1),
                ("cathedral", "completed", "tile", 3),
                ("cathedral", "completed", "coat_of_arms", 3),
                ("city", "completed", "tile", 2),
                ("city", "completed", "coat_of_arms", 2),
            },
        ),
    ],
)
def test_the_wikis_inns_and_cathedrals_rates(
    excerpt: str, language: str, expected: set[Rate]
) -> None:
    text = plain_text((REAL / "excerpts" / excerpt).read_text("utf-8"))
    assert _rates(text, language, ("Inns and Cathedrals",)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "If the road is incomplete at the end of the game, a road with an inn scores nothing.",
            {("inn", "incomplete", "tile", 0)},
        ),
        (
            "A city with a cathedral that is incomplete at the end of the game scores no points.",
            {("cathedral", "incomplete", "tile", 0)},
        ),
        (
            "At the end of the game, the player with the most wine tokens scores 10 points. "
            "The same goes for grain and cloth.",
            {("goods", "end_game", "majority", 10)},
        ),
        (
            "A farmer with a pig in the field scores 1 additional point for each completed city.",
            {("pig", "end_game", "completed_city", 1)},
        ),
        (
            "When the abbot is returned, its monastery or garden scores 1 point plus 1 point "
            "for each surrounding tile.",
            {
                ("monastery", "completed", "fixed", 1),
                ("garden", "completed", "fixed", 1),
                ("monastery", "completed", "surrounding_tile", 1),
                ("garden", "completed", "surrounding_tile", 1),
            },
        ),
    ],
)
def test_the_products_rates_in_the_wikis_wording(text: str, expected: set[Rate]) -> None:
    assert _rates(text) == expected


def test_a_modules_states_take_the_claims_states() -> None:
    """The module numbers' states read the claims' states as the reader writes them: goods
    and pigs at `end_game`, an inn's nothing at `incomplete`."""
    assert "end_game" in _STATES["end_game"]
    assert "incomplete" in _STATES["incomplete"] and "completed" in _STATES["completed"]
