"""Hills and Sheep (C2 rules): hills, vineyards, the shepherd and its flock (modules `hills`,
`vineyards`, `sheep`). Where each rule comes from, and the choices, are in docs/engine.md.

- Hills: a tile with a hill (`hill` in the shape data) goes down on another tile of the pile,
  face down (random play takes the top tile of the pile out of the game). When several
  players tie for a feature's majority, those of them with a follower standing on a hill tile
  of the feature take it; if none of them has one, all tied players score as usual. Option
  `hill_tiebreaker`: `at-least-one-follower` (the default: one follower on a hill is enough)
  or `number-of-followers` (the most followers on hill tiles win).
- Vineyards: a monastery (or an abbey) scored complete scores `monastery_completed_per_vineyard`
  (3) more for each tile with a vineyard among its 8 neighbours; an unfinished one nothing more.
- Shepherd (`"figure": "shepherd"`, not a follower): instead of a meeple, onto a field of the
  tile just placed where no shepherd stands (farmers may). A token is drawn from the bag at
  once (records: the turn's `"sheep": 1..4 | "wolf"`): sheep join its flock; a wolf goes back
  into the bag and the shepherd home. When its owner later places a tile that extends its
  field, after the figure step they grow the flock (draw again; a wolf sends every shepherd
  of the field home and their sheep into the bag) or herd it (every shepherd of the field
  scores all the field's sheep x `flock_per_sheep` (1), then they go home and the sheep into
  the bag): `"flock": {"action": "expand" | "herd", "x": X, "y": Y, "sheep": ...}`, X, Y the
  shepherd's square. Fields that join make one flock. A field with shepherds that becomes
  closed (no side left open) is herded at once, with no action. At the end of the game
  shepherds and sheep score nothing. The bag: `sheep_tokens_1..4` (4, 5, 5, 2) and
  `wolf_tokens` (2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pydantic import ConfigDict, Field, PlainValidator, WithJsonSchema

from carcdb.pipeline.engine.board import FEATURE_NAMES, NEIGHBOURS_8, IllegalMove, Pos
from carcdb.pipeline.engine.figures import FigureType, player_of, type_of
from carcdb.pipeline.engine.geometry import ABBEY, FIELD, MONASTERY, SIDE_OFFSETS, Oriented
from carcdb.pipeline.engine.rules.module import Game, Number, RuleModule, supply_number
from carcdb.pipeline.engine.scoring import ScoreEvent
from carcdb.pipeline.numbers import INT32_MAX
from carcdb.schemas.base import Record

AT_LEAST_ONE, BY_COUNT = "at-least-one-follower", "number-of-followers"
SHEPHERD = FigureType(
    "shepherd", 8, frozenset(), strength=0, follower=False, supply="shepherds_per_player"
)
WOLF = "wolf"
Action = Literal["expand", "herd"]
EXPAND: Action = "expand"
HERD: Action = "herd"
Token = int | str  # 1..4 sheep, or WOLF


def _token(value: object) -> Token:
    # A JSON integer 1..4 (not `true`, which a Literal[1] would take) or "wolf".
    if value == WOLF or (type(value) is int and 1 <= value <= 4):
        return value
    raise ValueError(f'a token is 1, 2, 3 or 4 sheep or "wolf", not {value!r}')


SheepToken = Annotated[
    Token,
    PlainValidator(_token),
    WithJsonSchema({"anyOf": [{"type": "integer", "minimum": 1, "maximum": 4}, {"const": WOLF}]}),
]
Square = Annotated[int, Field(ge=-INT32_MAX - 1, le=INT32_MAX)]


class FlockAction(Record):
    """What a shepherd's flock does when its owner's tile extends its field."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    action: Action = Field(
        description="expand: draw a token for the flock; herd: score the field's sheep."
    )
    x: Square = Field(description="The square the shepherd stands on.")
    y: Square
    sheep: SheepToken | None = Field(
        default=None, description="expand: the token drawn (1 to 4 sheep, or wolf)."
    )


class HillRules(RuleModule):
    name = "hills"
    options: ClassVar[dict[str, tuple[str, ...]]] = {"hill_tiebreaker": (AT_LEAST_ONE, BY_COUNT)}

    def setup(self, game: Game) -> None:
        # Followers standing on hill tiles as of the end of turn `through`: (code, square,
        # segment); this turn's placements and moves are in `game.turn_figures` until then.
        self.standing: list[tuple[int, Pos, int]] = []
        self.through = -1
        self.by_count = self.chosen["hill_tiebreaker"] == BY_COUNT

    def tiles_beneath(self, game: Game, o: Oriented) -> int:
        return 1 if o.hill else 0

    def _candidates(self, game: Game) -> list[tuple[int, Pos, int]]:
        if self.through == game.turn:
            return self.standing
        placed = game.board.placed
        new = [
            (code, pos, segment)
            for code, pos, segment in game.turn_figures
            if placed[pos].hill and type_of(code).follower
        ]
        return self.standing + new if new else self.standing

    def end_of_turn(self, game: Game, events: list[ScoreEvent]) -> None:
        # Keep the followers still standing: a feature holds at most as many of a code as it
        # has figures of that code (scored features are empty, an abbot taken back is gone).
        board = game.board
        kept: list[tuple[int, Pos, int]] = []
        used: dict[tuple[int, int], int] = {}
        for code, pos, segment in (
            self._candidates(game) if self.standing or game.turn_figures else ()
        ):
            key = (board.fid(pos, segment), code)
            if used.get(key, 0) < board.figures_of(key[0]).count(code):
                used[key] = used.get(key, 0) + 1
                kept.append((code, pos, segment))
        self.standing = kept
        self.through = game.turn

    def break_tie(self, game: Game, fid: int, tied: list[int]) -> list[int]:
        board = game.board
        figures = board.figures_of(fid)
        on_hill: dict[int, int] = {}
        used: dict[int, int] = {}
        for code, pos, segment in self._candidates(game):
            if board.fid(pos, segment) != fid or used.get(code, 0) >= figures.count(code):
                continue
            used[code] = used.get(code, 0) + 1
            on_hill[player_of(code)] = on_hill.get(player_of(code), 0) + 1
        rank = {p: on_hill.get(p, 0) if self.by_count else min(on_hill.get(p, 0), 1) for p in tied}
        best = max(rank.values())
        return tied if best == 0 else [p for p in tied if rank[p] == best]


class VineyardRules(RuleModule):
    name = "vineyards"
    numbers: ClassVar[tuple[Number, ...]] = (
        Number(
            "monastery_completed_per_vineyard", 3, "monastery", "completed", "vineyard",
            reader="rate",
        ),
    )  # fmt: skip

    def feature_points(self, game: Game, fid: int, complete: bool, points: int) -> int:
        board = game.board
        if not complete or board.kind_of(fid) not in (MONASTERY, ABBEY):
            return points
        ((x, y),) = board.squares_of(fid)
        placed = board.placed
        vineyards = sum(
            1 for dx, dy in NEIGHBOURS_8 if (o := placed.get((x + dx, y + dy))) and o.vineyard
        )
        return points + vineyards * self.values["monastery_completed_per_vineyard"]


@dataclass(eq=False)
class Shepherd:
    player: int
    pos: Pos
    segment: int
    tokens: list[int]  # its flock: the sheep of each token drawn


def _token_name(token: Token) -> str:
    return "wolf" if token == WOLF else f"{token}-sheep"


class SheepRules(RuleModule):
    name = "sheep"
    figures: ClassVar[tuple[FigureType, ...]] = (SHEPHERD,)
    numbers: ClassVar[tuple[Number, ...]] = (
        supply_number(SHEPHERD),
        Number("flock_per_sheep", 1, "flock", "during_game", "sheep", reader="rate"),
        *(
            Number(f"sheep_tokens_{n}", count, "sheep_token", "supply", f"{n}_sheep",
                   description=f"tokens of {n} sheep in the bag")
            for n, count in ((1, 4), (2, 5), (3, 5), (4, 2))
        ),
        Number("wolf_tokens", 2, "wolf_token", "supply", "bag", description="in the bag"),
    )  # fmt: skip
    record_fields: ClassVar[dict[str, tuple[Any, Any]]] = {
        "sheep": (
            SheepToken | None,
            Field(
                default=None,
                description="Hills and Sheep: the token drawn from the bag for the shepherd "
                'placed this turn (1 to 4 sheep, or "wolf").',
            ),
        ),
        "flock": (
            FlockAction | list[FlockAction] | None,
            Field(
                default=None,
                description="Hills and Sheep: what the flock of each shepherd whose field the "
                "player's tile extends does (one object, or a list for several shepherds).",
            ),
        ),
    }

    def setup(self, game: Game) -> None:
        values = self.values
        self.bag: dict[Token, int] = {n: values[f"sheep_tokens_{n}"] for n in (1, 2, 3, 4)}
        self.bag[WOLF] = values["wolf_tokens"]
        self.shepherds: list[Shepherd] = []
        self.placing: Shepherd | None = None  # put down this turn, its token not drawn yet

    # -- placing ---------------------------------------------------------------------
    def _on(self, game: Game, fid: int) -> list[Shepherd]:
        board = game.board
        return [s for s in self.shepherds if board.fid(s.pos, s.segment) == fid]

    def place(self, game: Game, player: int, figure: FigureType, target: str) -> None:
        board = game.board
        pos = game.last_pos
        assert pos is not None
        segment = board.segment_for(pos, target)
        kind = board.placed[pos].kinds[segment]
        if kind != FIELD:
            raise IllegalMove(f"a shepherd goes only on a field, not on a {FEATURE_NAMES[kind]}")
        there = self._on(game, board.fid(pos, segment))
        if there:
            owner = game.players[there[0].player]
            raise IllegalMove(f"that field already has a shepherd ({owner}'s)")
        if not sum(self.bag.values()):
            raise IllegalMove("the bag is empty: a shepherd needs a token to draw")
        self.placing = Shepherd(player, pos, segment, [])

    def figure_choices(
        self, game: Game, player: int, pos: Pos, o: Oriented
    ) -> list[tuple[FigureType, str]]:
        if not sum(self.bag.values()):
            return []
        board = game.board
        taken = {board.fid(s.pos, s.segment) for s in self.shepherds}
        return [
            (SHEPHERD, o.segment_names[segment])
            for segment, kind in enumerate(o.kinds)
            if kind == FIELD and board.fid(pos, segment) not in taken
        ]

    # -- the bag ---------------------------------------------------------------------
    def _draw(self, game: Game, given: Token | None, what: str) -> Token:
        """A token out of the bag: random play's draw, or the one the record names."""
        bag = self.bag
        if game.rng is not None:
            tokens = [token for token, count in bag.items() for _ in range(count)]
            token = tokens[game.rng.randrange(len(tokens))]
        elif given is None:
            raise IllegalMove(f"{what}: the record must say which token was drawn (1 to 4 or wolf)")
        else:
            token = given
        if bag[token] <= 0:
            left = ", ".join(f"{n} x {_token_name(t)}" for t, n in bag.items() if n) or "nothing"
            raise IllegalMove(
                f"{what}: the bag holds no {_token_name(token)} token (it holds {left})"
            )
        if token != WOLF:
            bag[token] -= 1
        return token

    def _home(self, game: Game, shepherd: Shepherd) -> None:
        for sheep in shepherd.tokens:
            self.bag[sheep] += 1
        self.shepherds.remove(shepherd)
        game.reserve[SHEPHERD.name][shepherd.player] += 1

    def _herd(self, game: Game, fid: int, events: list[ScoreEvent]) -> None:
        """Every shepherd of the field scores all its sheep, then they go home."""
        flock = sorted(self._on(game, fid), key=lambda s: s.player)
        points = sum(sum(s.tokens) for s in flock) * self.values["flock_per_sheep"]
        tiles = game.board.tiles_of(fid)
        for shepherd in flock:
            game.scores[shepherd.player] += points
            name = game.players[shepherd.player]
            events.append(
                ScoreEvent(game.turn, name, "flock", tiles, 0, points, "turn", SHEPHERD.name)
            )
            self._home(game, shepherd)

    # -- the turn --------------------------------------------------------------------
    def before_scoring(self, game: Game, events: list[ScoreEvent]) -> None:
        if self.placing is None and not self.shepherds and "flock" not in game.given:
            return  # no flock on the board, none begun: nothing to tend or herd
        if self.placing is not None:
            shepherd, self.placing = self.placing, None
            token = self._draw(game, game.given.pop("sheep", None), "the shepherd placed")
            if game.rng is not None:
                game.written["sheep"] = token
            if token == WOLF:
                game.reserve[SHEPHERD.name][shepherd.player] += 1
            else:
                assert isinstance(token, int)
                shepherd.tokens.append(token)
                self.shepherds.append(shepherd)
        else:
            shepherd = None
        pos = game.last_pos
        assert pos is not None
        board = game.board
        o = board.placed[pos]
        # The fields this tile is part of: the only ones it extends, and (an abbey aside,
        # which joins no field but closes the halves facing it) the only ones it may close.
        if o.abbey:
            touched = set()
            for dx, dy in SIDE_OFFSETS:
                square = (pos[0] + dx, pos[1] + dy)
                other = board.placed[square]  # (an abbey fills a hole)
                touched |= {
                    board.fid(square, segment) for segment in other.half_segment if segment >= 0
                }
        else:
            touched = {board.fid(pos, s) for s, kind in enumerate(o.kinds) if kind == FIELD}
        self._tend(game, shepherd, touched, events)
        # A field with shepherds this tile closed is herded at once.
        fields = dict.fromkeys(board.fid(s.pos, s.segment) for s in self.shepherds)
        for fid in fields:
            if fid in touched and self._closed(game, fid):
                self._herd(game, fid, events)

    def _closed(self, game: Game, fid: int) -> bool:
        """Whether no half side of the field is left open (an inner field always is)."""
        board = game.board
        placed = board.placed
        for x, y in board.squares_of(fid):
            for half, segment in enumerate(placed[(x, y)].half_segment):
                if segment < 0:
                    continue
                dx, dy = SIDE_OFFSETS[half // 2]
                if (x + dx, y + dy) not in placed and board.fid((x, y), segment) == fid:
                    return False
        return True

    def _tend(
        self, game: Game, placed_now: Shepherd | None, fields: set[int], events: list[ScoreEvent]
    ) -> None:
        """The active player's flocks whose fields this tile extends grow or are herded."""
        player = game.active
        mine = [s for s in self.shepherds if s.player == player and s is not placed_now]
        if not mine and "flock" not in game.given:
            return
        board = game.board
        extended = [
            s
            for s in mine
            if (fid := board.fid(s.pos, s.segment)) in fields and not self._closed(game, fid)
        ]
        given = game.given.pop("flock", None)
        if game.rng is not None:
            actions = [self._random_action(game, s) for s in extended]
        else:
            listed = given if isinstance(given, list) else [] if given is None else [given]
            actions = self._matched(game, listed, mine, extended)
        written = []
        for shepherd, action in actions:
            if shepherd not in self.shepherds:  # an action before it ended its field's flock
                if game.rng is None:
                    raise IllegalMove(
                        f"flock action on {shepherd.pos}: that shepherd went home earlier in "
                        "this turn (its field's flock was herded or met a wolf)"
                    )
                continue
            fid = board.fid(shepherd.pos, shepherd.segment)
            entry: dict[str, Any] = {"action": action.action}
            entry.update(x=shepherd.pos[0], y=shepherd.pos[1])
            if action.action == HERD:
                self._herd(game, fid, events)
            else:
                token = self._draw(game, action.sheep, f"the flock on {shepherd.pos} grows")
                entry["sheep"] = token
                if token == WOLF:
                    for other in self._on(game, fid):
                        self._home(game, other)
                else:
                    assert isinstance(token, int)
                    shepherd.tokens.append(token)
            written.append(entry)
        if game.rng is not None and written:
            game.written["flock"] = written[0] if len(written) == 1 else written

    def _random_action(self, game: Game, shepherd: Shepherd) -> tuple[Shepherd, FlockAction]:
        assert game.rng is not None
        choices: list[Action] = [HERD, EXPAND] if sum(self.bag.values()) else [HERD]
        action = choices[game.rng.randrange(len(choices))]
        x, y = shepherd.pos
        return shepherd, FlockAction(action=action, x=x, y=y)

    def _matched(
        self,
        game: Game,
        listed: list[FlockAction],
        mine: list[Shepherd],
        extended: list[Shepherd],
    ) -> list[tuple[Shepherd, FlockAction]]:
        """The shepherds a record's flock actions name, checked: one for each shepherd of the
        player whose field the tile extends, none for another."""
        name = game.players[game.active]
        out: list[tuple[Shepherd, FlockAction]] = []
        for action in listed:
            at = (action.x, action.y)
            found = next((s for s in mine if s.pos == at), None)
            if found is None:
                where = ", ".join(str(s.pos) for s in mine)
                stands = f"it stands on {where}" if where else "it is not on the board"
                raise IllegalMove(f"flock action: {name} has no shepherd on {at} ({stands})")
            if found not in extended:
                if self._closed(game, game.board.fid(found.pos, found.segment)):
                    why = "its field is closed: the flock goes to the stable at once"
                else:
                    why = "this tile does not extend its field"
                raise IllegalMove(f"flock action for {name}'s shepherd on {at}: {why}")
            if any(s is found for s, _ in out):
                raise IllegalMove(f"two flock actions for {name}'s shepherd on {at}")
            if action.action == HERD and action.sheep is not None:
                raise IllegalMove(f"flock action on {at}: a herd draws no token ('sheep')")
            out.append((found, action))
        for shepherd in extended:
            if not any(s is shepherd for s, _ in out):
                x, y = shepherd.pos
                raise IllegalMove(
                    f"this tile extends the field of {name}'s shepherd on {(x, y)}: the record "
                    f'must say what its flock does ("flock": {{"action": "expand" or '
                    f'"herd", "x": {x}, "y": {y}}}, with "sheep" for a token drawn)'
                )
        return out
