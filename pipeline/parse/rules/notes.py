"""Notes by icon: IconBook, IconWorld, IconHouse, IconArrow, in every form they are written.

- `{{IconBook|text=...}}`: the text is the parameter;
- `{{IconBook}} text ...`: the text runs over the following siblings up to the next icon, the
  end of the container (a `<ref>`, a parameter), a blank line, a heading, or the end of the
  line when the icon is on a list item;
- `{{Tile|textbefore={{IconBook}}|text=...}}`: the icon labels the Tile's `text`.
Notes inside `OtherExpansionRule` carry the expansion it targets.
"""

from __future__ import annotations

import re
from itertools import islice

from mwparserfromhell.nodes import Heading, Node, Tag, Template, Text

from carcdb.pipeline.parse.document import ParsedDocument
from carcdb.pipeline.parse.rules.blocks import STAGE, expansion_links, expansion_name
from carcdb.pipeline.parse.rules.drafts import Draft
from carcdb.pipeline.parse.rules.plaintext import plain_text, template_name
from carcdb.pipeline.parse.rules.tree import Site
from carcdb.pipeline.parse.rules.visible import ICON_TEMPLATES
from carcdb.pipeline.parse.sections import INLINE_HEADING
from carcdb.schemas.findings import Finding, Severity
from carcdb.schemas.rules import RuleKind

ICON_KINDS = {
    "IconBook": RuleKind.CLARIFICATION,
    "IconWorld": RuleKind.WIKI_NOTE,
    "IconHouse": RuleKind.HOUSE_RULE,
    "IconArrow": RuleKind.EDITION_DIFFERENCE,
}
BLANK_LINE = re.compile(r"\n[ \t]*\n")
LINE_END = re.compile(r"\n")  # a list item ends with its line


def _is_icon(node: Node) -> bool:
    return isinstance(node, Template) and template_name(node) in ICON_TEMPLATES


def _first_stop(text: str, in_list: bool) -> int | None:
    cuts = [m.start() for m in (BLANK_LINE.search(text), INLINE_HEADING.search(text)) if m]
    if in_list:
        match = LINE_END.search(text)
        if match:
            cuts.append(match.start())
    return min(cuts) if cuts else None


def note_extent(doc: ParsedDocument, site: Site) -> str:
    """The raw wikitext after a bare icon that belongs to its note."""
    # Is the icon on a line that begins with `*` or `#` (so the next item ends the note)?
    in_list = site.siblings.in_list_item[site.index]
    parts: list[str] = []
    for node in islice(site.siblings.nodes, site.index + 1, None):
        if _is_icon(node) or isinstance(node, Heading):
            break
        # (`in "*#"`: a tag without wiki markup also ends a list item's note)
        if isinstance(node, Tag) and in_list and (node.wiki_markup or "").strip()[:1] in "*#":
            break
        if isinstance(node, Text):
            cut = _first_stop(node.value, in_list)
            if cut is not None:
                parts.append(node.value[:cut])
                break
        parts.append(doc.text_of(node))
    return "".join(parts)


def note_draft(doc: ParsedDocument, site: Site) -> tuple[list[Draft], list[Finding]]:
    node, name = site.named_template()
    offset = doc.offset_of(node)
    holder = site.enclosures[-1] if site.enclosures else None
    in_ref = site.in_ref
    if node.has("text"):
        form, raw, text = "text_param", doc.text_of(node), plain_text(node.get("text").value)
    elif (
        holder is not None
        and isinstance(holder.node, Template)
        and holder.part == "textbefore"
        and holder.node.has("text")
    ):
        form, raw = "label_of_" + template_name(holder.node), doc.text_of(holder.node)
        text = plain_text(holder.node.get("text").value)
    else:
        extent = note_extent(doc, site)
        form = "ref" if in_ref else "inline"
        raw, text = doc.text_of(node) + extent, plain_text(extent)
    interaction = site.nearest_template("OtherExpansionRule")
    links = expansion_links(interaction) if interaction is not None else []
    findings = []
    if not text:
        findings.append(
            doc.finding(
                STAGE,
                Severity.WARNING,
                "rules.empty_note",
                f"{name} with no text after it",
                offset=offset,
                snippet=raw,
            )
        )
    draft = Draft(
        offset=offset,
        kind=ICON_KINDS[name],
        form=form,
        template=name,
        title=None,
        text=text,
        raw=raw,
        in_ref=in_ref,
        enclosures=site.enclosures,
        other_expansion=expansion_name(links),  # (None without an interaction: no links)
        other_expansion_links=links,
    )
    return [draft], findings
