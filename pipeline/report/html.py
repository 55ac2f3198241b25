"""HTML building blocks of the report: escaped text, sortable tables, bar charts, the page.

Everything that comes from the warehouse passes through `esc` (text) or `attr` (attribute
values): a page title or snippet holding `<script>` shows as text. The page needs no server
and no network: its style sheet and script (`static/`) are inlined, charts are inline SVG.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

# A cell is plain text (escaped here), or `Raw` markup built by this package.


@dataclass(frozen=True)
class Raw:
    """Markup that is already safe (made from escaped parts)."""

    markup: str


Cell = str | int | float | bool | None | Raw


def esc(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else ""
    return html.escape(str(value), quote=True)


def attr(value: Any) -> str:
    """A double-quoted attribute value."""
    return '"' + html.escape("" if value is None else str(value), quote=True) + '"'


def cell(value: Cell) -> str:
    if isinstance(value, Raw):
        return value.markup
    return esc(value)


def _sort_key(value: Cell) -> str:
    """What a column sorts by: numbers numerically, the rest by text."""
    if isinstance(value, bool) or value is None or isinstance(value, Raw):
        return ""
    if isinstance(value, int | float):
        return f"{value}"
    return ""


def table(
    columns: Sequence[str],
    rows: Sequence[Sequence[Cell]],
    *,
    table_id: str | None = None,
    classes: str = "",
    row_attrs: Sequence[dict[str, Any]] | None = None,
    empty: str = "none",
) -> str:
    """A sortable, searchable table (the script sorts on a header click, numbers as numbers)."""
    if not rows:
        return f'<p class="empty">{esc(empty)}</p>'
    head = "".join(f'<th scope="col" tabindex="0">{esc(c)}</th>' for c in columns)
    body = []
    for index, row in enumerate(rows):
        extra = ""
        if row_attrs is not None:
            extra = "".join(f" {name}={attr(value)}" for name, value in row_attrs[index].items())
        cells = "".join(
            f"<td data-sort={attr(_sort_key(value))}>{cell(value)}</td>"
            if _sort_key(value)
            else f"<td>{cell(value)}</td>"
            for value in row
        )
        body.append(f"<tr{extra}>{cells}</tr>")
    ident = f" id={attr(table_id)}" if table_id else ""
    return (
        f'<table class="sortable searchable {esc(classes)}"{ident}>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


def bar_chart(
    title: str,
    bars: Sequence[tuple[str, Sequence[tuple[str, float]]]],
    *,
    chart_id: str,
    colours: dict[str, str],
    width: int = 640,
) -> str:
    """A horizontal stacked bar chart as inline SVG: one bar per label, one part per series."""
    if not bars:
        return f'<p class="empty">{esc(title)}: nothing to plot</p>'
    row_height, label_width, pad = 22, 230, 4
    top = 26
    height = top + row_height * len(bars) + 24
    most = max(sum(v for _, v in parts) for _, parts in bars) or 1
    scale = (width - label_width - 50) / most
    out = [
        f'<svg class="chart" id={attr(chart_id)} viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label={attr(title)}>',
        f'<text x="0" y="16" class="chart-title">{esc(title)}</text>',
    ]
    for index, (label, parts) in enumerate(bars):
        y = top + index * row_height
        shown = label if len(label) <= 34 else label[:33] + "…"
        out.append(
            f'<text x="{label_width - 8}" y="{y + 15}" text-anchor="end" class="chart-label">'
            f"<title>{esc(label)}</title>{esc(shown)}</text>"
        )
        x = float(label_width)
        for series, value in parts:
            if value <= 0:
                continue
            w = value * scale
            out.append(
                f'<rect x="{x:.1f}" y="{y + pad}" width="{w:.1f}" height="{row_height - 2 * pad}" '
                f"fill={attr(colours.get(series, '#888'))} data-series={attr(series)}>"
                f"<title>{esc(label)}: {esc(series)} {value:g}</title></rect>"
            )
            x += w
        total = sum(v for _, v in parts)
        out.append(f'<text x="{x + 6:.1f}" y="{y + 15}" class="chart-value">{total:g}</text>')
    legend_x = label_width
    for series, colour in colours.items():
        out.append(
            f'<rect x="{legend_x}" y="{height - 16}" width="10" height="10" fill={attr(colour)}/>'
            f'<text x="{legend_x + 14}" y="{height - 7}" class="chart-label">{esc(series)}</text>'
        )
        legend_x += 24 + 8 * len(series)
    out.append("</svg>")
    return "".join(out)


def _static(name: str) -> str:
    return resources.files("pipeline.report").joinpath("static", name).read_text("utf-8")


def page(title: str, nav: Sequence[tuple[str, str]], body: str, data: dict[str, Any]) -> str:
    """The whole document. `data` is embedded as JSON for the script (and for tests)."""
    links = "".join(f'<a href="#{esc(anchor)}">{esc(text)}</a>' for anchor, text in nav)
    # `</` inside JSON in a <script> would end it: escape the slash.
    payload = json.dumps(data, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">"
        f"<title>{esc(title)}</title><style>{_static('report.css')}</style></head>"
        f"<body><header><h1>{esc(title)}</h1><nav>{links}</nav>"
        '<label class="search">Search <input id="search" type="search" '
        'placeholder="filter every table: page, code, finding…" autocomplete="off"></label>'
        '<span id="search-count" aria-live="polite"></span></header>'
        f"<main>{body}</main>"
        f'<script type="application/json" id="report-data">{payload}</script>'
        f"<script>{_static('report.js')}</script></body></html>\n"
    )
