"""The amounts of a scoring sentence: points phrases and what stands for one (for `claims`).

In a sentence (`claim_text.sentences`), an amount (`Mention`) is a points phrase ("2 puncte",
"zwei Punkte", "keine Punkte", "1Punkt"), a signed amount ("(+1) punct", "(+0) kartička"), a
multiplier ("(x2)", "double", "verdoppelt"; not "double-sized", "une tuile double" nor "nicht
doppelt"), a "nothing" word in a sentence with a scoring verb ("scores nothing", "ne
rapportent rien"), a points word after a negation ("you do not get any points": 0; after a
penalty word it is subtracted: "loses 2 points", "resta 10 puntos", and after a price word in
a clause with one: "buy back your prisoner for 3 points"), a negated scoring verb at the end of
the game in a sentence with no points word ("incomplete cities are not scored": 0), "as many
points as" (1 per the unit named after it: "as many points as there are tiles"), a singular
points word before a "per" word in a language without articles ("punkt za każdy kafelek": 1), or an
elliptic number in a sentence about points (`claim_elliptic`: "one for each tile", "4 instead
of 3 points", "(4 with pig)", "..., each shield also 2"). In a sentence with no points word at
all, digits before a "per" and a rate's unit are a summary's rate ("City: 2 per tile").
Numbers are read in ASCII digits or number words (`pipeline.parse.number_words`);
`number_problems` reports digits that are not ASCII and numbers beyond the warehouse. All
words come from the language's vocabulary file.
"""

from __future__ import annotations

import re
from dataclasses import replace

from carcdb.pipeline.numbers import ascii_int
from carcdb.pipeline.parse.rules.claim_elliptic import elliptic
from carcdb.pipeline.parse.rules.claim_mention import Mention, inside, sign_of
from carcdb.pipeline.parse.rules.claim_unit_start import skip_spaces
from carcdb.pipeline.parse.rules.vocabulary import Vocabulary

__all__ = ["Mention", "corrected", "points_phrases"]

MULTIPLIER = re.compile(r"\(\s*[x×]\s*([0-9]+)\s*\)", re.IGNORECASE)
SIGNED = re.compile(r"\(\s*([+\-−–])\s*([0-9]+)\s*\)")  # "(+0) kartička": no point word
# Numbers are read in ASCII digits only (`pipeline.numbers.number_problems` reports others).
NEGATION_WINDOW = 4  # words between a negation and the points word it makes 0
NEGATED_AFTER_WORDS = 6  # words after a points word to the negation ending its clause
WORD = re.compile(r"\w+")
DIGIT = re.compile(r"[0-9]")
TERSE_NUMBER = re.compile(r"(?<![\w/.+\-])([0-9]{1,2})\s+")  # "2 per tile"
TERSE_UNITS = frozenset({"tile", "coat_of_arms", "completed_city", "surrounding_tile"})


def _fillers(text: str, vocab: Vocabulary) -> bool:
    """What may stand between a negation and the points word it makes 0: a scoring verb,
    "any", "extra" ("you do not get any extra points", "ne rapportent pas de points")."""
    words = WORD.findall(text)
    return len(words) < NEGATION_WINDOW and all(
        vocab.score_verb.match(word) or vocab.zero_filler.fullmatch(word) for word in words
    )


def _after_unit_word(before: str, vocab: Vocabulary) -> bool:
    """The word before is a unit, in a language whose adjectives follow their noun ("une tuile
    double": a tile's kind, not a multiplier; German "zählt jedes Straßenteil doppelt" is an
    adverb's factor)."""
    if not vocab.adjectives_follow:
        return False
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
        if inside(m.start(), taken) or "-" in sentence[max(0, m.start() - 1) : m.end() + 1]:
            continue
        phrase = " " in m.group(0)  # "multiplié par deux" after "par tuile" is a factor still
        if not phrase and (
            _after_unit_word(sentence[: m.start()], vocab) or _adjective(sentence, m.start(), vocab)
        ):
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
    nothing = [m for m in vocab.nothing.finditer(sentence) if not inside(m.start(), taken)]
    if nothing and vocab.score_verb.search(sentence) is not None:
        found += [Mention(m.start(), m.end(), 0, False, False) for m in nothing]
    for m in vocab.points_word.finditer(sentence):
        if inside(m.start(), taken) or inside(m.start(), [(f.start, f.end) for f in found]):
            continue
        before = sentence[: m.start()]
        clause = re.split(r"[,;:()]", before)[-1]
        negations = list(vocab.negation.finditer(clause))
        negated = bool(negations) and _fillers(clause[negations[-1].end() :], vocab)
        if negated or _negated_after(sentence[m.end() :], vocab):
            found.append(Mention(m.start(), m.end(), 0, False, False))
    if not found and vocab.points_word.search(sentence) is None and not DIGIT.search(sentence):
        found += _negated_verb(sentence, vocab)
    return found


def _negated_verb(sentence: str, vocab: Vocabulary) -> list[Mention]:
    """ "incomplete cities are not scored", "werden nicht gewertet", "no puntúan", "nejsou
    započítána": a scoring verb (no copula) a negation stands next to, in a sentence with no
    points word nor digits, scores 0 (per tile for an incomplete road, city, inn ...: `claims`
    makes it no feature's rate otherwise). Only where the sentence names a feature scored
    per tile and the end of the game or an incomplete state: "the pig does not count towards
    the followers", "the farmer does not score during the game" state no rate."""
    for verb in vocab.scoring_verb.finditer(sentence):
        word = WORD.match(sentence, verb.start())
        end = word.end() if word is not None else verb.end()
        if word is not None and vocab.negation.fullmatch(word.group(0)):
            continue  # the verb's own stem is a negation word ("není" is no scoring verb)
        before = WORD.findall(sentence[max(0, verb.start() - 30) : verb.start()])[-2:]
        after = WORD.findall(sentence[end : end + 20])[:1]  # "zählen nicht"
        if any(vocab.negation.fullmatch(w) for w in [*before, *after]):
            return [Mention(verb.start(), end, 0, False, False)] if _ending(sentence, vocab) else []
    return []


def _ending(sentence: str, vocab: Vocabulary) -> bool:
    """The sentence names the end of the game or an incomplete state, and a feature scored per
    tile (whose zero is its rate per tile)."""
    ending = ("incomplete", "end_game")
    if not any(p.meaning in ending and p.pattern.search(sentence) for p in vocab.states):
        return False
    zero_units = vocab.relations.zero_units
    return any(f.meaning in zero_units and f.pattern.search(sentence) for f in vocab.features)


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


CORRECTION_GAP = 40  # characters from a negated amount to the "but" before its correction


def corrected(sentence: str, mention: Mention, later: Mention | None, vocab: Vocabulary) -> bool:
    """ "not 4 points but 2", "geen 4p maar 2p", "nicht 4, sondern 2 Punkte": a negation right
    before the amount and a contrast or correction word before the next amount: the amount is
    what the feature does not score, no rate."""
    if later is None or mention.points == 0 or later.start - mention.end > CORRECTION_GAP:
        return False
    window = sentence[max(0, mention.start - 30) : mention.start]
    window = re.split(r"[,;:.()]", window)[-1]  # "if not, 1 point": not this amount's negation
    before = WORD.findall(window)[-2:]
    if before and vocab.score_verb.match(before[-1]):
        before = before[:-1]  # "does not score 2 points, only 1"
    if not before or vocab.negation.fullmatch(before[-1]) is None:
        return False
    between = sentence[mention.end : later.start]
    return bool(vocab.contrast.search(between) or vocab.correction.search(between))


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
            found.append(
                Mention(m.start(), m.end(), points, sign is not None, False, sign_of(sign))
            )
    taken = [(m.start, m.end) for m in found]
    for m in SIGNED.finditer(sentence):
        amount = ascii_int(m.group(2))
        if amount is None or inside(m.start(), taken):
            continue
        restated = _restated(sentence, found, m.start(), amount)
        if restated is None:
            found.append(Mention(m.start(), m.end(), amount, True, False, sign_of(m.group(1))))
        elif sign_of(m.group(1)) < 0:
            found[restated] = replace(found[restated], sign=-1)
    for m in MULTIPLIER.finditer(sentence):
        factor = ascii_int(m.group(1))
        if factor is not None:
            found.append(Mention(m.start(), m.end(), factor, False, True))
    taken = [(m.start, m.end) for m in found]
    for m in vocab.as_many.finditer(sentence) if words else ():
        if not inside(m.start(), taken) and _as_many(sentence, m, vocab):
            found.append(Mention(m.start(), m.end(), 1, False, False, counted=True))
    taken = [(m.start, m.end) for m in found]
    found += _one_points(sentence, vocab, taken)
    taken = [(m.start, m.end) for m in found]
    found += _multiplier_words(sentence, vocab, taken)
    found += _zeros(sentence, vocab, taken)
    found.sort(key=lambda m: m.start)
    if found or words:
        found += elliptic(sentence, vocab, found)
    else:
        found += _terse_rates(sentence, vocab)
    return sorted((_penalised(sentence, m, vocab) for m in found), key=lambda m: m.start)


def _terse_rates(sentence: str, vocab: Vocabulary) -> list[Mention]:
    """A summary's rate with no points word: digits, a "per" and a unit a rate counts in
    ("City: 2 per tile, 2 per shield", "Wiese: 3 je fertige Stadt"); not number words, nor a
    unit no feature is scored per ("1 per player")."""
    found: list[Mention] = []
    if vocab.any_feature.search(sentence) is None:
        return found
    for m in TERSE_NUMBER.finditer(sentence):
        per = vocab.per.match(sentence, m.end())
        if per is None:
            continue
        start = skip_spaces(sentence, per.end())
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
    """A singular points word with no number before a "per" word or right after a scoring
    verb is one point: pl "punkt za każdy kafelek", cs "bod za každou kartičku", ru "очко за
    каждый квадрат", pl "daje punkt na początku tury" (the languages have no article: "a point
    per tile", "gives a point")."""
    found = []
    for m in vocab.one_point.finditer(sentence):
        if inside(m.start(), taken):
            continue
        rest = sentence[m.end() :]
        verb = WORD.findall(sentence[max(0, m.start() - 30) : m.start()])[-1:]
        given = bool(verb) and vocab.score_verb.fullmatch(verb[0]) is not None
        if given or vocab.per.match(rest.lstrip()) is not None:
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
    penalty = vocab.penalty.search(before)
    word = vocab.penalty_word.match(before, penalty.start()) if penalty is not None else None
    if word is not None and _receives_between(before[word.end() :], vocab):
        penalty = None  # "Wer die Schlacht verliert, erhält zwei Punkte": the loser receives
    if (
        penalty is None
        and vocab.penalty_after.search(after) is None
        and not _price(sentence, mention, vocab)
    ):
        return mention
    return replace(mention, bonus=True, sign=-1)


def _receives_between(gap: str, vocab: Vocabulary) -> bool:
    """A scoring verb that is no penalty word stands between a penalty word and the amount."""
    return any(
        vocab.scoring_verb.match(word) is not None and vocab.penalty_word.fullmatch(word) is None
        for word in WORD.findall(gap)
    )


def _price(sentence: str, mention: Mention, vocab: Vocabulary) -> bool:
    """ "buy your prisoner from the invader for 3 points", "für 3 Punkte freikaufen": an
    amount right after a price word ("for"), in a clause with a penalty word, is paid."""
    before = sentence[max(0, mention.start - 80) : mention.start]
    price = vocab.price.search(before)
    if price is None:
        return False
    clause = CLAUSE_STOP.split(before[: price.start()])[-1]
    after = CLAUSE_STOP.split(sentence[mention.end : mention.end + 40])[0]
    return vocab.penalty_word.search(clause) is not None or (
        vocab.penalty_word.search(after) is not None
    )
