"""Box contents (issue 26): the "contents" parse stage and its parts.

- `lexicon`: the item vocabulary (`items.json`) and each language's words (`lang/<code>.json`)
- `tokens`: a sentence as numbers, words, punctuation and explicit item marks
- `reader`: the grammar: one sentence -> the items it counts
- `wikitext`: a section's wikitext -> sentences (offsets, raw text, plain text)
- `sections`: where a page's Contents sections are
- `stage`: records and findings, the page's product and edition
"""

from pipeline.parse.contents.stage import CONTENTS_STAGE, extract

__all__ = ["CONTENTS_STAGE", "extract"]
