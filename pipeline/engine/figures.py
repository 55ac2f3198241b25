"""Typed figures: what each one is, where it may stand, how strong it is, how it is encoded.

A figure on the board is one int, `player | type << 3` (players 0..7): a plain meeple is its
player's number, so base-game features hold exactly the player lists they always held.
Followers (meeples in the rules' sense: meeple, mayor, wagon, large meeple, abbot) occupy a
feature and count for its majority with their strength; special figures (the builder, the
pig) stand beside a player's follower and never count for a majority; the barn stands on a
corner and is a mark of its field (`Board.marks`), not a figure of a feature.

The rule module that plays a figure declares it (`FigureType(...)` in its module file); every
type registers itself here by index, so majorities and events read one table.
"""

from __future__ import annotations

from dataclasses import dataclass

from carcdb.pipeline.engine.geometry import ABBEY, CITY, FIELD, MONASTERY, ROAD

PLAYER_BITS = 3
MAX_PLAYERS = 6  # the boxes' colours (the base game's five and Inns and Cathedrals' sixth)
PLAYER_MASK = (1 << PLAYER_BITS) - 1
FEATURE_KINDS = frozenset({ROAD, CITY, FIELD, MONASTERY, ABBEY})  # what a meeple may take
MAX_INDEX = 31


@dataclass(frozen=True, slots=True)
class FigureType:
    """One kind of figure.

    `kinds`: feature kinds it may be put on (empty for the barn, which stands on a corner).
    `strength`: its weight in a majority; `None` means "the coats of arms of its city" (the
    mayor). `follower`: it occupies the feature and counts for majorities. `supply`: the
    name of the number (in its module's section of the rules configuration) giving how many
    each player has. `named`: a score event names it among the figures that scored (not the
    builder, which changes no points).
    """

    name: str
    index: int
    kinds: frozenset[int]
    strength: int | None = 1
    follower: bool = True
    supply: str = ""
    named: bool = True
    strength_number: str = ""  # strength None: the number giving its strength per coat
    spot: str = ""  # a figure without kinds: the records' prefix of its targets (`corner`)

    def __post_init__(self) -> None:
        if not 0 <= self.index <= MAX_INDEX:
            raise ValueError(f"figure {self.name}: index {self.index} out of 0..{MAX_INDEX}")
        known = BY_INDEX.get(self.index)
        if known is not None and known != self:
            raise ValueError(f"figures {known.name} and {self.name} share index {self.index}")
        BY_INDEX[self.index] = self
        BY_NAME[self.name] = self

    def code(self, player: int) -> int:
        return player | self.index << PLAYER_BITS


BY_INDEX: dict[int, FigureType] = {}
BY_NAME: dict[str, FigureType] = {}

MEEPLE = FigureType("meeple", 0, FEATURE_KINDS, supply="meeples_per_player")


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


def followers_of(figures: list[int], player: int) -> bool:
    """Whether `player` has a follower among `figures`."""
    return any(
        code & PLAYER_MASK == player and BY_INDEX[code >> PLAYER_BITS].follower for code in figures
    )


def has_followers(figures: list[int]) -> bool:
    """Whether any follower stands among `figures` (special figures alone do not occupy)."""
    if not figures or max(figures) <= PLAYER_MASK:
        return bool(figures)
    return any(BY_INDEX[code >> PLAYER_BITS].follower for code in figures)


def scoring_figures(figures: list[int], player: int) -> str | None:
    """The non-meeple figure types `player` scored with, `+`-joined; None for meeples only."""
    names = {
        figure.name
        for c in figures
        if c & PLAYER_MASK == player
        and c > PLAYER_MASK
        and (figure := BY_INDEX[c >> PLAYER_BITS]).named
    }
    return "+".join(sorted(names)) or None
