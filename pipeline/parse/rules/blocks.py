"""Turn-phase blocks (named and positional), FAQ entries and OtherExpansionRule interactions.

`{{RulesScoring|title=...|rules=...}}` and the old `{{RulesScoring|1=====|2=<title>|3=<text>}}`
are the same block; `{{FAQ|title=|text=}}` and the old `{{FAQ|header=|body=}}` the same FAQ.
An interaction names the other expansion through a `...Link` template in `expansionlink`.
"""

from __future__ import annotations

from mwparserfromhell.nodes import Template
from mwparserfromhell.wikicode import Wikicode

from carcdb.pipeline.parse.document import ParsedDocument
from carcdb.pipeline.parse.rules.drafts import Draft
from carcdb.pipeline.parse.rules.plaintext import plain_text, template_name
from carcdb.pipeline.parse.rules.tree import Enclosure, Site
from carcdb.pipeline.parse.rules.visible import link_target_name
from carcdb.schemas.findings import Finding, Severity
from carcdb.schemas.rules import ClaimState, RuleKind

STAGE = "rules"
BLOCK_KINDS = {
    "RulesPlacingTile": RuleKind.PLACING_TILE,
    "RulesPlacingMeeple": RuleKind.PLACING_MEEPLE,
    "RulesScoring": RuleKind.SCORING,
    "RulesAction": RuleKind.ACTION,
}
# A block's own parameters; anything else is kept in raw but reported.
BLOCK_PARAMS = {"title", "rules", "header", "finalscoring", "1", "2", "3", "4", "selectorid"}


def _value(template: Template, *names: str) -> tuple[str | None, Wikicode | None]:
    """The first present parameter of `names`: (name, its wikicode, already parsed)."""
    for name in names:
        if template.has(name):
            return name, template.get(name).value
    return None, None


def block_drafts(doc: ParsedDocument, site: Site) -> tuple[list[Draft], list[Finding]]:
    node, name = site.named_template()
    offset = doc.offset_of(node)
    title_param, title_raw = _value(node, "title", "2")
    rules_param, rules_raw = _value(node, "rules", "3")
    form = "positional" if rules_param == "3" or title_param == "2" else "named"
    findings: list[Finding] = []
    unknown = sorted({str(p.name).strip() for p in node.params} - BLOCK_PARAMS)
    if unknown:
        findings.append(
            doc.finding(
                STAGE,
                Severity.WARNING,
                "rules.malformed_block",
                f"{name} has parameters it does not define: {', '.join(unknown)}",
                offset=offset,
                snippet=doc.text_of(node),
            )
        )
    kind = BLOCK_KINDS[name]
    state = ClaimState.COMPLETED if kind is RuleKind.SCORING else ClaimState.UNKNOWN
    drafts = [_whole_draft(doc, site, node, kind, form, name, title_raw, rules_raw, state)]
    if node.has("finalscoring"):
        value = node.get("finalscoring").value
        drafts.append(
            Draft(
                offset=doc.offset_of(value.nodes[0]) if value.nodes else offset,
                kind=kind,
                form="finalscoring",
                template=name,
                title=drafts[0].title,
                text=plain_text(value),
                raw=str(value),
                in_ref=site.in_ref,
                enclosures=(*site.enclosures, Enclosure(node, "finalscoring")),
                claim_state=ClaimState.END_GAME,
            )
        )
    return drafts, findings


def faq_draft(doc: ParsedDocument, site: Site) -> tuple[list[Draft], list[Finding]]:
    node = site.node
    assert isinstance(node, Template)
    offset = doc.offset_of(node)
    title_param, title_raw = _value(node, "title", "header")
    _, text_raw = _value(node, "text", "body")
    findings = []
    if title_raw is None or text_raw is None:
        findings.append(
            doc.finding(
                STAGE,
                Severity.WARNING,
                "rules.malformed_faq",
                "FAQ without a question (title/header) or an answer (text/body)",
                offset=offset,
                snippet=doc.text_of(node),
            )
        )
    form = "header_body" if title_param == "header" else "title_text"
    return [_whole_draft(doc, site, node, RuleKind.FAQ, form, "FAQ", title_raw, text_raw)], findings


def _whole_draft(
    doc: ParsedDocument,
    site: Site,
    node: Template,
    kind: RuleKind,
    form: str,
    template: str,
    title_raw: Wikicode | None,
    text_raw: Wikicode | None,
    claim_state: ClaimState = ClaimState.UNKNOWN,
) -> Draft:
    """The draft of a whole template (a block, a FAQ): its title and text parameters."""
    return Draft(
        offset=doc.offset_of(node),
        kind=kind,
        form=form,
        template=template,
        title=plain_text(title_raw) if title_raw is not None else None,
        text=plain_text(text_raw) if text_raw is not None else "",
        raw=doc.text_of(node),
        in_ref=site.in_ref,
        anchor=node,
        enclosures=site.enclosures,
        claim_state=claim_state,
    )


def expansion_links(template: Template) -> list[str]:
    """The `...Link` template names inside `expansionlink`, in order."""
    param = template.get("expansionlink", None)  # as `has` + `get`: the last one
    if param is None:
        return []
    # `filter_templates(recursive=False)`: the value's own template nodes
    names = (template_name(t) for t in param.value.nodes if isinstance(t, Template))
    return [name for name in names if name.endswith("Link")]


def expansion_name(links: list[str]) -> str | None:
    """The other expansion an interaction names, from its `expansion_links`."""
    return " / ".join(link_target_name(link) for link in links) or None


def interaction_draft(doc: ParsedDocument, site: Site) -> tuple[list[Draft], list[Finding]]:
    node = site.node
    assert isinstance(node, Template)
    offset = doc.offset_of(node)
    links = expansion_links(node)
    findings = []
    if not links:
        findings.append(
            doc.finding(
                STAGE,
                Severity.WARNING,
                "rules.unresolved_expansion",
                "OtherExpansionRule without a ...Link template in expansionlink",
                offset=offset,
                snippet=doc.text_of(node),
            )
        )
    label = plain_text(str(node.get("expansionlink").value)) if node.has("expansionlink") else None
    _, rules_raw = _value(node, "rules")
    draft = Draft(
        offset=offset,
        kind=RuleKind.EXPANSION_INTERACTION,
        form="named",
        template="OtherExpansionRule",
        title=label,
        text=plain_text(rules_raw) if rules_raw is not None else "",
        raw=doc.text_of(node),
        in_ref=site.in_ref,
        anchor=node,
        enclosures=site.enclosures,
        other_expansion=expansion_name(links),
        other_expansion_links=links,
    )
    return [draft], findings
