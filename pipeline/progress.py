"""A minimal progress interface the library reports to; the CLI draws it with rich."""

from __future__ import annotations

from typing import Protocol


class Progress(Protocol):
    def start(self, task: str, total: int | None) -> None: ...

    def advance(self, task: str, amount: int = 1) -> None: ...


class NoProgress:
    """Reports nowhere: for tests, `--quiet` and library callers who do not care."""

    def start(self, task: str, total: int | None) -> None:
        return None

    def advance(self, task: str, amount: int = 1) -> None:
        return None
