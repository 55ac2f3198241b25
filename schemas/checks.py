"""Results of the checks that `carcdb check` runs over the warehouse, and their builders:
`outcome` (a pass or a failure) and `skip` (nothing to check, saying why)."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Any

from carcdb.schemas.base import Record


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


def outcome(
    check: str,
    scope: str,
    ok: bool,
    expected: object,
    actual: object,
    message: str = "",
    evidence: dict[str, Any] | None = None,
    severity: str = "error",
) -> CheckResult:
    """A pass or fail result; the message is kept only for a failure."""
    return CheckResult(
        check=check,
        scope=scope,
        status=CheckStatus.PASS if ok else CheckStatus.FAIL,
        severity=severity,
        expected=str(expected),
        actual=str(actual),
        message="" if ok else message,
        evidence=json.dumps(evidence or {}, ensure_ascii=False, sort_keys=True),
    )


def skip(
    check: str,
    scope: str,
    why: str,
    severity: str = "error",
    evidence: dict[str, Any] | None = None,
) -> CheckResult:
    """A skip result: the check could not be applied to `scope`, for the reason `why`."""
    return CheckResult(
        check=check,
        scope=scope,
        status=CheckStatus.SKIP,
        severity=severity,
        message=why,
        evidence=json.dumps(evidence or {}, ensure_ascii=False, sort_keys=True),
    )
