"""Invariants of the scoring table built from claims (hypothesis)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.pipeline.configgen.claim_rates import Claim, rate_key
from carcdb.pipeline.configgen.values import SCORING_KEYS, scoring_values
from carcdb.pipeline.engine.ruleset import RulesConfig
from tests.lanes import examples

FEATURES = ("road", "city", "monastery", "field", "barn", "unknown")
STATES = ("completed", "incomplete", "during_game", "end_game", "unknown")
UNITS = ("tile", "coat_of_arms", "completed_city", "surrounding_tile", "fixed", "unknown")


@st.composite
def claims(draw: st.DrawFn) -> list[Claim]:
    rows = draw(
        st.lists(
            st.tuples(
                st.sampled_from(FEATURES),
                st.sampled_from(STATES),
                st.sampled_from(UNITS),
                st.one_of(st.none(), st.integers(0, 4)),
                st.booleans(),
                st.sampled_from(("ro", "de", "en")),
            ),
            max_size=30,
        )
    )
    return [
        Claim(
            claim_id=f"c{i}",
            title=f"Page/{language}",
            language=language,
            revision_key=f"sha:{language}",
            line=i + 1,
            col=1,
            feature=feature,
            state=state,
            unit=unit,
            points=points,
            bonus=bonus,
            sentence=f"sentence {i}",
            counts=(),
        )
        for i, (feature, state, unit, points, bonus, language) in enumerate(rows)
    ]


@pytest.mark.slow
@settings(max_examples=examples(200))
@given(claims())
def test_every_rate_claim_supports_or_disagrees_once(sample: list[Claim]) -> None:
    values, meeples = scoring_values("Page", sample)
    assert [v.engine_key for v in values] == list(SCORING_KEYS.values())
    defaults = RulesConfig()
    rate = {c.claim_id: rate_key(c) for c in sample if rate_key(c) is not None}
    listed: list[str] = []
    for value in values:
        key = (value.feature, value.state, value.unit)
        mine = [c for c in sample if rate.get(c.claim_id) == key]
        supporting = [ref.claim_id for ref in value.provenance.supporting]
        disagreeing = [ref.claim_id for ref in value.provenance.disagreeing]
        listed += supporting + disagreeing
        assert sorted(supporting + disagreeing) == sorted(c.claim_id for c in mine)
        if not mine:
            assert value.provenance.status == "default"
            assert value.points == getattr(defaults, value.engine_key)
            continue
        votes = Counter(c.points for c in mine)
        assert value.provenance.status == "claims"
        assert votes[value.points] == max(votes.values())  # the value most claims state
        assert all(ref.points == value.points for ref in value.provenance.supporting)
        assert all(ref.points != value.points for ref in value.provenance.disagreeing)
    assert sorted(listed) == sorted(rate)  # no rate claim lost, none counted twice
    assert meeples.value == defaults.meeples_per_player
