"""Count checks on tile distributions (docs/tiles.md), over each page's current revision.

- declared totals: `tiles=N` (per list and per section) and `special=N` equal the counts;
- illustration partitions add up to each tile's count;
- exactly one start tile per base-game tile set;
- a product and edition have the same distributions in every language present (list by
  list, per page);
- base-game letters A..X have the reference counts (`pipeline/engine/shapes/base_game.json`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from functools import cache
from typing import Any, Protocol, TypeVar

import duckdb

from carcdb.pipeline.checks.inputs import CheckInputs
from carcdb.pipeline.engine.geometry import BASE_GAME, tile_set
from carcdb.pipeline.products import is_base
from carcdb.schemas.checks import CheckResult, outcome, skip
from carcdb.warehouse.pages import page_titles
from carcdb.warehouse.tiles import TileListRow, TileRow, current_lists

# Products whose lists of letters A..X are the base game's 72 tiles.


@cache
def reference_counts() -> dict[str, int]:
    """Base-game letter -> copies, from the base game's shape data (`pipeline.engine`)."""
    return tile_set(BASE_GAME).reference_counts()


class _ListedTile(Protocol):
    @property
    def title(self) -> str: ...
    @property
    def list_index(self) -> int: ...


Listed = TypeVar("Listed", bound=_ListedTile)


def tiles_by_list(tiles: Sequence[Listed]) -> dict[tuple[str, int], list[Listed]]:
    """(title, list index) -> the list's tile rows (`TileRow`s or `TileCode`s), in the order
    given."""
    grouped: dict[tuple[str, int], list[Listed]] = defaultdict(list)
    for tile in tiles:
        grouped[(tile.title, tile.list_index)].append(tile)
    return grouped


def check_declared_totals(conn: duckdb.DuckDBPyConnection) -> list[CheckResult]:
    """`tiles=` and `special=` of every list, and section totals, equal the sum of counts."""
    lists = current_lists(conn)
    # (title, declaring list) -> the lists counted in its section total, in list order:
    # grouped once, as scanning every list for each declaring list grew with the square.
    in_section: dict[tuple[str, int | None], list[TileListRow]] = defaultdict(list)
    for other in lists:
        in_section[(other.title, other.section_total_list)].append(other)
    results = []
    for row in lists:
        where = {"line": row.line, "col": row.col, "section": row.section}
        if row.declares_section_total:
            covered = in_section.get((row.title, row.list_index), [])
            actual = sum(other.tile_count for other in covered)
            parts = " + ".join(str(other.tile_count) for other in covered) or "nothing"
            results.append(
                outcome(
                    "tiles.section_total",
                    f"{row.title} section {row.section!r}",
                    actual == row.declared_total,
                    row.declared_total,
                    f"{actual} ({parts})",
                    "the lists of this section do not add up to its declared tiles=",
                    {**where, "lists": [other.list_index for other in covered]},
                )
            )
            continue
        for name, declared in (("tiles", row.declared_total), ("special", row.special)):
            if declared is None:
                continue
            results.append(
                outcome(
                    "tiles.declared_total",
                    f"{row.scope} {name}=",
                    declared == row.tile_count,
                    declared,
                    row.tile_count,
                    f"{name}={declared} but the counts add up to {row.tile_count}",
                    where,
                )
            )
    return results


def check_partitions(
    conn: duckdb.DuckDBPyConnection, inputs: CheckInputs | None = None
) -> list[CheckResult]:
    """Per list: every tile's illustration partition adds up to its count."""
    results = []
    for (title, list_index), tiles in tiles_by_list(CheckInputs.of(conn, inputs).tiles).items():
        partitioned = [tile for tile in tiles if tile.illustrations]
        bad = {
            tile.code: {"count": tile.count, "partition": sum(tile.illustrations.values())}
            for tile in partitioned
            if sum(tile.illustrations.values()) != tile.count
        }
        first = tiles[0]
        scope = f"{title} list {list_index} ({first.product} {first.edition})"
        results.append(
            outcome(
                "tiles.illustration_partition",
                scope,
                not bad,
                f"{len(partitioned)} partitioned tiles add up",
                f"{len(partitioned) - len(bad)} add up",
                "partition sums differ from tile counts: "
                + ", ".join(f"{code} {v['partition']}≠{v['count']}" for code, v in bad.items()),
                {"mismatches": bad},
            )
        )
    return results


def _base_sets(tiles: list[TileRow]) -> dict[tuple[str, int], list[TileRow]]:
    """Lists holding base-game letter tiles (A..X) of a base product, outside special lists."""
    letters = reference_counts()
    return {
        key: rows
        for key, rows in tiles_by_list(tiles).items()
        if is_base(rows[0].product or "")
        and not rows[0].special
        and any(row.code in letters for row in rows)
    }


def check_start_tiles(
    conn: duckdb.DuckDBPyConnection, inputs: CheckInputs | None = None
) -> list[CheckResult]:
    results = []
    for (title, list_index), rows in _base_sets(CheckInputs.of(conn, inputs).tiles).items():
        marked = [row.code for row in rows if row.start_tile]
        results.append(
            outcome(
                "tiles.start_tile",
                f"{title} list {list_index} ({rows[0].product} {rows[0].edition})",
                len(marked) == 1,
                "1 start tile",
                f"{len(marked)} ({', '.join(marked) or 'none'})",
                "a base-game tile set needs exactly one start tile",
                {"start_tiles": marked},
            )
        )
    return results


def check_reference_counts(
    conn: duckdb.DuckDBPyConnection, inputs: CheckInputs | None = None
) -> list[CheckResult]:
    reference = reference_counts()
    results = []
    for (title, list_index), rows in _base_sets(CheckInputs.of(conn, inputs).tiles).items():
        counts: dict[str, int] = defaultdict(int)
        for row in rows:
            if row.code in reference:
                counts[row.code] += row.count
        mismatches = {
            letter: {"expected": copies, "actual": counts.get(letter, 0)}
            for letter, copies in reference.items()
            if counts.get(letter, 0) != copies
        }
        results.append(
            outcome(
                "tiles.reference_counts",
                f"{title} list {list_index} ({rows[0].product} {rows[0].edition})",
                not mismatches,
                f"{sum(reference.values())} tiles, A..X as reference",
                f"{sum(counts.values())} tiles, {len(mismatches)} letters differ",
                "letters differ from the reference: "
                + ", ".join(
                    f"{k} {v['actual']}≠{v['expected']}" for k, v in sorted(mismatches.items())
                ),
                {"mismatches": mismatches},
            )
        )
    return results


# (base title, n-th list of this product and edition on the page) -> language -> code -> shapes
_ListsByLanguage = dict[tuple[str, int], dict[str, dict[str, list[dict[str, Any]]]]]


def _lists_by_language(
    conn: duckdb.DuckDBPyConnection, tiles: list[TileRow]
) -> dict[tuple[str, str], _ListsByLanguage]:
    """Every list, keyed by product and edition, then by page and list, then by language.

    A list is named by its base page and its rank among that page's lists of the same product
    and edition, so `Base game/ro` and `Base game/de` pair up list by list even when a page
    holds two lists of one edition (or a translation lacks an unrelated list).
    """
    base_titles = {title: base for title, base, _ in page_titles(conn)}
    grouped: dict[tuple[str, str], _ListsByLanguage] = defaultdict(dict)
    ranks: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for row in tiles:
        if row.product is None or row.edition is None:
            continue
        seen = ranks[(row.title, row.product, row.edition)]
        if row.list_index not in seen:
            seen.append(row.list_index)
        key = (base_titles.get(row.title, row.title), seen.index(row.list_index))
        by_language = grouped[(row.product, row.edition)].setdefault(key, {})
        by_language.setdefault(row.language, {}).setdefault(row.code, []).append(row.shape())
    return grouped


def _list_name(key: tuple[str, int]) -> str:
    return f"{key[0]} #{key[1] + 1}"


def check_languages(
    conn: duckdb.DuckDBPyConnection, inputs: CheckInputs | None = None
) -> list[CheckResult]:
    """Each product and edition has the same distributions in every language present.

    Lists are compared page by page and list by list (see `_lists_by_language`); a page
    present in only one language has nothing to be compared with.
    """
    results = []
    for (product, edition), lists in sorted(
        _lists_by_language(conn, CheckInputs.of(conn, inputs).tiles).items()
    ):
        scope = f"{product} {edition}"
        languages = sorted(
            {language for per_language in lists.values() for language in per_language}
        )
        if len(languages) < 2:
            results.append(
                skip(
                    "tiles.same_in_every_language",
                    scope,
                    f"only one language present ({', '.join(languages)})",
                    severity="warning",
                )
            )
            continue
        reference_language = "en" if "en" in languages else languages[0]
        pages_in = {
            language: {key[0] for key, per_language in lists.items() if language in per_language}
            for language in languages
        }
        differing: dict[str, list[str]] = {}
        differing_lists: dict[str, list[str]] = {}
        for language in languages:
            shared_pages = pages_in[language] & pages_in[reference_language]
            codes: set[str] = set()
            for key, per_language in sorted(lists.items()):
                if key[0] not in shared_pages:
                    continue
                reference = per_language.get(reference_language, {})
                tiles = per_language.get(language, {})
                diff = {c for c in set(reference) | set(tiles) if reference.get(c) != tiles.get(c)}
                if diff:
                    differing_lists.setdefault(language, []).append(_list_name(key))
                    codes |= diff
            if codes:
                differing[language] = sorted(codes)
        results.append(
            outcome(
                "tiles.same_in_every_language",
                scope,
                not differing,
                f"as in {reference_language}",
                "same" if not differing else f"{len(differing)} language(s) differ",
                "; ".join(
                    f"{lang}: tiles {', '.join(c)} ({', '.join(differing_lists[lang])})"
                    for lang, c in differing.items()
                ),
                {
                    "reference": reference_language,
                    "differing": differing,
                    "lists": differing_lists,
                },
                severity="warning",
            )
        )
    return results
