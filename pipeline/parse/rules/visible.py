"""What of rules wikitext shows as plain text: the templates, tags and links that are kept,
turned into text or dropped. Shared by the node renderer (`plaintext`) and the token
renderer (`tokenplain`), so both read the same lists.
"""

from __future__ import annotations

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


def link_target_name(name: str) -> str:
    """`PrincessDragonLink` -> `PrincessDragon`."""
    return name.removesuffix("Link")
