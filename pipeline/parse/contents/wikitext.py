"""A Contents section's wikitext -> its sentences: where each stands and what it says.

A section body is cut into units at its list items (`*`, `#`, also inline ` * ` in flattened
captures), and each unit into sentences (`. ` before a capital letter); the cuts are found in
the text with every template, link, tag and comment masked, so nothing inside a `<ref>`, an
image caption or a template parameter splits or joins a sentence.

A sentence is rendered to plain text for the reader: images, categories, `<ref>` footnotes and
comments disappear; a link is its text; `{{Figure|name=Courier|count=1|text=curier}}` is its
count and the item it names (an explicit mark, `tokens.ITEM_MARK`), an image-only Figure
nothing; a formatting template with one positional value (`{{ColorYellow|galben}}`) is that
value, any other template nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from mwparserfromhell.nodes import (
    Comment,
    ExternalLink,
    HTMLEntity,
    Node,
    Tag,
    Template,
    Text,
    Wikilink,
)
from mwparserfromhell.wikicode import Wikicode

from carcdb.pipeline.parse.contents.lexicon import vocabulary
from carcdb.pipeline.parse.contents.tokens import ITEM_END, ITEM_MARK
from carcdb.pipeline.parse.fast.tree_builder import parse_wikitext
from carcdb.pipeline.parse.values import TemplateParams, key_is, template_key, visible_text

MASK = "\x00"
_LIST_MARK = re.compile(r"(?:(?<=\n)|^|(?<=\s))[*#]+(?=\s|')")
# A sentence ends at `.`, `!` or `?` (a footnote or image may follow it) and white space,
# before a capital letter (quotes, brackets and masked markup may come first).
_SENTENCE_END = re.compile(r"[.!?][\x00\"'”»)]*\s[\s\x00\"'„“«(]*(?=\w)")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
# Namespaces of media and category links, in the languages the wiki uses (case-folded).
_MEDIA = frozenset(
    {
        "file", "image", "media", "category", "datei", "bild", "kategorie", "fichier",
        "catégorie", "archivo", "imagen", "categoría", "plik", "grafika", "kategoria", "soubor",
        "obrázek", "файл", "изображение", "категория", "bestand", "afbeelding",
        "categorie", "ficheiro", "imagem", "fișier", "imagine", "fitxer", "categoria",
        "súbor", "kép", "fájl", "kategória", "immagine", "arquivo",
    }
)  # fmt: skip
_DROPPED_TAGS = frozenset({"ref", "references", "gallery", "math", "score", "syntaxhighlight"})
_BREAK_TAGS = frozenset({"br", "p", "div", "li", "td", "th", "tr", "table"})


_MARKED_ITEM = re.compile(f"{ITEM_MARK}[a-z_]*{ITEM_END}")
_SPACE_BEFORE_MARK = re.compile(r"\s+([.,;:!?)])")
_COLONS = re.compile(r":(?:\s*:)+")


@dataclass(frozen=True)
class Sentence:
    offset: int  # in the page's wikitext
    raw: str  # its wikitext
    text: str  # as plain text for the reader (items named by markup marked)

    @property
    def plain(self) -> str:
        """The text as people read it: without item marks, without dangling colons."""
        text = " ".join(_MARKED_ITEM.sub(" ", self.text).split())
        return _COLONS.sub(":", _SPACE_BEFORE_MARK.sub(r"\1", text)).rstrip(" :")


def _masked(code: Wikicode) -> str:
    """The text of `code` with everything but plain text and list markers masked."""
    parts: list[str] = []
    for node in code.nodes:
        text = str(node)
        if isinstance(node, Text) or (
            isinstance(node, Tag) and (node.wiki_markup or "")[:1] in ("*", "#")
        ):
            parts.append(text)
        elif isinstance(node, Tag) and node.wiki_markup in ("'''", "''", "'''''"):
            # Bold and italic: their words are read, their quotes never cut anything.
            inner = _masked(node.contents) if node.contents is not None else ""
            quote = len(node.wiki_markup)
            parts.append(MASK * quote + inner + MASK * (len(text) - quote - len(inner)))
        else:
            parts.append(MASK * len(text))
    return "".join(parts)


def _units(masked: str) -> list[tuple[int, int]]:
    """List items (and the text before the first), as (start, end) in `masked`."""
    marks = [m.start() for m in _LIST_MARK.finditer(masked)]
    starts = [0, *marks] if not marks or marks[0] > 0 else marks
    units = []
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(masked)
        blank = _BLANK_LINE.search(masked, start, end)
        if blank is not None and index + 1 == len(starts) and start in marks:
            units.append((start, blank.start()))
            units.append((blank.end(), end))  # prose after the last item
        else:
            units.append((start, end))
    return units


def _sentences(masked: str, start: int, end: int) -> list[tuple[int, int]]:
    cuts = [start]
    for found in _SENTENCE_END.finditer(masked, start, end):
        if masked[found.end()].isupper():
            cuts.append(found.end())
    for found in _BLANK_LINE.finditer(masked, start, end):
        cuts.append(found.end())
    cuts = sorted(set(cuts))
    return [(a, b) for a, b in zip(cuts, [*cuts[1:], end], strict=True) if a < b]


def sentences(
    wikitext: str, start: int, end: int, cuts: Sequence[tuple[int, int]] = ()
) -> list[Sentence]:
    """The sentences of `wikitext[start:end]` (a section body), with offsets in `wikitext`.

    `cuts`: spans (page offsets) inside the body that belong to no sentence: the headings of
    its subsections, which a flattened capture writes in the middle of a line."""
    found: list[Sentence] = []
    cursor = start
    for cut_start, cut_end in sorted(cuts):
        if start <= cut_start < end:
            found += _sentences_of(wikitext, cursor, cut_start)
            cursor = max(cursor, cut_end)
    return found + _sentences_of(wikitext, cursor, end)


def _sentences_of(wikitext: str, start: int, end: int) -> list[Sentence]:
    body = wikitext[start:end]
    if not body.strip():
        return []
    masked = _masked(parse_wikitext(body))
    found = []
    for unit_start, unit_end in _units(masked):
        for a, b in _sentences(masked, unit_start, unit_end):
            raw = body[a:b]
            stripped = raw.rstrip()
            lead = len(raw) - len(raw.lstrip())
            if not stripped.strip():
                continue
            found.append(Sentence(start + a + lead, stripped.strip(), render(stripped)))
    return found


def render(wikitext: str) -> str:
    """Plain text of a sentence's wikitext (see the module docstring), whitespace collapsed."""
    text = _render(parse_wikitext(wikitext))
    text = " ".join(text.split())
    return re.sub(r"^[*#:;\s]+", "", text)


def _render(code: Wikicode) -> str:
    return "".join(_node(node) for node in code.nodes)


def _node(node: Node) -> str:
    if isinstance(node, Text):
        return node.value
    if isinstance(node, Tag):
        tag = str(node.tag).strip().lower()
        if tag in _DROPPED_TAGS:
            return ""
        inner = _render(node.contents) if node.contents is not None else ""
        return f" {inner} " if tag in _BREAK_TAGS or node.wiki_markup else inner
    if isinstance(node, Wikilink):
        title = str(node.title).strip()
        namespace = title.split(":", 1)[0].strip().casefold() if ":" in title else ""
        if namespace in _MEDIA:
            return ""
        return _render(node.text) if node.text is not None else title.split("#", 1)[0]
    if isinstance(node, ExternalLink):
        return _render(node.title) if node.title is not None else ""
    if isinstance(node, Template):
        return _template(node)
    if isinstance(node, HTMLEntity):
        return node.normalize()
    if isinstance(node, Comment):
        return ""
    return ""


def _template(template: Template) -> str:
    key = template_key(template)
    params = TemplateParams(template)
    if key_is(key, "Figure"):
        variant = (params.text("variant") or "").lower()
        if variant.startswith("image"):
            return ""  # a picture of the figures, not a count
        text = params.text("text") or ""
        count = params.text("count")
        item = vocabulary().figure_templates.get(params.text("name") or "")
        mark = f"{ITEM_MARK}{item}{ITEM_END}" if item else (params.text("name") or "")
        if count and count.isdigit():
            return f" {count} {mark} {text} "
        return f" {text or mark} "
    positional = [param for param in template.params if not param.showkey]
    if len(positional) == 1 and len(template.params) <= 2:
        return visible_text(positional[0].value)
    return ""
