"""The faults the fake wiki can inject, by name (`--faults`, `--fault-mix`).

Apart from the server so that the command line can list them without importing it.
"""

from __future__ import annotations

FAULT_KINDS = (
    "503", "429", "maxlag", "slow", "drop", "truncate", "cut", "html", "500",
    "empty", "wrong-type", "shape",
)  # fmt: skip
RANDOM_FAULT_MIX = ("503", "429", "maxlag", "slow")  # what --fault-rate draws from by default
