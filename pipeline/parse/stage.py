"""What a parse stage is: an extractor over a `ParsedDocument` and the tables it fills."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pydantic import BaseModel

from carcdb.pipeline.parse.document import ParsedDocument
from carcdb.schemas.findings import Finding


@dataclass
class StageOutput:
    rows: dict[str, list[BaseModel]] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)

    def add(self, table: str, record: BaseModel) -> None:
        self.rows.setdefault(table, []).append(record)


@dataclass(frozen=True)
class ParseStage:
    name: str
    tables: tuple[str, ...]
    extract: Callable[[ParsedDocument], StageOutput]
