"""A Contents sentence as tokens: numbers, words, punctuation and explicit item marks.

- a number is digits standing alone (`18`, not the `1` of `C1C2`), optionally followed by a
  times sign (`9x`, `9 ×`: "9 times wine"); a number right before `.` and a word is an
  ordinal or a list number (`6. Spieler`, `1. Pub`), one joined to another by `/` is a score
  value (`50/100`): neither counts anything;
- a word is a run of letters (and digits mixed in); an apostrophe splits (`l'extension`) and a
  hyphen inside a word joins (`Abt-Meeple` is two words with nothing between);
- footnote marks (`[1]`) are dropped;
- `ITEM_MARK` + item + `ITEM_END` is an item named by the markup (a `{{Figure}}` template).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from carcdb.pipeline.parse.contents.lexicon import fold

ITEM_MARK = "\ue000"
ITEM_END = "\ue001"
TokenKind = Literal["number", "ordinal", "score", "word", "punct", "item"]

_FOOTNOTE = re.compile(r"\[\s*\d+\s*\]")
_TOKEN = re.compile(
    r"(?P<number>(?<![^\W_])\d+(?:\s*[x×](?![^\W_]))?(?![^\W_]))"
    rf"|(?P<item>{ITEM_MARK}(?P<name>[a-z_]+){ITEM_END})"
    r"|(?P<word>[^\W_]+)"
    r"|(?P<punct>[()\[\];:.,!?+/•·–—×]|(?<![^\W_])-|-(?![^\W_]))"
)
_DIGITS = re.compile(r"\d+")


@dataclass(frozen=True, slots=True)
class Token:
    kind: TokenKind
    text: str
    folded: str
    start: int
    value: int = 0  # a number's value
    times: bool = False  # a number written `9x`: "9 times"


_ORDINAL_AFTER = re.compile(r"\.[ \t]*[^\W\d_]")


def _number_kind(text: str, end: int) -> TokenKind:
    """`ordinal` for a number before `.` and a word (`6. Spieler`, `1. Pub`), else `number`."""
    return "ordinal" if _ORDINAL_AFTER.match(text, end) else "number"


def tokenize(text: str) -> list[Token]:
    text = _FOOTNOTE.sub(lambda m: " " * len(m.group()), text)
    tokens: list[Token] = []
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup
        raw = match.group()
        if kind == "number":
            digits = _DIGITS.match(raw)
            assert digits is not None
            tokens.append(
                Token(
                    _number_kind(text, match.end()),
                    raw,
                    raw,
                    match.start(),
                    value=int(digits.group()),
                    times=len(raw) > len(digits.group()),
                )
            )
        elif kind == "item":
            name = match.group("name")
            tokens.append(Token("item", name, name, match.start()))
        elif kind == "word":
            tokens.append(Token("word", raw, fold(raw), match.start()))
        else:
            tokens.append(Token("punct", raw, raw, match.start()))
    return _mark_scores(tokens)


def _mark_scores(tokens: list[Token]) -> list[Token]:
    """Numbers joined by `/` (`50/100`) are score values, not counts."""
    marked = list(tokens)
    for index in range(1, len(tokens) - 1):
        if tokens[index].text != "/":
            continue
        before, after = tokens[index - 1], tokens[index + 1]
        if before.kind == "number" and after.kind == "number":
            for position in (index - 1, index + 1):
                token = marked[position]
                marked[position] = Token(
                    "score", token.text, token.folded, token.start, token.value
                )
    return marked
