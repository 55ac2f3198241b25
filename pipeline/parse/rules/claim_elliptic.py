"""Elliptic numbers of a scoring sentence (for `claim_amounts`): a number whose points word is
elsewhere ("one for each tile", "4 instead of 3 points", "instead of 2", "from 2 to 3 points",
"(4 with pig)", "... and 5 to the rival", "..., each shield also 2"), and the modifier a
number after "or" is for (`modifier_after`). Counts ("3 tiles") are not among them.
"""

from __future__ import annotations

import re
from itertools import islice

from carcdb.pipeline.parse.rules.claim_feature_words import feature_words
from carcdb.pipeline.parse.rules.claim_mention import Mention, inside
from carcdb.pipeline.parse.rules.claim_text import WORDS
from carcdb.pipeline.parse.rules.vocabulary import Vocabulary

AROUND_WINDOW = 240  # characters each side of an elliptic number that its reading looks at
ELLIPSIS_WORDS = 8  # words of a segment before its elliptic number ("bei Städten sind es zwei")
PLUS_THEN_END = re.compile(r"\s*(?:[.;,)!]|$)")  # "plus 1." closes its clause
SUM_BEFORE = re.compile(r"[0-9]\s*(?:\+|\w+)\s*$")  # "9 + 3", "9 plus 3": a sum's term
INSTEAD_WORDS = 3  # words between "instead of" and its number ("instead of the usual 1")
INSTEAD_BREAK = re.compile(r"[0-9,;:.()]")
NEXT_WORD = re.compile(r"\s*(\w+)")


def elliptic(sentence: str, vocab: Vocabulary, amounts: list[Mention]) -> list[Mention]:
    """Numbers whose points word is elsewhere: "one for each tile" (a "per" follows), "4
    instead of 3 points", "instead of 2", "from 2 to 3 points", "(4 with pig)" and "and 5
    to the rival" (after another amount). Counts ("3 tiles") are not among them."""
    found = []
    taken = [(m.start, m.end) for m in amounts]
    for m in vocab.bare_number.finditer(sentence):
        if inside(m.start(), taken):
            continue
        value = vocab.number(m.group(0))
        if value is None:
            continue
        # what is read around a number is local: a window each side keeps a long sentence of
        # many numbers (or articles, "a" being one) from being scanned once per number
        rest = sentence[m.end() : m.end() + AROUND_WINDOW]
        before = sentence[max(0, m.start() - AROUND_WINDOW) : m.start()]
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
        article = m.group(0).lower() in vocab.numbers.articles
        if article and _noun_follows(rest, vocab):
            continue  # "maar een onafgemaakte weg ...", "ma una città ...": an article
        if article and not (
            ranged or and_per or listed or (instead_before and (follows_per or _ends_here(rest)))
        ):
            continue  # "a", "ein", "un": an article unless "uno o due punti", "au lieu d'un",
            # "..., nur einen.", "statt einem pro Plättchen"
        closing = bool(previous) and _closes_stated_segment(before, rest, vocab)
        if not previous and _gapped_before(sentence, m.start(), m.end(), amounts, vocab):
            found.append(Mention(m.start(), m.end(), value, False, False, bare=True, leading=True))
        elif follows_per or instead_after or instead_before or from_slot or joined or ranged:
            found.append(Mention(m.start(), m.end(), value, False, False, bare=True))
        elif previous and _plus_last(before, rest, vocab):
            # "as many points as tiles around it, plus one": a flat amount after the rate
            found.append(Mention(m.start(), m.end(), value, False, False))
        elif closing:
            found.append(Mention(m.start(), m.end(), value, False, False, bare=True, closing=True))
        elif listed:
            found.append(Mention(m.start(), m.end(), value, False, False, bare=True, listed=True))
    return found


GAP_WORDS = 4  # words between a leading elliptic number and the next subject's amount


def _gapped_before(
    sentence: str, start: int, end: int, amounts: list[Mention], vocab: Vocabulary
) -> bool:
    """ "Roads score 1, cities 2 points per tile", "Los caminos dan 1 y las ciudades 2 puntos
    por loseta": a number after a feature and a scoring verb, then a comma or "and", another
    feature and the full amount whose points word and unit it shares."""
    following = [a for a in amounts if a.start >= end]
    if not following or following[0].bare:
        return False
    gap = sentence[end : following[0].start]
    opened = re.match(r"\s*(?:,|;)?\s*", gap)
    joint = gap[opened.end() :] if opened else gap
    if opened is None or (not opened.group(0).strip() and not _starts_with(vocab.conjunction, gap)):
        return False
    # a few words at most (counted lazily: the gap to the next amount may be the sentence)
    words = list(islice(WORDS.finditer(joint), GAP_WORDS + 2))
    if not words or len(words) > GAP_WORDS + 1 or any(c.isdigit() for c in joint):
        return False
    if vocab.points_word.search(joint) or vocab.contrast.search(joint):
        return False  # "Roads score 1, but cities 2 points": the contrast's own clause
    # the next subject is a feature of its own, not a modifier of the first ("..., the pig 1
    # point per completed city", "..., with an inn 2 points per tile")
    modifiers = vocab.relations.modifiers
    if not any(f[2] not in modifiers for f in feature_words(joint, vocab)):
        return False
    segment = sentence[max(sentence.rfind(c, 0, start) for c in ",;:(.") + 1 : start]
    return (
        not any(c.isdigit() for c in segment)
        and vocab.points_word.search(segment) is None
        and vocab.any_feature.search(segment) is not None
        and vocab.score_verb.search(segment) is not None
    )


def _starts_with(pattern: re.Pattern[str], text: str) -> bool:
    found = pattern.match(text)
    return found is not None and found.end() > 0


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
SEGMENT_STOP = re.compile(r"[.!?)]")


CONTRAST_GAP = 1  # words between a contrast word and the number it opens ("but only 0")


def _after_contrast(before: str, rest: str, vocab: Vocabulary) -> bool:
    """ "..., but 0 if incomplete", "ma 0 se incompleta": the number right after a contrast word
    opening its comma segment, a state named before the segment ends ("but 4 players can
    share it" is a count)."""
    stop = SEGMENT_START.search(rest) or SEGMENT_STOP.search(rest)
    if vocab.any_state.search(rest, 0, stop.start() if stop else len(rest)) is None:
        return False
    if _count(rest, vocab):
        return False  # "ma una città incompleta ...": an article or a count, not an amount
    cuts = list(SEGMENT_START.finditer(before))
    segment = before[cuts[-1].end() :] if cuts else before
    words = WORDS.findall(segment)
    return (
        0 < len(words) <= CONTRAST_GAP + 1
        and vocab.contrast.fullmatch(words[0]) is not None
        and not any(c.isdigit() for c in segment)
    )


def _feature_then_number(before: str, rest: str, vocab: Vocabulary) -> bool:
    """ "1 point per tile, cities 2.", "einen Punkt je Plättchen, bei Städten sind es zwei", "2
    Punkte pro Plättchen, am Spielende nur noch einen": a number ending a short comma segment
    that names a feature, a state or a contrast ("aber null"), after another amount, is an
    amount of the same kind; so is one right after a comma ending such a segment ("..., a
    completed city, 2")."""
    connector = NEXT_WORD.match(rest)  # "..., each shield 2 more."
    if (
        connector is not None
        and vocab.connector.fullmatch(connector.group(1))
        and SEGMENT_END.match(rest, connector.end())
    ):
        rest = rest[connector.end() :]
    if SEGMENT_END.match(rest) is None:
        return _after_contrast(before, rest, vocab)
    cuts = list(SEGMENT_START.finditer(before))
    if not cuts:
        return False
    segment = before[cuts[-1].end() :]
    if not segment.strip() and len(cuts) > 1:  # "..., a completed city, 2": a gapping comma
        segment = before[cuts[-2].end() : cuts[-1].start()]
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


def _noun_follows(rest: str, vocab: Vocabulary) -> bool:
    """A state word, a unit or a feature right after the number: what it counts or describes."""
    start = len(rest) - len(rest.lstrip())
    return vocab.any_state.match(rest, start) is not None or _count(rest, vocab)


def _count(rest: str, vocab: Vocabulary) -> bool:
    """What follows a number names what it counts ("3 tiles", "2 Städte"): a count."""
    start = len(rest) - len(rest.lstrip())
    if vocab.points_word.match(rest, start):
        return True
    return any(p.pattern.match(rest, start) for p in (*vocab.units, *vocab.features))
