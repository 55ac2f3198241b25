"""Rules records: turn-phase blocks, notes, FAQ, expansion interactions, history, scoring claims.

A `Rule` is one piece of rules text found on a page revision (a `RulesScoring` block, an
`IconBook` clarification, a FAQ entry, a house rule ...). `RuleDate` is a date attached to a
rule (a history entry's `04/2024`, a ruling's `(1/2013)`). `ScoringClaim` is one statement
"N points per unit of feature in state" read from a scoring rule's plain text.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from carcdb.schemas.base import Record, SourceLocation
from carcdb.schemas.rule_kinds import RuleKind as RuleKind  # (re-exported: its home was here)


class ClaimState(StrEnum):
    COMPLETED = "completed"
    INCOMPLETE = "incomplete"
    DURING_GAME = "during_game"
    END_GAME = "end_game"
    UNKNOWN = "unknown"


class Rule(Record):
    """One rules text of one revision, with where it sits on the page."""

    location: SourceLocation
    rule_id: str = Field(description="Stable id: revision key, line:col and kind")
    base_title: str
    section_path: list[str]
    ordinal: int = Field(ge=0, description="Position among the revision's rules, page order")
    kind: RuleKind
    form: str = Field(description="How it was written: named, positional, ref, text_param ...")
    template: str | None = Field(description="The template it came from, if any")
    rule_title: str | None = Field(description="The block or FAQ title, plain text")
    text: str = Field(description="Plain text: formatting gone, whitespace normalised")
    raw: str = Field(description="The raw wikitext of the rule")
    in_ref: bool = Field(description="Inside <ref>...</ref> (a footnote on the page)")
    parent_id: str | None = Field(description="The rule it is part of (block, interaction)")
    other_expansion: str | None = Field(
        description="The expansion an OtherExpansionRule targets, from its ...Link template"
    )
    other_expansion_links: list[str] = Field(description="The raw ...Link template names")
    ruling_dates: list[str] = Field(description="Dates as YYYY-MM, from (M/YYYY) or history")


class RuleDate(Record):
    """A dated mention attached to a rule: a history entry's date or a ruling date in text."""

    location: SourceLocation
    rule_id: str
    source: str = Field(description="history (RulesHistoryHeading entry) or ruling ((M/YYYY))")
    raw: str
    year: int = Field(ge=1990, le=2100)
    month: int = Field(ge=1, le=12)
    date: str = Field(pattern=r"^\d{4}-\d{2}$")


class CountMention(Record):
    """A number in a claim's sentence that is not the points, with the unit word after it."""

    number: int
    unit: str


class ScoringClaim(Record):
    """One "N points per unit of feature in state" statement, or a numeric one not understood.

    `unit` is `unknown` when the sentence pairs a number with points but no unit could be
    read (a worked example's total), `fixed` for a flat amount (per feature), `multiplier` for
    a bare `(x2)`. `points` is the magnitude written; `sign` says whether it is a penalty; a
    multiplier (`(x0) points / tile`) has `multiplier` set and `points` None. `points` is
    None otherwise only when a scoring sentence has numbers but no points phrase at all.
    """

    location: SourceLocation
    claim_id: str = Field(description="Stable: the rule id and the claim's index in it")
    rule_id: str
    base_title: str
    section_path: list[str]
    feature: str = Field(pattern=r"^[a-z_]+$")
    state: ClaimState
    unit: str = Field(pattern=r"^[a-z_]+$")
    points: int | None
    bonus: bool = Field(description="Written as an adjustment of another value: (+1), (-1)")
    sentence: str
    counts: list[CountMention] = Field(description="Other numbers in the sentence, with units")
    sign: int = Field(
        default=1, ge=-1, le=1, description="-1 for a penalty ((-1) point / tile), else 1"
    )
    multiplier: int | None = Field(
        default=None, ge=0, description="A factor the text applies: (x0), (x2), ×2"
    )
