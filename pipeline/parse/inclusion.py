"""A page as it shows itself: `<includeonly>`, `<noinclude>` and `<onlyinclude>` applied.

MediaWiki's preprocessor reads these three tags before anything else, and for a page viewed
as itself (not transcluded into another) it
- drops `<includeonly>...</includeonly>` with everything inside (an unclosed one runs to the
  end of the page), so a tile list inside it is not part of the page;
- drops the `<noinclude>` and `<onlyinclude>` tags themselves and keeps what they hold;
- leaves the tags alone inside comments and inside extension tags whose content is not
  wikitext (`<nowiki>`, `<pre>`, `<source>`, ...), and a stray `</includeonly>` as text.
The tag names are matched in any case, with attributes or self-closed (`<includeonly/>`).

`as_viewed` gives that text and where it removed characters, so the places a stage reports
(line and column) are still those of the stored wikitext (`ViewedLines`). A page without
these tags (nearly every page) costs one search and is returned as it is.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from carcdb.pipeline.parse.locate import LineIndex

_ANY = re.compile(r"(?i)include")
# Extension tags whose content MediaWiki does not preprocess (the common ones).
_RAW_TAGS = (
    "nowiki|pre|source|syntaxhighlight|math|chem|ce|score|timeline|graph|templatedata|hiero|"
    "gallery|imagemap|inputbox|categorytree|charinsert|poem|ref|references|indicator|"
    "mapframe|maplink"
)
_TOKEN = re.compile(
    r"(?i)<!--|<(/?)(noinclude|includeonly|onlyinclude)(?=[\s/>])[^>]*?(/?)>"
    rf"|<({_RAW_TAGS})(?=[\s/>])[^>]*?(/?)>"
)


@dataclass(frozen=True)
class ViewedText:
    text: str
    # (offset in `text`, characters removed before that offset, in all), ascending
    cuts: tuple[tuple[int, int], ...] = ()

    def original_offset(self, offset: int) -> int:
        """The offset in the stored wikitext of an offset of the viewed text."""
        index = bisect.bisect_right(self.cuts, (offset, float("inf"))) - 1
        return offset if index < 0 else offset + self.cuts[index][1]


class ViewedLines:
    """Line and column in the stored wikitext of an offset of the viewed text."""

    def __init__(self, original: str, viewed: ViewedText) -> None:
        self._lines = LineIndex(original)
        self._viewed = viewed

    def line_col(self, offset: int) -> tuple[int, int]:
        return self._lines.line_col(self._viewed.original_offset(offset))


def as_viewed(wikitext: str) -> ViewedText:
    """`wikitext` as the page viewed as itself shows it (see the module's docstring)."""
    if _ANY.search(wikitext) is None:
        return ViewedText(wikitext)
    kept: list[str] = []
    cuts: list[tuple[int, int]] = []
    length = removed = position = 0

    def keep(end: int) -> None:
        nonlocal length, position
        kept.append(wikitext[position:end])
        length += end - position
        position = end

    def drop(end: int) -> None:
        nonlocal removed, position
        removed += end - position
        position = end
        cuts.append((length, removed))

    while (found := _TOKEN.search(wikitext, position)) is not None:
        keep(found.start())
        if found.group(0) == "<!--":
            close = wikitext.find("-->", found.end())
            keep(len(wikitext) if close < 0 else close + 3)
        elif found.group(4):  # an extension tag: its content is not looked into
            closing = re.compile(rf"(?i)</{found.group(4)}\s*>").search(wikitext, found.end())
            keep(closing.end() if closing and not found.group(5) else found.end())
        elif found.group(2).lower() == "includeonly" and not found.group(1):
            if found.group(3):  # <includeonly/>: an empty element
                drop(found.end())
            else:
                closing = re.compile(r"(?i)</includeonly\s*>").search(wikitext, found.end())
                drop(closing.end() if closing else len(wikitext))
        elif found.group(2).lower() == "includeonly":  # a stray </includeonly>: text
            keep(found.end())
        else:  # <noinclude>, </noinclude>, <onlyinclude>, ...: the tag goes, its content stays
            drop(found.end())
    keep(len(wikitext))
    return ViewedText("".join(kept), tuple(cuts))
