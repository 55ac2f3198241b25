"""The looks of the report's coloured marks: each illustration and chart series gets a colour
AND a pattern, so colour is never the only cue, and the page names every one in a key.

A key is drawn as an SVG `<pattern>` (defined once in the page's sprite, filled by its id);
the templates draw the pattern kinds. Illustrations are numbered in name order over the whole
warehouse: the i-th takes colour i mod 9 and pattern i mod 7 (9 and 7 share no factor, so 63
illustrations look different before a look repeats). `None` (no particular illustration) is
always plain grey.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

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
# Pattern kinds the templates draw over the colour (`macros.html.j2`, `pattern`).
PATTERNS = ("plain", "stripes", "dots", "grid", "backstripes", "rows", "columns")
NONE_NAME = "None"
NONE_COLOUR = "#d0d7de"


@dataclass(frozen=True)
class Key:
    id: str  # the SVG pattern's id
    name: str
    colour: str
    pattern: str  # one of PATTERNS

    @property
    def ink(self) -> str:
        """The pattern's marks: white on dark colours, dark on light ones."""
        red, green, blue = (int(self.colour[i : i + 2], 16) for i in (1, 3, 5))
        return "#ffffff" if 0.299 * red + 0.587 * green + 0.114 * blue < 150 else "#1f2328"

    @property
    def fill(self) -> str:
        return f"url(#{self.id})"


def _ident(prefix: str, name: str) -> str:
    return prefix + "".join(ch if ch.isalnum() else "-" for ch in name)


def illustration_keys(names: Iterable[str]) -> dict[str, Key]:
    """A key for each illustration name, in name order."""
    wanted = set(names)
    keys = {}
    if NONE_NAME in wanted:
        keys[NONE_NAME] = Key(_ident("ill-", NONE_NAME), NONE_NAME, NONE_COLOUR, "plain")
    for index, name in enumerate(sorted(wanted - {NONE_NAME})):
        keys[name] = Key(
            f"{_ident('ill-', name)}-{index}",
            name,
            PALETTE[index % len(PALETTE)],
            PATTERNS[index % len(PATTERNS)],
        )
    return dict(sorted(keys.items()))


def series_keys(prefix: str, series: Iterable[tuple[str, str, str]]) -> dict[str, Key]:
    """Keys of a chart's series: (name, colour, pattern) each."""
    return {
        name: Key(_ident(prefix, name), name, colour, pattern) for name, colour, pattern in series
    }
