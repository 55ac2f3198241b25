"""How the warehouse keeps times: instants (TIMESTAMP WITH TIME ZONE), shown in UTC.

Every connection sets its time zone to `TIME_ZONE` (`warehouse.connection`), so DuckDB's
own text of a time (`2024-05-01 12:00:00+00`, as CSV and JSON lines exports write it) and
the Python values it gives are the same on every machine. `utc_text` is the ISO 8601 form
MediaWiki writes, for the outputs that hold times as text (SQLite, export manifests, the
report).
"""

from __future__ import annotations

TIME_ZONE = "UTC"
TIMESTAMP_TZ = "TIMESTAMP WITH TIME ZONE"  # DuckDB's name of the type, as its catalog gives it


def utc_text(value: str) -> str:
    """SQL for the TIMESTAMP WITH TIME ZONE `value` as ISO 8601 text in UTC,
    `2024-05-01T12:00:00Z` (a fraction of a second only when there is one), which SQLite's
    date functions and Python's `datetime.fromisoformat` read; NULL stays NULL."""
    utc = f"timezone('UTC', {value})"
    return (
        f"CASE WHEN microsecond({value}) % 1000000 = 0 "
        f"THEN strftime({utc}, '%Y-%m-%dT%H:%M:%SZ') "
        f"ELSE strftime({utc}, '%Y-%m-%dT%H:%M:%S.%fZ') END"
    )
