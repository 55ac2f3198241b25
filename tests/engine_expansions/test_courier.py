"""The Courier (fan expansion page): the courier follows the first follower placed or moved
next to it onto an unfinished feature, and its owner scores a thank-you message: every
unfinished feature around the courier where that player has the majority, as at the end."""

from __future__ import annotations

import json

from carcdb.pipeline.engine.game import Game
from carcdb.pipeline.engine.geometry import (
    ProductTiles,
    TileSet,
    TileShape,
    product_entry,
    registry,
)
from carcdb.pipeline.engine.records import parse_record, replay
from carcdb.pipeline.engine.ruleset import RulesConfig
from tests.engine_expansions.helpers import game, illegal, move, play, summary, turn

COURIER = ("Base Game", "The Courier")
NO_TILES = {"courier": "no-tiles"}


def test_no_tiles_variant_courier_starts_on_the_start_tile() -> None:
    scores, events = play(
        game(
            ["Ann", "Ben"],
            # Ann's meeple on the road next to the courier (on the start tile): the
            # courier moves to it; Ann's message scores her road, 2 tiles, as at the end.
            turn("Ann", "U", 1, 0, 0, "road:W"),
            # Ben's monk next to the courier, now at (1, 0): a monastery with 2 neighbours.
            turn("Ben", "B", 1, -1, 0, "monastery"),
            products=COURIER,
            options=NO_TILES,
        )
    )
    assert [(e.turn, e.player, e.feature, e.points, e.scored_feature) for e in events] == [
        (1, "Ann", "courier", 2, "road"),
        # Ann's road is in the courier's square too, but Ben has no majority on it.
        (2, "Ben", "courier", 3, "monastery"),
        (None, "Ann", "road", 2, None),
        (None, "Ben", "monastery", 3, None),
    ]
    assert scores == {"Ann": 4, "Ben": 6}


def test_no_message_diagonally_for_farmers_or_for_a_feature_scored_this_turn() -> None:
    diagonal = game(
        ["Ann", "Ben"],
        turn("Ann", "U", 1, 0),
        turn("Ben", "B", 1, -1, 0, "monastery"),  # diagonal to the courier on (0, 0)
        products=COURIER,
        options=NO_TILES,
    )
    assert summary(play(diagonal)[1]) == [(None, "Ben", "monastery", 3, 0, 3, None)]
    farmer = game(
        ["Ann"], turn("Ann", "U", 1, 0, 0, "field:NL"), products=COURIER, options=NO_TILES
    )
    assert [e.feature for e in play(farmer)[1]] == ["field"]
    scored = game(
        ["Ann"],
        turn("Ann", "E", 0, -1, 180, "city:S"),  # closes the start's city: scored, home
        products=COURIER,
        options=NO_TILES,
    )
    assert summary(play(scored)[1]) == [(1, "Ann", "city", 2, 0, 4, None)]


def test_tiles_variant_courier_waits_for_a_letter_tile() -> None:
    data = game(
        ["Ann", "Ben"],
        turn("Ann", "U", 1, 0, 0, "road:W"),
        turn("Ben", "B", 1, -1, 0, "monastery"),
        products=COURIER,
        options={"courier": "tiles"},
    )
    # The same turns as the no-tiles test: no courier on the board, no message.
    assert [e.feature for e in play(data)[1]] == ["road", "monastery"]
    assert play({**data, "options": {}})[0] == {"Ann": 2, "Ben": 3}  # "tiles" is the default


def test_tiles_variant_courier_moves_onto_a_letter_tile() -> None:
    # The letter tiles' shapes are not public (marked unknown: see the next test), so this
    # rules test gives the engine a letter tile of its own: a straight road with the symbol.
    road = registry()[("Base Game", "U")]
    letter = TileShape.model_validate(
        {**road.model_dump(), "code": "T1", "letter": True, "name": "test letter tile"}
    )
    tiles = TileSet(
        [product_entry("Base Game"), ProductTiles(product="The Courier", tiles=[letter])]
    )
    config = RulesConfig()
    game_ = Game(["Ann", "Ben"], config, tiles, options={"courier": "tiles"})
    game_.start((0, 0), tiles.oriented["D"][0])
    game_.place((1, 0), tiles.oriented["U"][0])  # no letter: the courier stays off the board
    game_.put_meeple(0, game_.target_segment("road:W"))
    assert game_.end_turn() == []
    game_.place((2, 0), tiles.oriented["The Courier/T1"][0])  # the courier jumps onto it
    game_.put_meeple(1, game_.target_segment("field:NL"))  # a farmer: no message
    assert game_.end_turn() == []
    game_.place((-1, 0), tiles.oriented["U"][0])
    game_.put_meeple(0, game_.target_segment("field:SL"))
    assert game_.end_turn() == []  # a farmer, and 3 tiles away from the courier
    game_.place((3, 0), tiles.oriented["U"][0])  # next to the courier, on Ann's road
    events = game_.end_turn()
    assert events == []  # nobody placed a follower next to it this turn
    game_.place((2, -1), tiles.oriented["B"][0])
    game_.put_meeple(0, game_.target_segment("monastery"))
    events = game_.end_turn()
    # Ann's monk above the courier: her message scores, around (2, -1), her road (5 tiles)
    # and her monastery (itself and its 3 neighbours); the farmer's field never.
    assert [(e.player, e.feature, e.points, e.scored_feature) for e in events] == [
        ("Ann", "courier", 5, "road"),
        ("Ann", "courier", 4, "monastery"),
    ]


def test_the_courier_letter_tiles_are_refused_their_shape_being_unknown() -> None:
    data = game(
        ["Ann"], turn("Ann", "The Courier/05", 1, 0), products=COURIER, options={"courier": "tiles"}
    )
    message = illegal(data)
    assert "turn 1: tile 'The Courier/05' cannot be played: its shape is unknown" in message


def test_courier_and_a_moved_wagon() -> None:
    players = ["Ann", "Ben"]
    products = ("Base Game", "Abbey and the Mayor", "The Courier")

    def record(ann_meeple: str | None) -> str:
        return json.dumps(
            game(
                players,
                turn("Ann", "W", 1, 0),  # a village east of the start's road
                # Ben's wagon on the road west of the start, next to the courier: message.
                turn("Ben", "U", -1, 0, 0, "road:E", "wagon"),
                # Ann closes the road with a village: the wagon scores and moves onto the
                # village's south road, next to the courier again.
                turn("Ann", "W", -2, 0, 0, ann_meeple, None, [move("Ben", -2, 0, "road:S")]),
                products=products,
                options=NO_TILES,
            )
        )

    scores, events = replay(parse_record(record(None), "<test>"), RulesConfig())
    assert [(e.turn, e.player, e.feature, e.points, e.figure) for e in events] == [
        (2, "Ben", "courier", 3, "wagon"),  # road of 3 tiles, unfinished
        (3, "Ben", "road", 4, "wagon"),
        (3, "Ben", "courier", 1, "wagon"),  # the moved wagon: Ben's message in Ann's turn
        (None, "Ben", "road", 1, "wagon"),
    ]
    assert scores == {"Ann": 0, "Ben": 9}
    # When Ann's own meeple placed this turn qualifies, it came first: her message.
    scores, events = play(json.loads(record("road:W")))
    assert [(e.turn, e.player, e.feature, e.points) for e in events if e.turn == 3] == [
        (3, "Ben", "road", 4),
        (3, "Ann", "courier", 1),
    ]
    assert scores == {"Ann": 2, "Ben": 8}
