"""Box contents (docs/contents.md): the "contents" parse stage and its parts.

- `lexicon`: the item vocabulary (`items.json`) and each language's words (`lang/<code>.json`)
- `tokens`: a sentence as numbers, words, punctuation and explicit item marks
- `phrases`: the noun phrase after each count of a sentence, and its colour/player markers
- `reader`: the grammar: one sentence -> the items it counts (binding, articles, records)
- `wikitext`: a section's wikitext -> sentences (offsets, raw text, plain text)
- `sections`: where a page's Contents sections are
- `stage`: records and findings, the page's product and edition
"""

from carcdb.pipeline.parse.contents.stage import CONTENTS_STAGE, extract

__all__ = ["CONTENTS_STAGE", "extract"]
