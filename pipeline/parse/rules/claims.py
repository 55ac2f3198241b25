"""Scoring claims: "N points per unit of feature in state", read from a scoring rule's text.

A rule's plain text is cut into sentences (and list items). In each sentence every points
phrase ("2 puncte", "(+1) punct") and multiplier ("(x2)") is one claim:
- unit: the unit phrase governed by a "per" word ("pentru fiecare cartonaș") after the points
  phrase, else before it; a flat amount before "plus", or a line that is only a points phrase
  (a table row's "0 points"), is `fixed`; otherwise `unknown`;
- feature: the feature word nearest the points phrase outside the unit phrase (and outside a
  parenthesised aside the phrase is not in: "(except for German cathedral tiles)"), else the
  feature its units imply (coats of arms: city), else the rule's title and section headings;
  where the context is a barn, fields and cities score for it, and where it is a field
  (farmers), cities score for the field;
- state: a state word outside the unit phrase (incomplete > completed > end of game > during
  the game), else the phase announced by an earlier sentence, else the rule's default. At the
  end of the game a road, city or monastery is scored only while incomplete (completed ones
  were scored when they were finished), so their end-of-game claims are `incomplete`.
The wiki's compact notation is read in every language: `N point(s) / unit` and `N points ×
unit` ("/" and "×" act as "per"), signed adjustments `(-1) punct / cartonaș` (sign -1) and
`(+0) kartička`, multipliers `(x0) points / tile` (multiplier 0, no points) and a bare `(x2)`.
A rendered table row's label (a line ending in `|`, a short line without numbers naming a
feature, or the short head of a "Garden: who scores" line) names the feature for the lines
after it; a quoted name in it („Răscoală de țărani”, a scoring tile's) names no feature. A
clause qualifying a unit ("tile with a farmhouse") says which tiles count, not the feature.
"per tile and coat of arms" gives one claim per unit, as "or" does. A sentence listing
several features ("Straße, Stadt und Kloster ... je 1 Punkt") gives one claim per feature.
A points phrase after a threshold word ("dacă punctajul tău trece de 50 de puncte") is a
score, not a rate: it is kept with feature, state and unit `unknown`.
A scoring sentence with numbers but no points phrase is still a claim (unit `unknown`,
points None): numbers are never dropped. Other numbers become `counts` with their unit.
All words come from the language's vocabulary file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from pipeline.numbers import INT32_MAX, NON_ASCII_DIGIT, ascii_int
from pipeline.parse.rules.vocabulary import Vocabulary
from schemas.rules import ClaimState, CountMention

MULTIPLIER = re.compile(r"\(\s*[x×]\s*([0-9]+)\s*\)", re.IGNORECASE)
SIGNED = re.compile(r"\(\s*([+\-−–])\s*([0-9]+)\s*\)")  # "(+0) kartička": no point word
COMPACT_PER = re.compile(r"/|×")  # "1 point / tile", "2 points × size of city"
EXPLAINED = re.compile(r"\s*\(")  # "9 points (the feature tile and ...)": an amount explained
CAMEL_CASE = re.compile(r"(?<=[a-z])(?=[A-Z])")
CLAUSE_END = re.compile(r"[()+|.;,]")
AROUND_WINDOW = 40  # characters from a tile unit to its "around it"
LABEL_WORDS = 8  # a label line (a table row's feature) is short
NEXT_TO = 3  # characters between a signed amount and the unit it is for: "(+0) kartička"
NUMBER = re.compile(r"(?<![\w/.+])[0-9]+(?![\w/:]|\.(?:\s|$))")  # not "1." or "Exemplul 2:"
# Numbers are read in ASCII digits only; another digit in a scoring text is reported.
ODD_DIGITS = re.compile(rf"{NON_ASCII_DIGIT}+")
DIGITS = re.compile(r"[0-9]+")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
INLINE_ITEM = re.compile(r"\s[*#]+\s")
QUALIFIER_END = re.compile(r"\((?!s\))|(?<!\(s)\)|\||\d")  # "segment(s)" goes on
QUOTED = re.compile(r"„[^”“\n]*[”“]|“[^”\n]*”|\"[^\"\n]*\"|«[^»\n]*»")  # a name: „Drum lung”
UNIT_WINDOW = 20  # characters between a "per" word and its unit phrase ("fiecare dintre ...")
PHASES = (ClaimState.END_GAME, ClaimState.DURING_GAME)
ANNOUNCEMENT_WORDS = 8
# A barn scores a field's cities and fortresses: in a barn context those claims are the barn's.
# Farmers score the cities their field borders: in a field context a city claim is the field's.
REFINEMENTS = {"barn": {"field", "city", "fortress"}, "field": {"city"}}
# Units that belong to one feature: a sentence about coats of arms is about a city.
UNIT_FEATURES = {"coat_of_arms": "city", "vineyard": "monastery"}  # vineyards score monasteries
# Features that score at game end only while incomplete (fields score only then).
INCOMPLETE_AT_GAME_END = frozenset({"road", "city", "monastery"})


@dataclass(frozen=True)
class ClaimDraft:
    feature: str
    state: ClaimState
    unit: str
    points: int | None
    bonus: bool
    sentence: str
    counts: list[CountMention]
    sign: int = 1
    multiplier: int | None = None


@dataclass(frozen=True)
class _Mention:
    start: int
    end: int
    points: int
    bonus: bool
    multiplier: bool
    sign: int = 1


@dataclass(frozen=True)
class _Unit:
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


def _mentions(sentence: str, vocab: Vocabulary) -> list[_Mention]:
    """Points phrases, signed amounts and multipliers; one whose number the warehouse cannot
    store is left out (`number_problems` reports it)."""
    found = []
    for m in vocab.points.finditer(sentence):
        points = vocab.number(m.group("number"))
        if points is not None:
            sign = m.group("sign")
            found.append(_Mention(m.start(), m.end(), points, sign is not None, False, _sign(sign)))
    taken = {m.start for m in found}
    for m in SIGNED.finditer(sentence):
        amount = ascii_int(m.group(2))
        if amount is not None and m.start() not in taken:
            found.append(_Mention(m.start(), m.end(), amount, True, False, _sign(m.group(1))))
    for m in MULTIPLIER.finditer(sentence):
        factor = ascii_int(m.group(1))
        if factor is not None:
            found.append(_Mention(m.start(), m.end(), factor, False, True))
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


def _units(sentence: str, vocab: Vocabulary) -> list[_Unit]:
    found: dict[int, _Unit] = {}
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
        found[start] = _Unit(per_start, start, end, tuple(meanings))
    return sorted(found.values(), key=lambda u: u.per_start)


def _outside(span: tuple[int, int], unit: _Unit | None) -> bool:
    return unit is None or span[1] <= unit.start or span[0] >= unit.end


def _qualified(sentence: str, unit: _Unit | None, vocab: Vocabulary) -> tuple[int, int] | None:
    """The clause qualifying a unit ("tile with a farmhouse", "cartonaș cu o gospodărie"): it
    says which tiles count, so a feature word in it is not the feature scored. It runs to a
    parenthesis, a cell border or the next number."""
    if unit is None:
        return None
    match = vocab.qualifier.match(sentence, unit.end)
    if match is None:
        return None
    stop = QUALIFIER_END.search(sentence, match.end())
    return unit.end, stop.start() if stop else len(sentence)


def _features_in(text: str, vocab: Vocabulary) -> list[tuple[int, int, str]]:
    if vocab.any_feature.search(text) is None:
        return []  # no feature word at all (most texts): the per-phrase scans would find none
    return [
        (m.start(), m.end(), phrase.meaning)
        for phrase in vocab.features
        for m in phrase.pattern.finditer(text)
    ]


def _context_features(context: list[str], vocab: Vocabulary) -> list[str]:
    """Features named in the rule's title and headings, innermost first."""
    found: list[str] = []
    for text in context:
        # a template's name runs its words together: "ScoringGroupFeatureMonastery"
        text = CAMEL_CASE.sub(" ", text)
        for _, _, meaning in sorted(_features_in(text, vocab)):
            if meaning not in found:
                found.append(meaning)
    return found


def _implied_feature(sentence: str, vocab: Vocabulary) -> str | None:
    """A feature the sentence names only through its unit ("blazoanele": a city's)."""
    for phrase in vocab.units:
        if phrase.meaning in UNIT_FEATURES and phrase.pattern.search(sentence):
            return UNIT_FEATURES[phrase.meaning]
    return None


def _listed(
    sentence: str, candidates: list[tuple[int, int, str]], nearest: int, vocab: Vocabulary
) -> list[str]:
    """The features listed together with `candidates[nearest]` ("Straße, Stadt und Kloster"):
    neighbours whose gap holds only a joiner (a comma, "and")."""
    first = last = nearest
    while first > 0 and vocab.joiner.match(
        sentence, candidates[first - 1][1], candidates[first][0]
    ):
        first -= 1
    while last + 1 < len(candidates) and vocab.joiner.match(
        sentence, candidates[last][1], candidates[last + 1][0]
    ):
        last += 1
    return list(dict.fromkeys(c[2] for c in candidates[first : last + 1]))


def _asides(sentence: str) -> list[tuple[int, int]]:
    """Parenthesised asides ("1 point / tile (except for German cathedral tiles)"); an aside
    left open runs to the end of the sentence."""
    spans: list[tuple[int, int]] = []
    depth = start = 0
    for index, char in enumerate(sentence):
        if char == "(":
            start = index if depth == 0 else start
            depth += 1
        elif char == ")" and depth:
            depth -= 1
            if depth == 0:
                spans.append((start, index + 1))
    if depth:
        spans.append((start, len(sentence)))
    return spans


def _feature(
    sentence: str,
    found: list[tuple[int, int, str]],
    mention: _Mention,
    unit: _Unit | None,
    context_features: list[str],
    vocab: Vocabulary,
    label: str | None = None,
) -> list[str]:
    """`found`: the sentence's `_features_in`; `context_features`: the rule's
    `_context_features` (both the same for every mention, so computed once); `label`: the
    feature of the table row the sentence is in. One feature, or several listed together."""
    spans: dict[tuple[int, int], tuple[int, int, str]] = {}
    qualified = _qualified(sentence, unit, vocab)
    # a feature named in an aside the points phrase is not in is an exception or an
    # explanation ("(except for German cathedral tiles)"), not the feature scored
    asides = [a for a in _asides(sentence) if not a[0] <= mention.start < a[1]] if found else []
    for f in sorted(found, key=lambda f: (f[0], -f[1])):
        if qualified is not None and qualified[0] <= f[0] < qualified[1]:
            continue
        if any(start <= f[0] < end for start, end in asides):
            continue
        if _outside((f[0], f[1]), unit) and not any(start <= f[0] < end for start, end in spans):
            spans[(f[0], f[1])] = f  # one meaning per place (the longest match)
    candidates = list(spans.values())
    if candidates:

        def distance(index: int) -> int:
            f = candidates[index]
            return max(f[0] - mention.end, mention.start - f[1], 0)

        nearest = min(range(len(candidates)), key=distance)
        features = _listed(sentence, candidates, nearest, vocab)
    elif (implied := _implied_feature(sentence, vocab)) is not None:
        features = [implied]
    elif label is not None:
        features = [label]
    elif context_features:
        features = [context_features[0]]
    else:
        return ["unknown"]
    return [_refined(feature, context_features) for feature in features]


def _refined(feature: str, context_features: list[str]) -> str:
    for refined, scored in REFINEMENTS.items():
        if refined in context_features and feature in scored:
            return refined
    return feature


def _label(sentence: str, mentions: list[_Mention], vocab: Vocabulary) -> str | None:
    """The feature a table row's label line names: a line ending in `|` (a rendered cell), or
    a short line with no number that names a feature; None for any other line."""
    if mentions:
        return None
    cell = sentence.rstrip().endswith("|")
    head, colon, _ = sentence.partition(":")
    if colon and not cell and len(head.split()) <= LABEL_WORDS:
        sentence = head  # "Garden: Player(s) with the majority ...": the row names its feature
    if not cell and (len(sentence.split()) > LABEL_WORDS or any(c.isdigit() for c in sentence)):
        return None
    found = sorted(_features_in(QUOTED.sub(" ", sentence), vocab))
    return found[0][2] if found else None


def _state_words(sentence: str, vocab: Vocabulary) -> list[tuple[ClaimState, tuple[int, int]]]:
    """Every state word of the sentence and where it is."""
    if vocab.any_state.search(sentence) is None:
        return []  # no state word at all (most sentences): the per-phrase scans would find none
    return [
        (ClaimState(phrase.meaning), match.span())
        for phrase in vocab.states
        for match in phrase.pattern.finditer(sentence)
    ]


def _states(words: list[tuple[ClaimState, tuple[int, int]]], unit: _Unit | None) -> set[ClaimState]:
    """State words (`_state_words`) outside the unit phrase (`oraș finalizat` is a unit)."""
    return {state for state, span in words if _outside(span, unit)}


def _state(found: set[ClaimState], phase: ClaimState | None, default: ClaimState) -> ClaimState:
    """Incomplete wins; then a phase named in the sentence or announced before; then completed."""
    if ClaimState.INCOMPLETE in found:
        return ClaimState.INCOMPLETE
    for named in PHASES:
        if named in found:
            return named
    if phase is not None:
        return phase
    if ClaimState.COMPLETED in found:
        return ClaimState.COMPLETED
    return default


def _at_game_end(feature: str, state: ClaimState) -> ClaimState:
    if state is ClaimState.END_GAME and feature in INCOMPLETE_AT_GAME_END:
        return ClaimState.INCOMPLETE
    return state


def _claim(
    sentence: str,
    feature: str,
    state: ClaimState,
    unit: str,
    mention: _Mention | None,
    counts: list[CountMention],
) -> ClaimDraft:
    multiplier = mention is not None and mention.multiplier
    return ClaimDraft(
        feature=feature,
        state=_at_game_end(feature, state),
        unit=unit,
        points=mention.points if mention is not None and not multiplier else None,
        bonus=mention.bonus if mention is not None else False,
        sentence=sentence,
        counts=counts,
        sign=mention.sign if mention is not None else 1,
        multiplier=mention.points if mention is not None and multiplier else None,
    )


def _announced_phase(sentence: str, vocab: Vocabulary) -> ClaimState | None:
    """A short heading-like line ("EVALUAREA DUPĂ JOC") starts a phase for what follows; in a
    table row it is the last cell that is read (`| colspan="5" | Évaluation après la partie`)."""
    for part in dict.fromkeys((sentence.rsplit("|", 1)[-1].strip(), sentence)):
        if not part or len(part.split()) > ANNOUNCEMENT_WORDS:
            continue
        found = _states(_state_words(part, vocab), None)
        named = next((named for named in PHASES if named in found), None)
        if named is not None:
            return named
    return None


def _counts(sentence: str, taken: list[tuple[int, int]], vocab: Vocabulary) -> list[CountMention]:
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


def _unit_next_to(sentence: str, mention: _Mention, vocab: Vocabulary) -> _Unit | None:
    """The unit right after a signed amount or multiplier written without "per": `(+0) kartička`."""
    if not (mention.bonus or mention.multiplier):
        return None
    found = _unit_at(sentence, mention.end, vocab)
    if found is None or found[0] - mention.end > NEXT_TO:
        return None
    start, end, meaning = found
    return _Unit(mention.end, start, end, (meaning,))


def _alone(sentence: str, mention: _Mention) -> bool:
    """The line is the points phrase and nothing else ("0 points" in a table row): a flat
    amount for the row's feature."""
    return not sentence[: mention.start].strip(" •*-") and not sentence[mention.end :].strip()


def _flat(
    sentence: str, index: int, mentions: list[_Mention], units: list[_Unit], vocab: Vocabulary
) -> bool:
    """A points phrase with no unit that is a flat amount: one opening a line and explained in
    parentheses ("9 points (the feature tile and the eight tiles around it)"), or one joined by
    "+" or "and" to a rate ("2 points for the German castle + 1 point / tile around it")."""
    mention = mentions[index]
    if not sentence[: mention.start].strip(" •*-") and EXPLAINED.match(sentence, mention.end):
        return True
    if index + 1 == len(mentions) or _unit_for(index + 1, mentions, units) is None:
        return False
    between = sentence[mention.end : mentions[index + 1].start]
    joints = [m.end() for m in vocab.conjunction.finditer(between)]
    joints += [m.end() for m in vocab.plus.finditer(between)] + [between.rfind("+") + 1]
    return any(joint and not between[joint:].strip() for joint in joints)


def _around(sentence: str, unit: _Unit, vocab: Vocabulary) -> bool:
    """The tile unit is qualified as the tiles around the feature ("1 point / tile around it",
    "1 point per tile in the 10 square spaces around it"): an "around" word later in the
    unit's clause, which ends at a parenthesis, "+", a cell border or punctuation."""
    stop = CLAUSE_END.search(sentence, unit.end)
    end = min(stop.start() if stop else len(sentence), unit.end + AROUND_WINDOW)
    return vocab.around.search(sentence, unit.end, end) is not None


def _unit_for(index: int, mentions: list[_Mention], units: list[_Unit]) -> _Unit | None:
    mention = mentions[index]
    next_start = mentions[index + 1].start if index + 1 < len(mentions) else 10**9
    previous_end = mentions[index - 1].end if index else 0
    after = [u for u in units if mention.end <= u.per_start < next_start]
    if after:
        return after[0]
    before = [u for u in units if u.per_start >= previous_end and u.end <= mention.start]
    return before[-1] if before else None


def extract_claims(
    text: str, context: list[str], default_state: ClaimState, vocab: Vocabulary
) -> list[ClaimDraft]:
    """Every claim of one scoring rule's plain text; `context` is its title then headings."""
    claims: list[ClaimDraft] = []
    phase: ClaimState | None = None
    label: str | None = None  # the feature of the table row being read
    context_features: list[str] | None = None  # read once, by the first sentence that needs it
    for sentence in sentences(text):
        mentions = _mentions(sentence, vocab)
        label = _label(sentence, mentions, vocab) or label
        taken = [(m.start, m.end) for m in mentions]
        counts = _counts(sentence, taken, vocab)
        if not mentions:
            phase = _announced_phase(sentence, vocab) or phase
        if not mentions and not counts:
            continue  # no claim: neither features nor states are read
        if context_features is None:
            context_features = _context_features(context, vocab)
        features = _features_in(sentence, vocab)
        state_words = _state_words(sentence, vocab)
        if not mentions:
            no_mention = _Mention(0, 0, 0, False, False)
            feature = _feature(sentence, features, no_mention, None, context_features, vocab, label)
            state = _state(_states(state_words, None), phase, default_state)
            claims.append(_claim(sentence, feature[0], state, "unknown", None, counts))
            continue
        units = _units(sentence, vocab)
        for index, mention in enumerate(mentions):
            if vocab.threshold.search(sentence, 0, mention.start):
                # "trece de 50 de puncte": a score reached, neither a rate nor a feature's
                claims.append(
                    _claim(sentence, "unknown", ClaimState.UNKNOWN, "unknown", mention, counts)
                )
                continue
            unit = _unit_for(index, mentions, units) or _unit_next_to(sentence, mention, vocab)
            before = unit is not None and unit.end <= mention.start
            if before and _flat(sentence, index, mentions, units, vocab):
                unit = None  # the unit before is the rate's before it, this is a flat amount
            if unit is not None:
                unit_names = unit.meanings  # "per fortress or completed city": one claim each
            elif mention.multiplier:
                unit_names = ("multiplier",)
            elif (
                vocab.plus.match(sentence, mention.end)
                or _alone(sentence, mention)
                or _flat(sentence, index, mentions, units, vocab)
            ):
                unit_names = ("fixed",)
            else:
                unit_names = ("unknown",)
            if unit is not None and unit_names == ("tile",) and _around(sentence, unit, vocab):
                unit_names = ("surrounding_tile",)  # "1 point per tile around it"
            state = _state(_states(state_words, unit), phase, default_state)
            claims.extend(
                _claim(sentence, feature, state, unit_name, mention, counts)
                for feature in _feature(
                    sentence, features, mention, unit, context_features, vocab, label
                )
                for unit_name in unit_names
            )
    return claims
