"""The "tiles" parse stage: tile lists of one revision -> records and findings.

As docs/tiles.md describes: a `Tile` without `count` is an illustration, not a distribution
entry; a list's edition comes from its heading, else from its Features, else from its image
names; every source is kept on the records and disagreements become findings.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from carcdb.pipeline.numbers import INT32_MAX
from carcdb.pipeline.parse.document import SNIPPET_LIMIT, ParsedDocument
from carcdb.pipeline.parse.stage import ParseStage, StageOutput
from carcdb.pipeline.parse.tiles.config import (
    ParsedConfig,
    count_problem,
    parse_config,
    parse_count,
)
from carcdb.pipeline.parse.tiles.identity import ImageIdentity, identify_image
from carcdb.pipeline.parse.tiles.lists import Problem, RawEntry, RawList, find_lists
from carcdb.pipeline.parse.values import without_comments
from carcdb.schemas.fastpath import Validator
from carcdb.schemas.findings import Severity
from carcdb.schemas.tiles import (
    KNOWN_EDITIONS,
    EditionSources,
    TileEntry,
    TileFeature,
    TileIllustration,
    TileList,
)

STAGE = "tiles"
TABLES = ("tile_lists", "tiles", "tile_features", "tile_illustrations")
# A list's records of one table are validated from their fields in one call (`fastpath`).
_BATCHES: dict[str, Validator[Any]] = {
    "tiles": Validator(TileEntry),
    "tile_features": Validator(TileFeature),
    "tile_illustrations": Validator(TileIllustration),
}


@dataclass
class _Entry:
    raw: RawEntry
    image: str
    identity: ImageIdentity | None
    count: int
    config: ParsedConfig
    feature_editions: list[str]  # `config.feature_editions()`, read twice per entry


class _Extractor:
    """One revision's tile records and findings, built list by list."""

    def __init__(self, doc: ParsedDocument) -> None:
        self.doc = doc
        self.out = StageOutput()
        self.pending: dict[str, list[dict[str, Any]]] = {}  # table -> fields of its records

    def add(self, table: str, fields: dict[str, Any]) -> None:
        batch = self.pending.get(table)  # not `setdefault(table, [])`: no list per call
        if batch is None:
            self.pending[table] = batch = []
        batch.append(fields)

    def validate_pending(self) -> None:
        for table, batch in self.pending.items():
            records: list[BaseModel] = _BATCHES[table].many(batch)
            self.out.rows.setdefault(table, []).extend(records)
        self.pending = {}

    def problem(self, code: str, severity: Severity, message: str, offset: int, raw: str) -> None:
        self.out.findings.append(
            self.doc.finding(STAGE, severity, code, message, offset=offset, snippet=raw)
        )

    def entry(self, raw: RawEntry) -> _Entry | None:
        """A distribution entry, or None (no count: an illustration; invalid: a finding)."""
        params = raw.params
        count_text = params.text("count")
        if count_text is None:
            return None
        count = parse_count(count_text)
        if count is None:
            self.problem(
                "tiles.invalid-count",
                Severity.ERROR,
                f"Tile count {count_text[:40]!r} {count_problem(count_text)} (entry skipped)",
                raw.offset,
                raw.raw,
            )
            return None
        image = params.text("image")
        if not image:
            self.problem(
                "tiles.missing-image",
                Severity.ERROR,
                "Tile without image= (entry skipped)",
                raw.offset,
                raw.raw,
            )
            return None
        identity = identify_image(image)
        if identity is None:
            self.problem(
                "tiles.unrecognised-image",
                Severity.WARNING,
                f"image {image!r} does not name product, edition and tile code; "
                "the list's product and the file name are used",
                raw.offset,
                raw.raw,
            )
        elif identity.product is None:
            self.problem(
                "tiles.unknown-product",
                Severity.WARNING,
                f"image product {identity.product_token!r} is not a known product",
                raw.offset,
                raw.raw,
            )
        config_code = params.raw("config")
        # The entry's text holds the config's: look inside the config only when it may matter.
        if config_code is not None and "<!--" in raw.raw and "<!--" in str(config_code):
            config_code = without_comments(config_code)
        config = parse_config(config_code, self.doc.text_of)
        for issue in config.problems:
            self.problem(issue.code, issue.severity, issue.message, raw.offset, issue.snippet)
        return _Entry(raw, image, identity, count, config, config.feature_editions())

    def list_total(self, raw: RawList, name: str) -> int | None:
        value = raw.params.text(name)
        if value is None:
            return None
        total = parse_count(value)
        if total is None:
            self.problem(
                "tiles.invalid-total",
                Severity.ERROR,
                f"BeginTileList {name}={value[:40]!r} {count_problem(value)} (ignored)",
                raw.offset,
                str(raw.begin),
            )
        return total

    def resolve_edition(
        self, raw: RawList, entries: list[_Entry]
    ) -> tuple[str | None, EditionSources]:
        features = Counter(e for entry in entries for e in entry.feature_editions)
        images = Counter(
            entry.identity.edition_token
            for entry in entries
            if entry.identity is not None and entry.identity.image_is_edition
        )
        feature_edition = _majority(features)
        image_edition = _majority(images)
        sources = EditionSources(
            image=image_edition,
            features=sorted(features),
            heading=raw.section.edition,
        )
        named = [e for e in (raw.section.edition, feature_edition, image_edition) if e]
        edition = named[0] if named else None
        if len(set(named)) > 1:
            self.problem(
                "tiles.edition-conflict",
                Severity.WARNING,
                f"list edition sources disagree: heading {raw.section.edition}, "
                f"features {feature_edition}, images {image_edition}; {edition} is used",
                raw.offset,
                str(raw.begin),
            )
        if edition is None and entries:
            self.problem(
                "tiles.edition-unknown",
                Severity.WARNING,
                "no heading, Feature or image names this list's edition",
                raw.offset,
                str(raw.begin),
            )
        if edition is not None and edition not in KNOWN_EDITIONS:
            self.problem(
                "tiles.unknown-edition-code",
                Severity.INFO,
                f"edition code {edition!r} is not one of {sorted(KNOWN_EDITIONS)}",
                raw.offset,
                str(raw.begin),
            )
        return edition, sources

    def resolve_product(self, raw: RawList, entries: list[_Entry]) -> str | None:
        products = Counter(
            entry.identity.product
            for entry in entries
            if entry.identity is not None and entry.identity.product
        )
        product = _majority(products)
        if len(products) > 1:
            self.problem(
                "tiles.product-conflict",
                Severity.WARNING,
                f"one list holds tiles of several products {dict(products)}; {product} is used",
                raw.offset,
                str(raw.begin),
            )
        return product

    def run(self) -> StageOutput:
        page = find_lists(self.doc)
        for problem in page.problems:
            self.add_problem(problem)
        list_rows: list[TileList] = []
        for list_index, raw in enumerate(page.lists):
            row = self.one_list(list_index, raw)
            if row is not None:
                list_rows.append(row)
        self.validate_pending()
        self.link_section_totals(list_rows)
        return self.out

    def add_problem(self, problem: Problem) -> None:
        self.problem(
            problem.code, problem.severity, problem.message, problem.offset, problem.snippet
        )

    def one_list(self, list_index: int, raw: RawList) -> TileList | None:
        """The list's record (None for a layout container: no counted tile, no total)."""
        entries = [e for e in (self.entry(item) for item in raw.entries) if e is not None]
        declared = self.list_total(raw, "tiles")
        special = self.list_total(raw, "special")
        edition, sources = self.resolve_edition(raw, entries)
        product = self.resolve_product(raw, entries)
        tile_count = sum(entry.count for entry in entries)
        if tile_count > INT32_MAX:
            self.problem(
                "tiles.total-out-of-range",
                Severity.ERROR,
                f"the list's tile counts add up to {tile_count:,}, beyond {INT32_MAX:,}, the "
                "largest total the warehouse stores (list skipped)",
                raw.offset,
                str(raw.begin),
            )
            return None
        if not entries and declared is None and special is None:
            self.problem(
                "tiles.layout-list",
                Severity.INFO,
                "BeginTileList with no counted Tile and no total (a layout container)",
                raw.offset,
                str(raw.begin),
            )
            return None
        for entry_index, entry in enumerate(entries):
            self.add_entry(
                list_index,
                entry_index,
                entry,
                product,
                edition,
                raw.section.edition,
                special is not None,
            )
        # Validated list by list, not page by page: a list's field dicts are freed before the
        # next list's are made (fewer live objects: fewer garbage collections).
        self.validate_pending()
        return TileList(
            location=self.doc.location(raw.offset, str(raw.begin)),
            list_index=list_index,
            product=product,
            edition=edition,
            section=" > ".join(raw.section.path),
            section_key=raw.section.key,
            declared_total=declared,
            special=special,
            declares_section_total=declared is not None and not _counted_as_written(raw),
            entries=len(entries),
            tile_count=tile_count,
            edition_sources=sources,
        )

    def add_entry(
        self,
        list_index: int,
        entry_index: int,
        entry: _Entry,
        list_product: str | None,
        list_edition: str | None,
        heading: str | None,
        special: bool,
    ) -> None:
        identity, config, raw = entry.identity, entry.config, entry.raw
        code = identity.code if identity else entry.image.rsplit(".", 1)[0]
        image_edition = identity.edition_token if identity else None
        feature_editions = entry.feature_editions
        if feature_editions and list_edition and feature_editions != [list_edition]:
            self.problem(
                "tiles.edition-conflict",
                Severity.WARNING,
                f"tile {code}: Feature edition {', '.join(feature_editions)} "
                f"but the list is {list_edition}",
                raw.offset,
                raw.raw,
            )
        if (
            identity is not None
            and identity.image_is_edition
            and list_edition
            and (image_edition != list_edition)
        ):
            self.problem(
                "tiles.edition-conflict",
                Severity.WARNING,
                f"tile {code}: image says {image_edition} but the list is {list_edition}",
                raw.offset,
                raw.raw,
            )
        # `doc.location(raw.offset, raw.raw)` as fields: validated with the entry, and shared
        # by its features (each with its own, untruncated snippet).
        where = self.doc.location_fields(raw.offset, raw.raw[:SNIPPET_LIMIT])
        self.add(
            "tiles",
            {
                "location": where,
                "list_index": list_index,
                "entry_index": entry_index,
                "image": entry.image,
                "product": (identity.product if identity and identity.product else list_product),
                "edition": list_edition,
                "code": code,
                "count": entry.count,
                "start_tile": config.start_tile,
                "footnote": config.footnote,
                "special": special,
                "recovered": raw.recovered,
                "image_series": image_edition,
                # Nested records as dicts: validated once, inside the entry's validation.
                "edition_sources": {
                    "image": image_edition,
                    "features": feature_editions,
                    "heading": heading,
                },
                "features": config.feature_counts(),
                "illustrations": config.illustration_counts(),
            },
        )
        keys = {"list_index": list_index, "entry_index": entry_index, "code": code}
        # A feature's name and number are `name`/`multiplicity`, an illustration's
        # `feature`/`copies`; each with its own snippet.
        for table, items, name, number in (
            ("tile_features", config.features, "name", "multiplicity"),
            ("tile_illustrations", config.illustrations, "feature", "copies"),
        ):
            for item in items:
                self.add(
                    table,
                    {
                        "location": {**where, "snippet": item.raw},
                        name: item.name,
                        "kind": item.kind,
                        number: item.number,
                        "edition": item.edition,
                        **keys,
                    },
                )

    def link_section_totals(self, rows: list[TileList]) -> None:
        """An empty list declaring `tiles=N` covers the lists after it in its section.

        The declaring list has no tiles of its own, so it takes the product of the first
        list it covers.
        """
        covered_by: dict[int, int] = {}
        declaring: TileList | None = None
        prefix: tuple[str, ...] = ()
        for row in rows:
            path = tuple(row.section.split(" > ")) if row.section else ()
            if row.declares_section_total:
                declaring, prefix = row, path
            elif declaring is not None and path[: len(prefix)] == prefix:
                covered_by[row.list_index] = declaring.list_index
            else:
                declaring = None
        products: dict[int, str | None] = {}
        by_index = {row.list_index: row for row in rows}
        for index, owner in covered_by.items():
            products.setdefault(owner, by_index[index].product)
        for row in rows:
            update: dict[str, object] = {}
            if row.list_index in covered_by:
                update["section_total_list"] = covered_by[row.list_index]
            if row.list_index in products and row.product is None:
                update["product"] = products[row.list_index]
            self.out.add("tile_lists", row.model_copy(update=update) if update else row)


def _counted_as_written(raw: RawList) -> bool:
    """Does the list hold a Tile with `count=` (valid or not)? Then its total is its own."""
    return any(entry.params.has("count") for entry in raw.entries)


def _majority(counter: Counter[str]) -> str | None:
    if not counter:
        return None
    ranked = counter.most_common()
    return ranked[0][0]


def extract(doc: ParsedDocument) -> StageOutput:
    """The page's tile records and findings (once per document: the contents stage reads the
    lists too)."""
    return doc.derived(STAGE, lambda: _Extractor(doc).run())


TILES_STAGE = ParseStage(name=STAGE, tables=TABLES, extract=extract)
