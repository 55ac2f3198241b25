"""The rule-module interface: everything one product's rules add to a game.

A module declares, as class attributes:
- `figures`: the figure types it plays (`figures.FigureType`, with the number naming their
  supply);
- `kinds`: the feature kinds it brings (an abbey, a garden), scored by its `formulas`;
- `numbers`: its section of the rules configuration (`Number`: key, default, what the wiki's
  scoring claims call it and how they state it);
- `options`: rule variants (`{"courier": ("tiles", "no-tiles")}`, the first the default);
- `illustrations`: copy illustrations that change a tile when the module plays (The Abbot's
  `Garden`): the draw pile keeps such copies apart and records name them (`"copy"`);
- `symbols`: the tile symbols it reads (`inn`, `cathedral`, goods, `letter`), for the docs and
  the checks;
- `record_fields`: the turn fields its record notation adds (name -> (type, pydantic `Field`):
  Hills and Sheep's `sheep`, `flock`), in the records' schema. A replay hands a turn's values
  to the modules in `game.given` (a module takes what it reads; a value nothing took is
  refused), random play writes them into `game.written`, which goes into the record. Random
  play's choices and draws that are not placements (a token from a bag) use `game.rng`
  (None while a record is replayed: the record says what was drawn).

and implements the hooks it needs. A game calls a hook only on the modules that define it
(`defines`), so a base game pays for none. In turn order:
- `setup(game)`: the game has players, board, supplies (module state, counters);
- `on_start(game, pos)`: the start tile is down (the courier's start);
- `play_problem(game, player, o)`: a record plays a tile (an abbey tile in reserve?);
- `tile_problem(game, player, pos, o)`: a tile would go on `pos`, in records and random play
  alike (the river's course); `constrains(game, code)` says whether it may refuse any
  placement of that tile now (once the river is closed a land tile is never refused), so
  that finding placements asks it only then;
- `on_place(game, pos, o)`: a tile went down (the courier, the builder's bonus, abbeys);
- `figure_problem(game, player, figure, pos, segment)`: any figure would go on a segment (a
  barn's field, a garden, a builder's follower);
- `place(game, player, figure, target)`: one of its figures that stands on no segment (the
  barn's corner);
- `figure_placed` / `figure_returned`: one of its figures went on / came off the board (the
  wagon's whereabouts);
- `take_back(game, player, figure, pos)`: a record's `return` (the abbot);
- `before_scoring(game, events)`: the figure step is over, the turn's scoring begins (a
  shepherd's flock grows or is herded);
- `feature_points(game, fid, complete, points)`: a feature's value, changed by what lies
  around it (vineyards beside a monastery); every scoring of a feature asks it;
- `break_tie(game, fid, tied)`: several players tie for a feature's majority: who takes it
  (the hills);
- `player_points(game, fid, player, points)`: a winner of a feature scores (the pig);
- `after_scoring(game, events)`: the completed features were scored (barns, goods);
- `pending_moves` / `move` / `move_targets`: figures that scoring freed may move (the wagon);
- `extra_turn(game)`: the turn ends; True gives the player a bonus turn (the builder);
- `end_of_turn(game, events)`: after the moves (the courier);
- `final(game, events)`: after the final scoring of the features (barns, goods);
- random play: `special_draw` (a tile placed instead of drawing: the abbey), `arrange_pile`
  (the river first, the lake last), `tiles_beneath` (tiles of the pile that go face down
  under the tile just placed: a hill's), `figure_choices` and `take_back_choices`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from carcdb.pipeline.engine.board import FeatureBoard, Pos
from carcdb.pipeline.engine.figures import FigureType
from carcdb.pipeline.engine.geometry import Oriented, TileSet
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.engine.scoring import Formula, ScoreEvent

HOOKS = (
    "on_start",
    "play_problem",
    "tile_problem",
    "on_place",
    "figure_problem",
    "before_scoring",
    "feature_points",
    "break_tie",
    "player_points",
    "after_scoring",
    "pending_moves",
    "extra_turn",
    "end_of_turn",
    "final",
)


@dataclass(frozen=True)
class Number:
    """One number of a module's section of the rules configuration.

    `feature`, `state`, `unit` say what it is about, as the engine configuration's module
    values name it (`barn`, `placed`, `completed_city`; a supply is `supply`/`per_player`).
    `reader` says how the wiki's scoring claims state it (`pipeline.configgen.module_rates`):
    `""` none; `rate` a claim of `claim_feature` (default `feature`) in that state and unit;
    `order` the `order`-th during-game claim of its rules block (the barn's two rates);
    `ratio` a sentence pairing coats of arms with a number (a mayor's strength).
    `engine`: False for a number kept for the claim checks only (no tile the engine plays
    has the feature: a fortress).
    """

    key: str
    default: int
    feature: str
    state: str
    unit: str
    reader: str = ""
    claim_feature: str = ""
    order: int = 0
    engine: bool = True
    description: str = ""

    @property
    def claimed_feature(self) -> str:
        return self.claim_feature or self.feature


def take_spot(spots: list[tuple[Pos, int]], board: FeatureBoard, fid: int, what: str) -> Pos:
    """Remove from `spots` (a player's figures: square and segment each) the one standing on
    feature `fid`, and return its square; `what` names the figure in the error."""
    for index, (pos, segment) in enumerate(spots):
        if board.fid(pos, segment) == fid:
            del spots[index]
            return pos
    raise AssertionError(f"no {what} on feature {fid}")


def supply_number(figure: FigureType, default: int = 1) -> Number:
    """The number of `figure`s each player starts with."""
    return Number(
        figure.supply, default, figure.name, "supply", "per_player", description="per player"
    )


class Game(Protocol):
    """What a module sees of the game (`game.Game`)."""

    players: list[str]
    config: RulesConfig
    board: FeatureBoard
    tiles: TileSet
    scores: list[int]
    turn: int
    active: int
    completed: dict[str, int]
    reserve: dict[str, list[int]]
    # This turn's followers put on a segment, then moved: (figure code, square, segment).
    turn_figures: list[tuple[int, Pos, int]]
    bonus_turn: bool  # this turn is a bonus turn (the builder's)
    given: dict[str, Any]  # this turn's module record fields, as a replayed record gives them
    written: dict[str, Any]  # random play: this turn's module record fields, as written
    rng: random.Random | None  # random play's generator; None while a record is replayed

    @property
    def last_pos(self) -> Pos | None: ...
    def placements(self, code: str) -> list[tuple[Pos, Oriented]]: ...
    @property
    def turn_completed(self) -> list[int]: ...
    def feature_value(self, fid: int, complete: bool) -> int: ...
    def strength_coats(self, fid: int) -> int: ...
    def return_figures(self, fid: int, turn: int | None) -> None: ...
    def tie_breaker(self, fid: int) -> Callable[[list[int]], list[int]] | None: ...
    def module(self, name: str) -> RuleModule | None: ...


class RuleModule:
    """One product's rules, or one part of them (the mayor, the wagon ...)."""

    name: ClassVar[str] = ""
    figures: ClassVar[tuple[FigureType, ...]] = ()
    kinds: ClassVar[dict[int, str]] = {}  # feature kind -> its name in counters and events
    numbers: ClassVar[tuple[Number, ...]] = ()
    options: ClassVar[dict[str, tuple[str, ...]]] = {}
    illustrations: ClassVar[tuple[str, ...]] = ()
    symbols: ClassVar[tuple[str, ...]] = ()
    record_fields: ClassVar[dict[str, tuple[Any, Any]]] = {}

    def __init__(
        self, config: RulesConfig, values: Mapping[str, int], options: Mapping[str, str]
    ) -> None:
        self.config = config
        self.values = dict(values)
        self.chosen = {
            name: options.get(name, allowed[0]) for name, allowed in self.options.items()
        }

    def formulas(self, previous: Mapping[int, Formula]) -> dict[int, Formula]:
        """Its feature kinds' formulas, given those of the modules before it (to wrap)."""
        return {}

    def supply(self, figure: FigureType) -> int:
        """How many of `figure` each player starts with."""
        return self.values[figure.supply]

    def setup(self, game: Game) -> None:
        """Called once the game has its players, board and supplies."""

    # The hooks (see the module docstring); a module defines those it needs.
    def on_start(self, game: Game, pos: Pos) -> None:
        pass

    def play_problem(self, game: Game, player: int, o: Oriented) -> str | None:
        return None

    def tile_problem(self, game: Game, player: int, pos: Pos, o: Oriented) -> str | None:
        return None

    def constrains(self, game: Game, code: str) -> bool:
        """Whether `tile_problem` may refuse some placement of tile `code` now (False lets the
        game skip asking it for that tile's placements)."""
        return True

    def on_place(self, game: Game, pos: Pos, o: Oriented) -> None:
        pass

    def figure_problem(
        self, game: Game, player: int, figure: FigureType, pos: Pos, segment: int
    ) -> str | None:
        return None

    def place(self, game: Game, player: int, figure: FigureType, target: str) -> None:
        raise NotImplementedError(figure.name)

    def figure_choices(
        self, game: Game, player: int, pos: Pos, o: Oriented
    ) -> list[tuple[FigureType, str]]:
        """Random play: (figure, target) of its own figures' spots on the tile just placed
        (the barn's corners); segments are the game's business."""
        return []

    def take_back_choices(self, game: Game, player: int) -> list[tuple[FigureType, Pos]]:
        """Random play: figures `player` may take back instead of placing one (the abbot)."""
        return []

    def figure_placed(self, game: Game, code: int, pos: Pos, segment: int) -> None:
        pass

    def figure_returned(self, game: Game, code: int, fid: int, turn: int | None) -> None:
        pass

    def take_back(self, game: Game, player: int, figure: FigureType, pos: Pos) -> list[ScoreEvent]:
        raise NotImplementedError(figure.name)

    def before_scoring(self, game: Game, events: list[ScoreEvent]) -> None:
        pass

    def feature_points(self, game: Game, fid: int, complete: bool, points: int) -> int:
        return points

    def break_tie(self, game: Game, fid: int, tied: list[int]) -> list[int]:
        return tied

    def player_points(self, game: Game, fid: int, player: int, points: int) -> int:
        return points

    def after_scoring(self, game: Game, events: list[ScoreEvent]) -> None:
        pass

    def pending_moves(self, game: Game) -> list[tuple[int, str, Pos]]:
        return []

    def move(self, game: Game, player: int, figure: FigureType, pos: Pos, segment: int) -> None:
        raise NotImplementedError(figure.name)

    def move_targets(self, game: Game, player: int, from_pos: Pos) -> list[tuple[Pos, int]]:
        return []

    def extra_turn(self, game: Game) -> bool:
        return False

    def end_of_turn(self, game: Game, events: list[ScoreEvent]) -> None:
        pass

    def final(self, game: Game, events: list[ScoreEvent]) -> None:
        pass

    def special_draw(
        self, game: Game, player: int, randrange: Callable[[int], int]
    ) -> tuple[str, tuple[Pos, Oriented]] | None:
        return None

    def arrange_pile(self, pile: list[str], shuffle: Callable[[list[Any]], None]) -> list[str]:
        return pile

    def tiles_beneath(self, game: Game, o: Oriented) -> int:
        """Random play: how many tiles of the pile go face down under the tile just placed,
        out of the game (a hill's one)."""
        return 0

    @classmethod
    def defines(cls, hook: str) -> bool:
        return getattr(cls, hook) is not getattr(RuleModule, hook)
