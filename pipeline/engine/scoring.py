"""Scoring rules: what a feature is worth and who takes it, and the score events.

The numbers come from a `RulesConfig`; the board (or the naive baseline) only says what a
feature is: its kind, tiles, coats of arms, completed cities bordering it, and the meeples on
it. Majority: the players with the most meeples on a feature each score it in full.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pipeline.engine.geometry import CITY, FIELD, KIND_NAMES, MONASTERY, ROAD
from pipeline.engine.ruleset import RulesConfig

FEATURE_NAMES = {**KIND_NAMES, MONASTERY: "monastery"}
When = Literal["turn", "final"]


@dataclass(frozen=True, slots=True)
class ScoreEvent:
    """One player scoring one feature (tied players get one event each)."""

    turn: int | None  # None for final scoring, which happens after the last turn
    player: str
    feature: str
    tiles: int
    coats_of_arms: int
    points: int
    when: When

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "player": self.player,
            "feature": self.feature,
            "tiles": self.tiles,
            "coats_of_arms": self.coats_of_arms,
            "points": self.points,
            "when": self.when,
        }


def feature_points(
    config: RulesConfig, kind: int, *, tiles: int, coats: int, cities: int, complete: bool
) -> int:
    """Points of one feature: `tiles` is the 3x3 count for a monastery, `cities` the
    completed cities bordering a field."""
    if kind == ROAD:
        per_tile = config.road_completed_per_tile if complete else config.road_final_per_tile
        return tiles * per_tile
    if kind == CITY:
        if complete:
            return (
                tiles * config.city_completed_per_tile
                + coats * config.city_completed_per_coat_of_arms
            )
        return tiles * config.city_final_per_tile + coats * config.city_final_per_coat_of_arms
    if kind == MONASTERY:
        per_tile = (
            config.monastery_completed_per_tile if complete else config.monastery_final_per_tile
        )
        return tiles * per_tile
    if kind == FIELD:
        return cities * config.field_per_completed_city
    raise ValueError(f"unknown feature kind {kind}")


def majority(meeples: Sequence[int]) -> list[int]:
    """The players (indexes, ascending) holding the most meeples on a feature."""
    counts: dict[int, int] = {}
    for player in meeples:
        counts[player] = counts.get(player, 0) + 1
    if not counts:
        return []
    most = max(counts.values())
    return sorted(player for player, count in counts.items() if count == most)


def award(
    config: RulesConfig,
    players: Sequence[str],
    scores: list[int],
    meeples: Sequence[int],
    kind: int,
    *,
    tiles: int,
    coats: int,
    cities: int,
    complete: bool,
    turn: int | None,
) -> list[ScoreEvent]:
    """Score a feature for its majority holders: add to `scores`, return the events."""
    winners = majority(meeples)
    if not winners:
        return []
    points = feature_points(
        config, kind, tiles=tiles, coats=coats, cities=cities, complete=complete
    )
    when: When = "final" if turn is None else "turn"
    events = []
    for player in winners:
        scores[player] += points
        events.append(
            ScoreEvent(turn, players[player], FEATURE_NAMES[kind], tiles, coats, points, when)
        )
    return events
