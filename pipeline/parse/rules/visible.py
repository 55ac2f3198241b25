"""What of rules wikitext shows as plain text: the templates, tags and links that are kept,
turned into text or dropped. The one definition both renderers use: `plaintext` renders the
node tree with these functions and hands them to the token renderer (`fast.tokenplain`,
which imports nothing of the domain) as `VISIBLE`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# Templates that are records of their own: their text never flows into the enclosing rule.
RECORD_TEMPLATES = (
    "RulesPlacingTile",
    "RulesPlacingMeeple",
    "RulesScoring",
    "RulesAction",
    "FAQ",
    "OtherExpansionRule",
)
ICON_TEMPLATES = ("IconBook", "IconWorld", "IconHouse", "IconArrow")
MEDIA_PREFIXES = ("file:", "image:", "category:", "media:", "fișier:", "datei:", "fichier:")
BLOCK_TAGS = {"div", "p", "table", "tr", "td", "th", "ul", "ol", "li", "center", "blockquote"}
DROPPED_TAGS = {"ref", "references", "gallery", "section", "math", "imagemap"}
STRIP_TEMPLATES = ("GreyStrip", "VariantStrip")  # headings inside blocks: their title shows
# Templates carrying a note's body (its text): `{{IconArrow}}{{LinkableNote|body=}}`.
NOTE_BODY_TEMPLATES = ("LinkableNote", "Note", "NoteText")
NOTE_BODY_PARAMS = ("body", "text", "1")
# The year template and its localised copies (`Year_nl`, `Year de`, `Year ro`, `Jahr`) show the
# year: a ruling date `(12/{{Year_nl|2014}})` reads as (12/2014).
YEAR_TEMPLATE = re.compile(r"(?:Year|Jahr|Année|Anno|Año|Jaar|Rok|An)(?:[ _][a-z]{2,3})?")
# Helpers of the scoring reference pages that show a unit word.
UNIT_TEXT_TEMPLATES = {"ScoringHelperTileOrSquareSpaceText": "tile"}


def link_target_name(name: str) -> str:
    """`PrincessDragonLink` -> `PrincessDragon`."""
    return name.removesuffix("Link")


def template_text(name: str, has_params: bool, param: Callable[[str], str | None]) -> str:
    """What a template named `name` (first letter upper case) shows: `param(key)` is the plain
    text of its parameter `key`, or None when the template has no such parameter."""
    if name in RECORD_TEMPLATES:
        return ""
    if name in ICON_TEMPLATES:  # the icon itself is the record's kind; `text=` is its text
        return param("text") or ""
    if name.startswith("Color") or name == "CircularBox" or YEAR_TEMPLATE.fullmatch(name):
        return param("1") or ""
    if name in NOTE_BODY_TEMPLATES:
        return next((text for key in NOTE_BODY_PARAMS if (text := param(key))), "")
    if name in UNIT_TEXT_TEMPLATES:
        return UNIT_TEXT_TEMPLATES[name]
    if name.endswith("Link"):
        text = param("text")
        return text if text is not None else link_target_name(name)
    if name.startswith("Text") and not has_params:  # {{TextC2}} -> "C2"
        return name.removeprefix("Text")
    if name in STRIP_TEMPLATES:
        return "\n" + (param("title") or "") + "\n"
    if name in ("Figure", "Tile", "Author"):
        return param("text") or param("name") or ""
    return ""


LIST_MARKUP = ("*", "#", "**", "##", "*#", "#*", "***")
INDENT_MARKUP = (":", ";", "::")


def tag_text(markup: str | None, tag: str, empty: bool, contents: Callable[[], str]) -> str:
    """What a tag shows: `markup` its wiki markup (`*`, `;`, None for an HTML tag), `tag` its
    name as written, `empty` for a self-closing or contentless tag, `contents()` the plain
    text of its contents."""
    if markup is not None and markup.strip() in LIST_MARKUP:
        return "\n* "
    if markup is not None and markup.strip() in INDENT_MARKUP:
        return "\n"
    name = tag.strip().lower()
    if name in DROPPED_TAGS:
        return ""
    if name in ("br", "hr"):
        return "\n"
    if empty:
        return ""
    inner = contents()
    return f"\n{inner}\n" if name in BLOCK_TAGS else inner


def wikilink_text(title: str, text: Callable[[], str] | None) -> str:
    """What a wiki link shows: `title` its target as written, `text()` the plain text of its
    shown text (None without one)."""
    title = title.strip()
    if title.lower().lstrip(":").startswith(MEDIA_PREFIXES):
        return ""
    if text is not None:
        return text()
    return title.lstrip(":").split("#")[-1] if title.startswith("#") else title.lstrip(":")
