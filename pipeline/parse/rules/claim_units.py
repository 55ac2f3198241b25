"""The units of a scoring sentence's amounts, and its other numbers (for `claims`).

A unit phrase (`UnitPhrase`) is governed by a "per" word ("pentru fiecare cartonaș", and "/"
or "×" in the wiki's compact notation, Hungarian "lapkánként"), with one meaning per
alternative ("per tile and coat of arms", "pro Wappen/Feld", "kartičku města a každý erb"); a
"per" right before a feature word counts that feature ("4 points per castle they touch":
`city`), and one right before a number is no unit ("rodeado por 8 losetas"). An amount's unit
is the phrase after it, else the one before it (`unit_for`), else the unit its subject names
(`claim_subject_unit`: "Wappen bringen keine Punkte", "tiles score 1 point each"). Other numbers are
`CountMention`s with the unit after them. All words come from the language's vocabulary file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from carcdb.pipeline.numbers import ascii_int
from carcdb.pipeline.parse.rules.claim_amounts import WORD, Mention
from carcdb.pipeline.parse.rules.claim_unit_start import (
    SKIPPABLE,
    UNIT_WINDOW,
    after_attribute,
    after_completed,
    figure_at,
    in_feature_name,
    skip_spaces,
    unit_past_attribute,
)
from carcdb.pipeline.parse.rules.vocabulary import Phrase, Vocabulary
from carcdb.schemas.rules import CountMention

SKIPPED_WORDS = 2
COMPACT_PER = re.compile(r"/|×")  # "1 point / tile", "2 points × size of city"
NEXT_TO = 3  # characters between a signed amount and the unit it is for: "(+0) kartička"
NUMBER = re.compile(r"(?<![\w/.+])[0-9]+(?![\w/:]|\.(?:\s|$))")  # not "1." or "Exemplul 2:"
BREAK = re.compile(r"[(,;]")
CLAUSE_STOP = re.compile(r"[(),;.:]")
BREAK_BEFORE = re.compile(r"[();.:]")  # a comma may stand before "including"
FILLER_WORDS = 3  # words between a unit and the amount it opens ("für jedes Wappen noch einmal 2")
LONGEST_UNIT = 80  # characters: longer than any unit phrase a lexicon lists (a test holds it)
PER_GAP = 2  # words between a "per" and the feature it is for ("for each completed city")


@dataclass(frozen=True)
class UnitPhrase:
    """A unit phrase after a "per" word; `meanings` has more than one for "X or Y"."""

    per_start: int
    start: int
    end: int
    meanings: tuple[str, ...]


def _unit_at(sentence: str, position: int, vocab: Vocabulary) -> tuple[int, int, str] | None:
    """The unit phrase starting nearest after `position` (within the window), longest first,
    a unit word with its "per" in it too (hu "minden területért és címerért"); else a feature
    word a count of which is a unit ("per castle": `city`), a completed-state word before it
    in the phrase ("for each closed town", "pro fertiger Straße")."""
    best = _nearest_phrase(sentence, position, (*vocab.units, *vocab.per_units), vocab)
    if best is None:
        past = unit_past_attribute(sentence, position, vocab)
        if past is not None and not in_feature_name(sentence, past[0], past[1], vocab):
            best = (past[0], past[0] - past[1], past[2])  # (start, -length, meaning)
    if best is None:
        start = skip_spaces(sentence, position)
        # with its state word, or past an attribute ("per adjacent port city")
        places = (*after_completed(sentence, start, vocab), start)
        places += tuple(after_attribute(sentence, start, vocab))
        for phrase in vocab.features:
            if phrase.meaning not in vocab.relations.feature_units:
                continue
            match = next(filter(None, (phrase.pattern.match(sentence, at) for at in places)), None)
            if match is not None and not figure_at(sentence, match.start(), vocab):
                candidate = (start, -(match.end() - start), phrase.meaning)
                best = candidate if best is None or candidate < best else best
    if best is None:  # a figure ("for each of his knights"), last: "per city to the farmer"
        best = _nearest_phrase(sentence, position, vocab.figures, vocab)
    if best is None:
        return None
    start, negative_length, meaning = best
    return start, start - negative_length, meaning


def _nearest_phrase(
    sentence: str, position: int, phrases: tuple[Phrase, ...], vocab: Vocabulary
) -> tuple[int, int, str] | None:
    """The phrase starting nearest after `position` within the window, longest first, as
    (start, -length, meaning); none in a feature's name."""
    best: tuple[int, int, str] | None = None
    # a phrase must start within the window: no need to scan the rest of the sentence
    limit = position + UNIT_WINDOW + LONGEST_UNIT
    for phrase in phrases:
        match = phrase.pattern.search(sentence, position, limit)
        if match is None or match.start() - position > UNIT_WINDOW:
            continue
        if in_feature_name(sentence, match.start(), match.end(), vocab):
            continue
        candidate = (match.start(), -(match.end() - match.start()), phrase.meaning)
        if best is None or candidate < best:
            best = candidate
    return best


def _alternative_after(sentence: str, end: int, vocab: Vocabulary) -> tuple[int, str] | None:
    """A unit phrase right after "or", "and" or "/" at `end` ("per tile and coat of arms",
    "par tuile et par blason", "für jedes Feld und jedes Wappen", "pro Wappen/Feld"): each of
    them scores the rate. Its end and meaning."""
    for phrase in vocab.features:  # "kartičku města a každý erb": the tile's feature between
        named = phrase.pattern.match(sentence, skip_spaces(sentence, end))
        if named is not None and end < named.start() <= end + 1:
            end = named.end()
            break
    joint = vocab.alternative.match(sentence, end) or vocab.conjunction.match(sentence, end)
    if joint is None:
        return None
    start = joint.end()
    if (per := vocab.per.match(sentence, start)) is not None:  # "... et par blason"
        start = per.end() + len(sentence[per.end() :]) - len(sentence[per.end() :].lstrip())
    # "pro Plättchen sowie eventuell vorhandene Wappen": up to two words before the unit
    positions = [start]
    for _ in range(SKIPPED_WORDS):
        word = SKIPPABLE.match(sentence, positions[-1])
        if word is None:
            break
        text = word.group(1)
        if (  # no points word, number, "per" or feature: another amount's or what it counts
            vocab.points_word.fullmatch(text)
            or vocab.number(text) is not None
            or vocab.per.fullmatch(text)
            or vocab.any_feature.match(text)
        ):
            break
        positions.append(word.end())
    for position in positions:
        for phrase in sorted(vocab.units, key=lambda p: -len(p.pattern.pattern)):
            match = phrase.pattern.match(sentence, position)
            if match is not None:
                return match.end(), phrase.meaning
    # a compound ending in a unit ("pro Ritter und Stadtkarte", "per tegel en wegtegel"): a
    # compounding language's unit stem matches inside the word (docs/rules.md, `compounds`)
    word = WORD.match(sentence, start)
    if word is not None:
        for phrase in vocab.units:
            match = phrase.pattern.search(sentence, start, word.end())
            if match is not None and match.end() == word.end():
                return match.end(), phrase.meaning
    return None


def _included_after(sentence: str, end: int, vocab: Vocabulary) -> list[str]:
    """The units an "including" right after a unit names, up to the end of its clause ("por
    cada tramo del río incluidos los lagos y los peces", "per tessera, compresi i pesci": the
    fish too)."""
    including = vocab.including.search(sentence, end, end + UNIT_WINDOW)
    if including is None or BREAK_BEFORE.search(sentence, end, including.start()):
        return []
    stop = CLAUSE_STOP.search(sentence, including.end())
    limit = len(sentence) if stop is None else stop.start()
    meanings: list[str] = []
    position = including.end()
    while (unit := _unit_at(sentence, position, vocab)) is not None and unit[1] <= limit:
        meanings.append(unit[2])
        position = unit[1]
    return meanings


def _counted(gap: str, vocab: Vocabulary) -> bool:
    """A number between a "per" word and its unit counts the unit ("rodeado por ocho losetas":
    the Spanish and Portuguese "por" of the agent): digits or a number word, not an article."""
    words = gap.split()
    if not words:
        return False
    first = words[0].lower()
    return first[:1].isdigit() or (
        first not in vocab.numbers.articles and first in vocab.numbers.cardinals
    )


def _pers(sentence: str, vocab: Vocabulary) -> list[tuple[int, int]]:
    """Where a "per" is written: the language's words, "/" and "×"."""
    found = [m.span() for m in vocab.per.finditer(sentence)]
    found += [  # "2 points for fish": "for" is a "per" right before a unit word alone
        m.span()
        for m in vocab.per_bare.finditer(sentence)
        if any(p.pattern.match(sentence, m.end()) for p in vocab.units)
    ]
    found += [  # "3 points a tile", "2 points la tuile": an article right after a points word
        m.span()
        for m in vocab.per_after_points.finditer(sentence)
        if _after_points_word_only(sentence, m.start(), vocab)
        and any(p.pattern.match(sentence, m.end()) for p in vocab.units)
    ]
    if "/" in sentence or "×" in sentence:
        found += [m.span() for m in COMPACT_PER.finditer(sentence)]
    return sorted(found)


POINTS_BEFORE_WINDOW = 30  # characters before an article to look for the points word it follows


def _after_points_word_only(sentence: str, start: int, vocab: Vocabulary) -> bool:
    before = sentence[max(0, start - POINTS_BEFORE_WINDOW) : start].rstrip()
    last = re.search(r"\w+$", before)
    return last is not None and vocab.points_word.fullmatch(last.group(0)) is not None


def unit_phrases(sentence: str, vocab: Vocabulary) -> list[UnitPhrase]:
    found: dict[int, UnitPhrase] = {}
    for per_start, per_end in _pers(sentence, vocab):
        first = _unit_at(sentence, per_end, vocab)
        if first is None or _counted(sentence[per_end : first[0]], vocab):
            continue  # "rodeado por 8 losetas", "cercado por oito peças": a count, not a unit
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
        meanings += _included_after(sentence, end, vocab)
        found[start] = UnitPhrase(per_start, start, end, tuple(dict.fromkeys(meanings)))
    per_words = sorted(  # Hungarian "lapkánként": a unit and its "per" in one word
        (m.start(), m.end(), phrase.meaning)
        for phrase in vocab.per_units
        for m in phrase.pattern.finditer(sentence)
    )
    taken: set[int] = set()
    for position, (start, end, meaning) in enumerate(per_words):
        if start in taken or any(u.start <= start < u.end for u in found.values()):
            continue  # "minden szomszédos lapkáért": the surrounding tile already read
        meanings = [meaning]
        for next_start, next_end, next_meaning in per_words[position + 1 :]:
            gap = sentence[end:next_start]
            if not (vocab.conjunction.fullmatch(gap) or vocab.alternative.fullmatch(gap)):
                break  # "lapkánként és címerenként": one rate for both
            meanings.append(next_meaning)
            taken.add(next_start)
            end = next_end
        found.setdefault(start, UnitPhrase(start, start, end, tuple(dict.fromkeys(meanings))))
    return sorted(found.values(), key=lambda u: u.per_start)


def per_follows(sentence: str, mention: Mention, vocab: Vocabulary) -> bool:
    """A "per" right after the amount ("1 point / type of feature"): a rate per a unit the
    vocabulary does not know, not a flat amount."""
    rest = sentence[mention.end :].lstrip()
    if rest[:1] in ("/", "×"):
        return True
    per = vocab.per.match(rest)
    if per is None:
        return False
    # "1 punkt za sam klasztor", "un punto per sé": "for" the feature itself, a flat amount
    if vocab.itself.match(rest, per.end()):
        return False
    return _feature_after_per(rest, per.end(), vocab) is None


def _feature_after_per(rest: str, start: int, vocab: Vocabulary) -> re.Match[str] | None:
    """A feature word right after a "per", a few words at most between ("per completed
    city", "für ein Kloster", "for each completed city"); one named after another noun ("per
    bear in his field") is where the unit is, not what is counted."""
    named = vocab.any_feature.search(rest, start, start + UNIT_WINDOW)
    if named is None or len(WORD.findall(rest, start, named.start())) > PER_GAP:
        return None
    return named


def for_feature(sentence: str, mention: Mention, vocab: Vocabulary) -> bool:
    """A "per" right after the amount and a feature word after it ("nueve puntos por
    monasterio", "9 Punkte für ein Kloster"): the amount the feature scores, stated as a rate."""
    rest = sentence[mention.end :].lstrip()
    per = vocab.per.match(rest)
    if per is None:
        return False
    return _feature_after_per(rest, per.end(), vocab) is not None


def unit_next_to(sentence: str, mention: Mention, vocab: Vocabulary) -> UnitPhrase | None:
    """The unit right after a signed amount or multiplier written without "per": `(+0) kartička`."""
    if not (mention.bonus or mention.multiplier):
        return None
    found = _unit_at(sentence, mention.end, vocab)
    if found is None or found[0] - mention.end > NEXT_TO:
        return None
    start, end, meaning = found
    return UnitPhrase(mention.end, start, end, (meaning,))


def unit_named_after(sentence: str, mention: Mention, vocab: Vocabulary) -> UnitPhrase | None:
    """The first unit named after "as many points as", no "per" needed ("tantos puntos como
    losetas tenga el camino"), the longest where two start together."""
    best: tuple[int, int, str] | None = None
    for phrase in vocab.units:
        match = phrase.pattern.search(sentence, mention.end)
        if match is None:
            continue
        candidate = (match.start(), -(match.end() - match.start()), phrase.meaning)
        best = candidate if best is None or candidate < best else best
    if best is None:
        return None
    start, negative_length, meaning = best
    return UnitPhrase(mention.end, start, start - negative_length, (meaning,))


def unit_for(
    index: int,
    mentions: list[Mention],
    units: list[UnitPhrase],
    clause: tuple[int, int] | None = None,
    sentence: str = "",
    units_first: bool = False,
    vocab: Vocabulary | None = None,
    own: list[UnitPhrase | None] | None = None,
) -> UnitPhrase | None:
    """The unit phrase of `mentions[index]`: the first after it (before the next amount, in
    its clause, not in an aside the next amount is in), else the last before it that is not
    the amount before's own. `units_first`: the language writes the unit first (Hungarian
    "lapkánként 2 pont"), so the one before comes first; `own`: the sentence's `own_units`
    read with the same `sentence` and `vocab`, when the caller has it."""
    previous = None
    if index and not units_first:
        chain = own if own is not None else own_units(mentions, units, sentence, vocab)
        previous = chain[index - 1]
    return _unit_for(index, mentions, units, clause, sentence, units_first, vocab, previous)


def own_units(
    mentions: list[Mention],
    units: list[UnitPhrase],
    sentence: str = "",
    vocab: Vocabulary | None = None,
) -> list[UnitPhrase | None]:
    """Each amount's unit read with no clause, in order, each after the one before's (what
    the amount after it must not take): a loop, not a recursion (a sentence of a thousand
    amounts would go past Python's recursion limit). A caller reading every amount of a
    sentence computes it once and passes it to `unit_for` (`own`)."""
    chain: list[UnitPhrase | None] = []
    for index in range(len(mentions)):
        previous = chain[index - 1] if index else None
        chain.append(_unit_for(index, mentions, units, None, sentence, False, vocab, previous))
    return chain


def _unit_for(
    index: int,
    mentions: list[Mention],
    units: list[UnitPhrase],
    clause: tuple[int, int] | None,
    sentence: str,
    units_first: bool,
    vocab: Vocabulary | None,
    before_previous: UnitPhrase | None,
) -> UnitPhrase | None:
    """`unit_for`, given the amount before's own unit (`before_previous`)."""
    mention = mentions[index]
    next_start = mentions[index + 1].start if index + 1 < len(mentions) else 10**9
    if clause is not None:
        next_start = min(next_start, clause[1])
    previous_end = mentions[index - 1].end if index else 0
    after = [
        u
        for u in units
        if mention.end <= u.per_start < next_start
        # "9 Punkte (für jede Landschaftskarte 1 Punkt)", "einen Punkt, für eine Stadt pro
        # Plättchen je zwei Punkte": the next amount's, past a comma or in its aside
        and not (index + 1 < len(mentions) and BREAK.search(sentence, mention.end, u.per_start))
    ]
    # "each road is 1 point per tile, each cloister is 9": past the amount before's own unit
    if (
        index
        and not units_first
        and before_previous is not None
        and before_previous.per_start >= previous_end
    ):
        previous_end = before_previous.end
    before = [
        u
        for u in units
        if u.per_start >= previous_end
        and (clause is None or u.per_start >= clause[0])  # not a clause before's ("...; ...")
        and u.end <= mention.start
        and not (vocab is not None and _after_points_word(sentence, u, mentions, vocab))
    ]
    if units_first and before:
        return before[-1]
    if vocab is not None and (before or units_first) and index + 1 < len(mentions):  # "cada
        # loseta valga 3 puntos y cada escudo 3 puntos", hu "1 pontot és minden lapkáért 1
        # pontot": a unit right before the next amount, with no joint between, is that
        # amount's subject, not this one's ("por loseta y 1 punto" is this one's)
        following = mentions[index + 1]
        after = [u for u in after if not _opens_amount(sentence, u, following, vocab)]
    if after:
        return _with_units_before(sentence, after[0], mention, units, vocab)
    return before[-1] if before else None


LAST_WORD = re.compile(r"(\w+)\W*$")
POINTS_WORD_WINDOW = 20  # characters back from a unit's "per" to a points word before it


def _after_points_word(
    sentence: str, unit: UnitPhrase, mentions: list[Mention], vocab: Vocabulary
) -> bool:
    """The unit phrase follows a points word that is no amount's ("Scoring points for each
    tile around it, that's nine points"): it says what points are for, a later amount is a
    total ("9 Punkte (für jede Landschaftskarte 1 Punkt)" is an amount's points word)."""
    last = LAST_WORD.search(sentence, max(0, unit.per_start - POINTS_WORD_WINDOW), unit.per_start)
    if last is None or vocab.points_word.fullmatch(last.group(1)) is None:
        return False
    return not any(m.start <= last.start() < m.end for m in mentions)


def _with_units_before(
    sentence: str,
    unit: UnitPhrase,
    mention: Mention,
    units: list[UnitPhrase],
    vocab: Vocabulary | None,
) -> UnitPhrase:
    """A unit in an aside after "also" ("o 3 punti (anche per gli scudi)", "or 3 points (also
    for the coats of arms)"): the amount is the rate of the units of the rates before it too."""
    if vocab is None or not vocab.also.search(sentence, mention.end, unit.per_start):
        return unit
    earlier = [m for u in units if u.end <= mention.start for m in u.meanings]
    return replace(unit, meanings=tuple(dict.fromkeys([*earlier, *unit.meanings])))


def _opens_amount(sentence: str, unit: UnitPhrase, following: Mention, vocab: Vocabulary) -> bool:
    """The unit stands right before the amount after it (up to three words such as "otros",
    "nog eens", "gibt es noch einmal" between, not a joint: "y", "+", a comma)."""
    gap = sentence[unit.end : following.start]
    words = gap.split()
    if unit.end > following.start or len(words) > FILLER_WORDS or re.search(r"[,;:+(]", gap):
        return False
    return not any(vocab.conjunction.fullmatch(f" {w} ") or vocab.plus.fullmatch(w) for w in words)


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
