"""Reading a language written without spaces between words (Japanese, Chinese): the text is
spaced before the reader reads it, and each claim's sentence is found again in the text as
written (for `claims`).

The reader's grammar finds words at word boundaries, commas and digits, which Japanese and
Chinese do not write as it expects: "每片道路图板可以让你得到１分，" is one `\\w+` run with a
full-width digit and comma. `spaced` writes the full-width signs and digits the grammar reads
("，", "、", "；", "：", "（", "）", "０"-"９") as their ASCII forms, one character for one, and a
mark (U+2006, a space to the reader's patterns) around every word of the language's lexicon
(longest first) and every run of digits: "每\u2006片\u2006道路\u2006图板...". A lexicon phrase
made of such words is written with spaces between them ("完成 的 城市"), so each of its words
is still found in it. `Written` finds a sentence the reader kept in the text as written,
whatever spaces, marks and signs the reading added or changed, so a claim's sentence is the
original text; one it cannot find (the reader's own rewriting, such as an HTML entity
decoded) keeps the read sentence without its marks. Full stops ("。", "！", "？") are not
rewritten: `claim_text` ends sentences at them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from carcdb.pipeline.parse.number_words import NumberLexicon

WORD_MARK = "\u2006"  # around a lexicon word or a number
FULL_WIDTH = str.maketrans(
    {
        "，": ",",
        "、": ",",
        "；": ";",
        "：": ":",
        "（": "(",
        "）": ")",
        **{chr(0xFF10 + d): str(d) for d in range(10)},
    }
)
_NO_MARK = str.maketrans({WORD_MARK: " "})
DIGITS = re.compile(r"[0-9]+")


def lexicon_words(data: dict[str, object], numbers: NumberLexicon) -> list[str]:
    """Every word a language file lists (its lists and its tables' lists) and its number and
    multiplier words: the words a language written without spaces is spaced around."""
    found = [*numbers.cardinals, *numbers.zero, *numbers.multipliers]
    for key, value in data.items():
        if key in ("language", "about"):
            continue
        lists = value.values() if isinstance(value, dict) else [value]
        found += [str(w) for words in lists if isinstance(words, list) for w in words]
    return found


def word_pattern(words: Iterable[str]) -> re.Pattern[str]:
    """Any of the lexicon's words (a `=` ending is the lexicon's whole-word sign; a phrase of
    several words is found as its words), longest first, with runs of digits."""
    written = {part for w in words for part in w.rstrip("=").split()}
    ordered = sorted(written, key=len, reverse=True)
    return re.compile("|".join([*(re.escape(w) for w in ordered), DIGITS.pattern]), re.IGNORECASE)


def spaced(text: str, words: re.Pattern[str]) -> str:
    """`text` with its full-width signs and digits in ASCII and a mark around each of
    `words`' matches."""
    text = text.translate(_NO_MARK).translate(FULL_WIDTH)
    pieces: list[str] = []
    last = 0
    for match in words.finditer(text):
        pieces += [text[last : match.start()], WORD_MARK, match.group(0), WORD_MARK]
        last = match.end()
    pieces.append(text[last:])
    return "".join(pieces)


class Written:
    """The text as written, to find the sentences of its spaced reading in, in order."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._letters, self._at = _skeleton(text)
        self._from = 0

    def sentence(self, read: str) -> str:
        """The text as written that `read` (a sentence of the spaced text) was read from."""
        letters, _ = _skeleton(read)
        if not letters:
            return read.replace(WORD_MARK, "")
        found = self._letters.find(letters, self._from)
        if found < 0:
            found = self._letters.find(letters)
        if found < 0:
            return read.replace(WORD_MARK, "")
        self._from = found
        return self.text[self._at[found] : self._at[found + len(letters) - 1] + 1]


def _skeleton(text: str) -> tuple[str, list[int]]:
    """The text's characters but spaces and marks, full-width ones in ASCII, and where each
    stands in the text."""
    kept = [(i, c) for i, c in enumerate(text.translate(FULL_WIDTH)) if not c.isspace()]
    return "".join(c for _, c in kept), [i for i, _ in kept]
