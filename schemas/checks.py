"""Results of the checks that `carcdb check` runs over the warehouse."""

from __future__ import annotations

from enum import StrEnum

from schemas.base import Record


class CheckStatus(StrEnum):
    PASS = "pass"
    FAIL = "fail"
    SKIP = "skip"


class CheckResult(Record):
    """One check applied to one scope (a page, a tile list, an edition ...).

    `severity` says what a failure means: an `error` failure makes `carcdb check` exit 1,
    a `warning` failure is reported only. `evidence` is JSON text for the details.
    """

    check: str
    scope: str
    status: CheckStatus
    severity: str = "error"
    expected: str | None = None
    actual: str | None = None
    message: str = ""
    evidence: str = "{}"
