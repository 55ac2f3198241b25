"""Scoring claims: "N points per unit of feature in state", read from a scoring rule's text.

A rule's plain text is cut into sentences (and list items). In each sentence every points
phrase ("2 puncte", "(+1) punct") and multiplier ("(x2)") is one claim:
- unit: the unit phrase governed by a "per" word ("pentru fiecare cartonaș") after the points
  phrase, else before it; a flat amount before "plus" is `fixed`; otherwise `unknown`;
- feature: the feature word nearest the points phrase outside the unit phrase, else the rule's
  title and section headings; where the context is a barn, fields and cities score for it;
- state: a state word outside the unit phrase (incomplete > completed > end of game > during
  the game), else the phase announced by an earlier sentence, else the rule's default.
A scoring sentence with numbers but no points phrase is still a claim (unit `unknown`,
points None): numbers are never dropped. Other numbers become `counts` with their unit.
All words come from the language's vocabulary file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.parse.rules.vocabulary import Vocabulary
from schemas.rules import ClaimState, CountMention

MULTIPLIER = re.compile(r"\(\s*[x×]\s*(\d+)\s*\)", re.IGNORECASE)
NUMBER = re.compile(r"(?<![\w/.+])\d+(?![\w/:]|\.(?:\s|$))")  # not "1." or "Exemplul 2:"
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
INLINE_ITEM = re.compile(r"\s[*#]+\s")
UNIT_WINDOW = 20  # characters between a "per" word and its unit phrase ("fiecare dintre ...")
PHASES = (ClaimState.END_GAME, ClaimState.DURING_GAME)
ANNOUNCEMENT_WORDS = 8
# A barn scores a field's cities and fortresses: in a barn context those claims are the barn's.
REFINEMENTS = {"barn": {"field", "city", "fortress"}}


@dataclass(frozen=True)
class ClaimDraft:
    feature: str
    state: ClaimState
    unit: str
    points: int | None
    bonus: bool
    sentence: str
    counts: list[CountMention]


@dataclass(frozen=True)
class _Mention:
    start: int
    end: int
    points: int
    bonus: bool
    multiplier: bool


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


def _mentions(sentence: str, vocab: Vocabulary) -> list[_Mention]:
    found = [
        _Mention(
            m.start(), m.end(), vocab.number(m.group("number")), m.group("bonus") is not None, False
        )
        for m in vocab.points.finditer(sentence)
    ]
    found += [
        _Mention(m.start(), m.end(), int(m.group(1)), False, True)
        for m in MULTIPLIER.finditer(sentence)
    ]
    return sorted(found, key=lambda m: m.start)


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
    """A unit phrase right after "or" at `end`: its end and meaning."""
    joint = vocab.alternative.match(sentence, end)
    if joint is None:
        return None
    for phrase in sorted(vocab.units, key=lambda p: -len(p.pattern.pattern)):
        match = phrase.pattern.match(sentence, joint.end())
        if match is not None:
            return match.end(), phrase.meaning
    return None


def _units(sentence: str, vocab: Vocabulary) -> list[_Unit]:
    found: dict[int, _Unit] = {}
    for per in vocab.per.finditer(sentence):
        first = _unit_at(sentence, per.end(), vocab)
        if first is None or first[0] in found:
            continue
        start, end, meaning = first
        meanings = [meaning]
        while (alternative := _alternative_after(sentence, end, vocab)) is not None:
            end, meaning = alternative
            meanings.append(meaning)
        found[start] = _Unit(per.start(), start, end, tuple(meanings))
    return sorted(found.values(), key=lambda u: u.per_start)


def _outside(span: tuple[int, int], unit: _Unit | None) -> bool:
    return unit is None or span[1] <= unit.start or span[0] >= unit.end


def _features_in(text: str, vocab: Vocabulary) -> list[tuple[int, int, str]]:
    return [
        (m.start(), m.end(), phrase.meaning)
        for phrase in vocab.features
        for m in phrase.pattern.finditer(text)
    ]


def _context_features(context: list[str], vocab: Vocabulary) -> list[str]:
    """Features named in the rule's title and headings, innermost first."""
    found: list[str] = []
    for text in context:
        for _, _, meaning in sorted(_features_in(text, vocab)):
            if meaning not in found:
                found.append(meaning)
    return found


def _feature(
    sentence: str, mention: _Mention, unit: _Unit | None, context: list[str], vocab: Vocabulary
) -> str:
    candidates = [f for f in _features_in(sentence, vocab) if _outside((f[0], f[1]), unit)]
    context_features = _context_features(context, vocab)
    if candidates:

        def distance(f: tuple[int, int, str]) -> int:
            return max(f[0] - mention.end, mention.start - f[1], 0)

        feature = min(candidates, key=distance)[2]
    elif context_features:
        feature = context_features[0]
    else:
        return "unknown"
    for refined, scored in REFINEMENTS.items():
        if refined in context_features and feature in scored:
            return refined
    return feature


def _states(sentence: str, unit: _Unit | None, vocab: Vocabulary) -> set[ClaimState]:
    """State words of the sentence outside the unit phrase (`oraș finalizat` is a unit)."""
    return {
        ClaimState(phrase.meaning)
        for phrase in vocab.states
        for match in phrase.pattern.finditer(sentence)
        if _outside(match.span(), unit)
    }


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


def _announced_phase(sentence: str, vocab: Vocabulary) -> ClaimState | None:
    """A short heading-like line ("EVALUAREA DUPĂ JOC") starts a phase for what follows."""
    if len(sentence.split()) > ANNOUNCEMENT_WORDS:
        return None
    found = _states(sentence, None, vocab)
    return next((named for named in PHASES if named in found), None)


def _counts(sentence: str, taken: list[tuple[int, int]], vocab: Vocabulary) -> list[CountMention]:
    found = []
    for match in NUMBER.finditer(sentence):
        if any(start <= match.start() < end for start, end in taken):
            continue
        rest = re.match(r"\s*(?:de\s+)?", sentence[match.end() :])
        position = match.end() + (rest.end() if rest else 0)
        unit = "unknown"
        for phrase in vocab.units:
            if phrase.pattern.match(sentence, position):
                unit = phrase.meaning
                break
        found.append(CountMention(number=int(match.group(0)), unit=unit))
    return found


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
    for sentence in sentences(text):
        mentions = _mentions(sentence, vocab)
        units = _units(sentence, vocab)
        taken = [(m.start, m.end) for m in mentions]
        counts = _counts(sentence, taken, vocab)
        if not mentions:
            phase = _announced_phase(sentence, vocab) or phase
            if counts:
                claims.append(
                    ClaimDraft(
                        feature=_feature(
                            sentence, _Mention(0, 0, 0, False, False), None, context, vocab
                        ),
                        state=_state(_states(sentence, None, vocab), phase, default_state),
                        unit="unknown",
                        points=None,
                        bonus=False,
                        sentence=sentence,
                        counts=counts,
                    )
                )
            continue
        for index, mention in enumerate(mentions):
            unit = _unit_for(index, mentions, units)
            if mention.multiplier:
                unit_names: tuple[str, ...] = ("multiplier",)
            elif unit is not None:
                unit_names = unit.meanings  # "per fortress or completed city": one claim each
            elif vocab.plus.match(sentence, mention.end):
                unit_names = ("fixed",)
            else:
                unit_names = ("unknown",)
            claims.extend(
                ClaimDraft(
                    feature=_feature(sentence, mention, unit, context, vocab),
                    state=_state(_states(sentence, unit, vocab), phase, default_state),
                    unit=unit_name,
                    points=mention.points,
                    bonus=mention.bonus,
                    sentence=sentence,
                    counts=counts,
                )
                for unit_name in unit_names
            )
    return claims
