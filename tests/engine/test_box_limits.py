"""Games that cannot exist are refused: more copies of a tile than the boxes hold, more players
than a game has, one name written twice (in two Unicode forms); hand-built positions ask for
as many copies as they take with the option `"tiles": "unlimited"`."""

from __future__ import annotations

import json
import unicodedata

import pytest

from carcdb.pipeline.engine.records import parse_record, replay
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.errors import GameRecordError
from tests.engine.boards import record


def _replay(data: dict[str, object]) -> dict[str, int]:
    return replay(parse_record(json.dumps(data), "game.json"), RulesConfig(), "game.json")[0]


# Tile D runs a road west-east: D tiles in a row, the start tile first (the box holds 4).
def _d_row(copies: int, *, box: bool) -> dict[str, object]:
    turns = [("Ann", "D", x, 0, 0) for x in range(1, copies)]
    return record(["Ann"], ("D", 0, 0, 0), *turns, box=box)


def test_the_box_holds_four_d_tiles_the_start_tile_counted() -> None:
    assert _replay(_d_row(4, box=True)) == {"Ann": 0}
    with pytest.raises(GameRecordError) as caught:
        _replay(_d_row(10, box=True))
    assert "turn 4: tile D: the game's box holds 4 (the start tile counted), this is number 5" in (
        str(caught.value)
    )


def test_a_hand_built_position_may_use_more_copies() -> None:
    assert _replay(_d_row(10, box=False)) == {"Ann": 0}


def test_garden_copies_are_counted_apart() -> None:
    # With The Abbot, U's one Garden copy is a tile of its own: a second is refused.
    data: dict[str, object] = {
        "players": ["Ann"],
        "products": ["Base Game", "The Abbot"],
        "options": {"tiles": "box"},
        "start": {"tile": "D", "x": 0, "y": 0, "rotation": 0},
        "turns": [
            {"player": "Ann", "tile": "U", "copy": "Garden", "x": 0, "y": 1, "rotation": 0},
            {"player": "Ann", "tile": "U", "copy": "Garden", "x": 0, "y": 2, "rotation": 0},
        ],
    }
    with pytest.raises(
        GameRecordError, match="turn 2: tile U \\(Garden copy\\): the game's box holds 1"
    ):
        _replay(data)


def test_at_most_six_players() -> None:
    data = _d_row(1, box=True)
    data["players"] = [f"P{i}" for i in range(200)]
    with pytest.raises(GameRecordError, match="200 players: a game has at most 6"):
        parse_record(json.dumps(data), "game.json")


def test_a_name_in_two_unicode_forms_is_one_player() -> None:
    data = _d_row(1, box=True)
    data["players"] = [unicodedata.normalize("NFC", "René"), unicodedata.normalize("NFD", "René")]
    with pytest.raises(GameRecordError, match="player names must be unique"):
        parse_record(json.dumps(data), "game.json")


def test_a_turn_names_its_player_in_either_form() -> None:
    nfd = unicodedata.normalize("NFD", "René")
    data = record([unicodedata.normalize("NFC", "René")], ("D", 0, 0, 0), (nfd, "D", 1, 0, 0))
    assert list(_replay(data).values()) == [0]
