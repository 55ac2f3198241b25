"""Scoring reference pages: their table rows and `ScoringRow` templates as scoring rules.

The wiki's reference pages ("Carcassonne Scoring During the Game", "... After the Game", their
translations and the `ScoringGroup*` templates) write one row per feature: a label cell
(`class="scoringTile"`, `scoringFeature`, `scoringMeeple`) and a rules cell
(`class="scoringCore"` ...) in the compact notation (`'''1''' point / tile`):

    | class="scoringTile" | '''Road''' (...) || class="scoringCore" | '''1''' point / tile
    <ul><li>...</li></ul>

Rows are read line by line from the raw wikitext, so a row is read the same in a whole page
and in a fragment of one. Each row is a `scoring` rule titled by its label; its text runs to
the next row or table line. `{{ScoringRow|description=...|rules=...}}` is read by its
parameters. The phase comes from the page's base title (the wiki's titles are English in
every language): "During the Game" or "After the Game".
"""

from __future__ import annotations

import re

from mwparserfromhell.nodes import Template

from carcdb.pipeline.parse.document import ParsedDocument
from carcdb.pipeline.parse.rules.blocks import STAGE
from carcdb.pipeline.parse.rules.drafts import Draft
from carcdb.pipeline.parse.rules.plaintext import plain_text
from carcdb.pipeline.parse.rules.tree import Site
from carcdb.schemas.findings import Finding
from carcdb.schemas.rules import ClaimState, RuleKind

ROW_MARK = re.compile(r'class\s*=\s*"[^"]*\bscoring(?:Tile|Feature|Meeple|Core)\b')
ROW_START = re.compile(r"^\s*\|(?![-}+])", re.MULTILINE)  # a cell line, not |- |} |+
ROW_END = re.compile(r"^\s*(?:\|[-}+]?|!|\{\|)", re.MULTILINE)
CELL_ATTRIBUTES = re.compile(r"^[^|\[\]{}]*=[^|\[\]{}]*\|(?!\|)")  # `width="50%" class=".." |`
TITLE_PHASES = (
    ("after the game", ClaimState.END_GAME),
    ("final scoring", ClaimState.END_GAME),
    ("during the game", ClaimState.DURING_GAME),
)
ROW_TEMPLATE = "ScoringRow"


def title_phase(title: str) -> ClaimState:
    """The phase a reference page's title names (`COMPLETED`, a block's default, otherwise)."""
    lowered = title.lower()
    return next((state for words, state in TITLE_PHASES if words in lowered), ClaimState.COMPLETED)


def _cell(raw: str) -> str:
    """A cell's content without its attributes."""
    return CELL_ATTRIBUTES.sub("", raw.strip(), count=1)


def reference_row_drafts(doc: ParsedDocument) -> list[Draft]:
    wikitext = doc.revision.wikitext
    if "scoring" not in wikitext:  # every row's class names it
        return []
    state = title_phase(doc.revision.base_title)
    drafts = []
    for start in ROW_START.finditer(wikitext):
        line_end = wikitext.find("\n", start.end())
        line_end = len(wikitext) if line_end < 0 else line_end
        line = wikitext[start.end() : line_end]
        if "||" not in line or ROW_MARK.search(line) is None:
            continue
        label_raw, rules_raw = line.split("||", 1)
        following = ROW_END.search(wikitext, line_end + 1)
        end = following.start() if following else len(wikitext)
        rules = _cell(rules_raw) + wikitext[line_end:end]
        text = plain_text(rules)
        if not text:
            continue
        drafts.append(
            Draft(
                offset=start.start(),
                kind=RuleKind.SCORING,
                form="reference_row",
                template=None,
                title=plain_text(_cell(label_raw)) or None,
                text=text,
                raw=wikitext[start.start() : end].rstrip(),
                claim_state=state,
            )
        )
    return drafts


def scoring_row_draft(doc: ParsedDocument, site: Site) -> tuple[list[Draft], list[Finding]]:
    """`{{ScoringRow|description=...|rules=...}}`: a scoring rule titled by its description."""
    node = site.node
    assert isinstance(node, Template)
    rules = node.get("rules").value if node.has("rules") else None
    if rules is None:
        return [], []
    description = node.get("description").value if node.has("description") else None
    draft = Draft(
        offset=doc.offset_of(node),
        kind=RuleKind.SCORING,
        form="scoring_row",
        template=ROW_TEMPLATE,
        title=plain_text(description) if description is not None else None,
        text=plain_text(rules),
        raw=doc.text_of(node),
        in_ref=site.in_ref,
        anchor=node,
        enclosures=site.enclosures,
        claim_state=title_phase(doc.revision.base_title),
    )
    return [draft], []


__all__ = ["STAGE", "reference_row_drafts", "scoring_row_draft", "title_phase"]
