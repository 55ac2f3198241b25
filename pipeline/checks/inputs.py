"""What several checks read, read once per check run.

Five checks read every current tile row and three read the engine's configuration data;
asking the warehouse again in each check scanned and decoded the same rows several times.
`run_checks` makes one `CheckInputs` per run and hands it to every check. A check called on
its own (tests, scripts) makes its own, so it reads the warehouse as it is at that moment.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Protocol, TypeVar

import duckdb

from carcdb.pipeline.configgen.data import ConfigData
from carcdb.schemas.checks import CheckResult
from carcdb.schemas.contents import BoxContent
from carcdb.warehouse.records import box_contents
from carcdb.warehouse.tiles import (
    TileCode,
    TileListRow,
    TileRow,
    current_lists,
    current_tile_codes,
    current_tiles,
)


@dataclass(frozen=True)
class Detached:
    """A check's work over `items`, as `function(*args, items, memo)`: a module-level function
    and picklable arguments that read nothing from the warehouse. Its results are each item's
    results in `items`' order, so the items may be split between processes and the results
    put back in order. `memo`: a dict, one per work and process, in which the function keeps
    what later items of the same work reuse (nothing that changes a result)."""

    function: Callable[..., list[CheckResult]]
    args: tuple[Any, ...]
    items: tuple[Any, ...]

    def results(self, items: Sequence[Any], memo: dict[str, Any]) -> list[CheckResult]:
        """The results of `items` (some of `self.items`, in order)."""
        return self.function(*self.args, items, memo)


T = TypeVar("T")


class Helper(Protocol):
    """Runs detached checks elsewhere (another process) while the caller runs the others."""

    def start(self) -> None:
        """Get ready for work submitted soon (without waiting for it)."""
        ...

    def submit(self, works: Sequence[Detached]) -> list[Future[list[CheckResult]]]:
        """Run `works` elsewhere, in order: one future each."""
        ...

    def share(self) -> None:
        """Run here, in the caller's process, the items of the submitted works that nobody has
        started, until none is left; their results go to the same futures."""
        ...


class CheckInputs:
    """The connection plus rows read on first use and shared by the checks of one run."""

    def __init__(self, conn: duckdb.DuckDBPyConnection) -> None:
        self.conn = conn
        self._derived: dict[Callable[..., Any], Any] = {}

    def once(self, derive: Callable[[CheckInputs], T]) -> T:
        """`derive(self)`, computed on first use and shared by the run's checks: for what
        several checks derive from the inputs (the engine's tile sets). Callers must not
        change what it returns."""
        if derive not in self._derived:
            self._derived[derive] = derive(self)
        value: T = self._derived[derive]
        return value

    @classmethod
    def of(cls, conn: duckdb.DuckDBPyConnection, inputs: CheckInputs | None) -> CheckInputs:
        """The run's shared inputs, or fresh ones when a check is called on its own."""
        return cls(conn) if inputs is None else inputs

    @cached_property
    def tiles(self) -> list[TileRow]:
        """Every row of `tile_distribution` (current revisions), in page and list order."""
        return current_tiles(self.conn)

    @cached_property
    def tile_codes(self) -> list[TileCode]:
        """`tiles` with what the engine's tile sets are chosen by (`TileCode`), cheaper."""
        return current_tile_codes(self.conn)

    @cached_property
    def lists(self) -> list[TileListRow]:
        """Every current tile list, by title and list index."""
        return current_lists(self.conn)

    @cached_property
    def box_contents(self) -> list[BoxContent]:
        """Every current Contents record (`box_contents`), in page order."""
        return box_contents(self.conn)

    @cached_property
    def config_data(self) -> ConfigData:
        """Pages, lists, tiles and claims for every page's engine configuration."""
        return ConfigData(self.conn)
