"""Tile distribution records: tile lists, tile entries, their features and illustration shares.

A page's `{{BeginTileList}} ... {{EndTileList}}` becomes a `TileList`; each `{{Tile}}` with a
`count` inside it becomes a `TileEntry`; its `config` gives `TileFeature`s (on every copy, with
multiplicity) and `TileIllustration`s (the parenthesised partition of the copies).
Every record keeps its `location` (page, language, revision, line:col, raw snippet).
Lists and entries are addressed within a revision by `list_index` / `entry_index` (0-based,
document order).
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from carcdb.schemas.base import Record, SourceLocation

# Structural features (the tile's shape or scoring) and illustrations (decoration that
# partitions the copies), as named by `{{Feature|name=...}}` on the wiki.
STRUCTURAL_FEATURES = frozenset(
    {
        "Monastery",
        "Village",
        "Crossroad",
        "Abbey",
        "Well",
        "InnerField",
        "OverpassingCityBridge",
        "TunnelRoad",
        "ContinuousRoad",
    }
)
ILLUSTRATION_FEATURES = frozenset(
    {"Garden", "Farmhouse", "Cowshed", "Pigsty", "DonkeyStable", "WaterTower", "Highwaymen", "None"}
)
KNOWN_EDITIONS = frozenset({"C1", "C2", "C3", "WE1", "WE2", "WE3"})


class FeatureKind(StrEnum):
    STRUCTURAL = "structural"
    ILLUSTRATION = "illustration"


class EditionSources(Record):
    """Every place a tile's (or list's) edition was read from; `None` where a source is silent."""

    image: str | None = None
    features: list[str] = Field(default_factory=list)
    heading: str | None = None


class TileList(Record):
    location: SourceLocation
    list_index: int = Field(ge=0)
    product: str | None
    edition: str | None
    section: str = Field(description="Heading path, outermost first, joined by ' > '")
    section_key: str = Field(description="Identifies the innermost section (offset:path)")
    declared_total: int | None = Field(default=None, ge=0, description="`tiles=N`")
    special: int | None = Field(default=None, ge=0, description="`special=N`: outside the pile")
    declares_section_total: bool = False
    section_total_list: int | None = Field(
        default=None, description="list_index of the empty list declaring this section's total"
    )
    entries: int = Field(ge=0)
    tile_count: int = Field(ge=0, description="Sum of the entries' counts")
    edition_sources: EditionSources


class TileEntry(Record):
    location: SourceLocation
    list_index: int = Field(ge=0)
    entry_index: int = Field(ge=0)
    image: str
    product: str | None
    edition: str | None
    code: str
    count: int = Field(ge=0)
    start_tile: bool = False
    footnote: bool = False
    special: bool = False
    recovered: bool = Field(default=False, description="Read by the tolerant pass (bad braces)")
    image_series: str | None = Field(
        default=None, description="Edition-like token of the image name (e.g. C2 in 20AE_..._C2_)"
    )
    edition_sources: EditionSources
    features: dict[str, int] = Field(default_factory=dict)
    illustrations: dict[str, int] = Field(default_factory=dict)


class TileFeature(Record):
    location: SourceLocation
    list_index: int = Field(ge=0)
    entry_index: int = Field(ge=0)
    code: str
    name: str
    kind: FeatureKind
    multiplicity: int = Field(ge=1)
    edition: str | None = None


class TileIllustration(Record):
    location: SourceLocation
    list_index: int = Field(ge=0)
    entry_index: int = Field(ge=0)
    code: str
    feature: str
    kind: FeatureKind
    copies: int = Field(ge=1)
    edition: str | None = None
