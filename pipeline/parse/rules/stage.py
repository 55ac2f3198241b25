"""The "rules" parse stage: every rule, its dates and its scoring claims, for one revision.

Order of work: templates (blocks, FAQ, interactions, icon notes), then regions (history,
house-rule sections, scoring summaries), then image examples; ids and ordinals follow page
order; parents are the nearest enclosing rule. Finally every rules template written in the
raw text is reconciled with what the parser saw: one that was not parsed (unbalanced braces)
is a finding, never a silent loss.
"""

from __future__ import annotations

import re
from collections import Counter

from mwparserfromhell.nodes import Wikilink

from carcdb.pipeline.parse.document import ParsedDocument
from carcdb.pipeline.parse.rules.blocks import (
    BLOCK_KINDS,
    STAGE,
    block_drafts,
    faq_draft,
    interaction_draft,
)
from carcdb.pipeline.parse.rules.claims import extract_claims, number_problems
from carcdb.pipeline.parse.rules.drafts import Draft, HistoryDate
from carcdb.pipeline.parse.rules.history import history_drafts, ruling_dates
from carcdb.pipeline.parse.rules.notes import ICON_KINDS, note_draft
from carcdb.pipeline.parse.rules.plaintext import template_name, written_names_pattern
from carcdb.pipeline.parse.rules.reference import (
    ROW_TEMPLATE,
    reference_row_drafts,
    scoring_row_draft,
)
from carcdb.pipeline.parse.rules.regions import PageRegions
from carcdb.pipeline.parse.rules.sectioned import (
    example_draft,
    house_section_drafts,
    scoring_summary_drafts,
)
from carcdb.pipeline.parse.rules.tree import Site, find_sites
from carcdb.pipeline.parse.rules.vocabulary import (
    FALLBACK_LANGUAGE,
    NoVocabularyError,
    Vocabulary,
    vocabulary,
)
from carcdb.pipeline.parse.stage import ParseStage, StageOutput
from carcdb.schemas.base import SourceLocation
from carcdb.schemas.findings import Finding, Severity
from carcdb.schemas.rules import Rule, RuleDate, RuleKind, ScoringClaim

TABLES = ("rules", "rule_dates", "scoring_claims")
KIND_ORDER = {kind: index for index, kind in enumerate(RuleKind)}  # ties at one offset
CLAIM_KINDS = {RuleKind.SCORING, RuleKind.SCORING_SUMMARY, RuleKind.EXAMPLE}
TEMPLATE_HANDLERS = {
    **dict.fromkeys(BLOCK_KINDS, block_drafts),
    "FAQ": faq_draft,
    "OtherExpansionRule": interaction_draft,
    **dict.fromkeys(ICON_KINDS, note_draft),
    ROW_TEMPLATE: scoring_row_draft,
}
RECONCILED = (*BLOCK_KINDS, "FAQ", "OtherExpansionRule", *ICON_KINDS)
WRITTEN = written_names_pattern(RECONCILED)


def _vocabulary(doc: ParsedDocument, findings: list[Finding]) -> Vocabulary:
    try:
        return vocabulary(doc.revision.language)
    except NoVocabularyError:
        findings.append(
            doc.finding(
                STAGE,
                Severity.INFO,
                "rules.no_vocabulary",
                f"no rules vocabulary for language {doc.revision.language!r}; scoring claims "
                f"read with {FALLBACK_LANGUAGE!r} words (add pipeline/parse/rules/lang/"
                f"{doc.revision.language}.json)",
            )
        )
        return vocabulary(FALLBACK_LANGUAGE)


def _reconcile(doc: ParsedDocument, parsed: Counter[str]) -> list[Finding]:
    """A rules template in the raw text that the parser did not see is reported."""
    findings = []
    wikitext = doc.revision.wikitext
    written_by_name: dict[str, list[re.Match[str]]] = {}
    for match in WRITTEN.finditer(wikitext):  # one scan for all names
        as_written = match[1]
        name = as_written[:1].upper() + as_written[1:]
        written_by_name.setdefault(name, []).append(match)
    for name in RECONCILED:
        written = written_by_name.get(name, [])
        missing = len(written) - parsed[name]
        if missing <= 0:
            continue
        parsed_offsets = {
            doc.offset_of(t) for t in doc.tree.filter_templates() if template_name(t) == name
        }
        for match in [m for m in written if m.start() not in parsed_offsets][:missing]:
            findings.append(
                doc.finding(
                    STAGE,
                    Severity.ERROR,
                    "rules.unparsed_template",
                    f"{name} is written here but could not be parsed (unbalanced braces?); "
                    "its rule is missing",
                    offset=match.start(),
                    snippet=wikitext[match.start() : match.start() + 300],
                )
            )
    return findings


def collect_drafts(
    doc: ParsedDocument, sites: list[Site], regions: PageRegions, vocab: Vocabulary
) -> tuple[list[Draft], list[Finding]]:
    """`sites`: `find_sites` of the document's tree with the `TEMPLATE_HANDLERS` names."""
    drafts: list[Draft] = []
    findings: list[Finding] = []
    parsed: Counter[str] = Counter()
    for site in sites:
        node = site.node
        if site.template is not None:  # a template: the walk read its name
            name = site.template
            handler = TEMPLATE_HANDLERS.get(name)
            if handler is None:
                continue
            parsed[name] += 1
            found, problems = handler(doc, site)
            drafts.extend(found)
            findings.extend(problems)
        elif isinstance(node, Wikilink):
            example = example_draft(doc, site, regions, vocab)
            if example is not None:
                drafts.append(example)
    found, problems = history_drafts(doc, regions)
    drafts.extend(found)
    findings.extend(problems)
    drafts.extend(house_section_drafts(doc, regions, vocab))
    drafts.extend(scoring_summary_drafts(doc, regions, vocab))
    drafts.extend(reference_row_drafts(doc))
    findings.extend(_reconcile(doc, parsed))
    return drafts, findings


def _assign_ids(
    doc: ParsedDocument, drafts: list[Draft], locations: list[SourceLocation]
) -> tuple[list[str], dict[int, str]]:
    """Rule ids (revision, line:col, kind; a counter when two share all three) in page order,
    and the id of each rule by the node it is (so enclosed rules find their parent)."""
    rev = doc.revision
    used: Counter[str] = Counter()
    rule_ids: list[str] = []
    by_anchor: dict[int, str] = {}
    for draft, location in zip(drafts, locations, strict=True):
        base = f"{rev.revision_key}:{location.line}:{location.col}:{draft.kind.value}"
        used[base] += 1
        rule_id = base if used[base] == 1 else f"{base}:{used[base]}"
        rule_ids.append(rule_id)
        if draft.anchor is not None:
            by_anchor[id(draft.anchor)] = rule_id
    return rule_ids, by_anchor


def _dates(draft: Draft) -> list[tuple[str, HistoryDate]]:
    dates: list[tuple[str, HistoryDate]] = []
    if draft.history_date is not None:
        dates.append(("history", draft.history_date))
    if draft.kind is not RuleKind.EXPANSION_INTERACTION:  # its notes carry their own dates
        dates += [("ruling", found) for found in ruling_dates(draft.text)]
    return dates


def _claims(rule: Rule, draft: Draft, vocab: Vocabulary) -> list[ScoringClaim]:
    # the rule's title, its headings innermost first, then the page's title ("... After the
    # Game"): what the sentences leave out
    context = [draft.title or "", *reversed(rule.section_path), rule.base_title]
    example = draft.kind is RuleKind.EXAMPLE  # a caption's amounts are a worked example's
    return [
        ScoringClaim(
            location=rule.location,
            claim_id=f"{rule.rule_id}/{index}",
            rule_id=rule.rule_id,
            base_title=rule.base_title,
            section_path=rule.section_path,
            feature=claim.feature,
            state=claim.state,
            unit=claim.unit,
            points=claim.points,
            bonus=claim.bonus,
            sentence=claim.sentence,
            counts=claim.counts,
            sign=claim.sign,
            multiplier=claim.multiplier,
        )
        for index, claim in enumerate(
            extract_claims(draft.text, context, draft.claim_state, vocab, example)
        )
    ]


def extract(doc: ParsedDocument) -> StageOutput:
    output = StageOutput()
    vocab = _vocabulary(doc, output.findings)
    top_level_names: dict[int, str] = {}
    sites = find_sites(doc.tree, TEMPLATE_HANDLERS, top_level_names)
    regions = PageRegions(doc, top_level_names)  # (the walk read the heading templates' names)
    drafts, problems = collect_drafts(doc, sites, regions, vocab)
    output.findings.extend(problems)
    drafts.sort(key=lambda d: (d.offset, KIND_ORDER[d.kind]))
    locations = [doc.location(draft.offset, draft.raw) for draft in drafts]
    rule_ids, by_anchor = _assign_ids(doc, drafts, locations)
    for ordinal, (draft, rule_id, location) in enumerate(
        zip(drafts, rule_ids, locations, strict=True)
    ):
        parent_id = next(
            (by_anchor[id(e.node)] for e in reversed(draft.enclosures) if id(e.node) in by_anchor),
            None,
        )
        dates = _dates(draft)
        rule = Rule(
            location=location,
            rule_id=rule_id,
            base_title=doc.revision.base_title,
            section_path=regions.section_path(draft.offset),
            ordinal=ordinal,
            kind=draft.kind,
            form=draft.form,
            template=draft.template,
            rule_title=draft.title,
            text=draft.text,
            raw=draft.raw,
            in_ref=draft.in_ref,
            parent_id=parent_id,
            other_expansion=draft.other_expansion,
            other_expansion_links=draft.other_expansion_links,
            ruling_dates=[f"{d.year:04d}-{d.month:02d}" for _, d in dates],
        )
        output.add("rules", rule)
        for source, found in dates:
            output.add(
                "rule_dates",
                RuleDate(
                    location=location,
                    rule_id=rule_id,
                    source=source,
                    raw=found.raw,
                    year=found.year,
                    month=found.month,
                    date=f"{found.year:04d}-{found.month:02d}",
                ),
            )
        if draft.kind in CLAIM_KINDS:
            for claim in _claims(rule, draft, vocab):
                output.add("scoring_claims", claim)
            output.findings.extend(
                doc.finding(
                    STAGE,
                    Severity.WARNING,
                    "rules.unread-number",
                    f"scoring text: {problem}",
                    offset=draft.offset,
                    snippet=draft.raw,
                )
                for problem in number_problems(draft.text)
            )
    return output


RULES_STAGE = ParseStage(name=STAGE, tables=TABLES, extract=extract)
