"""Hills and Sheep: the shepherd and its flock, hills breaking ties, vineyards.

Hand-built positions, written from the rules (docs/engine.md, "Hills and Sheep", names the
source of each rule). Every record is replayed by the fast and the naive engine (`play`), and
the expected scores are worked out by hand in the comments. Tiles (rotation 0 unless said):
`U` a straight road west-east, its fields north and south; `D` a city cap north over a
straight road west-east; `A` a monastery with a road leaving south (rotated 90: west); `B` a
monastery in a field; `E` a city cap north; `H` city caps north and south around one field;
`R` a city on three sides around a field on the fourth (rotated 90: the field faces west,
`field:WL`; rotated 270: east, `field:EL`); `V` a road curve west-south. Hills and Sheep's
`M` (a hill) has two roads that end on the tile, rotated 90 one west and one east, with a
field north and one south, like `U`; its `E` is a city corner with a vineyard; `G` two caps
west and east with a vineyard between.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from carcdb.pipeline.engine.records import parse_record
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.errors import GameRecordError
from tests.engine_expansions.helpers import game, illegal, play, summary, turn

HS = "Hills and Sheep"
BASE_HS = ("Base Game", HS)
M, HSE, G = f"{HS}/M", f"{HS}/E", f"{HS}/G"


def flock(action: str, x: int, y: int, sheep: int | str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"action": action, "x": x, "y": y}
    if sheep is not None:
        out["sheep"] = sheep
    return out


def shepherd(
    player: str, tile: str, x: int, y: int, rotation: int, where: str, sheep: int | str
) -> dict[str, Any]:
    return turn(player, tile, x, y, rotation, meeple=where, figure="shepherd", sheep=sheep)


def hs_game(players: list[str], *turns: dict[str, Any], **kw: Any) -> dict[str, Any]:
    kw.setdefault("start", ("U", 0, 0, 0))
    kw.setdefault("products", BASE_HS)
    return game(players, *turns, **kw)


def config(module: str, **numbers: int) -> RulesConfig:
    return RulesConfig.model_validate({"modules": {module: numbers}})


# -- the shepherd and its flock ---------------------------------------------------------


def grown_and_herded(flock_per_sheep: int = 1) -> tuple[dict[str, int], list[Any]]:
    """Ann's shepherd on the south field of (1, 0) draws 3; her tile on (2, 0) extends that
    field and she grows the flock (2); her tile on (-1, 0) extends it again and she herds.
    Ben's tiles go north of the row and touch only its north field."""
    data = hs_game(
        ["Ann", "Ben"],
        shepherd("Ann", "U", 1, 0, 0, "field:ER", 3),
        turn("Ben", "B", 0, -1),
        turn("Ann", "U", 2, 0, flock=flock("expand", 1, 0, 2)),
        turn("Ben", "B", 1, -1),
        turn("Ann", "U", -1, 0, flock=flock("herd", 1, 0)),
    )
    return play(data, config("sheep", flock_per_sheep=flock_per_sheep))


def test_a_flock_grows_and_is_herded_for_its_sheep() -> None:
    scores, events = grown_and_herded()
    # Turn 5: the flock holds 3 + 2 = 5 sheep x 1 = 5 for Ann; the field is the south
    # half of the row (-1..2, 0): 4 tiles. Ben's monasteries ((0, -1), (1, -1)) hold no monk.
    assert scores == {"Ann": 5, "Ben": 0}
    assert summary(events) == [(5, "Ann", "flock", 4, 0, 5, "shepherd")]


def test_a_changed_number_per_sheep_changes_the_score() -> None:
    scores, _ = grown_and_herded(flock_per_sheep=2)
    assert scores == {"Ann": 10, "Ben": 0}  # 5 sheep x 2


def test_a_wolf_drawn_at_placement_sends_the_shepherd_home() -> None:
    # Turn 1: the wolf: no flock, the shepherd is home (and the wolf back in the bag). Turn
    # 3: Ann places it again (one shepherd each) and draws 4; turn 5 extends that field and she
    # herds: 4 sheep; the field is the south half of (0..3, 0): 4 tiles.
    data = hs_game(
        ["Ann", "Ben"],
        shepherd("Ann", "U", 1, 0, 0, "field:ER", "wolf"),
        turn("Ben", "B", 0, -1),
        shepherd("Ann", "U", 2, 0, 0, "field:ER", 4),
        turn("Ben", "B", 1, -1),
        turn("Ann", "U", 3, 0, flock=flock("herd", 2, 0)),
    )
    scores, events = play(data)
    assert scores == {"Ann": 4, "Ben": 0}
    assert summary(events) == [(5, "Ann", "flock", 4, 0, 4, "shepherd")]


def merged(*later: dict[str, Any]) -> dict[str, Any]:
    """Ann's shepherd on the north field of (1, 0) (3 sheep), Ben's on the south field of
    (-1, 0) (2 sheep): the road keeps them apart. Ann's monastery tile on (2, 0) ends the
    road: its one field joins north and south, so the two flocks are one; it extends Ann's
    field, so her turn 3 says what her flock does."""
    return hs_game(
        ["Ann", "Ben"],
        shepherd("Ann", "U", 1, 0, 0, "field:NL", 3),
        shepherd("Ben", "U", -1, 0, 0, "field:ER", 2),
        *later,
    )


def test_fields_that_join_make_one_flock_and_every_shepherd_scores_it() -> None:
    scores, events = play(merged(turn("Ann", "A", 2, 0, 90, flock=flock("herd", 1, 0))))
    # Turn 3: one field, the 4 tiles (-1..2, 0), its sheep 3 + 2 = 5: Ann and Ben score 5
    # each. (Ben's turn 2 extended Ann's north field too: only the active player acts.)
    assert scores == {"Ann": 5, "Ben": 5}
    assert summary(events) == [
        (3, "Ann", "flock", 4, 0, 5, "shepherd"),
        (3, "Ben", "flock", 4, 0, 5, "shepherd"),
    ]


def test_a_wolf_ends_every_flock_of_the_field_with_no_points() -> None:
    # Turn 3: Ann grows the joined flock and draws a wolf: both shepherds go home, their
    # 5 sheep into the bag, nobody scores. Turn 4: Ben places his shepherd again on the south
    # field of (-2, 0) (the joined field, free of shepherds now) and draws 4 (the bag holds
    # both 4s: none was ever drawn); turn 5 is Ann's, no extension of it... final: nothing.
    data = merged(
        turn("Ann", "A", 2, 0, 90, flock=flock("expand", 1, 0, "wolf")),
        shepherd("Ben", "U", -2, 0, 0, "field:ER", 4),
    )
    scores, events = play(data)
    assert scores == {"Ann": 0, "Ben": 0}
    assert events == []


def test_the_joined_flock_grows_then_the_other_shepherd_herds_it() -> None:
    # Turn 3: Ann grows the joined flock by 4: 3 + 4 + 2 = 9 sheep. Turn 4: Ben's tile on
    # (-2, 0) extends the field (his shepherd's too): he herds, both score 9; the field is
    # the 5 tiles (-2..2, 0).
    data = merged(
        turn("Ann", "A", 2, 0, 90, flock=flock("expand", 1, 0, 4)),
        turn("Ben", "U", -2, 0, flock=flock("herd", -1, 0)),
    )
    scores, events = play(data)
    assert scores == {"Ann": 9, "Ben": 9}
    assert summary(events) == [
        (4, "Ann", "flock", 5, 0, 9, "shepherd"),
        (4, "Ben", "flock", 5, 0, 9, "shepherd"),
    ]


def closed_field(*turns: dict[str, Any]) -> dict[str, Any]:
    """Start `H` on (0, 0): its field touches only its west and east sides; an `R` on each
    side, its field facing `H`, closes it."""
    return hs_game(["Ann", "Ben"], *turns, start=("H", 0, 0, 0))


def test_a_field_closed_by_another_player_is_herded_at_once() -> None:
    # Turn 2: Ben's R closes the field of Ann's shepherd: no side of it is open any more, so
    # its flock goes to the stable at once (3 sheep: Ann 3), with no action. 3 tiles.
    scores, events = play(
        closed_field(
            shepherd("Ann", "R", 1, 0, 90, "field:WL", 3),
            turn("Ben", "R", -1, 0, 270),
        )
    )
    assert scores == {"Ann": 3, "Ben": 0}
    assert summary(events) == [(2, "Ann", "flock", 3, 0, 3, "shepherd")]


def test_a_shepherd_placed_in_a_field_its_tile_closes_draws_then_is_herded() -> None:
    # Turn 2: Ben's shepherd goes on the field his tile closes: he draws (2), then the
    # closed field is herded at once: Ben 2.
    scores, events = play(
        closed_field(
            turn("Ann", "R", 1, 0, 90),
            shepherd("Ben", "R", -1, 0, 270, "field:EL", 2),
        )
    )
    assert scores == {"Ann": 0, "Ben": 2}
    assert summary(events) == [(2, "Ben", "flock", 3, 0, 2, "shepherd")]


def test_closing_ones_own_field_herds_it_and_takes_no_flock_action() -> None:
    # Turn 3: Ann's own tile closes her shepherd's field: herded at once (3), no action.
    own = closed_field(
        shepherd("Ann", "R", 1, 0, 90, "field:WL", 3),
        turn("Ben", "E", 0, -1, 180),
        turn("Ann", "R", -1, 0, 270),
    )
    scores, events = play(own)
    assert scores == {"Ann": 3, "Ben": 0}
    assert summary(events) == [(3, "Ann", "flock", 3, 0, 3, "shepherd")]
    own["turns"][2]["flock"] = flock("expand", 1, 0, 1)
    assert "turn 3: flock action for Ann's shepherd on (1, 0): its field is closed" in illegal(own)


def test_two_shepherds_of_a_player_each_take_an_action() -> None:
    # With 2 shepherds each (a changed supply): Ann's first on the north field of (1, 0)
    # (1 sheep); her tile on (-1, 0) in turn 3 extends that field (she grows it: 3) and
    # carries her second shepherd onto the south field (2); her tile on (2, 0) in turn 5
    # extends both fields, apart still: a list of two actions, herd north (1 + 3 = 4) and
    # grow south (+1, nothing scored). Ben's monastery on (0, -1) extends her north field in
    # his turn: nothing happens. The north field: the row (-1..2, 0) and (0, -1), 5 tiles.
    data = hs_game(
        ["Ann", "Ben"],
        shepherd("Ann", "U", 1, 0, 0, "field:NL", 1),
        turn("Ben", "V", 0, 1),
        turn(
            "Ann", "U", -1, 0, meeple="field:ER", figure="shepherd", sheep=2,
            flock=flock("expand", 1, 0, 3),
        ),
        turn("Ben", "B", 0, -1),
        turn("Ann", "U", 2, 0, flock=[flock("herd", 1, 0), flock("expand", -1, 0, 1)]),
    )  # fmt: skip
    scores, events = play(data, config("sheep", shepherds_per_player=2))
    assert scores == {"Ann": 4, "Ben": 0}
    assert summary(events) == [(5, "Ann", "flock", 5, 0, 4, "shepherd")]


def test_shepherds_and_sheep_score_nothing_at_the_end() -> None:
    scores, events = play(hs_game(["Ann"], shepherd("Ann", "U", 1, 0, 0, "field:ER", 4)))
    assert scores == {"Ann": 0}
    assert events == []


def test_a_shepherd_is_not_a_follower_a_farmer_may_share_its_field() -> None:
    # Turn 1: Ann's shepherd on the south field of (1, 0); turn 2: Ben's farmer on the same
    # field from (-1, 0) (a shepherd occupies nothing). Turn 3: Ann's tile on (2, 0) extends
    # the field, she herds her 2 sheep. At the end Ben's farmer wins the field (4 tiles), which
    # borders no completed city: 0.
    data = hs_game(
        ["Ann", "Ben"],
        shepherd("Ann", "U", 1, 0, 0, "field:ER", 2),
        turn("Ben", "U", -1, 0, meeple="field:ER"),
        turn("Ann", "U", 2, 0, flock=flock("herd", 1, 0)),
    )
    scores, events = play(data)
    assert scores == {"Ann": 2, "Ben": 0}
    assert summary(events) == [
        (3, "Ann", "flock", 4, 0, 2, "shepherd"),
        (None, "Ben", "field", 4, 0, 0, None),
    ]


# -- illegal shepherd turns ---------------------------------------------------------------


def test_illegal_shepherd_turns_are_refused_with_the_turn_and_the_reason() -> None:
    first = shepherd("Ann", "U", 1, 0, 0, "field:ER", 3)
    ben = turn("Ben", "B", 0, -1)
    cases = [
        (
            hs_game(["Ann"], turn("Ann", "U", 1, 0, meeple="field:ER", figure="shepherd")),
            "turn 1: the shepherd placed: the record must say which token was drawn",
        ),
        (
            hs_game(["Ann"], turn("Ann", "U", 1, 0, sheep=3)),
            "turn 1: the record gives 'sheep', which nothing in this turn uses",
        ),
        (
            hs_game(["Ann"], shepherd("Ann", "U", 1, 0, 0, "road:W", 3)),
            "turn 1: shepherd 'road:W': a shepherd goes only on a field, not on a road",
        ),
        (
            hs_game(["Ann", "Ben"], first, shepherd("Ben", "U", -1, 0, 0, "field:ER", 1)),
            "turn 2: shepherd 'field:ER': that field already has a shepherd (Ann's)",
        ),
        (
            hs_game(["Ann", "Ben"], first, ben, turn("Ann", "U", 2, 0)),
            "turn 3: this tile extends the field of Ann's shepherd on (1, 0): the record must "
            'say what its flock does ("flock": {"action": "expand" or "herd", "x": 1',
        ),
        (
            hs_game(["Ann", "Ben"], first, ben, turn("Ann", "U", 2, 0, flock=flock("herd", 5, 5))),
            "turn 3: flock action: Ann has no shepherd on (5, 5) (it stands on (1, 0))",
        ),
        (
            hs_game(["Ann"], turn("Ann", "U", 1, 0, flock=flock("herd", 1, 0))),
            "turn 1: flock action: Ann has no shepherd on (1, 0) (it is not on the board)",
        ),
        (
            hs_game(["Ann", "Ben"], first, ben, turn("Ann", "B", 1, -1, flock=flock("herd", 1, 0))),
            "turn 3: flock action for Ann's shepherd on (1, 0): this tile does not extend",
        ),
        (
            hs_game(
                ["Ann", "Ben"], first, ben, turn("Ann", "U", 2, 0, flock=flock("herd", 1, 0, 2))
            ),
            "turn 3: flock action on (1, 0): a herd draws no token ('sheep')",
        ),
        (
            hs_game(
                ["Ann", "Ben"],
                shepherd("Ann", "U", 1, 0, 0, "field:ER", 4),
                ben,
                turn("Ann", "U", 2, 0, flock=flock("expand", 1, 0, 4)),
                turn("Ben", "B", 1, -1),
                turn("Ann", "U", 3, 0, flock=flock("expand", 1, 0, 4)),
            ),
            "turn 5: the flock on (1, 0) grows: the bag holds no 4-sheep token (it holds "
            "4 x 1-sheep, 5 x 2-sheep, 5 x 3-sheep, 2 x wolf)",
        ),
        (
            game(["Ann"], shepherd("Ann", "U", 1, 0, 0, "field:ER", 3), products=("Base Game",)),
            "turn 1: shepherd 'field:ER': no shepherd in this game: its product is not played",
        ),
    ]  # fmt: skip
    for data, reason in cases:
        assert reason in illegal(data)


@pytest.mark.parametrize("token", [5, 0, True, "3", "Wolf"])
def test_a_token_that_is_not_in_the_box_is_refused_by_the_schema(token: Any) -> None:
    data = hs_game(["Ann"], shepherd("Ann", "U", 1, 0, 0, "field:ER", token))
    with pytest.raises(
        GameRecordError, match=r"turn 1 \(turns.0.sheep\): .*a token is 1, 2, 3 or 4 sheep"
    ):
        parse_record(json.dumps(data), "game.json")


# -- hills ------------------------------------------------------------------------------


def tied_road(ann_tile: tuple[str, int]) -> dict[str, Any]:
    """A road of 6 tiles: Ann's meeple on the tile east of the start (`ann_tile`, its west
    road ending there), Ben's on (0, 1), separate until Ben's curve on (-1, 0) joins them;
    Ann's monastery tile on (0, 2) closes it in turn 5."""
    tile, rotation = ann_tile
    return hs_game(
        ["Ann", "Ben"],
        turn("Ann", tile, 1, 0, rotation, meeple="road:W"),
        turn("Ben", "V", 0, 1, meeple="road:S"),
        turn("Ann", "V", -1, 1, 180),
        turn("Ben", "V", -1, 0, 270),
        turn("Ann", "A", 0, 2, 180),
    )


def test_a_follower_on_a_hill_breaks_a_tie() -> None:
    # The road: (1, 0) M, (0, 0) U, (-1, 0), (-1, 1), (0, 1) V, (0, 2) A: 6 tiles, complete
    # in turn 5. One meeple each: a tie, and Ann's stands on the hill M: she takes the 6.
    scores, events = play(tied_road((M, 90)))
    assert scores == {"Ann": 6, "Ben": 0}
    assert summary(events) == [(5, "Ann", "road", 6, 0, 6, None)]


def test_without_a_hill_tied_players_all_score() -> None:
    # The same road with Ann's meeple on A (rotated 90: its road ends west at the monastery,
    # no hill): both score 6.
    scores, _ = play(tied_road(("A", 90)))
    assert scores == {"Ann": 6, "Ben": 6}


def hill_field(option: str | None) -> dict[str, Any]:
    """A column of hills M (rotated 90: like U, its roads ending west and east) under the
    start U: Ann's large meeple on the north field of (0, 1), Ben's meeples on those of
    (0, 2) and (0, 4), three fields the roads keep apart. Monastery tiles A (rotated 90:
    their road ends west, their one field goes round it) on (1, 1), (1, 2), (1, 3) join
    them along the column's east side; E (a cap facing east) on (2, 2) brings a city the
    field borders, E on (3, 2) closes it."""
    return hs_game(
        ["Ann", "Ben"],
        turn("Ann", M, 0, 1, 90, meeple="field:NL", figure="large_meeple"),
        turn("Ben", M, 0, 2, 90, meeple="field:NL"),
        turn("Ann", M, 0, 3, 90),
        turn("Ben", M, 0, 4, 90, meeple="field:NL"),
        turn("Ann", "A", 1, 1, 90),
        turn("Ben", "A", 1, 2, 90),
        turn("Ann", "A", 1, 3, 90),
        turn("Ben", "E", 2, 2, 90),
        turn("Ann", "E", 3, 2, 270),
        products=("Base Game", "Inns and Cathedrals", HS),
        options={"hill_tiebreaker": option} if option else None,
    )


def test_one_follower_on_a_hill_is_enough_by_default() -> None:
    # The joined field borders one completed city (the caps of (2, 2) and (3, 2)): 3. Ann's
    # large meeple (strength 2) ties Ben's two meeples; both have a follower on a hill, so
    # both score 3.
    scores, events = play(hill_field(None))
    assert scores == {"Ann": 3, "Ben": 3}
    assert {(e.player, e.feature, e.points) for e in events} == {
        ("Ann", "field", 3),
        ("Ben", "field", 3),
    }


def test_the_number_of_followers_on_hills_decides_with_that_option() -> None:
    # `number-of-followers`: Ben has 2 followers on hills, Ann 1: Ben alone scores 3.
    scores, _ = play(hill_field("number-of-followers"))
    assert scores == {"Ann": 0, "Ben": 3}


# -- vineyards --------------------------------------------------------------------------


def vineyard_monastery(complete: bool = True) -> dict[str, Any]:
    """Ann's monk on B on (0, 0); the start G on (0, -1) and Hills and Sheep's E on (-1, 0)
    (rotated 270) and (1, 0) (rotated 180) are vineyards among its 8 neighbours; the
    others: caps E on (-1, -1), (1, -1), U on (0, 1), D on (-1, 1) and (1, 1)."""
    turns = [
        turn("Ann", "B", 0, 0, meeple="monastery"),
        turn("Ben", "E", -1, -1, 90),
        turn("Ann", "E", 1, -1, 270),
        turn("Ben", HSE, -1, 0, 270),
        turn("Ann", HSE, 1, 0, 180),
        turn("Ben", "U", 0, 1),
        turn("Ann", "D", -1, 1),
        turn("Ben", "D", 1, 1),
    ]
    return hs_game(["Ann", "Ben"], *turns[: 8 if complete else 7], start=(G, 0, -1, 0))


def test_a_completed_monastery_scores_3_more_per_vineyard_around_it() -> None:
    # Turn 8 fills the 3x3 square: 9 tiles + 3 vineyards x 3 = 18 (the wiki's example).
    scores, events = play(vineyard_monastery())
    assert scores == {"Ann": 18, "Ben": 0}
    assert summary(events) == [(8, "Ann", "monastery", 9, 0, 18, None)]


def test_an_unfinished_monastery_gets_nothing_for_its_vineyards() -> None:
    # Without (1, 1): at the end 1 + 7 neighbours = 8, the vineyards add nothing.
    scores, _ = play(vineyard_monastery(complete=False))
    assert scores == {"Ann": 8, "Ben": 0}


def test_a_changed_vineyard_number_changes_the_score() -> None:
    scores, _ = play(vineyard_monastery(), config("vineyards", monastery_completed_per_vineyard=5))
    assert scores == {"Ann": 24, "Ben": 0}  # 9 + 3 x 5


def barn_on_tied_farmers(ann_tile: tuple[str, int]) -> dict[str, Any]:
    """Ann's farmer on the north field of (0, 1) (`ann_tile`), Ben's on that of U on (0, 2),
    the road of (0, 1) between them; Ann's A on (1, 1) joins the two fields; Ben's A on
    (1, 2) takes a barn on its north-west corner, where four fields meet."""
    tile, rotation = ann_tile
    return hs_game(
        ["Ann", "Ben"],
        turn("Ann", tile, 0, 1, rotation, meeple="field:NL"),
        turn("Ben", "U", 0, 2, meeple="field:NL"),
        turn("Ann", "A", 1, 1, 90),
        turn("Ben", "A", 1, 2, 90, meeple="corner:NW", figure="barn"),
        products=("Base Game", "Abbey and the Mayor", HS),
    )


@pytest.mark.parametrize(("tile", "winners"), [((M, 90), ["Ann"]), (("U", 0), ["Ann", "Ben"])])
def test_the_barns_farmers_tie_is_broken_by_a_hill_too(
    tile: tuple[str, int], winners: list[str]
) -> None:
    # Turn 4: the barn scores the field's farmers (no completed city: 0 points), one each: a
    # tie, which Ann's farmer on the hill M breaks (on U, no hill, both take it).
    _, events = play(barn_on_tied_farmers(tile))
    assert [e.player for e in events if e.turn == 4 and e.feature == "field"] == winners


@pytest.mark.parametrize(("tile", "ben"), [((M, 90), 4), (("A", 90), 9)])
def test_a_couriers_message_respects_the_hills_tie_break(tile: tuple[str, int], ben: int) -> None:
    # The Courier (no tiles: it starts on (0, 0)). Turn 1: Ann's meeple on (1, 0) next to it:
    # her message scores her open road (0, 0)-(1, 0): 2, and the courier moves to (1, 0).
    # Turns 2-4 as in `tied_road`: the road (6 tiles but the closing A) is tied, 5 tiles
    # open. Turn 6: Ben's monk on B (1, 1), next to the courier: his message scores his
    # monastery (1 + 3 neighbours: 4) and the tied road only where he holds its majority:
    # not with Ann's meeple on the hill M (4), with it on A (4 + 5 = 9). Stopped there.
    data = tied_road(tile)
    data["turns"] = [
        *data["turns"][:4],
        turn("Ann", "B", -2, 0),
        turn("Ben", "B", 1, 1, meeple="monastery"),
    ]
    data["products"].append("The Courier")
    data["options"]["courier"] = "no-tiles"
    data["end"] = "stop"
    scores, events = play(data)
    assert scores == {"Ann": 2, "Ben": ben}
    assert [(e.turn, e.player, e.feature) for e in events][:2] == [
        (1, "Ann", "courier"),
        (6, "Ben", "courier"),
    ]
