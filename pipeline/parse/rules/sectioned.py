"""Rules written as plain list items under a heading, not as templates.

- House-rule sections: found by their anchor (`<span id="House">` just before the heading) or
  by the heading names in the language file; every list item without an `IconHouse` is a
  house rule (items with the icon are already notes).
- Scoring sections (heading words from the language file, e.g. "evaluarea finală"): each
  top-level list item is a `scoring_summary`, except items holding an icon (a house rule or a
  clarification is a note, not the rules' scoring); under an end-of-game heading its claims
  default to `end_game`. Under any other heading (not a house-rules one), a top-level list
  item that writes a points phrase ("* Drumurile: 1 punct pentru fiecare cartonaș") is a
  `scoring_summary` too (form `list_item`): statements stand under headings no list knows.
- Examples: captions of images with numbers in scoring blocks or scoring sections, kept so
  worked examples (counts next to points) can be recomputed.
"""

from __future__ import annotations

import re

from mwparserfromhell.nodes import Template, Wikilink

from carcdb.pipeline.parse.document import ParsedDocument
from carcdb.pipeline.parse.fast.tree_builder import parse_wikitext
from carcdb.pipeline.parse.rules.drafts import Draft
from carcdb.pipeline.parse.rules.plaintext import plain_text, template_name
from carcdb.pipeline.parse.rules.regions import PageRegions
from carcdb.pipeline.parse.rules.tree import Site
from carcdb.pipeline.parse.rules.visible import ICON_TEMPLATES, MEDIA_PREFIXES
from carcdb.pipeline.parse.rules.vocabulary import Vocabulary
from carcdb.pipeline.parse.sections import SectionHeading
from carcdb.pipeline.parse.values import key_is, split_top_level, template_key
from carcdb.schemas.rules import ClaimState, RuleKind

HOUSE_ANCHOR = re.compile(r"""<span\s+id\s*=\s*["']?House["']?\s*>""", re.IGNORECASE)
STANDALONE_NUMBER = re.compile(r"(?<![\w/])[0-9]+(?![\w/])")
LEADING_MARKER = re.compile(r"^\s*[*#]+\s*")
IMAGE_OPTIONS = re.compile(
    r"^(?:thumb|thumbnail|frame|frameless|none|left|right|center|centre|border|upright.*|"
    r"x?\d+(?:x\d+)?px|link=.*|alt=.*|class=.*)$",
    re.IGNORECASE,
)


def _matches_any(title: str, words: tuple[str, ...]) -> bool:
    lowered = title.lower()
    return any(word.lower() in lowered for word in words)


def _section_state(doc: ParsedDocument, offset: int, vocab: Vocabulary) -> ClaimState:
    """`end_game` under any end-of-game heading (e.g. a subsection of "Sfârșitul jocului")."""
    path = doc.sections.path_at(offset)
    end_game = any(_matches_any(title, vocab.end_game_headings) for title in path)
    return ClaimState.END_GAME if end_game else ClaimState.UNKNOWN


def house_headings(
    doc: ParsedDocument, regions: PageRegions, vocab: Vocabulary
) -> list[SectionHeading]:
    found = []
    wikitext = doc.revision.wikitext
    previous_end = 0
    for heading in regions.headings:
        # the anchor is written just before the heading or inside it
        end = heading.offset + len(heading.raw)
        anchored = HOUSE_ANCHOR.search(wikitext[previous_end:end]) is not None
        if anchored or heading.title.strip().lower() in {
            h.lower() for h in vocab.house_rule_headings
        }:
            found.append(heading)
        previous_end = end
    return found


def _item_draft(
    doc: ParsedDocument,
    start: int,
    end: int,
    kind: RuleKind,
    form: str,
    state: ClaimState = ClaimState.UNKNOWN,
) -> Draft | None:
    raw = doc.revision.wikitext[start:end].rstrip()
    text = plain_text(LEADING_MARKER.sub("", raw))
    if not text:
        return None
    return Draft(
        offset=start,
        kind=kind,
        form=form,
        template=None,
        title=None,
        text=text,
        raw=raw,
        claim_state=state,
    )


def _holds_icon(raw: str, icons: tuple[str, ...] = ICON_TEMPLATES) -> bool:
    """Does this wikitext hold one of these icon templates (any depth, `iconHouse` too)?"""
    if "{{" not in raw:  # no template at all (the parse would find none)
        return False
    return any(
        key_is(template_key(template), *icons)
        for template in parse_wikitext(raw).filter_templates(recursive=True)
    )


def house_section_drafts(
    doc: ParsedDocument, regions: PageRegions, vocab: Vocabulary
) -> list[Draft]:
    drafts = []
    for heading in house_headings(doc, regions, vocab):
        for item in regions.list_items(regions.section_body(heading)):
            if _holds_icon(doc.revision.wikitext[item.start : item.end], ("IconHouse",)):
                continue  # the icon's note already records it
            draft = _item_draft(doc, item.start, item.end, RuleKind.HOUSE_RULE, "section_item")
            if draft is not None:
                drafts.append(draft)
    return drafts


def scoring_headings(regions: PageRegions, vocab: Vocabulary) -> list[SectionHeading]:
    return [h for h in regions.headings if _matches_any(h.title, vocab.scoring_headings)]


def _may_hold_points(text: str, vocab: Vocabulary) -> bool:
    """Whether `text` holds a points word. Scanned in lower case for the words alone (a
    pattern that starts with its words is scanned several times faster than one that starts
    with a word-start test, or ignores case), each match then tested for word ends."""
    lowered = text.lower()
    for match in vocab.points_lower.finditer(lowered):
        before = lowered[match.start() - 1 : match.start()] if match.start() else ""
        after = lowered[match.end() : match.end() + 1]
        if not (before.isalnum() or before == "_" or after.isalnum() or after == "_"):
            return True
    return False


def _points_items(doc: ParsedDocument, regions: PageRegions, vocab: Vocabulary) -> list[Draft]:
    """List items with a points phrase under a heading that is no scoring or house heading."""
    known = {h.offset for h in scoring_headings(regions, vocab)}
    known |= {h.offset for h in house_headings(doc, regions, vocab)}
    drafts = []
    wikitext = doc.revision.wikitext
    for heading in regions.headings:
        if heading.offset in known:
            continue
        body = regions.direct_body(heading)
        if not _may_hold_points(wikitext[body.start : body.end], vocab):
            continue  # no points phrase in the section (most): no item to read
        state = _section_state(doc, heading.offset, vocab)
        for item in regions.list_items(body):
            raw = doc.revision.wikitext[item.start : item.end]
            if vocab.points.search(raw) is None or _holds_icon(raw):
                continue
            draft = _item_draft(
                doc, item.start, item.end, RuleKind.SCORING_SUMMARY, "list_item", state
            )
            if draft is not None and vocab.points.search(draft.text):
                drafts.append(draft)
    return drafts


def scoring_summary_drafts(
    doc: ParsedDocument, regions: PageRegions, vocab: Vocabulary
) -> list[Draft]:
    drafts = _points_items(doc, regions, vocab)
    for heading in scoring_headings(regions, vocab):
        state = _section_state(doc, heading.offset, vocab)
        body = regions.direct_body(heading)
        items = regions.list_items(body)
        # No list: the section's prose is the summary (Winter Edition writes scoring that way).
        form = "section_item" if items else "section_text"
        for item in items or [body]:
            if items and _holds_icon(doc.revision.wikitext[item.start : item.end]):
                continue  # an icon note (house rule, clarification) is not the rules' scoring
            draft = _item_draft(doc, item.start, item.end, RuleKind.SCORING_SUMMARY, form, state)
            if draft is None or (not items and not STANDALONE_NUMBER.search(draft.text)):
                continue  # prose without a number states no score
            drafts.append(draft)
    return drafts


def image_caption(link: Wikilink) -> str | None:
    if link.text is None:
        return None
    captions = [p for p in split_top_level(str(link.text)) if not IMAGE_OPTIONS.match(p.strip())]
    return captions[-1] if captions else None


def example_draft(
    doc: ParsedDocument, site: Site, regions: PageRegions, vocab: Vocabulary
) -> Draft | None:
    """An image caption with a number, in a scoring block or a scoring section."""
    link = site.node
    assert isinstance(link, Wikilink)
    if not str(link.title).strip().lower().startswith(MEDIA_PREFIXES):
        return None
    block = site.nearest_template("RulesScoring")
    offset = doc.offset_of(link)
    if block is None:
        if any(isinstance(e.node, Template) for e in site.enclosures):
            return None
        heading = doc.sections.heading_at(offset)
        if heading is None or not _matches_any(heading.title, vocab.scoring_headings):
            return None
    caption = image_caption(link)
    if caption is None or not STANDALONE_NUMBER.search(caption):
        return None
    text = plain_text(caption)
    # in a scoring block the example shows a completed feature being scored
    state = ClaimState.COMPLETED if block is not None else _section_state(doc, offset, vocab)
    return Draft(
        offset=offset,
        kind=RuleKind.EXAMPLE,
        form="image_caption",
        template=template_name(block) if block is not None else None,
        title=None,
        text=text,
        raw=doc.text_of(link),
        in_ref=site.in_ref,
        enclosures=site.enclosures,
        claim_state=state,
    )
