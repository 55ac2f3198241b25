"""The report's box-contents section: what each page's Contents sections say a box holds (the
`box_contents` records: item, count, per box or per player, the sentence and where it stands)
and the `contents.*` checks of those records against the tile lists, the rule modules'
supplies and the engine's reference sets. The data only: `contents.html.j2` draws it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import duckdb

from carcdb.schemas.contents import BoxContent
from carcdb.warehouse.records import box_contents

CHECK_PREFIX = "contents."


@dataclass(frozen=True)
class ContentsData:
    records: list[BoxContent]
    checks: list[dict[str, Any]]
    pages: int


def contents_data(
    conn: duckdb.DuckDBPyConnection, check_rows: list[dict[str, Any]]
) -> ContentsData:
    records = box_contents(conn)
    return ContentsData(
        records=records,
        checks=[r for r in check_rows if r["check_name"].startswith(CHECK_PREFIX)],
        pages=len({r.location.title for r in records}),
    )
