"""Draw-pile counts: the rules configuration, else the warehouse's tile list, else the reference.

The warehouse view `tile_distribution(title, product, edition, language, code, count, ...)`
is built by the tile-list stage. Several pages (languages, titles) may describe the same
product and edition; one source page is taken (English first, then by title and language),
because adding them up would count the same box twice. When the warehouse file or the view
is missing, or holds no row for the product, the reference counts are used with a notice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from carcdb.pipeline.engine.geometry import TileSet
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.warehouse.connection import read_only
from carcdb.warehouse.tiles import draw_pile_rows


@dataclass(frozen=True)
class DrawPile:
    counts: dict[str, int]
    source: str  # where the counts came from, in words
    notices: tuple[str, ...] = ()
    # Code -> its copies' illustrations on the source page (a game that tells copies apart
    # splits the counts by them: `TileSet.split_counts`); empty: not stated.
    illustrations: dict[str, dict[str, int]] = field(default_factory=dict)


def draw_pile(tiles: TileSet, config: RulesConfig, db: Path, edition: str = "C3") -> DrawPile:
    if config.draw_pile is not None:
        return DrawPile(dict(config.draw_pile), "rules configuration")
    reference = DrawPile(tiles.reference_counts(), "reference counts (the engine's shape data)")
    if not db.exists():
        return _with_notice(reference, f"no warehouse at {db}")
    with read_only(db) as conn:  # refuses a warehouse without the tile tables
        rows = draw_pile_rows(conn, tiles.product, edition)
    if not rows:
        return _with_notice(reference, f"{db} lists no {tiles.product} {edition} tiles")
    title, language = rows[0][0], rows[0][1]
    counts: dict[str, int] = {}
    illustrations: dict[str, dict[str, int]] = {}
    for row_title, row_language, code, count, shown in rows:
        if (row_title, row_language) == (title, language):
            counts[code] = counts.get(code, 0) + count
            add_illustrations(illustrations.setdefault(code, {}), shown)
    counts, unknown = _known(tiles, counts)
    notices = [f"{tiles.product} {edition} counts from page {title!r} ({language}) in {db}"]
    if unknown:
        notices.append(f"ignored codes with no tile shape: {', '.join(sorted(unknown))}")
    shown_by_code = {code: found for code, found in illustrations.items() if found}
    return DrawPile(counts, f"warehouse {db}", tuple(notices), shown_by_code)


def add_illustrations(total: dict[str, int], shown: dict[str, int]) -> None:
    """Add one list entry's per-copy illustrations to a code's `total`."""
    for name, copies in shown.items():
        total[name] = total.get(name, 0) + copies


def _known(tiles: TileSet, counts: dict[str, int]) -> tuple[dict[str, int], list[str]]:
    unknown = [code for code in counts if code not in tiles.shapes]
    return {c: n for c, n in counts.items() if c in tiles.shapes}, unknown


def _with_notice(pile: DrawPile, why: str) -> DrawPile:
    return DrawPile(pile.counts, pile.source, (f"{why}: using the reference counts",))
