"""The engine configuration document: a tile set, its geometry and scoring values, with sources.

`carcdb engine-config` writes one `EngineConfig` as JSON; engine authors read it. It is the
stable interface between the warehouse and any rules engine, so its shape is versioned
(`format_version`) and its JSON Schema is generated from these models and shipped as
`schemas/engine-config.schema.json` (a test keeps the two equal).

Every number carries where it came from: tile counts point at the tile-list entry (page,
language, revision, line:col), scoring values list the scoring-claim records that support
them, or say `default` when no record does.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer, model_validator

from carcdb.schemas.base import Record

ENGINE_CONFIG_FORMAT: Literal["carcdb-engine-config"] = "carcdb-engine-config"
ENGINE_CONFIG_VERSION: Literal[1] = 1

Side = Literal["N", "E", "S", "W"]
Half = Literal["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"]


class OmitsDefaults(Record):
    """A record whose `OPTIONAL` fields are left out of its dump while they hold their default.

    The expansion flags below were added after the base-game documents were published: a
    base-game tile dumps exactly as before (same bytes, same golden files), and a reader that
    does not know a flag reads a document without it as the default.
    """

    OPTIONAL: ClassVar[tuple[str, ...]] = ()  # fields left out of the dump at their default

    @model_serializer(mode="wrap")
    def _omit_defaults(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict):
            fields = type(self).model_fields
            for name in self.OPTIONAL:
                if name in data and data[name] == fields[name].get_default(
                    call_default_factory=True
                ):
                    del data[name]
        return data


Goods = Literal["wine", "grain", "cloth"]


class TileSource(Record):
    """The tile-list entry a tile type was read from."""

    list_index: int
    line: int
    col: int
    image: str


class ConfigTile(OmitsDefaults):
    """One tile type of the set: copies in the box and what the wiki says about them (a
    reference set's tile has no `source`: the set's `reference` says where it comes from)."""

    OPTIONAL: ClassVar[tuple[str, ...]] = ("source",)

    code: str
    count: int = Field(ge=0)
    start_tile: bool = Field(description="One copy of this type is the start tile.")
    special: bool = Field(description="Kept outside the draw pile (e.g. one per player).")
    features: dict[str, int] = Field(description="Features on every copy: name -> how many.")
    illustrations: dict[str, int] = Field(
        description="Per-copy illustrations: name -> copies showing it (None = plain copies)."
    )
    source: TileSource | None = None

    def entry(self) -> TileSource:
        """The tile-list entry it was read from (a reference set's tile has none)."""
        if self.source is None:
            raise ValueError(f"tile {self.code} is a reference set's: no tile-list entry")
        return self.source


class TileSetSource(Record):
    title: str
    language: str
    revision_key: str
    lists: list[int] = Field(description="list_index of every tile list the set was read from")


class ConfigTileSet(OmitsDefaults):
    """The tiles of one product and edition: a page's tile lists (`source`), or the engine's
    reference set of the box when no page is read (`reference`)."""

    OPTIONAL: ClassVar[tuple[str, ...]] = ("source", "reference")

    product: str
    edition: str
    codes_selected: list[str] | None = Field(
        description="The tile codes asked for (--codes), or null for every tile of the lists."
    )
    declared_total: int | None = Field(
        description="Sum of the lists' tiles=N, or null when a list is only partly selected."
    )
    draw_pile_total: int = Field(description="Copies of the non-special tiles.")
    special_total: int
    start_tile: str | None
    tiles: list[ConfigTile]
    source: TileSetSource | None = None
    reference: str | None = Field(
        default=None,
        description="Not read from the wiki: the engine's reference set of the box (where "
        "its counts come from).",
    )

    def page_source(self) -> TileSetSource:
        """The page the set was read from (a reference set has none)."""
        if self.source is None:
            raise ValueError(f"{self.product} {self.edition} is a reference set: no page")
        return self.source


class CityGeometry(OmitsDefaults):
    OPTIONAL: ClassVar[tuple[str, ...]] = ("bridge", "cathedral", "goods")

    sides: list[Side] = Field(min_length=1)
    coats_of_arms: int = Field(ge=0)
    bridge: bool = Field(
        default=False, description="The city crosses another segment on a bridge (no joint)."
    )
    cathedral: bool = Field(
        default=False, description="A cathedral in the city (Inns and Cathedrals)."
    )
    goods: Goods | None = Field(
        default=None, description="The goods token the city shows (Traders and Builders)."
    )


class RoadGeometry(OmitsDefaults):
    OPTIONAL: ClassVar[tuple[str, ...]] = ("tunnel", "inn")

    sides: list[Side] = Field(
        min_length=1,
        max_length=4,
        description="Sides the road touches, connected on the tile; three or four sides are "
        "one continuous road (it does not end at the junction).",
    )
    tunnel: bool = Field(
        default=False, description="The road passes under a city: its fields are not cut there."
    )
    inn: bool = Field(default=False, description="An inn by the road (Inns and Cathedrals).")


class RiverGeometry(Record):
    sides: list[Side] = Field(
        min_length=1,
        max_length=4,
        description="Sides the river touches, connected on the tile; one side: the river "
        "starts (spring) or ends (lake) on the tile; three: a fork.",
    )


class FieldGeometry(Record):
    halves: list[Half] = Field(
        description="Half-sides of the field; none for an inner field (`field:I`, `field:II`)."
    )
    borders_cities: list[int] = Field(description="Indexes into the tile's `cities`.")


class TileGeometry(OmitsDefaults):
    """One tile type at rotation 0, north up (sides N E S W; edges C city, R road, F field,
    W river; `AAAA` is the abbey, which fits any neighbour and closes the sides it touches).
    A river side, like a road side, has two field halves. `hill` and `vineyard` are the
    tile's, not a segment's (Hills and Sheep)."""

    OPTIONAL: ClassVar[tuple[str, ...]] = (
        "abbey",
        "garden",
        "well",
        "letter",
        "rivers",
        "spring",
        "lake",
        "hill",
        "vineyard",
    )

    edges: str = Field(pattern=r"^([CRFW]{4}|AAAA)$")
    monastery: bool
    cities: list[CityGeometry]
    roads: list[RoadGeometry]
    fields: list[FieldGeometry]
    abbey: bool = Field(default=False, description="An abbey tile: scored as a monastery.")
    garden: bool = Field(default=False, description="A garden (the abbot's feature).")
    well: bool = Field(default=False, description="A well on the tile (decoration).")
    letter: bool = Field(default=False, description="The Courier's letter symbol.")
    rivers: list[RiverGeometry] = Field(
        default_factory=list,
        description="River segments (The River): they cover exactly the `W` sides.",
    )
    spring: bool = Field(default=False, description="The river's spring (its start).")
    lake: bool = Field(default=False, description="A lake: the river ends on the tile.")
    hill: bool = Field(
        default=False,
        description="A hill (Hills and Sheep): a follower standing on the tile breaks ties.",
    )
    vineyard: bool = Field(
        default=False,
        description="A vineyard (Hills and Sheep): a completed monastery next to it scores more.",
    )


class ConfigGeometry(Record):
    product: str = Field(description="Whose shapes these are (Winter Edition uses Base Game's).")
    start_tile: str | None = Field(description="The engine's start tile code, null if no shapes.")
    tiles: dict[str, TileGeometry] = Field(description="Tile code -> shape, codes with a shape.")


class ClaimRef(Record):
    """A scoring-claim record (table `scoring_claims`) that states a value."""

    claim_id: str
    title: str
    language: str
    revision_key: str
    line: int
    col: int
    points: int


class Provenance(Record):
    status: Literal["claims", "default"] = Field(
        description="`claims`: records support the value; `default`: none do, built-in value."
    )
    page: str
    supporting: list[ClaimRef] = Field(description="Claims stating this value.")
    disagreeing: list[ClaimRef] = Field(description="Claims stating another value.")


class ScoringValue(Record):
    """Points per unit for one feature in one state (e.g. city, completed, coat_of_arms: 2)."""

    feature: Literal["road", "city", "monastery", "field"]
    state: Literal["completed", "incomplete", "end_game"] = Field(
        description="completed: scored when finished; incomplete: unfinished at game end; "
        "end_game: scored only at game end (fields)."
    )
    unit: Literal["tile", "coat_of_arms", "completed_city"] = Field(
        description="For a monastery, `tile` is each tile of its 3x3 square, itself included."
    )
    points: int = Field(ge=0)
    engine_key: str = Field(description="The RulesConfig field this value sets.")
    provenance: Provenance


class ModuleValue(Record):
    """A number of a rule module (Abbey and the Mayor's barn, mayor, supplies ...)."""

    module: str = Field(description="The rule module it belongs to: abbey, mayor, wagon, barn.")
    feature: str = Field(description="What it is about: barn, mayor, abbey, wagon.")
    state: str = Field(
        description="placed: a barn put on a field with farmers; joined: a farmers' field "
        "joined to a barn's; end_game: at the end; strength: a figure's strength; supply: "
        "figures (or abbey tiles) per player."
    )
    unit: str = Field(description="completed_city, fortress, coat_of_arms or per_player.")
    value: int = Field(ge=0)
    engine_key: str | None = Field(
        description="The RulesConfig field it sets; null when no tile the engine plays has "
        "the feature (a fortress): kept for the claim checks only."
    )
    provenance: Provenance


class SourcedNumber(Record):
    value: int = Field(ge=0)
    provenance: Provenance


class EngineConfig(OmitsDefaults):
    """Everything an engine needs to play one product and edition, as read from the warehouse.

    `rules_modules` and `module_values` are left out of a document that has none (every
    base game), so base-game documents are the same bytes as before they existed.
    """

    OPTIONAL: ClassVar[tuple[str, ...]] = ("rules_modules", "module_values")

    format: Literal["carcdb-engine-config"] = ENGINE_CONFIG_FORMAT
    format_version: Literal[1] = ENGINE_CONFIG_VERSION
    page: str
    claim_languages: list[str] = Field(description="Languages whose scoring claims were read.")
    tile_set: ConfigTileSet
    geometry: ConfigGeometry
    scoring: list[ScoringValue]
    meeples_per_player: SourcedNumber
    rules_modules: list[str] = Field(
        default_factory=list,
        description="The rule modules the product switches on besides the base game's.",
    )
    module_values: list[ModuleValue] = Field(
        default_factory=list, description="The numbers of those modules, with provenance."
    )

    @model_validator(mode="after")
    def _consistent(self) -> EngineConfig:
        keys = [(v.feature, v.state, v.unit) for v in self.scoring]
        if len(keys) != len(set(keys)):
            raise ValueError("scoring lists a (feature, state, unit) twice")
        codes = [tile.code for tile in self.tile_set.tiles]
        if len(codes) != len(set(codes)):
            raise ValueError("tile_set lists a tile code twice")
        return self
