"""The strict record base class and the source location every parsed value carries."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Record(BaseModel):
    """Base of every record: immutable, and unknown fields are an error, not a silent drop."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class SourceLocation(Record):
    """Where a parsed value came from: revision, 1-based line and column (`col`), raw text."""

    title: str
    language: str
    revision_key: str
    line: int = Field(ge=1)
    col: int = Field(ge=1)
    snippet: str = Field(description="The raw wikitext the value was read from")
