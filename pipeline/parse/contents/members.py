"""List members with no number of their own: an item a box holds once that a list names bare
(`72 płytki, plansza punktacji oraz instrukcja`), and an item coordinated with a count's noun
(`a Pig and Builder figure`)."""

from __future__ import annotations

from carcdb.pipeline.parse.contents.lexicon import vocabulary
from carcdb.pipeline.parse.contents.phrases import AFTER_NOUN, LIST_SEPARATORS, TokenSentence

# A list member with no number: how many words may stand before its noun (`oraz oczywiście
# instrukcję`: one word of no class; adjectives and determiners besides).
_BARE_UNKNOWN = 1
_BARE_WORDS = 3
# A sentence of no count that is only a once-held item (`Regelbuch`, `polska instrukcja`).
_BARE_ALONE = 3


def bare_once(
    sentence: TokenSentence, covered: set[int], listing: bool, opens: bool = True
) -> list[int]:
    """Items a box holds once (`once` in items.json) that a list names with no number:
    `72 płytki, plansza punktacji oraz instrukcja`, `правила игры` alone. A member of a
    list starts after a separator, an `and` word or the sentence's start, with at most
    `_BARE_UNKNOWN` word of no class and a few adjectives before its noun; a sentence
    with counts must be a list (`listing`), one with none only that noun and its words; a
    list of no count (`opens` false) has no member at the sentence's start."""
    tokens = sentence.tokens
    words = sum(1 for token in tokens if token.kind == "word")
    found: list[int] = []
    named: set[str] = set()
    for index in range(len(tokens)):
        item = sentence.item(index)
        if item is None or index in covered or item in named:
            continue
        if not vocabulary().items[item].once:
            continue
        after = index + 2 < len(tokens) and tokens[index + 1].folded in AFTER_NOUN
        if after and sentence.number(index + 2) is not None:
            continue  # `segnapunti (1)`, `Scoreboard x 1`: the count after it counts it
        back, unknown, seen, member = index - 1, 0, 0, False
        while True:
            if back < 0:
                member = (listing and opens) or words <= _BARE_ALONE
                break
            token = tokens[back]
            if token.kind == "punct":
                member = token.text in LIST_SEPARATORS and listing
                break
            if token.kind != "word" or seen >= _BARE_WORDS:
                break
            if sentence.word(back, "and"):
                member = listing
                break
            if sentence.item(back) is not None or token.folded in sentence.lex.numbers:
                break
            if not (sentence.word(back, "adjective") or sentence.word(back, "determiner")):
                unknown += 1
                if unknown > _BARE_UNKNOWN or sentence.word(back, "stop"):
                    break
            seen += 1
            back -= 1
        if member:
            found.append(index)
            named.add(item)
    return found


def coordinated(sentence: TokenSentence, stop: int) -> str | None:
    """`a Pig and Builder figure`: an item right after `and`, with no number of its own (not
    an item a box holds once: `bare_once` counts it)."""
    if stop + 1 >= len(sentence.tokens) or not sentence.word(stop, "and"):
        return None
    found = sentence.item(stop + 1)
    if found is not None and vocabulary().items[found].once:
        return None  # `12 castles and rules`: the rules are a list member of their own
    return found
