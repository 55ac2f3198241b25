"""The report's tile sections: every product, edition and language's distribution drawn tile
by tile (count, features, illustration partition), and the differences between editions."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import duckdb

from pipeline.configgen.generate import geometry_product
from pipeline.draw.tile_svg import tile_symbol, tile_use
from pipeline.engine.config_file import builtin_tile_geometry
from pipeline.engine.geometry import resolved
from pipeline.report.html import Raw, attr, esc, table
from warehouse.tiles import TileListRow, TileRow, current_lists, current_tiles, tile_differences

PALETTE = (
    "#4e79a7",
    "#f28e2b",
    "#59a14f",
    "#e15759",
    "#76b7b2",
    "#edc948",
    "#b07aa1",
    "#ff9da7",
    "#9c755f",
)
NONE_COLOUR = "#d0d7de"


@dataclass
class Symbols:
    """The tile drawings a page uses, each defined once as an SVG symbol."""

    defined: dict[str, str] = field(default_factory=dict)

    def use(self, product: str | None, code: str) -> str:
        """An inline drawing of the code's shape, or a placeholder when it has none."""
        # The shape's owner: a product's own (Abbey and the Mayor), or the base game's tile it
        # reuses (the Winter Edition's and the 20th Anniversary's letters): drawn once.
        shapes = resolved()
        found = shapes.get((product or "", code)) or shapes.get(
            (geometry_product(product or ""), code)
        )
        label = f"{product}/{code}"
        if found is None:
            return (
                f'<svg class="tile-drawing no-shape" viewBox="0 0 104 104" width="64" '
                f'height="64" role="img" aria-label={attr(label + ": no shape data")}>'
                '<rect x="2" y="2" width="100" height="100" fill="#eef0f2" stroke="#9aa4ae" '
                'stroke-dasharray="6 4"/><text x="52" y="62" text-anchor="middle" '
                'font-size="30" fill="#6e7781">?</text></svg>'
            )
        _shape, owner, owner_code = found
        symbol_id = "shape-" + "".join(
            ch if ch.isalnum() else "-" for ch in f"{owner}-{owner_code}"
        )
        if symbol_id not in self.defined:
            self.defined[symbol_id] = tile_symbol(
                builtin_tile_geometry(owner, owner_code), symbol_id, f"{owner}/{owner_code}"
            )
        return tile_use(symbol_id, label)

    def sprite(self) -> str:
        return (
            '<svg width="0" height="0" style="position:absolute" aria-hidden="true">'
            + "".join(self.defined[key] for key in sorted(self.defined))
            + "</svg>"
        )


def colour(name: str) -> str:
    if name == "None":
        return NONE_COLOUR
    return PALETTE[hashlib.sha256(name.encode()).digest()[0] % len(PALETTE)]


def _partition(row: TileRow) -> str:
    if not row.illustrations:
        return ""
    total = sum(row.illustrations.values()) or 1
    parts = "".join(
        f'<span style="width:{100 * n / total:.1f}%;background:{colour(name)}" '
        f"title={attr(f'{name}: {n} of {row.count}')}></span>"
        for name, n in row.illustrations.items()
    )
    words = ", ".join(f"{name} {n}" for name, n in row.illustrations.items())
    return (
        f'<div class="partition" title={attr(words)}>{parts}</div>'
        f'<div class="feat">{esc(words)}</div>'
    )


def _card(row: TileRow, symbols: Symbols) -> str:
    features = ", ".join(name if n == 1 else f"{name}×{n}" for name, n in row.features.items())
    marks = " ".join(
        mark
        for mark, on in (("start", row.start_tile), ("*", row.footnote), ("special", row.special))
        if on
    )
    search = f"{row.product} {row.edition} {row.language} {row.title} {features} " + " ".join(
        row.illustrations
    )
    return (
        f'<div class="tile-card" data-code={attr(row.code)} data-count="{row.count}" '
        f"data-search={attr(search)}>"
        f'<span class="count" title="copies">{row.count}</span>'
        f'<span class="code">{esc(row.code)}</span> <small>{esc(marks)}</small>'
        f"{symbols.use(row.product, row.code)}"
        f'<div class="feat">{esc(features)}</div>{_partition(row)}</div>'
    )


GroupKey = tuple[str, str, str, str]  # product, edition, language, title


def _groups(rows: list[TileRow]) -> dict[GroupKey, list[TileRow]]:
    groups: dict[GroupKey, list[TileRow]] = defaultdict(list)
    for row in rows:
        key = (row.product or "(unidentified)", row.edition or "?", row.language, row.title)
        groups[key].append(row)
    return dict(sorted(groups.items()))


def tiles_section(
    conn: duckdb.DuckDBPyConnection, symbols: Symbols
) -> tuple[str, list[dict[str, Any]]]:
    """The distributions, and per edition block the numbers the page shows (for tests)."""
    rows = current_tiles(conn)
    lists: dict[tuple[str, int], TileListRow] = {
        (r.title, r.list_index): r for r in current_lists(conn)
    }
    blocks: list[str] = []
    facts: list[dict[str, Any]] = []
    for number, ((product, edition, language, title), group) in enumerate(_groups(rows).items()):
        pile = sum(r.count for r in group if not r.special)
        special = sum(r.count for r in group if r.special)
        indexes = sorted({r.list_index for r in group})
        declared = [lists[(title, i)].declared_total for i in indexes if (title, i) in lists]
        declared_text = "+".join(str(d) for d in declared if d is not None) or "none"
        facts.append(
            {
                "product": product,
                "edition": edition,
                "language": language,
                "title": title,
                "tiles": pile,
                "special": special,
                "entries": len(group),
                "anchor": f"edition-{number}",
            }
        )
        chosen = [lists[(title, i)] for i in indexes if (title, i) in lists]
        list_rows = [
            (r.list_index, r.section, r.declared_total, r.tile_count, r.line) for r in chosen
        ]
        blocks.append(
            f'<details class="edition" open id="edition-{number}" data-product={attr(product)} '
            f"data-edition={attr(edition)} data-language={attr(language)} "
            f'data-title={attr(title)} data-tiles="{pile}" data-special="{special}">'
            f"<summary>{esc(product)} · {esc(edition)} · {esc(language)} "
            f'<span class="meta">— <b class="total">{pile}</b> tiles'
            f"{f' + {special} special' if special else ''} in {len(group)} types · "
            f"declared {esc(declared_text)} · {esc(title)}</span></summary>"
            f'<div class="tiles-grid">{"".join(_card(r, symbols) for r in group)}</div>'
            + table(["list", "section", "declared tiles=", "counted", "line"], list_rows)
            + "</details>"
        )
    legend = (
        '<p class="legend">Each card: code, copies in the box, the shape (from carcdb\'s shape '
        "data; ? where it has none), features on every copy, and the split of the copies by "
        "illustration. <i>start</i>: the start tile; <i>*</i>: a footnote; <i>special</i>: "
        "outside the draw pile.</p>"
    )
    overview = table(
        ["product", "edition", "language", "tiles", "special", "types", "page"],
        [
            (
                Raw(f'<a href="#{f["anchor"]}">{esc(f["product"])}</a>'),
                f["edition"],
                f["language"],
                f["tiles"],
                f["special"],
                f["entries"],
                f["title"],
            )
            for f in facts
        ],
        table_id="edition-totals",
    )
    return overview + legend + "".join(blocks), facts


def diffs_section(conn: duckdb.DuckDBPyConnection) -> str:
    """Tile-level differences between consecutive editions of each page's product."""
    by_product: dict[tuple[str, str], dict[str, list[TileRow]]] = defaultdict(
        lambda: defaultdict(list)
    )
    for row in current_tiles(conn):
        if row.product and row.edition and not row.special:
            by_product[(row.title, row.product)][row.edition].append(row)
    out = []
    for (title, product), editions in sorted(by_product.items()):
        names = sorted(editions)
        for left, right in pairwise(names):
            differences = tile_differences(editions[left], editions[right])
            codes = sorted({d.code for d in differences})
            out.append(
                f"<h3>{esc(title)}: {esc(product)} {esc(left)} → {esc(right)}</h3>"
                f"<p>{len(codes)} tile type(s) differ"
                f"{': ' + esc(', '.join(codes)) if codes else ''} "
                f"({sum(r.count for r in editions[left])} vs "
                f"{sum(r.count for r in editions[right])} tiles)</p>"
                + table(
                    ["code", "what", left, right],
                    [(d.code, d.field, str(d.left), str(d.right)) for d in differences],
                    empty="identical",
                )
            )
    return "".join(out) or '<p class="empty">no page lists two editions of a product</p>'
