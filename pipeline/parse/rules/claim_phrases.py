"""Where a scoring sentence writes its amounts, units and other numbers (for `claims`).

A sentence is a line, an inline list item or a sentence of the rule's plain text. In it:
points phrases ("2 puncte"), signed amounts ("(+1) punct", "(+0) kartička") and multipliers
("(x2)") are `Mention`s; a unit phrase governed by a "per" word ("pentru fiecare cartonaș",
and "/" or "×" in the wiki's compact notation) is a `UnitPhrase`, with one meaning per
alternative ("per tile and coat of arms"); other numbers are `CountMention`s with the unit
after them. Numbers are read in ASCII digits only; `number_problems` reports the others.
All words come from the language's vocabulary file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from pipeline.numbers import INT32_MAX, NON_ASCII_DIGIT, ascii_int
from pipeline.parse.rules.vocabulary import Vocabulary
from schemas.rules import CountMention

MULTIPLIER = re.compile(r"\(\s*[x×]\s*([0-9]+)\s*\)", re.IGNORECASE)
SIGNED = re.compile(r"\(\s*([+\-−–])\s*([0-9]+)\s*\)")  # "(+0) kartička": no point word
COMPACT_PER = re.compile(r"/|×")  # "1 point / tile", "2 points × size of city"
NEXT_TO = 3  # characters between a signed amount and the unit it is for: "(+0) kartička"
NUMBER = re.compile(r"(?<![\w/.+])[0-9]+(?![\w/:]|\.(?:\s|$))")  # not "1." or "Exemplul 2:"
# Numbers are read in ASCII digits only; another digit in a scoring text is reported.
ODD_DIGITS = re.compile(rf"{NON_ASCII_DIGIT}+")
DIGITS = re.compile(r"[0-9]+")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
INLINE_ITEM = re.compile(r"\s[*#]+\s")
UNIT_WINDOW = 20  # characters between a "per" word and its unit phrase ("fiecare dintre ...")


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    points: int
    bonus: bool
    multiplier: bool
    sign: int = 1


@dataclass(frozen=True)
class UnitPhrase:
    """A unit phrase after a "per" word; `meanings` has more than one for "X or Y"."""

    per_start: int
    start: int
    end: int
    meanings: tuple[str, ...]


def sentences(text: str) -> list[str]:
    """Lines, inline list items, then sentences (a piece starting in lower case is glued back)."""
    found: list[str] = []
    for line in text.split("\n"):
        for item in INLINE_ITEM.split(line):
            pieces: list[str] = []
            for piece in SENTENCE_END.split(item):
                if pieces and piece[:1].islower():
                    pieces[-1] += " " + piece
                else:
                    pieces.append(piece)
            found.extend(p.strip() for p in pieces if p.strip(" *#"))
    return found


def _sign(symbol: str | None) -> int:
    return -1 if symbol is not None and symbol != "+" else 1


def points_phrases(sentence: str, vocab: Vocabulary) -> list[Mention]:
    """Points phrases, signed amounts and multipliers; one whose number the warehouse cannot
    store is left out (`number_problems` reports it)."""
    found = []
    for m in vocab.points.finditer(sentence):
        points = vocab.number(m.group("number"))
        if points is not None:
            sign = m.group("sign")
            found.append(Mention(m.start(), m.end(), points, sign is not None, False, _sign(sign)))
    taken = {m.start for m in found}
    for m in SIGNED.finditer(sentence):
        amount = ascii_int(m.group(2))
        if amount is not None and m.start() not in taken:
            found.append(Mention(m.start(), m.end(), amount, True, False, _sign(m.group(1))))
    for m in MULTIPLIER.finditer(sentence):
        factor = ascii_int(m.group(1))
        if factor is not None:
            found.append(Mention(m.start(), m.end(), factor, False, True))
    return sorted(found, key=lambda m: m.start)


def number_problems(text: str) -> list[str]:
    """What a scoring text writes as numbers that `extract_claims` cannot read: digits that
    are not ASCII (`²`, `٣`), and numbers beyond the warehouse's `INTEGER`."""
    problems = [
        f"{match.group(0)!r} is written in digits that are not ASCII (not read as a number)"
        for match in ODD_DIGITS.finditer(text)
    ]
    problems += [
        f"{match.group(0)[:30]!r} is beyond {INT32_MAX:,}, the largest number the warehouse "
        "stores (not read)"
        for match in DIGITS.finditer(text)
        if ascii_int(match.group(0)) is None
    ]
    return problems


def _unit_at(sentence: str, position: int, vocab: Vocabulary) -> tuple[int, int, str] | None:
    """The unit phrase starting nearest after `position` (within the window), longest first."""
    best: tuple[int, int, str] | None = None
    for phrase in vocab.units:
        match = phrase.pattern.search(sentence, position)
        if match is None or match.start() - position > UNIT_WINDOW:
            continue
        candidate = (match.start(), -(match.end() - match.start()), phrase.meaning)
        if best is None or candidate < best:
            best = candidate
    if best is None:
        return None
    start, negative_length, meaning = best
    return start, start - negative_length, meaning


def _alternative_after(sentence: str, end: int, vocab: Vocabulary) -> tuple[int, str] | None:
    """A unit phrase right after "or" or "and" at `end` ("per tile and coat of arms", "par
    tuile et par blason": each of them scores the rate): its end and meaning."""
    joint = vocab.alternative.match(sentence, end) or vocab.conjunction.match(sentence, end)
    if joint is None:
        return None
    start = joint.end()
    if (per := vocab.per.match(sentence, start)) is not None:  # "... et par blason"
        start = per.end() + len(sentence[per.end() :]) - len(sentence[per.end() :].lstrip())
    for phrase in sorted(vocab.units, key=lambda p: -len(p.pattern.pattern)):
        match = phrase.pattern.match(sentence, start)
        if match is not None:
            return match.end(), phrase.meaning
    return None


def _pers(sentence: str, vocab: Vocabulary) -> list[tuple[int, int]]:
    """Where a "per" is written: the language's words, "/" and "×"."""
    found = [m.span() for m in vocab.per.finditer(sentence)]
    if "/" in sentence or "×" in sentence:
        found += [m.span() for m in COMPACT_PER.finditer(sentence)]
    return sorted(found)


def unit_phrases(sentence: str, vocab: Vocabulary) -> list[UnitPhrase]:
    found: dict[int, UnitPhrase] = {}
    for per_start, per_end in _pers(sentence, vocab):
        first = _unit_at(sentence, per_end, vocab)
        if first is None:
            continue
        if first[0] in found:  # "je 1 Punkt für jeden Teilabschnitt": the nearer "per" governs
            found[first[0]] = replace(found[first[0]], per_start=per_start)
            continue
        if any(u.start <= first[0] < u.end for u in found.values()):
            continue  # the second unit of "par tuile et par blason" is already the first's
        start, end, meaning = first
        meanings = [meaning]
        while (alternative := _alternative_after(sentence, end, vocab)) is not None:
            end, meaning = alternative
            meanings.append(meaning)
        found[start] = UnitPhrase(per_start, start, end, tuple(meanings))
    return sorted(found.values(), key=lambda u: u.per_start)


def unit_next_to(sentence: str, mention: Mention, vocab: Vocabulary) -> UnitPhrase | None:
    """The unit right after a signed amount or multiplier written without "per": `(+0) kartička`."""
    if not (mention.bonus or mention.multiplier):
        return None
    found = _unit_at(sentence, mention.end, vocab)
    if found is None or found[0] - mention.end > NEXT_TO:
        return None
    start, end, meaning = found
    return UnitPhrase(mention.end, start, end, (meaning,))


def unit_for(index: int, mentions: list[Mention], units: list[UnitPhrase]) -> UnitPhrase | None:
    mention = mentions[index]
    next_start = mentions[index + 1].start if index + 1 < len(mentions) else 10**9
    previous_end = mentions[index - 1].end if index else 0
    after = [u for u in units if mention.end <= u.per_start < next_start]
    if after:
        return after[0]
    before = [u for u in units if u.per_start >= previous_end and u.end <= mention.start]
    return before[-1] if before else None


def count_mentions(
    sentence: str, taken: list[tuple[int, int]], vocab: Vocabulary
) -> list[CountMention]:
    found = []
    for match in NUMBER.finditer(sentence):
        if any(start <= match.start() < end for start, end in taken):
            continue
        rest = vocab.after_number.match(sentence, match.end())
        position = rest.end() if rest else match.end()
        unit = "unknown"
        for phrase in vocab.units:
            if phrase.pattern.match(sentence, position):
                unit = phrase.meaning
                break
        number = ascii_int(match.group(0))
        if number is not None:  # else beyond the warehouse: `number_problems` reports it
            found.append(CountMention(number=number, unit=unit))
    return found
