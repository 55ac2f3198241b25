"""Data-quality findings: bad wiki data is stored and reported, and the run goes on."""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from carcdb.schemas.base import Record


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class Finding(Record):
    """One problem found in the wiki data, with the place it was found.

    `stage` names what found it (`import`, `tiles`, `rules`, ...) so a re-parse of one stage
    replaces only that stage's findings.
    """

    severity: Severity
    code: str = Field(pattern=r"^[a-z0-9_.-]+$")
    message: str
    stage: str
    title: str | None = None
    language: str | None = None
    revision_key: str | None = None
    line: int | None = Field(default=None, ge=1)
    col: int | None = Field(default=None, ge=1)
    snippet: str | None = None
