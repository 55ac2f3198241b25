"""Printing for the CLI: tables, JSON, and rich progress bars behind the library's interface."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, TaskID, TextColumn, TimeElapsedColumn
from rich.progress import Progress as RichProgressBar
from rich.table import Table

from pipeline.progress import NoProgress, Progress

# Piped output (files, CI logs, pytest) has no terminal width; 80 columns would fold tables.
console = Console(highlight=False)
if not console.is_terminal:
    console = Console(highlight=False, width=160)
err_console = Console(stderr=True, highlight=False, soft_wrap=True)


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False, default=str, sort_keys=False))
    sys.stdout.write("\n")


def print_table(
    columns: Sequence[str], rows: Sequence[Sequence[Any]], *, title: str | None = None
) -> None:
    table = Table(title=title, show_lines=False, header_style="bold")
    for column in columns:
        table.add_column(str(column), overflow="fold")
    for row in rows:
        table.add_row(*("" if value is None else str(value) for value in row))
    console.print(table)


class RichProgress:
    """Draws one bar per task on stderr; invisible when stderr is not a terminal."""

    def __init__(self, bar: RichProgressBar) -> None:
        self._bar = bar
        self._tasks: dict[str, TaskID] = {}

    def start(self, task: str, total: int | None) -> None:
        self._tasks[task] = self._bar.add_task(task, total=total)

    def advance(self, task: str, amount: int = 1) -> None:
        if task in self._tasks:
            self._bar.advance(self._tasks[task], amount)


@contextmanager
def progress_for(quiet: bool) -> Iterator[Progress]:
    if quiet:
        yield NoProgress()
        return
    bar = RichProgressBar(
        TextColumn("{task.description:>8}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    with bar:
        yield RichProgress(bar)
