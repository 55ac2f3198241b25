"""Count checks on tile distributions (issue 3), over each page's current revision.

- declared totals: `tiles=N` (per list and per section) and `special=N` equal the counts;
- illustration partitions add up to each tile's count;
- exactly one start tile per base-game tile set;
- a product and edition have the same distribution in every language present;
- base-game letters A..X have the reference counts (`pipeline/reference/base-tiles.json`).
"""

from __future__ import annotations

import json
from collections import defaultdict
from functools import cache
from importlib import resources
from typing import Any

import duckdb

from schemas.checks import CheckResult, CheckStatus
from warehouse.tiles import TileRow, current_lists, current_tiles

# Products whose lists of letters A..X are the base game's 72 tiles.
BASE_PRODUCTS = frozenset({"Base Game", "20th Anniversary", "Winter Edition"})


@cache
def reference_counts() -> dict[str, int]:
    """Base-game letter -> copies, from the reference file shipped in the package."""
    text = resources.files("pipeline").joinpath("reference", "base-tiles.json").read_text("utf-8")
    tiles = json.loads(text)["tiles"]
    return {letter: int(shape["copies"]) for letter, shape in tiles.items()}


def _result(
    check: str,
    scope: str,
    ok: bool,
    expected: object,
    actual: object,
    message: str = "",
    evidence: dict[str, Any] | None = None,
    severity: str = "error",
) -> CheckResult:
    return CheckResult(
        check=check,
        scope=scope,
        status=CheckStatus.PASS if ok else CheckStatus.FAIL,
        severity=severity,
        expected=str(expected),
        actual=str(actual),
        message="" if ok else message,
        evidence=json.dumps(evidence or {}, ensure_ascii=False, sort_keys=True),
    )


def _tiles_by_list(tiles: list[TileRow]) -> dict[tuple[str, int], list[TileRow]]:
    grouped: dict[tuple[str, int], list[TileRow]] = defaultdict(list)
    for tile in tiles:
        grouped[(tile.title, tile.list_index)].append(tile)
    return grouped


def check_declared_totals(conn: duckdb.DuckDBPyConnection) -> list[CheckResult]:
    """`tiles=` and `special=` of every list, and section totals, equal the sum of counts."""
    lists = current_lists(conn)
    results = []
    for row in lists:
        where = {"line": row.line, "col": row.col, "section": row.section}
        if row.declares_section_total:
            covered = [
                other
                for other in lists
                if other.title == row.title and other.section_total_list == row.list_index
            ]
            actual = sum(other.tile_count for other in covered)
            parts = " + ".join(str(other.tile_count) for other in covered) or "nothing"
            results.append(
                _result(
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
                _result(
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


def check_partitions(conn: duckdb.DuckDBPyConnection) -> list[CheckResult]:
    """Per list: every tile's illustration partition adds up to its count."""
    results = []
    for (title, list_index), tiles in _tiles_by_list(current_tiles(conn)).items():
        partitioned = [tile for tile in tiles if tile.illustrations]
        bad = {
            tile.code: {"count": tile.count, "partition": sum(tile.illustrations.values())}
            for tile in partitioned
            if sum(tile.illustrations.values()) != tile.count
        }
        first = tiles[0]
        scope = f"{title} list {list_index} ({first.product} {first.edition})"
        results.append(
            _result(
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
        for key, rows in _tiles_by_list(tiles).items()
        if rows[0].product in BASE_PRODUCTS
        and not rows[0].special
        and any(row.code in letters for row in rows)
    }


def check_start_tiles(conn: duckdb.DuckDBPyConnection) -> list[CheckResult]:
    results = []
    for (title, list_index), rows in _base_sets(current_tiles(conn)).items():
        marked = [row.code for row in rows if row.start_tile]
        results.append(
            _result(
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


def check_reference_counts(conn: duckdb.DuckDBPyConnection) -> list[CheckResult]:
    reference = reference_counts()
    results = []
    for (title, list_index), rows in _base_sets(current_tiles(conn)).items():
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
            _result(
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


def check_languages(conn: duckdb.DuckDBPyConnection) -> list[CheckResult]:
    """Each product and edition has the same distribution in every language present."""
    shapes: dict[tuple[str, str], dict[str, dict[str, Any]]] = defaultdict(dict)
    for row in current_tiles(conn):
        if row.product is None or row.edition is None:
            continue
        per_language = shapes[(row.product, row.edition)].setdefault(row.language, {})
        per_language[row.code] = row.shape()
    results = []
    for (product, edition), languages in sorted(shapes.items()):
        scope = f"{product} {edition}"
        if len(languages) < 2:
            results.append(
                CheckResult(
                    check="tiles.same_in_every_language",
                    scope=scope,
                    status=CheckStatus.SKIP,
                    severity="warning",
                    message=f"only one language present ({', '.join(languages)})",
                )
            )
            continue
        reference_language = "en" if "en" in languages else sorted(languages)[0]
        reference = languages[reference_language]
        differing: dict[str, list[str]] = {}
        for language, tiles in sorted(languages.items()):
            codes = sorted(set(reference) | set(tiles))
            diff = [code for code in codes if reference.get(code) != tiles.get(code)]
            if diff:
                differing[language] = diff
        results.append(
            _result(
                "tiles.same_in_every_language",
                scope,
                not differing,
                f"as in {reference_language}",
                "same" if not differing else f"{len(differing)} language(s) differ",
                "; ".join(f"{lang}: tiles {', '.join(c)}" for lang, c in differing.items()),
                {"reference": reference_language, "differing": differing},
                severity="warning",
            )
        )
    return results
