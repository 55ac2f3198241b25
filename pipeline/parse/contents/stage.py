"""The "contents" parse stage: a page's Contents sections -> `BoxContent` records.

Every sentence of every Contents section (`sections`, `wikitext`) is read with the page's
language (`reader`, `lexicon`); each item it counts becomes a record with the sentence's
line:col, raw wikitext and section path. The product and edition come from the page's tile
lists (the tiles stage's records of the same document): the product the lists name (the one
named like the page when there are several, else the one with the most tiles), the edition
the section's heading names, else the one edition the page lists for that product.

Findings (info): a language without a lexicon (read with the English words), a count the
reader places nowhere, a Contents section where nothing was read.
"""

from __future__ import annotations

from collections import Counter

from carcdb.pipeline.parse.contents.lexicon import FALLBACK_LANGUAGE, NoLexiconError, lexicon
from carcdb.pipeline.parse.contents.reader import read_sentence
from carcdb.pipeline.parse.contents.sections import contents_sections
from carcdb.pipeline.parse.contents.wikitext import sentences
from carcdb.pipeline.parse.document import ParsedDocument
from carcdb.pipeline.parse.stage import ParseStage, StageOutput
from carcdb.pipeline.parse.tiles import extract as tiles_extract
from carcdb.pipeline.products import product as known_product
from carcdb.schemas.contents import BoxContent
from carcdb.schemas.findings import Severity
from carcdb.schemas.tiles import TileList

STAGE = "contents"
TABLE = "box_contents_items"


def _lists(doc: ParsedDocument) -> list[TileList]:
    rows = tiles_extract(doc).rows.get("tile_lists", [])
    return [row for row in rows if isinstance(row, TileList)]


def page_product(doc: ParsedDocument, lists: list[TileList]) -> str | None:
    """The page's product: from its tile lists, else its title when that names a product."""
    tiles: Counter[str] = Counter()
    for row in lists:
        if row.product:
            tiles[row.product] += row.tile_count + (row.special or 0)
    base = doc.revision.base_title.casefold()
    for name in tiles:
        if name.casefold() == base:
            return name
    if tiles:
        return tiles.most_common(1)[0][0]
    found = known_product(doc.revision.base_title)
    return found.name if found is not None else None


def list_edition(lists: list[TileList], product: str | None) -> str | None:
    """The one edition the page lists for `product`, None when it lists none or several."""
    editions = {row.edition for row in lists if row.product == product and row.edition}
    return editions.pop() if len(editions) == 1 else None


def extract(doc: ParsedDocument) -> StageOutput:
    out = StageOutput()
    language = doc.revision.language
    try:
        words = lexicon(language)
        fallback = False
    except NoLexiconError:
        words, fallback = lexicon(FALLBACK_LANGUAGE), True
    sections = contents_sections(doc, words)
    if not sections:
        return out
    if fallback:
        out.findings.append(
            doc.finding(
                STAGE,
                Severity.INFO,
                "contents.no-lexicon",
                f"no Contents words for language {language!r}: read with {FALLBACK_LANGUAGE!r} "
                f"words (add pipeline/parse/contents/lang/{language}.json)",
            )
        )
    lists = _lists(doc)
    product = page_product(doc, lists)
    default_edition = list_edition(lists, product)
    ordinal = sentence_index = 0
    cuts = [(h.offset, h.offset + len(h.raw)) for h in doc.sections.headings]
    for section in sections:
        read_any = False
        for sentence in sentences(doc.revision.wikitext, section.start, section.end, cuts):
            reading = read_sentence(sentence.text, words)
            path = section.path(doc, sentence.offset)
            edition = section.edition(doc, sentence.offset) or default_edition
            for item in reading.items:
                out.add(
                    TABLE,
                    BoxContent(
                        location=doc.location(sentence.offset, sentence.raw),
                        ordinal=ordinal,
                        sentence_index=sentence_index,
                        section=" > ".join(path),
                        product=product,
                        edition=edition,
                        item=item.item,
                        count=item.count,
                        basis=item.basis,
                        colours=item.colours,
                        sentence=sentence.plain,
                    ),
                )
                ordinal += 1
                read_any = True
            for token in reading.unplaced:
                out.findings.append(
                    doc.finding(
                        STAGE,
                        Severity.INFO,
                        "contents.unplaced-count",
                        f"the Contents sentence counts {token.text!r} of nothing the reader "
                        f"knows: {sentence.plain[:120]!r} (a word for pipeline/parse/contents/"
                        f"lang/{words.language}.json?)",
                        offset=sentence.offset,
                        snippet=sentence.raw,
                    )
                )
            sentence_index += 1
        if not read_any:
            out.findings.append(
                doc.finding(
                    STAGE,
                    Severity.INFO,
                    "contents.nothing-read",
                    "a Contents section where the reader found no item counted",
                    offset=section.start,
                    snippet=doc.revision.wikitext[section.start : section.start + 200],
                )
            )
    return out


CONTENTS_STAGE = ParseStage(name=STAGE, tables=(TABLE,), extract=extract)
