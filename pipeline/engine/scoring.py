"""Scoring rules: what a feature is worth and who takes it, and the score events.

The numbers come from a `RulesConfig`; the formulas come from the rule modules (a kind of
feature -> a function of the feature's `Facts`: tiles, coats of arms, completed cities
bordering it, completeness, symbols). The board only says what a feature is.
Majority: the players whose followers on a feature are strongest each score it in full
(`figures.majority`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from carcdb.pipeline.engine.figures import majority, scoring_figures
from carcdb.pipeline.engine.ruleset import RulesConfig

When = Literal["turn", "final"]


class Facts(NamedTuple):
    """What a feature's points are reckoned from: its tiles (a cloister's 3x3 square), coats
    of arms, the completed cities it borders (a field), whether it is complete, and the
    symbols its segments carry (`{"inn": 1}`, `{"wine": 2}`)."""

    tiles: int
    coats: int
    cities: int
    complete: bool
    symbols: Mapping[str, int]


# A feature kind's points (a rule module's method, which holds the module's numbers).
Formula = Callable[[Facts], int]


@dataclass(frozen=True, slots=True)
class ScoreEvent:
    """One player scoring one feature (tied players get one event each).

    `figure` names the player's figures that scored when they are not plain meeples
    (`mayor`, `wagon`, `barn`, joined with `+`); `scored_feature` is the feature a courier's
    thank-you message scored (the event's `feature` is then `courier`); `goods` the kind of
    trade goods a majority scored (`wine`, `grain`, `cloth`).
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
    goods: str | None = None

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
        if self.goods is not None:
            out["goods"] = self.goods
        return out


def road_points(config: RulesConfig, facts: Facts) -> int:
    rate = config.road_completed_per_tile if facts.complete else config.road_final_per_tile
    return facts.tiles * rate


def city_points(config: RulesConfig, facts: Facts) -> int:
    if facts.complete:
        return (
            facts.tiles * config.city_completed_per_tile
            + facts.coats * config.city_completed_per_coat_of_arms
        )
    return (
        facts.tiles * config.city_final_per_tile + facts.coats * config.city_final_per_coat_of_arms
    )


def cloister_points(config: RulesConfig, facts: Facts) -> int:
    """A monastery (an abbey, a garden) per tile of its 3x3 square, itself included."""
    if facts.complete:
        return facts.tiles * config.monastery_completed_per_tile
    return facts.tiles * config.monastery_final_per_tile


def field_points(config: RulesConfig, facts: Facts) -> int:
    return facts.cities * config.field_per_completed_city


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
    adjust: Callable[[int, int], int] | None = None,
    tie: Callable[[list[int]], list[int]] | None = None,
) -> list[ScoreEvent]:
    """Score a feature for its strongest players: add to `scores`, return the events.

    `strength_coats` is what a mayor's strength is reckoned from (the city's coats of arms
    times the configuration's strength per coat); `adjust(player, points)` gives a winner's
    own points where a module changes them (a pig in the field); `tie(tied)` who of several
    tied players take the feature where a module decides (a follower on a hill).
    """
    winners = majority(figures, strength_coats)
    if not winners:
        return []
    if tie is not None and len(winners) > 1:
        winners = tie(winners)
    when: When = "final" if turn is None else "turn"
    special = max(figures) > 7  # any figure but a plain meeple
    events = []
    for player in winners:
        won = points if adjust is None else adjust(player, points)
        scores[player] += won
        figure = scoring_figures(figures, player) if special else None
        name = players[player]
        events.append(ScoreEvent(turn, name, feature, tiles, coats, won, when, figure))
    return events
