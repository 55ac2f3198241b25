"""The faults the fake wiki can inject, by name (`--faults`, `--fault-mix`).

Apart from the server so that the command line can list them without importing it.
"""

from __future__ import annotations

FAULT_KINDS = (
    "503", "429", "maxlag", "slow", "drop", "truncate", "cut", "html", "500",
    "empty", "wrong-type", "shape",
    # hostile answers: one byte a second (headers included), a small gzip body that decodes
    # to `FaultPlan.bomb_mb` MB, a redirect to another host (`localhost` for 127.0.0.1: the
    # same server, so following it would succeed) and one within the host (a path of its own)
    "trickle", "gzip-bomb", "redirect-away", "redirect-same",
)  # fmt: skip
CONTINUATIONS = ("repeat", "alternate", "endless")  # --continuation: listings that never end
RANDOM_FAULT_MIX = ("503", "429", "maxlag", "slow")  # what --fault-rate draws from by default
