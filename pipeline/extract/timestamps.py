"""Revision timestamps: ISO 8601 in UTC, as MediaWiki writes them, checked before storing.

MediaWiki's exports and API answers give `2024-05-01T12:00:00Z`. carcdb stores that form
only: `+00:00` is read as `Z`; any other offset, a date that does not exist, a fraction or
free text is refused (an `InputError`: exit 2 for a file, the revision refused for a live
answer).
"""

from __future__ import annotations

import re
from datetime import datetime

from carcdb.pipeline.errors import InputError

_FORM = re.compile(r"([0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2})(Z|\+00:00)")
_FIELDS = re.compile("[-T:]")
STORED_FORM = "%Y-%m-%dT%H:%M:%SZ"


def wiki_timestamp(value: str, *, origin: str, what: str = "timestamp") -> str:
    """`value` in the stored form, or `InputError` naming `what` and `origin`."""
    found = _FORM.fullmatch(value.strip())
    try:
        if found is None:
            raise ValueError
        year, month, day, hour, minute, second = map(int, _FIELDS.split(found.group(1)))
        moment = datetime(year, month, day, hour, minute, second)
    except ValueError:  # no such form, or no such day or time (2024-02-30, 25:00)
        raise InputError(
            f"{what} {value[:40]!r} is not an ISO 8601 UTC time such as 2024-05-01T12:00:00Z",
            path=origin,
            fix="export or fetch the page again; the file was altered",
        ) from None
    return (
        value if found.group(2) == "Z" and value == found.group(0) else moment.strftime(STORED_FORM)
    )
