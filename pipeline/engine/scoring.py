"""Scoring rules: what a feature is worth and who takes it, and the score events.

The numbers come from a `RulesConfig`; the formulas come from the rule modules (a kind of
feature -> a function of the configuration and the feature's facts: tiles, coats of arms,
completed cities bordering it, completeness). The board only says what a feature is.
Majority: the players whose followers on a feature are strongest each score it in full
(`figures.majority`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pipeline.engine.board import FEATURE_NAMES
from pipeline.engine.figures import majority, scoring_figures
from pipeline.engine.geometry import ABBEY, CITY, FIELD, MONASTERY, ROAD
from pipeline.engine.ruleset import RulesConfig

When = Literal["turn", "final"]
# (config, tiles, coats of arms, completed cities, complete?) -> points
Formula = Callable[[RulesConfig, int, int, int, bool], int]


@dataclass(frozen=True, slots=True)
class ScoreEvent:
    """One player scoring one feature (tied players get one event each).

    `figure` names the player's figures that scored when they are not plain meeples
    (`mayor`, `wagon`, `barn`, joined with `+`); `scored_feature` is the feature a courier's
    thank-you message scored (the event's `feature` is then `courier`).
    """

    turn: int | None  # None for final scoring, which happens after the last turn
    player: str
    feature: str
    tiles: int
    coats_of_arms: int
    points: int
    when: When
    figure: str | None = None
    scored_feature: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "turn": self.turn,
            "player": self.player,
            "feature": self.feature,
            "tiles": self.tiles,
            "coats_of_arms": self.coats_of_arms,
            "points": self.points,
            "when": self.when,
        }
        if self.figure is not None:
            out["figure"] = self.figure
        if self.scored_feature is not None:
            out["scored_feature"] = self.scored_feature
        return out


def road_points(config: RulesConfig, tiles: int, coats: int, cities: int, complete: bool) -> int:
    return tiles * (config.road_completed_per_tile if complete else config.road_final_per_tile)


def city_points(config: RulesConfig, tiles: int, coats: int, cities: int, complete: bool) -> int:
    if complete:
        return (
            tiles * config.city_completed_per_tile + coats * config.city_completed_per_coat_of_arms
        )
    return tiles * config.city_final_per_tile + coats * config.city_final_per_coat_of_arms


def cloister_points(
    config: RulesConfig, tiles: int, coats: int, cities: int, complete: bool
) -> int:
    """A monastery (or an abbey) per tile of its 3x3 square, itself included."""
    per_tile = config.monastery_completed_per_tile if complete else config.monastery_final_per_tile
    return tiles * per_tile


def field_points(config: RulesConfig, tiles: int, coats: int, cities: int, complete: bool) -> int:
    return cities * config.field_per_completed_city


# The base game's formulas; modules add theirs (the abbey: a monastery's).
BASE_FORMULAS: dict[int, Formula] = {
    ROAD: road_points,
    CITY: city_points,
    MONASTERY: cloister_points,
    FIELD: field_points,
}


def feature_points(
    config: RulesConfig, kind: int, *, tiles: int, coats: int, cities: int, complete: bool
) -> int:
    """Points of one feature by the base formulas (an abbey scores as a monastery):
    `tiles` is the 3x3 count for a monastery, `cities` the completed cities of a field."""
    formula = BASE_FORMULAS.get(MONASTERY if kind == ABBEY else kind)
    if formula is None:
        raise ValueError(f"unknown feature kind {kind}")
    return formula(config, tiles, coats, cities, complete)


def award(
    players: Sequence[str],
    scores: list[int],
    figures: list[int],
    feature: str,
    points: int,
    *,
    tiles: int,
    coats: int,
    strength_coats: int,
    turn: int | None,
) -> list[ScoreEvent]:
    """Score a feature for its strongest players: add to `scores`, return the events.

    `strength_coats` is what a mayor's strength is reckoned from (the city's coats of arms
    times the configuration's strength per coat).
    """
    winners = majority(figures, strength_coats)
    if not winners:
        return []
    when: When = "final" if turn is None else "turn"
    special = max(figures) > 7  # any figure but a plain meeple
    events = []
    for player in winners:
        scores[player] += points
        figure = scoring_figures(figures, player) if special else None
        name = players[player]
        events.append(ScoreEvent(turn, name, feature, tiles, coats, points, when, figure))
    return events


def feature_name(kind: int) -> str:
    return FEATURE_NAMES[kind]
