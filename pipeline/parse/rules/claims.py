"""Scoring claims: "N points per unit of feature in state", read from a scoring rule's text.

The rule's plain text is cut into sentences (and list items); in each, every points phrase,
signed amount and multiplier (`claim_phrases`) is one claim:
- unit: the unit phrase governed by a "per" word after the points phrase, else before it
  (`claim_phrases`); "per tile and coat of arms" and "X or Y" give one claim per unit; a
  flat amount before "plus" or "+", one opening a line and explained in parentheses ("9
  points (the feature tile and ...)"), or a line that is only a points phrase (a table row's
  "0 points") is `fixed`; a multiplier without a unit is `multiplier`; a tile unit with an
  "around" word in its clause is `surrounding_tile`; otherwise `unknown`;
- feature and state: `claim_context`. At the end of the game a road, city or monastery is
  scored only while incomplete (completed ones were scored when they were finished), so their
  end-of-game claims are `incomplete`.
A points phrase after a threshold word ("dacă punctajul tău trece de 50 de puncte") is a
score, not a rate: it is kept with feature, state and unit `unknown`. A scoring sentence with
numbers but no points phrase is still a claim (unit `unknown`, points None): numbers are never
dropped. Other numbers become `counts` with their unit.
All words come from the language's vocabulary file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.parse.rules.claim_context import (
    announced_phase,
    chosen_state,
    feature_words,
    heading_features,
    row_label,
    scored_features,
    state_words_in,
    states_outside,
)
from pipeline.parse.rules.claim_phrases import (
    Mention,
    UnitPhrase,
    count_mentions,
    number_problems,
    points_phrases,
    sentences,
    unit_for,
    unit_next_to,
    unit_phrases,
)
from pipeline.parse.rules.vocabulary import Vocabulary
from schemas.rules import ClaimState, CountMention

__all__ = ["ClaimDraft", "extract_claims", "number_problems", "sentences"]

EXPLAINED = re.compile(r"\s*\(")  # "9 points (the feature tile and ...)": an amount explained
CLAUSE_END = re.compile(r"[()+|.;,]")
AROUND_WINDOW = 40  # characters from a tile unit to its "around it"
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


def _at_game_end(feature: str, state: ClaimState) -> ClaimState:
    if state is ClaimState.END_GAME and feature in INCOMPLETE_AT_GAME_END:
        return ClaimState.INCOMPLETE
    return state


def _claim(
    sentence: str,
    feature: str,
    state: ClaimState,
    unit: str,
    mention: Mention | None,
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


def _alone(sentence: str, mention: Mention) -> bool:
    """The line is the points phrase and nothing else ("0 points" in a table row): a flat
    amount for the row's feature."""
    return not sentence[: mention.start].strip(" •*-") and not sentence[mention.end :].strip()


def _flat(
    sentence: str, index: int, mentions: list[Mention], units: list[UnitPhrase], vocab: Vocabulary
) -> bool:
    """A points phrase with no unit that is a flat amount: one opening a line and explained in
    parentheses ("9 points (the feature tile and the eight tiles around it)"), or one joined by
    "+" or "and" to a rate ("2 points for the German castle + 1 point / tile around it")."""
    mention = mentions[index]
    if not sentence[: mention.start].strip(" •*-") and EXPLAINED.match(sentence, mention.end):
        return True
    if index + 1 == len(mentions) or unit_for(index + 1, mentions, units) is None:
        return False
    between = sentence[mention.end : mentions[index + 1].start]
    joints = [m.end() for m in vocab.conjunction.finditer(between)]
    joints += [m.end() for m in vocab.plus.finditer(between)] + [between.rfind("+") + 1]
    return any(joint and not between[joint:].strip() for joint in joints)


def _around(sentence: str, unit: UnitPhrase, vocab: Vocabulary) -> bool:
    """The tile unit is qualified as the tiles around the feature ("1 point / tile around it",
    "1 point per tile in the 10 square spaces around it"): an "around" word later in the
    unit's clause, which ends at a parenthesis, "+", a cell border or punctuation."""
    stop = CLAUSE_END.search(sentence, unit.end)
    end = min(stop.start() if stop else len(sentence), unit.end + AROUND_WINDOW)
    return vocab.around.search(sentence, unit.end, end) is not None


def extract_claims(
    text: str, context: list[str], default_state: ClaimState, vocab: Vocabulary
) -> list[ClaimDraft]:
    """Every claim of one scoring rule's plain text; `context` is its title then headings."""
    claims: list[ClaimDraft] = []
    phase: ClaimState | None = None
    label: str | None = None  # the feature of the table row being read
    context_features: list[str] | None = None  # read once, by the first sentence that needs it
    for sentence in sentences(text):
        mentions = points_phrases(sentence, vocab)
        label = row_label(sentence, mentions, vocab) or label
        taken = [(m.start, m.end) for m in mentions]
        counts = count_mentions(sentence, taken, vocab)
        if not mentions:
            phase = announced_phase(sentence, vocab) or phase
        if not mentions and not counts:
            continue  # no claim: neither features nor states are read
        if context_features is None:
            context_features = heading_features(context, vocab)
        features = feature_words(sentence, vocab)
        state_words = state_words_in(sentence, vocab)
        if not mentions:
            no_mention = Mention(0, 0, 0, False, False)
            feature = scored_features(
                sentence, features, no_mention, None, context_features, vocab, label
            )
            state = chosen_state(states_outside(state_words, None), phase, default_state)
            claims.append(_claim(sentence, feature[0], state, "unknown", None, counts))
            continue
        units = unit_phrases(sentence, vocab)
        for index, mention in enumerate(mentions):
            if vocab.threshold.search(sentence, 0, mention.start):
                # "trece de 50 de puncte": a score reached, neither a rate nor a feature's
                claims.append(
                    _claim(sentence, "unknown", ClaimState.UNKNOWN, "unknown", mention, counts)
                )
                continue
            unit = unit_for(index, mentions, units) or unit_next_to(sentence, mention, vocab)
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
            state = chosen_state(states_outside(state_words, unit), phase, default_state)
            claims.extend(
                _claim(sentence, feature, state, unit_name, mention, counts)
                for feature in scored_features(
                    sentence, features, mention, unit, context_features, vocab, label
                )
                for unit_name in unit_names
            )
    return claims
