"""The warehouse rows an engine configuration is generated from, read in a few scans.

`engine_config()` needs, for one page: its languages and titles, the tile lists and tiles of
its current revisions, and its scoring claims. Asking DuckDB for them page by page scans the
whole tables once per tile set, so checking every set of a warehouse grew with the square of
its size. `ConfigData` reads each table once (every page, or only the pages asked for), each
part on first use, and hands out the same rows, in the same order, the per-page queries gave.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import duckdb

from pipeline.configgen.claim_rates import Claim, read_claims_by_page
from schemas.engine_config import ConfigTile, ScoringValue, SourcedNumber
from warehouse.rows import execute
from warehouse.tiles import JsonMaps

# (title, revision_key, list_index): the tiles of one list of one revision.
ListKey = tuple[str, str, int]


@dataclass(frozen=True)
class ListRow:
    """One tile list of a page's current revision, as the configuration reads it."""

    list_index: int
    revision_key: str
    product: str | None
    edition: str | None
    declared_total: int | None
    section_total_list: int | None
    declares_section_total: bool


class ConfigData:
    """Current-revision pages, lists, tiles and claims; `pages` limits it to those base titles."""

    def __init__(self, conn: duckdb.DuckDBPyConnection, pages: Sequence[str] | None = None):
        self._conn = conn
        self._pages = None if pages is None else sorted(set(pages))
        self._maps = JsonMaps()  # tiles repeat a few feature maps many times
        # engine_config's (claim languages, scoring values, meeples) per (page, language),
        # filled by engine_config: the tile sets of one page share them (the bench warehouse
        # has 2,649 tile sets on 836 pages and languages). Lives as long as this data.
        self.page_scoring: dict[
            tuple[str, str | None], tuple[list[str], list[ScoringValue], SourcedNumber]
        ] = {}

    def _only_pages(self, alias: str) -> tuple[str, list[Any]]:
        """A SQL condition keeping the rows of the chosen base titles (pages `alias`)."""
        if self._pages is None:
            return "true", []
        marks = ", ".join("?" for _ in self._pages)
        return f"{alias}.base_title IN ({marks})", list(self._pages)

    @cached_property
    def _page_rows(self) -> list[tuple[str, str, str]]:
        """(title, base_title, language) of every stored page, by title."""
        rows = execute(self._conn, "SELECT title, base_title, language FROM pages ORDER BY title")
        return [(str(title), str(base), str(language)) for title, base, language in rows]

    @cached_property
    def base_titles(self) -> list[str]:
        """Every stored base title, sorted."""
        return sorted({base for _title, base, _language in self._page_rows})

    @cached_property
    def _titles(self) -> dict[str, list[tuple[str, str]]]:
        by_base: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for title, base, language in self._page_rows:
            by_base[base].append((language, title))
        return by_base

    def base_title(self, title: str) -> tuple[str, str]:
        """(base_title, language) of a stored page title."""
        return self._base_of[title]

    @cached_property
    def _base_of(self) -> dict[str, tuple[str, str]]:
        return {title: (base, language) for title, base, language in self._page_rows}

    def languages(self, page: str) -> list[str]:
        """The languages of `page` (a base title), sorted."""
        return sorted(language for language, _title in self._titles.get(page, []))

    def title(self, page: str, language: str) -> str:
        """The page title of `page` in `language` (the first by title if there were two)."""
        return next(t for lang, t in self._titles[page] if lang == language)

    @cached_property
    def _lists(self) -> dict[str, list[ListRow]]:
        where, params = self._only_pages("p")
        rows = execute(
            self._conn,
            "SELECT l.title, l.list_index, l.revision_key, l.product, l.edition, "
            "l.declared_total, l.section_total_list, l.declares_section_total "
            "FROM tile_lists l JOIN current_revisions c ON c.revision_key = l.revision_key "
            f"JOIN pages p ON p.title = l.title WHERE {where} ORDER BY l.title, l.list_index",
            params,
        )
        by_title: dict[str, list[ListRow]] = defaultdict(list)
        for row in rows:
            by_title[str(row[0])].append(
                ListRow(
                    list_index=int(row[1]),
                    revision_key=str(row[2]),
                    product=None if row[3] is None else str(row[3]),
                    edition=None if row[4] is None else str(row[4]),
                    declared_total=None if row[5] is None else int(row[5]),
                    section_total_list=None if row[6] is None else int(row[6]),
                    declares_section_total=bool(row[7]),
                )
            )
        return by_title

    def lists(self, title: str) -> list[ListRow]:
        """Every tile list of the current revision of `title`, by list index."""
        return self._lists.get(title, [])

    @cached_property
    def _editions(self) -> dict[str, list[str]]:
        """Editions of every stored revision's lists (an error message lists them)."""
        where, params = self._only_pages("p")
        rows = execute(
            self._conn,
            "SELECT DISTINCT l.title, l.edition FROM tile_lists l JOIN pages p "
            f"ON p.title = l.title WHERE l.edition IS NOT NULL AND {where} ORDER BY 1, 2",
            params,
        )
        by_title: dict[str, list[str]] = defaultdict(list)
        for title, edition in rows:
            by_title[str(title)].append(str(edition))
        return by_title

    def editions(self, title: str) -> list[str]:
        return self._editions.get(title, [])

    @cached_property
    def _tile_rows(self) -> dict[ListKey, list[tuple[Any, ...]]]:
        where, params = self._only_pages("p")
        rows = execute(
            self._conn,
            "SELECT t.title, t.revision_key, t.list_index, t.code, t.count, t.start_tile, "
            "t.special, t.features, t.illustrations, t.line, t.col, t.image "
            "FROM tiles t JOIN current_revisions c ON c.revision_key = t.revision_key "
            f"JOIN pages p ON p.title = t.title WHERE {where} "
            "ORDER BY t.title, t.list_index, t.entry_index",
            params,
        )
        by_list: dict[ListKey, list[tuple[Any, ...]]] = defaultdict(list)
        for row in rows:
            by_list[(str(row[0]), str(row[1]), int(row[2]))].append(row[3:])
        return by_list

    def entries(self, key: ListKey) -> int:
        """How many tile entries one list of one revision holds."""
        return len(self._tile_rows.get(key, []))

    def tile_codes(self, key: ListKey) -> list[str]:
        """The codes of one list of one revision, in page order (no tile is built)."""
        return [str(r[0]) for r in self._tile_rows.get(key, [])]

    def tiles(self, key: ListKey, codes: Collection[str] | None = None) -> list[ConfigTile]:
        """The tiles of one list of one revision (only those of `codes`), in page order."""
        _title, _revision, list_index = key
        # The model's validator on plain dicts: the same validation as `ConfigTile(...,
        # source=TileSource(...))`, without two Python __init__ calls per tile (77k tiles
        # on the bench warehouse).
        validate = ConfigTile.__pydantic_validator__.validate_python
        return [
            validate(
                {
                    "code": str(r[0]),
                    "count": int(r[1]),
                    "start_tile": bool(r[2]),
                    "special": bool(r[3]),
                    "features": self._maps.load(r[4]),
                    "illustrations": self._maps.load(r[5]),
                    "source": {
                        "list_index": list_index,
                        "line": int(r[6]),
                        "col": int(r[7]),
                        "image": r[8],
                    },
                }
            )
            for r in self._tile_rows.get(key, [])
            if codes is None or str(r[0]) in codes
        ]

    @cached_property
    def _claims(self) -> dict[str, list[Claim]]:
        return read_claims_by_page(self._conn, self._pages)

    def claims(self, page: str, languages: Sequence[str] | None = None) -> list[Claim]:
        """The scoring claims of `page`'s current revisions (optionally of some languages)."""
        claims = self._claims.get(page, [])
        if languages is None:
            return list(claims)
        return [claim for claim in claims if claim.language in languages]
