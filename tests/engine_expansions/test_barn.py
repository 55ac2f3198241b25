"""The barn (Abbey and the Mayor page, "Moșia"): where four field corners meet; scores the
farmers of its field at once (3 per completed city), those of a field joined to it later (1)
and, at the end, its owner (4)."""

from __future__ import annotations

from typing import Any

from tests.engine_expansions.helpers import game, illegal, play, summary, turn

# A 2-tile city closed on turn 1 (caps at (0, 0) and (0, -1)); the field south of it, with
# Ben's farmer from turn 2, grows over monasteries around the point where (0,0), (1,0),
# (0,1) and (1,1) meet.
FARMERS_FIELD = (
    turn("Ann", "E", 0, -1, 180),
    turn("Ben", "B", 1, 0, 0, "field:NL"),
    turn("Ann", "B", 0, 1),
    turn("Ben", "B", -1, 0),
)


def barn_then_joined_field(*more: dict[str, Any]) -> dict[str, Any]:
    return game(
        ["Ann", "Ben"],
        *FARMERS_FIELD,
        # Ann's barn on the corner the four tiles share, on the field of Ben's farmer.
        turn("Ann", "B", 1, 1, 0, "corner:NW", "barn"),
        # Ben's second farmer east of a north-south road: a field of its own ...
        turn("Ben", "U", 2, 0, 90, "field:EL"),
        # ... until a monastery with a road north joins both sides of that road.
        turn("Ann", "A", 2, 1, 180),
        *more,
        start=("E", 0, 0, 0),
    )


def test_barn_scores_farmers_at_once_a_joined_field_and_at_the_end() -> None:
    scores, events = play(barn_then_joined_field())
    assert summary(events) == [
        # The barn goes on a field with farmers: they score as at the end, 3 per
        # completed city (one here), and go home.
        (5, "Ben", "field", 5, 0, 3, None),
        # A tile joins a farmer's field to the barn's: 1 per completed city.
        (7, "Ben", "field", 7, 0, 1, None),
        # At the end the barn's owner: 4 per completed city of its field.
        (None, "Ann", "barn", 7, 0, 4, "barn"),
    ]
    assert scores == {"Ann": 4, "Ben": 4}


def test_no_farmer_on_a_barns_field() -> None:
    data = barn_then_joined_field(turn("Ben", "B", 1, 2, 0, "field:NL"))
    assert "turn 8: meeple 'field:NL': that field has a barn: farmers may not go onto it" in (
        illegal(data)
    )


def test_barn_needs_four_tiles_meeting_in_fields() -> None:
    # legal: four monasteries meet at the corner
    scores, _ = play(
        game(
            ["Ann"],
            turn("Ann", "B", 1, 0),
            turn("Ann", "B", 0, 1),
            turn("Ann", "B", 1, 1, 0, "corner:NW", "barn"),
            start=("B", 0, 0, 0),
        )
    )
    assert scores == {"Ann": 0}  # no completed city: the barn scores nothing at the end
    # illegal: only the placed tile at its south-east corner
    missing = game(
        ["Ann"],
        turn("Ann", "B", 1, 0),
        turn("Ann", "B", 0, 1),
        turn("Ann", "B", 1, 1, 0, "corner:SE", "barn"),
        start=("B", 0, 0, 0),
    )
    message = illegal(missing)
    assert "turn 3: barn 'corner:SE': a barn goes only where four tiles meet" in message
    assert "corner SE of (1, 1) is not such a junction" in message
    # illegal: four tiles, but the start's corner there is city (a cap to the north)
    city = game(
        ["Ann"],
        turn("Ann", "B", 1, 0),
        turn("Ann", "B", 1, -1),
        turn("Ann", "E", 0, -1, 180, "corner:SE", "barn"),
        start=("E", 0, 0, 0),
    )
    assert "corner SE of (0, -1) is not such a junction" in illegal(city)


def test_barn_only_on_a_corner() -> None:
    data = game(["Ann"], turn("Ann", "B", 1, 0, 0, "field:NL", "barn"), start=("B", 0, 0, 0))
    assert "turn 1: barn 'field:NL': a barn goes on a corner" in illegal(data)


def test_two_barns_on_one_field_both_score_in_full() -> None:
    scores, events = play(
        game(
            ["Ann", "Ben"],
            turn("Ann", "E", 0, -1, 180),  # the completed city north of the start
            turn("Ben", "U", 1, 0, 90),  # a north-south road: fields west and east of it
            turn("Ann", "B", 0, 1),
            turn("Ben", "B", 2, 0),
            turn("Ann", "U", 1, 1, 90, "corner:NW", "barn"),  # the west field (the city's)
            turn("Ben", "B", 2, 1, 0, "corner:NW", "barn"),  # the east field
            turn("Ann", "A", 1, 2, 180),  # the road ends at a monastery: the fields join
            start=("E", 0, 0, 0),
        )
    )
    assert summary(events) == [
        (None, "Ann", "barn", 7, 0, 4, "barn"),
        (None, "Ben", "barn", 7, 0, 4, "barn"),
    ]
    assert scores == {"Ann": 4, "Ben": 4}


def test_one_barn_per_player_and_per_field() -> None:
    def barns(second: str, players: list[str]) -> dict[str, Any]:
        # Monasteries only: every field of the board is one field.
        return game(
            players,
            turn(players[0], "B", 1, 0),
            turn(players[1 % len(players)], "B", 0, 1),
            turn(players[2 % len(players)], "B", 1, 1, 0, "corner:NW", "barn"),
            turn(players[3 % len(players)], "B", 2, 0),
            turn(second, "B", 2, 1, 0, "corner:NW", "barn"),
            start=("B", 0, 0, 0),
        )

    # Two players: Ann's barn on turn 3, a second one on turn 5.
    assert "turn 5: barn 'corner:NW': Ann has no barn left" in illegal(barns("Ann", ["Ann", "Ben"]))
    # Ben still has his, but the field already has Cid's barn.
    assert "turn 5: barn 'corner:NW': that field already has a barn" in illegal(
        barns("Ben", ["Ann", "Ben", "Cid"])
    )
