"""Records read from other tools' files: JCloisterZone tile definitions and tile sets.

Each keeps where it was read (file sha256, path, 1-based line and column, the raw element)
as parsed wiki records do; `carcdb import-shapes` stores them in the `jcz_*` tables.
"""

from __future__ import annotations

from pydantic import Field

from carcdb.schemas.base import Record
from carcdb.schemas.engine_config import TileGeometry


class FileLocation(Record):
    """Where in an imported file a record was read."""

    source_sha256: str
    path: str
    line: int = Field(ge=1)
    col: int = Field(ge=1)
    snippet: str = Field(description="The element's opening tag as written")


class JczTile(Record):
    """One `<tile id>` definition. `geometry` is None when the tile uses what carcdb's shape
    model cannot hold (`unsupported` says what: a river side, an inner field ...)."""

    tile_id: str
    geometry: TileGeometry | None
    unsupported: str | None
    ignored: list[str] = Field(description="Child elements not compared, e.g. garden, tower")
    location: FileLocation


class JczTileSet(Record):
    """One `<tile-set id>`, and the warehouse product and edition it is compared with
    (None when it was not mapped to one)."""

    set_id: str
    product: str | None
    edition: str | None
    location: FileLocation


class JczRef(Record):
    """One `<ref count tile>` of a tile set."""

    set_id: str
    tile_id: str
    count: int = Field(ge=0)
    location: FileLocation
