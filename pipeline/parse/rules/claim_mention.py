"""A scoring sentence's amount as `claim_amounts` finds it (`Mention`), shared by the modules
that read what the amount is for."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    points: int
    bonus: bool
    multiplier: bool
    sign: int = 1
    bare: bool = False  # an elliptic number ("one for each tile"): its points word is elsewhere
    closing: bool = False  # "..., the incomplete ones only 1": the rates before, in its state
    counted: bool = False  # "as many points as tiles": 1 per the unit named after it
    listed: bool = False  # "1 point per tile, cities 2": elliptic after a feature it is for
    leading: bool = False  # "roads score 1, cities 2 points per tile": the next amount's unit


def sign_of(symbol: str | None) -> int:
    return -1 if symbol is not None and symbol != "+" else 1


def inside(position: int, spans: list[tuple[int, int]]) -> bool:
    return any(start <= position < end for start, end in spans)
