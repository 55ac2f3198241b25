"""Game records with expansions (docs/engine.md): its example record, a legal game
using every element of the format, `end`, products, options, names, and the JSON Schema."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.engine.records import GameRecord, parse_record
from carcdb.pipeline.engine.rules import all_figures
from tests.conftest import FIXTURES
from tests.engine_expansions.helpers import ABBEY, game, illegal, play, summary, turn

SECTION_6 = FIXTURES / "engine" / "domain-example-6.json"
EXAMPLE = FIXTURES / "engine" / "expansions-example.json"


def test_the_section_6_example_reads_and_replays_to_its_first_illegal_turn() -> None:
    # The example shows the format; as a game it breaks the page's abbey rule on turn 2
    # (the abbey at (1, -1) has a neighbour on its west side only): `score` says so.
    record = parse_record(SECTION_6.read_text(), str(SECTION_6))
    assert record.products == ["Base Game", "Abbey and the Mayor"]
    assert [t.figure for t in record.turns] == ["mayor", "meeple", "barn"]
    assert record.turns[1].rotation is None
    assert record.turns[2].moves[0].figure == "wagon"
    message = illegal(json.loads(SECTION_6.read_text()))
    assert "turn 2: an abbey goes only into a hole" in message
    assert "(1, -1) has none on its N, E, S side" in message
    assert "docs/engine.md" in message


def test_a_legal_game_with_every_element_of_the_format() -> None:
    scores, events = play(json.loads(EXAMPLE.read_text()))
    assert summary(events) == [
        # Ben's wagon: a road of 3 tiles closed by his own village, then it moves to the
        # village's south road, which Ann closes with a monastery (2 tiles) ...
        (4, "Ben", "road", 3, 0, 3, "wagon"),
        (5, "Ben", "road", 2, 0, 2, "wagon"),
        # Ann's mayor in the bridge tile's west-east city (1 coat): 3 tiles x 2 + 1 x 2.
        (7, "Ann", "city", 3, 1, 8, "mayor"),
        # ... and the wagon moved onto that monastery: 4 neighbours at the end.
        (None, "Ben", "monastery", 5, 0, 5, "wagon"),
        # Ben's abbey in the hole at (-1, 1): 7 neighbours.
        (None, "Ben", "abbey", 8, 0, 8, None),
        # Ann's barn: its field borders no completed city.
        (None, "Ann", "barn", 7, 0, 0, "barn"),
    ]
    assert scores == {"Ann": 8, "Ben": 18}


def test_end_stop_scores_a_position_without_final_scoring() -> None:
    data = json.loads(EXAMPLE.read_text())
    scores, events = play({**data, "end": "stop"})
    assert {e.when for e in events} == {"turn"}
    assert scores == {"Ann": 8, "Ben": 5}
    base = game(["Ann"], turn("Ann", "U", 1, 0, 0, "road:W"), products=("Base Game",))
    assert play({**base, "end": "stop"}) == ({"Ann": 0}, [])


def test_names_products_and_options() -> None:
    # "Base Game/D" is the letter D; a Winter Edition game plays its letters and animals.
    assert play(game(["Ann"], turn("Ann", "Base Game/U", 1, 0)))[0] == {"Ann": 0}
    winter = game(
        ["Ann"],
        turn("Ann", "Winter Edition/Z05", 0, 1, 0, "monastery"),
        products=("Winter Edition",),
    )
    assert summary(play(winter)[1]) == [(None, "Ann", "monastery", 2, 0, 2, None)]
    for data, error in (
        (game(["Ann"], products=("The Tower",)), "unknown product 'The Tower'"),
        (game(["Ann"], products=("Abbey and the Mayor",)), "hold no base game"),
        (game(["Ann"], options={"courier": "no-tiles"}), "option 'courier' belongs to none"),
        (
            game(["Ann"], products=("Base Game", "The Courier"), options={"courier": "x"}),
            "option courier='x' - fix: use one of ['tiles', 'no-tiles']",
        ),
        (game(["Ann"], turn("Ann", "U", 1, 0, None)), "tile U needs a rotation"),
        (
            game(["Ann"], turn("Ann", "Winter Edition/Z05", 1, 0)),
            "unknown tile 'Winter Edition/Z05' for Base Game + Abbey and the Mayor",
        ),
        (game(["Ann"], turn("Ann", ABBEY, 1, 0, None, "corner:NE")), "an abbey goes only"),
    ):
        assert error in illegal(data)


def test_schema_printed_by_score(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert run_app(["score", "--schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema == {
        **GameRecord.model_json_schema(),
        "title": schema["title"],
        "description": schema["description"],
    }
    assert "docs/engine.md" in schema["description"]
    assert {"players", "products", "options", "start", "turns", "end"} <= set(schema["properties"])
    turn_schema = schema["$defs"]["Turn"]["properties"]
    # every module's figures, the sample's first (later products add theirs after them)
    assert turn_schema["figure"]["enum"] == list(all_figures())
    assert next(iter(all_figures())) == "meeple"  # the base game's first, then module order
    assert {"mayor", "wagon", "barn", "large_meeple", "builder", "pig", "abbot"} <= set(
        all_figures()
    )
    assert "moves" in turn_schema
    # the CLI replays the example and exits 2 on the example's illegal turn
    assert run_app(["score", str(EXAMPLE)]) == 0
    assert json.loads(capsys.readouterr().out)["scores"] == {"Ann": 8, "Ben": 18}
    assert run_app(["score", str(SECTION_6)]) == 2
    assert "turn 2: an abbey goes only into a hole" in capsys.readouterr().err
