"""A unit named before the amount it is for, with no "per" after the amount (for `claim_shapes`):
a unit that is a feature's as the subject ("Wappen bringen keine Punkte", "Ein Weinberg neben
einem Kloster bringt 3 zusätzliche Punkte"), any unit followed by "each" after the amount
("tiles score 1 point each"), or one of a unit joined to the amount by "=" or a scoring verb
("1 tile = 1 point", "una tessera vale un punto", "one tile with road is one point").
"""

from __future__ import annotations

import re

from carcdb.pipeline.parse.rules.claim_mention import Mention
from carcdb.pipeline.parse.rules.claim_units import NUMBER, UnitPhrase
from carcdb.pipeline.parse.rules.vocabulary import Vocabulary

WORD_REST = re.compile(r"\w*")
EQUALS = re.compile(r"\s*=\s*")  # "1 tile = 1 point"
VERBS = re.compile(r"(?:\s+[^\W\d]+){1,2}\s+")  # "one tile is worth 1 point"


def subject_unit(
    sentence: str,
    index: int,
    mentions: list[Mention],
    vocab: Vocabulary,
    units: list[UnitPhrase],
) -> UnitPhrase | None:
    """A unit named before the amount with no "per": a unit that is a feature's as the subject
    (coats of arms: "Wappen bringen keine Punkte", "Blazoanele aduc ... 1 punct"; "Ein Weinberg
    neben einem Kloster bringt 3 zusätzliche Punkte"), any unit followed by "each" after the
    amount ("tiles score 1 point each"), or one of a unit joined to it ("1 tile = 1 point":
    `_single_unit_before`, tried first)."""
    mention = mentions[index]
    start = mentions[index - 1].end if index else 0
    marks = [m.end() for m in re.finditer(r"[;:|]", sentence[: mention.start])]
    clause_start = max([start, *marks])
    counts = _counts(sentence, clause_start, mention.start, vocab)
    single = _single_unit_before(sentence, clause_start, mention, vocab, units, counts)
    if single is not None:
        return single
    each = vocab.each_after.match(sentence, mention.end) is not None
    relations = vocab.relations
    subjects = {  # units that are a feature's (not one scored by majority: goods tokens)
        unit
        for unit, feature in relations.unit_features.items()
        if feature not in relations.flat_units
    }
    best: UnitPhrase | None = None
    for phrase in vocab.units:
        if not each and phrase.meaning not in subjects:
            continue
        for m in phrase.pattern.finditer(sentence, clause_start, mention.start):
            if NUMBER.search(sentence, max(0, m.start() - 4), m.start()) or _counted(
                sentence, m.start(), vocab
            ):
                continue  # "3 Wappen", "two shields": a count
            if any(u.start <= m.start() < u.end for u in units):
                continue  # another amount's unit ("3 points per tile and coat of arms")
            before = sentence[max(0, m.start() - 20) : m.start()].split()[-1:]
            if before and (vocab.negation.fullmatch(before[0]) or vocab.number(before[0]) == 0):
                continue  # "fără niciun blazon", "kein Wappen": without coats of arms
            if best is None or m.start() > best.start:
                best = UnitPhrase(m.start(), m.start(), m.end(), (phrase.meaning,))
    return best


def _single_unit_before(
    sentence: str,
    clause_start: int,
    mention: Mention,
    vocab: Vocabulary,
    units: list[UnitPhrase],
    counts: list[int],
) -> UnitPhrase | None:
    """One of a unit right before the amount, joined by "=" or by a scoring verb and at most one
    word more ("1 tile = 1 point", "1 Wappen = 2 Punkte", "one tile is worth one point"): the
    amount is per that unit ("place a tile and score 2 points" is no such shape)."""
    for phrase in vocab.units:
        for m in phrase.pattern.finditer(sentence, clause_start, mention.start):
            if any(u.start <= m.start() < u.end for u in units):
                continue
            before = sentence[max(0, m.start() - 12) : m.start()].split()[-1:]
            if not before or vocab.number(before[0]) != 1:
                continue
            if any(n < m.start() for n in counts):
                continue  # "a city of four tiles with one shield scores 10": an example
            rest = WORD_REST.match(sentence, m.end())
            word_end = rest.end() if rest is not None else m.end()
            opening = _past_qualifier(sentence, word_end, mention.start, vocab)
            gap = sentence[opening : mention.start]
            if EQUALS.fullmatch(gap) or (
                VERBS.fullmatch(gap) and vocab.score_verb.match(gap.strip()) is not None
            ):
                return UnitPhrase(m.start(), m.start(), word_end, (phrase.meaning,))
    return None


def _counts(sentence: str, start: int, end: int, vocab: Vocabulary) -> list[int]:
    """Where numbers above one stand between `start` and `end` (the amount's clause before it):
    a feature described by its counts ("a city of four tiles with one shield") is an example's."""
    return [
        n.start()
        for n in vocab.bare_number.finditer(sentence, start, end)
        if (vocab.number(n.group(0)) or 0) > 1
    ]


def _counted(sentence: str, start: int, vocab: Vocabulary) -> bool:
    """A number word right before the unit word at `start` ("two shields"): a count."""
    before = sentence[max(0, start - 20) : start].split()[-1:]
    return bool(before) and (vocab.number(before[0]) or 0) > 1


QUALIFIER_WORDS = 4  # words of "with a road", "of an incomplete city" after a unit


def _past_qualifier(sentence: str, end: int, stop: int, vocab: Vocabulary) -> int:
    """Past a qualifier or genitive of a few words after a unit ("one tile with road is one
    point", "a tile of an incomplete city is worth 1 point"), up to its scoring verb."""
    opening = vocab.qualifier.match(sentence, end)
    if opening is None:
        first = re.match(r"\s+(\w+)", sentence[end:stop])
        if first is None or vocab.genitive.fullmatch(first.group(1)) is None:
            return end
    words = list(re.finditer(r"\w+", sentence[end:stop]))
    for index, word in enumerate(words[: QUALIFIER_WORDS + 1]):
        if index and vocab.score_verb.match(word.group(0)):
            return end + words[index - 1].end()
    return end
