"""Typed figures: what each one is, where it may stand, how strong it is, how it is encoded.

A figure on the board is one int, `player | type << 3` (players 0..7): a plain meeple is its
player's number, so base-game features hold exactly the player lists they always held.
Followers (meeples in the rules' sense: meeple, mayor, wagon, large meeple, abbot) occupy a
feature and count for its majority with their strength; the barn and the pig are special
figures: they never occupy a feature nor count for a majority.

Rule modules switch figure types on; this module only describes them.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.engine.geometry import ABBEY, CITY, FIELD, MONASTERY, ROAD

PLAYER_BITS = 3
PLAYER_MASK = (1 << PLAYER_BITS) - 1
ALL_KINDS = frozenset({ROAD, CITY, FIELD, MONASTERY, ABBEY})


@dataclass(frozen=True, slots=True)
class FigureType:
    """One kind of figure.

    `kinds`: feature kinds it may be put on (empty for the barn, which stands on a corner).
    `strength`: its weight in a majority; `None` means "the coats of arms of its city" (the
    mayor). `follower`: it occupies the feature and counts for majorities.
    """

    name: str
    index: int
    kinds: frozenset[int]
    strength: int | None = 1
    follower: bool = True

    def code(self, player: int) -> int:
        return player | self.index << PLAYER_BITS


MEEPLE = FigureType("meeple", 0, ALL_KINDS)
MAYOR = FigureType("mayor", 1, frozenset({CITY}), strength=None)
WAGON = FigureType("wagon", 2, frozenset({ROAD, CITY, MONASTERY, ABBEY}))
BARN = FigureType("barn", 3, frozenset(), strength=0, follower=False)
# Not used by any product the engine plays yet; described so that modules can switch them on.
LARGE_MEEPLE = FigureType("large meeple", 4, ALL_KINDS, strength=2)
ABBOT = FigureType("abbot", 5, frozenset({MONASTERY, ABBEY}))
PIG = FigureType("pig", 6, frozenset({FIELD}), strength=0, follower=False)

FIGURE_TYPES = (MEEPLE, MAYOR, WAGON, BARN, LARGE_MEEPLE, ABBOT, PIG)
BY_NAME = {figure.name: figure for figure in FIGURE_TYPES}
BY_INDEX = {figure.index: figure for figure in FIGURE_TYPES}


def player_of(code: int) -> int:
    return code & PLAYER_MASK


def type_of(code: int) -> FigureType:
    return BY_INDEX[code >> PLAYER_BITS]


def strengths(figures: list[int], coats: int) -> dict[int, int]:
    """Player -> summed strength of their followers in `figures` (a feature with `coats`)."""
    totals: dict[int, int] = {}
    for code in figures:
        figure = BY_INDEX[code >> PLAYER_BITS]
        if not figure.follower:
            continue
        strength = coats if figure.strength is None else figure.strength
        player = code & PLAYER_MASK
        totals[player] = totals.get(player, 0) + strength
    return totals


def majority(figures: list[int], coats: int = 0) -> list[int]:
    """The players (indexes, ascending) whose followers on a feature are strongest.

    Plain meeples (all codes below 8) take the base game's count; otherwise strengths add up,
    and a feature whose strongest player has strength 0 (mayors in a city without a coat of
    arms) goes to nobody.
    """
    if not figures:
        return []
    if max(figures) <= PLAYER_MASK:
        counts: dict[int, int] = {}
        for player in figures:
            counts[player] = counts.get(player, 0) + 1
        most = max(counts.values())
        return sorted(player for player, count in counts.items() if count == most)
    totals = strengths(figures, coats)
    if not totals:
        return []
    best = max(totals.values())
    if best <= 0:
        return []
    return sorted(player for player, total in totals.items() if total == best)


def scoring_figures(figures: list[int], player: int) -> str | None:
    """The non-meeple figure types `player` scored with, `+`-joined; None for meeples only."""
    names = sorted(
        {BY_INDEX[c >> PLAYER_BITS].name for c in figures if c & PLAYER_MASK == player and c > 7}
    )
    return "+".join(names) or None
