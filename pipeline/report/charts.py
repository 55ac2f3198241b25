"""The report's bar charts laid out: one horizontal stacked bar per label, one part per
series, with the total at the bar's end and a key (colour and pattern) under the bars.

Only the geometry is computed here; `macros.html.j2` (`bar_chart`) draws it as inline SVG.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from carcdb.pipeline.report.keys import Key

ROW_HEIGHT, LABEL_WIDTH, PAD, TOP = 22, 230, 4, 26
LABEL_CHARACTERS = 34


@dataclass(frozen=True)
class Part:
    x: float
    width: float
    key: Key
    value: float


@dataclass(frozen=True)
class Bar:
    label: str
    shown: str  # the label, cut to fit
    y: int
    parts: list[Part]
    total: float
    end: float  # where the total is written


@dataclass(frozen=True)
class KeyEntry:
    x: int
    key: Key


@dataclass(frozen=True)
class Chart:
    id: str
    title: str
    width: int
    height: int
    bars: list[Bar]
    legend: list[KeyEntry]
    label_width: int = LABEL_WIDTH
    row_height: int = ROW_HEIGHT
    pad: int = PAD


def bar_chart(
    title: str,
    bars: Sequence[tuple[str, Sequence[tuple[str, float]]]],
    *,
    chart_id: str,
    keys: dict[str, Key],
    width: int = 640,
) -> Chart | None:
    """The chart of `bars` (label, [(series, value)]), None when there is nothing to plot."""
    if not bars:
        return None
    height = TOP + ROW_HEIGHT * len(bars) + 24
    most = max(sum(v for _, v in parts) for _, parts in bars) or 1
    scale = (width - LABEL_WIDTH - 50) / most
    laid = []
    for index, (label, values) in enumerate(bars):
        x = float(LABEL_WIDTH)
        parts = []
        for series, value in values:
            if value <= 0:
                continue
            parts.append(Part(x, value * scale, keys[series], value))
            x += value * scale
        shown = label if len(label) <= LABEL_CHARACTERS else label[: LABEL_CHARACTERS - 1] + "…"
        laid.append(
            Bar(label, shown, TOP + index * ROW_HEIGHT, parts, sum(v for _, v in values), x)
        )
    legend, x = [], LABEL_WIDTH
    for key in keys.values():
        legend.append(KeyEntry(x, key))
        x += 30 + 8 * len(key.name)
    return Chart(chart_id, title, width, height, laid, legend)
