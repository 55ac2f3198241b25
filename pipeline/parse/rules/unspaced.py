"""Reading a language written without spaces between words (Japanese, Chinese): the text is
spaced before the reader reads it and each claim's sentence unspaced after (for `claims`).

The reader's grammar finds words at word boundaries, commas and full stops, which Japanese and
Chinese do not write: "每片道路图板可以让你得到 1分" is one `\\w+` run. `spaced` writes a mark
(U+2006, a space the reader's patterns see as whitespace) around every word of the language's
lexicon (longest first) and around every run of digits, and writes the full-width punctuation
the grammar reads ("，", "、", "；", "：", "（", "）") as its ASCII sign after a second mark
(U+2005): "每\u2006片\u2006道路\u2006图板..." reads as words. `unspaced` undoes both on a
sentence the reader keeps, so a claim's sentence is the text as written. A mark already in the
text is read as a space (the only change `unspaced` cannot undo). Full stops ("。", "！", "？")
are not rewritten: `claim_text` ends sentences at them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

WORD_MARK = "\u2006"  # around a lexicon word or a number
SIGN_MARK = "\u2005"  # before an ASCII sign standing for a full-width one
FULL_WIDTH = {"，": ",", "、": ",", "；": ";", "：": ":", "（": "(", "）": ")"}
_AS_ASCII = {wide: SIGN_MARK + ascii for wide, ascii in FULL_WIDTH.items()}
# "、" and "，" are both a comma to the reader: a second mark tells them apart again
_AS_ASCII["、"] = SIGN_MARK + SIGN_MARK + ","
_BACK = {ascii: wide for wide, ascii in _AS_ASCII.items()}
_SIGNS = re.compile("|".join(re.escape(w) for w in _AS_ASCII))
_ASCII_SIGNS = re.compile("|".join(re.escape(a) for a in sorted(_BACK, key=len, reverse=True)))
_MARKS = str.maketrans({WORD_MARK: " ", SIGN_MARK: " "})
DIGITS = re.compile(r"[0-9]+")


def word_pattern(words: Iterable[str]) -> re.Pattern[str]:
    """Any of the lexicon's words (a `=` ending is the lexicon's whole-word sign), longest
    first, with runs of digits."""
    written = {w.rstrip("=").strip() for w in words}
    ordered = sorted((w for w in written if w), key=len, reverse=True)
    return re.compile("|".join([*(re.escape(w) for w in ordered), DIGITS.pattern]), re.IGNORECASE)


def spaced(text: str, words: re.Pattern[str]) -> str:
    """`text` with a mark around each of `words`' matches and its full-width signs in ASCII."""
    text = _SIGNS.sub(lambda m: _AS_ASCII[m.group(0)], text.translate(_MARKS))
    pieces: list[str] = []
    last = 0
    for match in words.finditer(text):
        pieces += [text[last : match.start()], WORD_MARK, match.group(0), WORD_MARK]
        last = match.end()
    pieces.append(text[last:])
    return "".join(pieces)


def unspaced(sentence: str) -> str:
    """A sentence of `spaced` text as it was written."""
    return _ASCII_SIGNS.sub(lambda m: _BACK[m.group(0)], sentence).replace(WORD_MARK, "")
