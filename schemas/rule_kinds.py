"""The kinds of rules records (`Rule.kind`): apart from `schemas.rules` so that the command
line can offer them (`carcdb rules --kind`) without building the record models."""

from __future__ import annotations

from enum import StrEnum


class RuleKind(StrEnum):
    PLACING_TILE = "placing_tile"  # RulesPlacingTile
    PLACING_MEEPLE = "placing_meeple"  # RulesPlacingMeeple
    SCORING = "scoring"  # RulesScoring (and its `finalscoring=` part)
    ACTION = "action"  # RulesAction
    SCORING_SUMMARY = "scoring_summary"  # list items of a scoring section outside blocks
    EXAMPLE = "example"  # an image caption with numbers inside a scoring rule or section
    CLARIFICATION = "clarification"  # IconBook: official clarification
    WIKI_NOTE = "wiki_note"  # IconWorld: wiki editors' note
    HOUSE_RULE = "house_rule"  # IconHouse, or an item of a house-rules section
    EDITION_DIFFERENCE = "edition_difference"  # IconArrow
    FAQ = "faq"
    EXPANSION_INTERACTION = "expansion_interaction"  # OtherExpansionRule
    HISTORY = "history"  # a dated entry after RulesHistoryHeading
