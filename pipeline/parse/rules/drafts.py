"""A rule found on the page before ids and ordinals are assigned: what every extractor returns."""

from __future__ import annotations

from dataclasses import dataclass, field

from mwparserfromhell.nodes import Node

from carcdb.pipeline.parse.rules.tree import Enclosure
from carcdb.schemas.rules import ClaimState, RuleKind


@dataclass(frozen=True)
class HistoryDate:
    year: int
    month: int
    raw: str


@dataclass
class Draft:
    offset: int
    kind: RuleKind
    form: str
    template: str | None
    title: str | None
    text: str
    raw: str
    in_ref: bool = False
    anchor: Node | None = None  # the node this rule is (a block, FAQ, interaction template)
    enclosures: tuple[Enclosure, ...] = ()  # what encloses it: the parent is found there
    other_expansion: str | None = None
    other_expansion_links: list[str] = field(default_factory=list)
    history_date: HistoryDate | None = None
    claim_state: ClaimState = ClaimState.UNKNOWN  # the state its scoring claims default to
