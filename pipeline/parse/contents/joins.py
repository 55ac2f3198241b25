"""Tokens the lexicon joins: number words of tens and units, hyphenated compounds.

- `siedemdziesiąt dwie`, `setenta y dos`, `quatre-vingt-quatre`, `dix-huit` are one number
  token;
- `Mündungs-Plättchen`, `Karten-Spender`, `Doppel-Amazonasplättchen`: a hyphenated compound is
  one word when the joined word names an item its first part does not (the compound's last
  part names what it is, as in `Mündungsplättchen`); `Abt-Meeple` stays two words (the abbot
  and the figure noun after it).
"""

from __future__ import annotations

from carcdb.pipeline.parse.contents.lexicon import Lexicon, fold
from carcdb.pipeline.parse.contents.tokens import Token


def join_number_words(tokens: list[Token], lex: Lexicon) -> list[Token]:
    """A tens word and a units word are one number (`siedemdziesiąt dwie` 72, `setenta y
    dos`, `vingt et un`, `seventy-two`, `soixante-douze`, `quatre-vingt-quatre`): they become
    one number token of their value."""

    def value(index: int) -> int | None:
        if index >= len(tokens) or tokens[index].kind != "word":
            return None
        return lex.numbers.get(tokens[index].folded)

    joined: list[Token] = []
    index = 0
    while index < len(tokens):
        token, number, end = tokens[index], value(index), index + 1
        if number is not None and 1 < number < 10 and value(end) == 20:
            following = tokens[end]
            if following.start == token.start + len(token.text) + 1:  # `quatre-vingt(s)`
                number, end = 20 * number, end + 1
        hyphened = end < len(tokens) and tokens[end].start == token.start + len(token.text) + 1
        if number == 10 and hyphened and value(end) in (7, 8, 9):  # `dix-huit`
            number, end = 10 + (value(end) or 0), end + 1
        if number is not None and 20 <= number < 100 and number % 10 == 0:
            after = end
            if after < len(tokens) and tokens[after].kind == "word":
                after += lex.is_("and", tokens[after].folded)
            units = value(after)
            # French counts 70 and 90 on from 60 and 80 (`soixante-douze`).
            if units is not None and 0 < units < (20 if number in (60, 80) else 10):
                number, end = number + units, after + 1
        if end > index + 1 and number is not None:
            joined.append(Token("number", token.text, token.folded, token.start, number))
        else:
            joined.append(token)
        index = end
    return joined


def join_compounds(text: str, tokens: list[Token], lex: Lexicon) -> list[Token]:
    """Hyphenated compounds (`Mündungs-Plättchen`) as one word where the joined word names an
    item other than its first part's."""
    joined: list[Token] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        end = token.start + len(token.text)
        if (
            following is not None
            and token.kind == following.kind == "word"
            and following.start == end + 1
            and text[end : end + 1] == "-"
        ):
            whole = fold(token.text + following.text)
            found = lex.items.get(whole)
            if found is not None and found != lex.items.get(token.folded):
                joined.append(Token("word", f"{token.text}-{following.text}", whole, token.start))
                index += 2
                continue
        joined.append(token)
        index += 1
    return joined
