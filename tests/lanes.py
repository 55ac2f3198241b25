"""How hard a property test tries in each test lane.

`make test` (the working lane) sets `CARCDB_TEST_LANE=fast`: every hypothesis property runs
there with a fifth of its examples (at least 10, or all of them when it asks for fewer), so a
broken invariant still shows while working. `make test-all` and CI run every example.
"""

from __future__ import annotations

import os

FAST_LANE = os.environ.get("CARCDB_TEST_LANE") == "fast"


def examples(full: int) -> int:
    """The `max_examples` of a property that asks for `full` in the complete lane."""
    return max(min(full, 10), full // 5) if FAST_LANE else full
