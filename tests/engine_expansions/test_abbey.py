"""The abbey (Abbey and the Mayor page, "Abația"): fills a hole, closes what it touches, is
scored as a monastery and counts as a monastery's neighbour."""

from __future__ import annotations

from tests.engine_expansions.helpers import ABBEY, game, illegal, play, summary, turn

# A hole at (1, 1). North of it a 2-tile city (cap E at (1,-1) on the start G turned
# north-south) open only towards the hole, Ann's knight in it; east of it a village whose
# west road (Ann's) ends at the hole; south and west of it monasteries without monks whose
# fields join Ben's farmer's field east of the hole; no tile at (0, 0), so that field never
# reaches a field bordering the city.
AROUND_THE_HOLE = (
    turn("Ann", "E", 1, -1, 180, "city:S"),
    turn("Ben", "U", 2, 0, 90),
    turn("Ann", "W", 2, 1, 90, "road:W"),
    turn("Ben", "U", 2, 2, 90, "field:WL"),
    turn("Ann", "B", 1, 2),
    turn("Ben", "B", 0, 2),
    turn("Ann", "B", 0, 1),
)


def test_abbey_closes_a_city_a_road_and_a_field() -> None:
    scores, events = play(
        game(
            ["Ann", "Ben"],
            *AROUND_THE_HOLE,
            turn("Ben", ABBEY, 1, 1, None, "abbey"),
            start=("G", 1, 0, 90),
        )
    )
    assert summary(events) == [
        # The abbey closed both: a city of 2 tiles (the abbey is no part of it) 2 x 2 ...
        (8, "Ann", "city", 2, 0, 4, None),
        # ... and a road of 1 tile ending at the village: 1 point.
        (8, "Ann", "road", 1, 0, 1, None),
        # The abbey is scored as a monastery: itself and 7 neighbours ((0, 0) is empty).
        (None, "Ben", "abbey", 8, 0, 8, None),
        # The farmer's field touches the abbey only: the city the abbey completed is not
        # next to it, so it scores nothing for it (the page's note on fields).
        (None, "Ben", "field", 5, 0, 0, None),
    ]
    assert scores == {"Ann": 5, "Ben": 8}


def test_abbey_is_the_eighth_neighbour_of_a_monastery() -> None:
    # Ann's monk on the monastery at (1, 0); all other tiles are monasteries without monks.
    # Every square around (1, 0) but (1, -1) gets a tile, and (1, -2) makes (1, -1) a hole.
    around = [(2, 0), (0, 1), (1, 1), (2, 1), (0, -1), (2, -1), (0, -2), (1, -2)]
    players = ["Ann", "Ben"]
    turns = [turn("Ann", "B", 1, 0, 0, "monastery")]
    turns += [turn(players[(i + 1) % 2], "B", x, y) for i, (x, y) in enumerate(around)]
    abbey_turn = len(turns) + 1  # turn 10, Ben's
    turns.append(turn("Ben", ABBEY, 1, -1, None, "monastery"))
    scores, events = play(game(players, *turns, start=("B", 0, 0, 0)))
    assert summary(events) == [
        (abbey_turn, "Ann", "monastery", 9, 0, 9, None),  # completed by the abbey: 9
        # the abbey itself: 7 neighbours ((2, -2) is empty) and itself, at the end
        (None, "Ben", "abbey", 8, 0, 8, None),
    ]
    assert scores == {"Ann": 9, "Ben": 8}


def test_abbey_only_fills_a_hole() -> None:
    message = illegal(game(["Ann"], turn("Ann", ABBEY, 1, 0, None)))
    assert "turn 1: an abbey goes only into a hole" in message
    assert "(1, 0) has none on its N, E, S side" in message


def test_one_abbey_per_player() -> None:
    holes = (
        # monasteries all around (1, 1) and around (1, -1): two holes next to the start
        turn("Ann", "B", 1, 0),
        turn("Ann", "B", 2, 0),
        turn("Ann", "B", 0, 1),
        turn("Ann", "B", 2, 1),
        turn("Ann", "B", 2, 2),
        turn("Ann", "B", 1, 2),
        turn("Ann", "B", 0, -1),
        turn("Ann", "B", 2, -1),
        turn("Ann", "B", 2, -2),
        turn("Ann", "B", 1, -2),
    )
    data = game(
        ["Ann"],
        *holes,
        turn("Ann", ABBEY, 1, 1, None),
        turn("Ann", ABBEY, 1, -1, None),
        start=("B", 0, 0, 0),
    )
    assert "turn 12: Ann has no abbey left (one per player)" in illegal(data)


def test_abbey_needs_its_product() -> None:
    data = game(["Ann"], turn("Ann", ABBEY, 1, 0, None), products=("Base Game",))
    assert "turn 1: unknown tile 'Abbey and the Mayor/A' for Base Game" in illegal(data)


def test_nothing_but_a_monk_on_an_abbey() -> None:
    data = game(
        ["Ann", "Ben"],
        *AROUND_THE_HOLE,
        turn("Ben", ABBEY, 1, 1, None, "field:NL"),
        start=("G", 1, 0, 90),
    )
    assert "turn 8: meeple 'field:NL': tile Abbey and the Mayor/A" in illegal(data)
