"""Which configuration value a monastery's claim states (`configgen.claim_rates.rate_key`)."""

from __future__ import annotations

from carcdb.pipeline.configgen.claim_rates import rate_key
from carcdb.warehouse.claims import StoredClaim


def _claim(state: str, unit: str, points: int) -> StoredClaim:
    return StoredClaim(
        "c/0", "Base game/ro", "ro", "r", 1, 1, "monastery", state, unit, points, False, "s", ()
    )


def test_a_completed_monastery_scoring_9_points_is_no_per_tile_rate() -> None:
    # "Îți aduce 9 puncte": the whole of the nine tiles, not 9 per tile
    assert rate_key(_claim("completed", "fixed", 9)) is None
    # "1 point plus 1 point per adjacent tile": the monastery's own tile, the per-tile rate
    assert rate_key(_claim("incomplete", "fixed", 1)) == ("monastery", "incomplete", "tile")
    assert rate_key(_claim("completed", "tile", 1)) == ("monastery", "completed", "tile")
