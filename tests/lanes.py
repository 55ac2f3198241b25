"""How hard a property test tries in each test lane.

`make test` (the working lane) sets `CARCDB_TEST_LANE=fast`: every hypothesis property runs
there with a fifth of its examples (at least 10, or all of them when it asks for fewer), so a
broken invariant still shows while working. `make test-all` and CI run every example.
"""

from __future__ import annotations

import os

FAST_LANE = os.environ.get("CARCDB_TEST_LANE") == "fast"


def examples(full: int, *, fast: int | None = None) -> int:
    """The `max_examples` of a property that asks for `full` in the complete lane.

    `fast` overrides the working lane's share for a property whose every example is a whole
    warehouse's work (a handful still shows a broken invariant; the complete lane runs all)."""
    if not FAST_LANE:
        return full
    return fast if fast is not None else max(min(full, 10), full // 5)
