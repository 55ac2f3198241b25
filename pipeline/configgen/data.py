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
from functools import cached_property
from typing import Any

import duckdb

from carcdb.schemas.engine_config import ConfigTile, ScoringValue, SourcedNumber
from carcdb.schemas.fastpath import Validator
from carcdb.warehouse.claims import StoredClaim, claims_by_page
from carcdb.warehouse.pages import page_titles
from carcdb.warehouse.tiles import (
    EntryColumns,
    JsonMaps,
    ListKey,
    TileListRow,
    current_list_entries,
    current_lists,
    list_editions,
)

_CONFIG_TILE = Validator(ConfigTile)


class ConfigData:
    """Current-revision pages, lists, tiles and claims; `pages` limits it to those base titles."""

    def __init__(self, conn: duckdb.DuckDBPyConnection, pages: Sequence[str] | None = None):
        self._conn: duckdb.DuckDBPyConnection | None = conn
        self._pages = None if pages is None else sorted(set(pages))
        self._maps = JsonMaps()  # tiles repeat a few feature maps many times
        # engine_config's (claim languages, scoring values, meeples) per (page, language),
        # filled by engine_config: the tile sets of one page share them (a warehouse has a few
        # tile sets per page and language). Lives as long as this data.
        self.page_scoring: dict[
            tuple[str, str | None], tuple[list[str], list[ScoringValue], SourcedNumber]
        ] = {}
        # What engine_config derives from a page's lists, kept for the next configuration of
        # the same page (the checks ask for one per tile list: without it, each went through
        # every list of the page again, the square of the lists in all).
        self.memo: dict[tuple[str, ...], Any] = {}

    # The parts read from the warehouse; everything else is derived from them.
    _READ = ("_page_rows", "_lists", "_editions", "_tile_rows", "_claims")

    def detached(self) -> ConfigData:
        """A copy holding every part read, and no connection: for another process (it pickles).

        The caches `engine_config` fills start empty in the copy.
        """
        copy = ConfigData.__new__(ConfigData)
        copy.__dict__.update(
            _conn=None,
            _pages=self._pages,
            _maps=JsonMaps(),
            page_scoring={},
            memo={},
            **{part: getattr(self, part) for part in self._READ},
        )
        return copy

    def _read(self) -> duckdb.DuckDBPyConnection:
        if self._conn is None:  # every part was read before detaching: our bug
            raise RuntimeError("a detached ConfigData reads nothing from the warehouse")
        return self._conn

    @cached_property
    def _page_rows(self) -> list[tuple[str, str, str]]:
        """(title, base_title, language) of every stored page, by title."""
        return page_titles(self._read())

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
    def _lists(self) -> dict[str, list[TileListRow]]:
        by_title: dict[str, list[TileListRow]] = defaultdict(list)
        for row in current_lists(self._read(), self._pages):
            by_title[row.title].append(row)
        return by_title

    def lists(self, title: str) -> list[TileListRow]:
        """Every tile list of the current revision of `title`, by list index."""
        return self._lists.get(title, [])

    @cached_property
    def _editions(self) -> dict[str, list[str]]:
        """Editions of every stored revision's lists (an error message lists them)."""
        return list_editions(self._read(), self._pages)

    def editions(self, title: str) -> list[str]:
        return self._editions.get(title, [])

    @cached_property
    def _tile_rows(self) -> dict[ListKey, list[EntryColumns]]:
        return current_list_entries(self._read(), self._pages)

    def entries(self, key: ListKey) -> int:
        """How many tile entries one list of one revision holds."""
        return len(self._tile_rows.get(key, []))

    def tile_codes(self, key: ListKey) -> list[str]:
        """The codes of one list of one revision, in page order (no tile is built)."""
        return [str(r[0]) for r in self._tile_rows.get(key, [])]

    def tiles(self, key: ListKey, codes: Collection[str] | None = None) -> list[ConfigTile]:
        """The tiles of one list of one revision (only those of `codes`), in page order."""
        _title, _revision, list_index = key
        # Validated from plain dicts (`fastpath`): the same validation as `ConfigTile(...,
        # source=TileSource(...))`, for tens of thousands of tiles on a full warehouse.
        validate = _CONFIG_TILE.one
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
    def _claims(self) -> dict[str, list[StoredClaim]]:
        return claims_by_page(self._read(), self._pages)

    def claims(self, page: str, languages: Sequence[str] | None = None) -> list[StoredClaim]:
        """The scoring claims of `page`'s current revisions (optionally of some languages)."""
        claims = self._claims.get(page, [])
        if languages is None:
            return list(claims)
        return [claim for claim in claims if claim.language in languages]
