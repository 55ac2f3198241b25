"""The amounts of a scoring sentence: points phrases and what stands for one (for `claims`).

In a sentence (`claim_text.sentences`), an amount (`Mention`) is a points phrase ("2 puncte",
"zwei Punkte", "keine Punkte", "1Punkt"), a signed amount ("(+1) punct", "(+0) kartička"), a
multiplier ("(x2)", "double", "verdoppelt"; not "double-sized", "une tuile double" nor "nicht
doppelt"), a "nothing" word in a sentence with a scoring verb ("scores nothing", "ne
rapportent rien"), a points word after a negation ("you do not get any points": 0; after a
penalty word it is subtracted: "loses 2 points", "resta 10 puntos"), or an
elliptic number in a sentence about points: "one for each tile", "4 instead of 3 points",
"instead of 2", "from 2 to 3 points", "(4 with pig)", "... and 5 to the rival", "...,
each shield also 2", "as many points as" (1 per the unit named after it: "as many points
as there are tiles"), or a singular points word before a "per" word in a language without
articles ("punkt za każdy kafelek": 1). In a sentence with no points word at all, digits
before a "per" and a rate's unit are a summary's rate ("City: 2 per tile"). Numbers are
read in ASCII digits or number words (`pipeline.parse.number_words`); `number_problems`
reports digits that are not ASCII and numbers beyond the warehouse. All words come from the
language's vocabulary file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from carcdb.pipeline.numbers import ascii_int
from carcdb.pipeline.parse.rules.vocabulary import Vocabulary

MULTIPLIER = re.compile(r"\(\s*[x×]\s*([0-9]+)\s*\)", re.IGNORECASE)
SIGNED = re.compile(r"\(\s*([+\-−–])\s*([0-9]+)\s*\)")  # "(+0) kartička": no point word
# Numbers are read in ASCII digits only (`pipeline.numbers.number_problems` reports others).
NEGATION_WINDOW = 4  # words between a negation and the points word it makes 0
NEGATED_AFTER_WORDS = 6  # words after a points word to the negation ending its clause
ELLIPSIS_WORDS = 8  # words of a segment before its elliptic number ("bei Städten sind es zwei")
WORD = re.compile(r"\w+")
PLUS_THEN_END = re.compile(r"\s*(?:[.;,)!]|$)")  # "plus 1." closes its clause
SUM_BEFORE = re.compile(r"[0-9]\s*(?:\+|\w+)\s*$")  # "9 + 3", "9 plus 3": a sum's term
INSTEAD_WORDS = 3  # words between "instead of" and its number ("instead of the usual 1")
INSTEAD_BREAK = re.compile(r"[0-9,;:.()]")
TERSE_NUMBER = re.compile(r"(?<![\w/.+\-])([0-9]{1,2})\s+")  # "2 per tile"
TERSE_UNITS = frozenset({"tile", "coat_of_arms", "completed_city", "surrounding_tile"})


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    points: int
    bonus: bool
    multiplier: bool
    sign: int = 1
    bare: bool = False  # an elliptic number ("one for each tile"): its points word is elsewhere
    closing: bool = False  # "..., the incomplete ones only 1": the rates before, in its state
    counted: bool = False  # "as many points as tiles": 1 per the unit named after it
    listed: bool = False  # "1 point per tile, cities 2": elliptic after a feature it is for


def _sign(symbol: str | None) -> int:
    return -1 if symbol is not None and symbol != "+" else 1


def _inside(position: int, spans: list[tuple[int, int]]) -> bool:
    return any(start <= position < end for start, end in spans)


def _fillers(text: str, vocab: Vocabulary) -> bool:
    """What may stand between a negation and the points word it makes 0: a scoring verb,
    "any", "extra" ("you do not get any extra points", "ne rapportent pas de points")."""
    words = WORD.findall(text)
    return len(words) < NEGATION_WINDOW and all(
        vocab.score_verb.match(word) or vocab.zero_filler.fullmatch(word) for word in words
    )


def _after_unit_word(before: str, vocab: Vocabulary) -> bool:
    """The word before is a unit ("une tuile double": a tile's kind, not a multiplier)."""
    last = re.search(r"\w+\s*$", before)
    return last is not None and any(p.pattern.match(before, last.start()) for p in vocab.units)


def _adjective(sentence: str, start: int, vocab: Vocabulary) -> bool:
    """An article and a noun before it: the multiplier word is the noun's adjective ("un tour
    double", "un turno doppio": the builder's double turn), not a factor of points; after a
    feature it is the feature's verb ("una locanda raddoppia i punti")."""
    words = WORD.findall(sentence[max(0, start - 40) : start])[-2:]
    return (
        len(words) == 2
        and words[0].lower() in vocab.numbers.articles
        and vocab.points_word.fullmatch(words[1]) is None
        and vocab.score_noun.fullmatch(words[1]) is None  # "un punteggio triplo": a factor
        and vocab.score_verb.match(words[1]) is None
        and not any(f.pattern.match(words[1]) for f in vocab.features)  # "una locanda raddoppia"
    )


def _multiplier_words(
    sentence: str, vocab: Vocabulary, taken: list[tuple[int, int]]
) -> list[Mention]:
    """ "double points", "verdubbelt dit aantal"; not "double-sized" nor "une tuile double"."""
    found = []
    for m in vocab.multiplier_word.finditer(sentence):
        if _inside(m.start(), taken) or "-" in sentence[max(0, m.start() - 1) : m.end() + 1]:
            continue
        if _after_unit_word(sentence[: m.start()], vocab) or _adjective(sentence, m.start(), vocab):
            continue
        before = sentence[max(0, m.start() - 30) : m.start()]
        negations = list(vocab.negation.finditer(before))
        if negations and len(WORD.findall(before[negations[-1].end() :])) < 2:
            continue  # "erhält nicht doppelt so viele Punkte"
        factor = vocab.numbers.multipliers[m.group(0).lower()]
        found.append(Mention(m.start(), m.end(), factor, False, True))
    return found


def _zeros(sentence: str, vocab: Vocabulary, taken: list[tuple[int, int]]) -> list[Mention]:
    """ "scores nothing", "worthless"; "you do not get any points" (a negated points word)."""
    found = []
    nothing = [m for m in vocab.nothing.finditer(sentence) if not _inside(m.start(), taken)]
    if nothing and vocab.score_verb.search(sentence) is not None:
        found += [Mention(m.start(), m.end(), 0, False, False) for m in nothing]
    for m in vocab.points_word.finditer(sentence):
        if _inside(m.start(), taken) or _inside(m.start(), [(f.start, f.end) for f in found]):
            continue
        before = sentence[: m.start()]
        clause = re.split(r"[,;:()]", before)[-1]
        negations = list(vocab.negation.finditer(clause))
        negated = bool(negations) and _fillers(clause[negations[-1].end() :], vocab)
        if negated or _negated_after(sentence[m.end() :], vocab):
            found.append(Mention(m.start(), m.end(), 0, False, False))
    return found


CLAUSE_STOP = re.compile(r"[,;:.!?()]")


def _negated_after(rest: str, vocab: Vocabulary) -> bool:
    """ "Punkte bringt ein Affenbrotbaum keine", "Punkte gibt es dafür keine": a points word
    opening a clause that ends in a negation, with a scoring verb between."""
    stop = CLAUSE_STOP.search(rest)
    clause = rest[: stop.start()] if stop else rest
    words = WORD.findall(clause)
    return (
        1 < len(words) <= NEGATED_AFTER_WORDS
        and vocab.negation.fullmatch(words[-1]) is not None
        and vocab.score_verb.search(clause) is not None
    )


def points_phrases(sentence: str, vocab: Vocabulary) -> list[Mention]:
    """Amounts of the sentence in order; one whose number the warehouse cannot store is left
    out (`number_problems` reports it)."""
    found = []
    # (a points phrase needs its word; "1pt", "1Punkt": glued to its number, not a word alone)
    words = vocab.points_word.search(sentence) is not None or bool(vocab.points.search(sentence))
    for m in vocab.points.finditer(sentence) if words else ():
        points = vocab.number(m.group("number"))
        if points is not None:
            sign = m.group("sign")
            found.append(Mention(m.start(), m.end(), points, sign is not None, False, _sign(sign)))
    taken = [(m.start, m.end) for m in found]
    for m in SIGNED.finditer(sentence):
        amount = ascii_int(m.group(2))
        if amount is None or _inside(m.start(), taken):
            continue
        restated = _restated(sentence, found, m.start(), amount)
        if restated is None:
            found.append(Mention(m.start(), m.end(), amount, True, False, _sign(m.group(1))))
        elif _sign(m.group(1)) < 0:
            found[restated] = replace(found[restated], sign=-1)
    for m in MULTIPLIER.finditer(sentence):
        factor = ascii_int(m.group(1))
        if factor is not None:
            found.append(Mention(m.start(), m.end(), factor, False, True))
    taken = [(m.start, m.end) for m in found]
    for m in vocab.as_many.finditer(sentence) if words else ():
        if not _inside(m.start(), taken) and _as_many(sentence, m, vocab):
            found.append(Mention(m.start(), m.end(), 1, False, False, counted=True))
    taken = [(m.start, m.end) for m in found]
    found += _one_points(sentence, vocab, taken)
    taken = [(m.start, m.end) for m in found]
    found += _multiplier_words(sentence, vocab, taken)
    found += _zeros(sentence, vocab, taken)
    found.sort(key=lambda m: m.start)
    if found or words:
        found += _elliptic(sentence, vocab, found)
    else:
        found += _terse_rates(sentence, vocab)
    return sorted((_penalised(sentence, m, vocab) for m in found), key=lambda m: m.start)


def _terse_rates(sentence: str, vocab: Vocabulary) -> list[Mention]:
    """A summary's rate with no points word: digits, a "per" and a unit a rate counts in
    ("City: 2 per tile, 2 per shield", "Wiese: 3 je fertige Stadt"); not number words, nor a
    unit no feature is scored per ("1 per player")."""
    found = []
    for m in TERSE_NUMBER.finditer(sentence):
        per = vocab.per.match(sentence, m.end())
        if per is None or vocab.any_feature.search(sentence) is None:
            continue
        start = per.end() + len(sentence[per.end() :]) - len(sentence[per.end() :].lstrip())
        if any(
            unit.meaning in TERSE_UNITS and unit.pattern.match(sentence, start)
            for unit in vocab.units
        ):
            value = ascii_int(m.group(1))
            if value is not None:
                found.append(Mention(m.start(1), m.end(1), value, False, False, bare=True))
    return found


def _restated(sentence: str, found: list[Mention], start: int, amount: int) -> int | None:
    """The points phrase right before a signed number of its own amount, which restates it:
    "one point (1) for each deer", "subtract one point (-1) for each tiger" (its index)."""
    for index, mention in enumerate(found):
        if mention.points == amount and not sentence[mention.end : start].strip():
            return index
    return None


def _one_points(sentence: str, vocab: Vocabulary, taken: list[tuple[int, int]]) -> list[Mention]:
    """A singular points word with no number before a "per" word is one point: pl "punkt za
    każdy kafelek", cs "bod za každou kartičku", ru "очко за каждый квадрат" (the languages
    have no article: "a point per tile")."""
    found = []
    for m in vocab.one_point.finditer(sentence):
        if _inside(m.start(), taken):
            continue
        rest = sentence[m.end() :]
        if vocab.per.match(rest.lstrip()) is not None:
            found.append(Mention(m.start(), m.end(), 1, False, False))
    return found


def _as_many(sentence: str, match: re.Match[str], vocab: Vocabulary) -> bool:
    """ "so viele Punkte, wie die Straße Plättchen hat" names a unit after it; "doppelt so viele
    Punkte" (a multiple) and "nicht so viele" (a negation) state no rate."""
    last = WORD.findall(sentence[max(0, match.start() - 30) : match.start()])[-1:]
    if last and (vocab.negation.fullmatch(last[0]) or last[0].lower() in vocab.numbers.multipliers):
        return False
    return any(p.pattern.search(sentence, match.end()) for p in vocab.units)


def _penalised(sentence: str, mention: Mention, vocab: Vocabulary) -> Mention:
    """ "loses 2 points", "resta 10 puntos": an amount subtracted (a signed adjustment)."""
    if mention.bonus or mention.multiplier or not mention.points:
        return mention
    before = sentence[max(0, mention.start - 40) : mention.start]
    after = sentence[mention.end : mention.end + 40]
    if vocab.penalty.search(before) is None and vocab.penalty_after.search(after) is None:
        return mention
    return replace(mention, bonus=True, sign=-1)


def _elliptic(sentence: str, vocab: Vocabulary, amounts: list[Mention]) -> list[Mention]:
    """Numbers whose points word is elsewhere: "one for each tile" (a "per" follows), "4
    instead of 3 points", "instead of 2", "from 2 to 3 points", "(4 with pig)" and "and 5
    to the rival" (after another amount). Counts ("3 tiles") are not among them."""
    found = []
    taken = [(m.start, m.end) for m in amounts]
    for m in vocab.bare_number.finditer(sentence):
        if _inside(m.start(), taken):
            continue
        value = vocab.number(m.group(0))
        if value is None:
            continue
        rest = sentence[m.end() :]
        before = sentence[: m.start()]
        follows_per = vocab.per.match(rest.lstrip()) is not None and rest[:1] in (" ", "")
        instead_after = vocab.instead.match(rest.lstrip()) is not None  # (hu: "1 helyett")
        instead_before = not vocab.instead_follows and _instead_before(before, vocab)
        from_slot = vocab.from_word.search(before) is not None and any(
            vocab.to_word.search(sentence, m.end(), a.start) for a in amounts if a.start > m.end()
        )
        previous = [a for a in amounts if a.end <= m.start()]
        joined = bool(previous) and _after_joint(before, rest, vocab)
        # "uno o due punti", "2 or 3 points": a number sharing the next amount's points word
        ranged = any(
            _joint_only(sentence[m.end() : a.start], vocab) for a in amounts if a.start > m.end()
        )
        # "un point par tuile et un par blason", "plus one for the monastery": after "and" or
        # "plus" and before a "per", a number
        and_per = (
            follows_per
            and bool(previous)
            and (
                _ends_in(vocab.conjunction, before + " ")
                or any(not before[p.end() :].strip() for p in vocab.plus.finditer(before))
            )
        )
        listed = bool(previous) and _feature_then_number(before, rest, vocab)
        if m.group(0).lower() in vocab.numbers.articles and not (
            ranged or and_per or listed or (instead_before and (follows_per or _ends_here(rest)))
        ):
            continue  # "a", "ein", "un": an article unless "uno o due punti", "au lieu d'un",
            # "..., nur einen.", "statt einem pro Plättchen"
        closing = bool(previous) and _closes_stated_segment(before, rest, vocab)
        if follows_per or instead_after or instead_before or from_slot or joined or ranged:
            found.append(Mention(m.start(), m.end(), value, False, False, bare=True))
        elif previous and _plus_last(before, rest, vocab):
            # "as many points as tiles around it, plus one": a flat amount after the rate
            found.append(Mention(m.start(), m.end(), value, False, False))
        elif closing:
            found.append(Mention(m.start(), m.end(), value, False, False, bare=True, closing=True))
        elif listed:
            found.append(Mention(m.start(), m.end(), value, False, False, bare=True, listed=True))
    return found


def _plus_last(before: str, rest: str, vocab: Vocabulary) -> bool:
    """The number closes its clause right after "plus" or "+" ("..., plus 1."), not as the
    last term of a sum ("(9 + 3 + 3 + 3)")."""
    if PLUS_THEN_END.match(rest) is None or SUM_BEFORE.search(before) is not None:
        return False
    return before.rstrip().endswith("+") or _ends_in(vocab.plus, before)


def _ends_here(rest: str) -> bool:
    """Nothing but punctuation after the number: "au lieu d'un.", not "statt ein Plättchen"."""
    return re.match(r"\s*(?:[.,;)]|$)", rest) is not None


def _closes_stated_segment(before: str, rest: str, vocab: Vocabulary) -> bool:
    """A number closing a comma segment that names a state, after another amount: "2 points
    per tile, the incomplete ones only 1." (the rate before, in another state)."""
    if not _ends_here(rest):
        return False
    segment = re.split(r"[,;(]", before)[-1]
    if len(re.split(r"[,;(]", before)) < 2 or any(c.isdigit() for c in segment):
        return False
    return vocab.any_state.search(segment) is not None and not _count(rest, vocab)


SEGMENT_END = re.compile(r"\s*(?:[.,;!)]|$)")
SEGMENT_START = re.compile(r"[,;:(]")


def _feature_then_number(before: str, rest: str, vocab: Vocabulary) -> bool:
    """ "1 point per tile, cities 2.", "einen Punkt je Plättchen, bei Städten sind es zwei", "2
    Punkte pro Plättchen, am Spielende nur noch einen": a number ending a short comma segment
    that names a feature, a state or a contrast ("aber null"), after another amount, is an
    amount of the same kind."""
    if SEGMENT_END.match(rest) is None:
        return False
    cuts = list(SEGMENT_START.finditer(before))
    if not cuts:
        return False
    segment = before[cuts[-1].end() :]
    if any(c.isdigit() for c in segment) or vocab.points_word.search(segment):
        return False
    if len(segment.split()) > ELLIPSIS_WORDS:
        return False
    return (
        vocab.any_feature.search(segment) is not None
        or vocab.any_state.search(segment) is not None
        or vocab.contrast.search(segment) is not None
        or _per_unit(segment, vocab)
    )


def _per_unit(segment: str, vocab: Vocabulary) -> bool:
    """ "..., jedes Wappen ebenfalls 2", "..., each shield 2 more": a "per" and a unit."""
    return vocab.per.search(segment) is not None and any(
        unit.pattern.search(segment) for unit in vocab.units
    )


def _ends_in(pattern: re.Pattern[str], text: str) -> bool:
    return any(not text[m.end() :].strip(" (") for m in pattern.finditer(text))


def _instead_before(before: str, vocab: Vocabulary) -> bool:
    """ "instead of" right before the number, or a few words before it with no number or
    punctuation between ("instead of the usual 1", "statt der üblichen 2", "in plaats van de
    gebruikelijke 1"): the number states the rate replaced."""
    if _ends_in(vocab.instead, before):
        return True
    for m in vocab.instead.finditer(before):
        gap = before[m.end() :]
        if len(gap.split()) <= INSTEAD_WORDS and INSTEAD_BREAK.search(gap) is None:
            return True
    return False


CONDITION_WINDOW = 30  # characters after "or N" that may name the modifier it is for


def modifier_after(sentence: str, start: int, vocab: Vocabulary) -> str | None:
    """A modifier (`features.json`: a pig, an inn) named shortly after `start`, before any
    number or punctuation: "..., o 4 si tiene un cerdo", "or 4 if there is a pig"."""
    window = sentence[start : start + CONDITION_WINDOW]
    stop = re.search(r"[\d,;:.()]", window)
    window = window[: stop.start()] if stop else window
    found = sorted(
        (m.start(), phrase.meaning)
        for phrase in vocab.features
        if phrase.meaning in vocab.relations.modifiers
        for m in phrase.pattern.finditer(window)
    )
    return found[0][1] if found else None


def _after_joint(before: str, rest: str, vocab: Vocabulary) -> bool:
    """An elliptic number after another amount: "(4 with pig)", "(ou 2 avec un cochon)", ", 4 se
    ha il maiale" (a parenthesis, "or" or a comma, then "with" or the modifier it is for) or "y
    5 al rival" ("and", then no count)."""
    qualified = vocab.qualifier.match(rest) is not None
    if before.rstrip().endswith("(") and qualified:
        return True
    if any(not before[m.end() :].strip(" (") for m in vocab.alternative.finditer(before)):
        return qualified or modifier_after(rest, 0, vocab) is not None  # "o 4 si hay cerdo"
    if before.rstrip().endswith(",") and not _count(rest, vocab):  # ", 4 se ha il maiale"
        return qualified or modifier_after(rest, 0, vocab) is not None
    opened = before.replace("(", "( ")  # "(y 2 más por cada escudo)": "and" opening an aside
    if any(not opened[m.end() :] for m in vocab.conjunction.finditer(opened)):
        return re.match(r"\s+[^\W\d]", rest) is not None and not _count(rest, vocab)
    return False


def _joint_only(gap: str, vocab: Vocabulary) -> bool:
    return bool(gap) and (
        vocab.conjunction.fullmatch(gap) is not None or vocab.alternative.fullmatch(gap) is not None
    )


def _count(rest: str, vocab: Vocabulary) -> bool:
    """What follows a number names what it counts ("3 tiles", "2 Städte"): a count."""
    start = len(rest) - len(rest.lstrip())
    if vocab.points_word.match(rest, start):
        return True
    return any(p.pattern.match(rest, start) for p in (*vocab.units, *vocab.features))
