"""Which engine configuration value a stored scoring claim states (no text is read here).

The rules stage extracts claims from a rule's text (`pipeline.parse.rules.claims`) and stores
them as `scoring_claims` rows (feature, state, unit, points, counts); the warehouse reads them
back as `warehouse.claims.StoredClaim`. Two kinds matter here:
- a *rate* claim states points per unit ("each tile of a completed city is worth 2 points"):
  `rate_key()` maps it to the configuration entry (feature, state, unit) it speaks about;
- a *worked example* pairs counts with a total ("a road of 3 tiles: 3 points"), unit
  `unknown`: `example_counts()` gives the counts the total should be recomputed from.

Mapping rules (why): the configuration has two states per feature, `completed` (scored
when finished) and `incomplete` (at game end); claim states `completed`/`during_game` are
the first, `incomplete`/`end_game` the second, `unknown` is not compared. Fields score only
at game end, so every field claim is `end_game`. A monastery scores 1 + 1 per surrounding
tile, which is the engine's "per tile of its 3x3 square"; claims with unit `surrounding_tile`
state that same per-tile value, and so does a `fixed` amount of an incomplete monastery ("1
point plus 1 point per adjacent tile"); a completed monastery's `fixed` amount is its whole
("it scores 9 points"), no per-tile value.
"""

from __future__ import annotations

from carcdb.warehouse.claims import StoredClaim

# The name the configuration generator and the engine checks use for a stored claim.
Claim = StoredClaim

FEATURES = ("road", "city", "monastery", "field")
_COMPLETED = {"completed", "during_game"}
_INCOMPLETE = {"incomplete", "end_game"}
_MONASTERY_UNITS = {"tile", "surrounding_tile", "fixed"}
# Count units a worked example may be recomputed from, per feature.
EXAMPLE_UNITS = {
    "road": {"tile"},
    "city": {"tile", "coat_of_arms"},
    "monastery": {"surrounding_tile"},
    "field": {"completed_city"},
}

ScoringKey = tuple[str, str, str]  # feature, state, unit


def _state(claim: StoredClaim) -> str | None:
    if claim.feature == "field":
        return "end_game"
    if claim.state in _COMPLETED:
        return "completed"
    if claim.state in _INCOMPLETE:
        return "incomplete"
    return None


def rate_key(claim: StoredClaim) -> ScoringKey | None:
    """The configuration entry a rate claim states a value for, or None if it is no rate."""
    if claim.points is None or claim.bonus or claim.feature not in FEATURES:
        return None
    state = _state(claim)
    if state is None:
        return None
    unit = claim.unit
    if claim.feature == "monastery":
        if unit == "fixed" and state == "completed":
            return None  # "it scores 9 points": the whole of a completed monastery
        unit = "tile" if unit in _MONASTERY_UNITS else ""
    known = {
        "road": {"tile"},
        "city": {"tile", "coat_of_arms"},
        "monastery": {"tile"},
        "field": {"completed_city"},
    }
    if unit not in known[claim.feature]:
        return None
    return (claim.feature, state, unit)


def example_counts(claim: StoredClaim) -> dict[str, int] | None:
    """Counts of a worked example (unit -> number), or None if the claim is not one.

    A worked example states a total (unit `unknown`) and at least one count in a unit the
    feature scores by. Numbers in other units are left out: in the sample they are labels
    ("farm 3"), not quantities.
    """
    if claim.points is None or claim.bonus or claim.unit != "unknown":
        return None
    if claim.feature not in FEATURES or _state(claim) is None:
        return None
    counts: dict[str, int] = {}
    for number, unit in claim.counts:
        if unit in EXAMPLE_UNITS[claim.feature]:
            counts[unit] = counts.get(unit, 0) + number
    return counts or None


def example_state(claim: StoredClaim) -> str:
    state = _state(claim)
    assert state is not None
    return state
