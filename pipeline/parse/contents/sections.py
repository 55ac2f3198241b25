"""Where a page's Contents sections are: their headings, bodies and section paths.

A Contents section starts at a heading whose title is one of the language's Contents headings
(`lang/<code>.json` `headings`, and always the English ones: a page not yet translated keeps
them), compared folded, exactly or followed by more words (`Contenu de l'extension`), or at a
top-level `{{ContentsHeading}}` template (template-built pages). A heading's section runs to the
next heading of its level or above, or the next heading template; a template's to the next
heading or heading template.
"""

from __future__ import annotations

from dataclasses import dataclass

from mwparserfromhell.nodes import Template

from carcdb.pipeline.parse.contents.lexicon import FALLBACK_LANGUAGE, Lexicon, fold, lexicon
from carcdb.pipeline.parse.document import ParsedDocument
from carcdb.pipeline.parse.sections import SectionHeading
from carcdb.pipeline.parse.tiles.identity import heading_edition
from carcdb.pipeline.parse.values import key_is, template_key

CONTENTS_TEMPLATE = "ContentsHeading"


@dataclass(frozen=True)
class HeadingTemplate:
    offset: int
    end: int
    name: str  # its template key (`ContentsHeading`)


@dataclass(frozen=True)
class ContentsSection:
    start: int  # the body's first character
    end: int
    template: str | None  # the heading template that opens it, if one does

    def path(self, doc: ParsedDocument, offset: int) -> tuple[str, ...]:
        """The headings enclosing `offset`, then the heading template when one opened it."""
        path = doc.sections.path_at(offset)
        return (*path, self.template) if self.template else path

    def edition(self, doc: ParsedDocument, offset: int) -> str | None:
        """The edition code the innermost heading naming one gives (`Conținut (C3)`)."""
        for title in reversed(self.path(doc, offset)):
            edition = heading_edition(title)
            if edition:
                return edition
        return None


def heading_templates(doc: ParsedDocument) -> list[HeadingTemplate]:
    """Top-level `{{...Heading}}` templates, in page order."""
    found = []
    for node in doc.tree.nodes:
        if isinstance(node, Template):
            key = template_key(node)
            if key.endswith("Heading"):
                offset = doc.offset_of(node)
                found.append(HeadingTemplate(offset, offset + len(doc.text_of(node)), key))
    return found


def is_contents_heading(title: str, lex: Lexicon) -> bool:
    folded = fold(" ".join(title.split()))
    words = (*lex.headings, *lexicon(FALLBACK_LANGUAGE).headings)
    return any(
        folded == word or (folded.startswith(word) and not folded[len(word)].isalnum())
        for word in words
    )


def _next_start(
    after: int,
    headings: list[SectionHeading],
    templates: list[HeadingTemplate],
    level: int,
    end: int,
) -> int:
    """Where the next heading of level `level` or above, or the next heading template, starts."""
    starts = [h.offset for h in headings if h.offset > after and h.level <= level]
    starts += [t.offset for t in templates if t.offset > after]
    return min(starts, default=end)


def contents_sections(doc: ParsedDocument, lex: Lexicon) -> list[ContentsSection]:
    headings = doc.sections.headings
    templates = heading_templates(doc)
    end = len(doc.revision.wikitext)
    found = []
    for heading in headings:
        if is_contents_heading(heading.title, lex):
            start = heading.offset + len(heading.raw)
            found.append(
                ContentsSection(
                    start, _next_start(start, headings, templates, heading.level, end), None
                )
            )
    for template in templates:
        if key_is(template.name, CONTENTS_TEMPLATE):
            stop = _next_start(template.end, headings, templates, 6, end)
            found.append(ContentsSection(template.end, stop, CONTENTS_TEMPLATE))
    found.sort(key=lambda section: section.start)
    return found
