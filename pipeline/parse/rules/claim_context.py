"""What a scoring sentence's amount is about: the feature scored and its state (for `claims`).

The feature is the feature word nearest the points phrase outside its unit phrase, outside a
clause qualifying the unit ("tile with a farmhouse") and outside a parenthesised aside the
phrase is not in; else the feature its units imply (coats of arms: city), else the table row's
label, else the rule's title and headings. Features listed together ("Straße, Stadt und
Kloster") are each scored. In a barn's context fields and cities score for the barn; in a
field's, cities score for the field. The state is a state word outside the unit phrase
(incomplete > end or during the game > the announced phase > completed), else the default.
All words come from the language's vocabulary file.
"""

from __future__ import annotations

import re

from pipeline.parse.rules.claim_phrases import Mention, UnitPhrase
from pipeline.parse.rules.vocabulary import Vocabulary
from schemas.rules import ClaimState

CAMEL_CASE = re.compile(r"(?<=[a-z])(?=[A-Z])")
LABEL_WORDS = 8  # a label line (a table row's feature) is short
QUALIFIER_END = re.compile(r"\((?!s\))|(?<!\(s)\)|\||\d")  # "segment(s)" goes on
QUOTED = re.compile(r"„[^”“\n]*[”“]|“[^”\n]*”|\"[^\"\n]*\"|«[^»\n]*»")  # a name: „Drum lung”
PHASES = (ClaimState.END_GAME, ClaimState.DURING_GAME)
ANNOUNCEMENT_WORDS = 8
# A barn scores a field's cities and fortresses: in a barn context those claims are the barn's.
# Farmers score the cities their field borders: in a field context a city claim is the field's.
REFINEMENTS = {"barn": {"field", "city", "fortress"}, "field": {"city"}}
# Units that belong to one feature: a sentence about coats of arms is about a city.
UNIT_FEATURES = {"coat_of_arms": "city", "vineyard": "monastery"}  # vineyards score monasteries


def outside_unit(span: tuple[int, int], unit: UnitPhrase | None) -> bool:
    return unit is None or span[1] <= unit.start or span[0] >= unit.end


def _qualified(sentence: str, unit: UnitPhrase | None, vocab: Vocabulary) -> tuple[int, int] | None:
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


def feature_words(text: str, vocab: Vocabulary) -> list[tuple[int, int, str]]:
    if vocab.any_feature.search(text) is None:
        return []  # no feature word at all (most texts): the per-phrase scans would find none
    return [
        (m.start(), m.end(), phrase.meaning)
        for phrase in vocab.features
        for m in phrase.pattern.finditer(text)
    ]


def heading_features(context: list[str], vocab: Vocabulary) -> list[str]:
    """Features named in the rule's title and headings, innermost first."""
    found: list[str] = []
    for text in context:
        # a template's name runs its words together: "ScoringGroupFeatureMonastery"
        text = CAMEL_CASE.sub(" ", text)
        for _, _, meaning in sorted(feature_words(text, vocab)):
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


def scored_features(
    sentence: str,
    found: list[tuple[int, int, str]],
    mention: Mention,
    unit: UnitPhrase | None,
    context_features: list[str],
    vocab: Vocabulary,
    label: str | None = None,
) -> list[str]:
    """`found`: the sentence's `feature_words`; `context_features`: the rule's
    `heading_features` (both the same for every mention, so computed once); `label`: the
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
        if outside_unit((f[0], f[1]), unit) and not any(
            start <= f[0] < end for start, end in spans
        ):
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


def row_label(sentence: str, mentions: list[Mention], vocab: Vocabulary) -> str | None:
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
    found = sorted(feature_words(QUOTED.sub(" ", sentence), vocab))
    return found[0][2] if found else None


def state_words_in(sentence: str, vocab: Vocabulary) -> list[tuple[ClaimState, tuple[int, int]]]:
    """Every state word of the sentence and where it is."""
    if vocab.any_state.search(sentence) is None:
        return []  # no state word at all (most sentences): the per-phrase scans would find none
    return [
        (ClaimState(phrase.meaning), match.span())
        for phrase in vocab.states
        for match in phrase.pattern.finditer(sentence)
    ]


def states_outside(
    words: list[tuple[ClaimState, tuple[int, int]]], unit: UnitPhrase | None
) -> set[ClaimState]:
    """State words (`state_words_in`) outside the unit phrase (`oraș finalizat` is a unit)."""
    return {state for state, span in words if outside_unit(span, unit)}


def chosen_state(
    found: set[ClaimState], phase: ClaimState | None, default: ClaimState
) -> ClaimState:
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


def announced_phase(sentence: str, vocab: Vocabulary) -> ClaimState | None:
    """A short heading-like line ("EVALUAREA DUPĂ JOC") starts a phase for what follows; in a
    table row it is the last cell that is read (`| colspan="5" | Évaluation après la partie`)."""
    for part in dict.fromkeys((sentence.rsplit("|", 1)[-1].strip(), sentence)):
        if not part or len(part.split()) > ANNOUNCEMENT_WORDS:
            continue
        found = states_outside(state_words_in(part, vocab), None)
        named = next((named for named in PHASES if named in found), None)
        if named is not None:
            return named
    return None
