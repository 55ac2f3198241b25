"""Scoring claims: "N points per unit of feature in state", read from a scoring rule's text.

The rule's plain text is cut into sentences (`claim_text`), each read on its own once
(`claim_sentence`); in each, every amount
(`claim_amounts`: points phrases, signed amounts, multipliers, zeros, elliptic numbers) is
read by the grammar (`claim_shapes`) and gives one claim per feature and unit:
- unit: `claim_shapes`, named by the features' relations in `claim_relations`; a flat amount
  is `fixed` when the sentence states it as a rate, a goods amount a `majority`, and `unknown`
  in a worked example ("Example:", "Red scores 8 points", "for this city") or with no feature;
  "scores nothing" for an incomplete road, city, inn ... is 0 per tile, for a completed one a
  player's, not the feature's (`unknown`);
- feature: `claim_context`; the rate after "instead of" or "from" is the base feature's ("2
  points per tile instead of 1" for an inn: the road's 1).
- state: `claim_phase`. At the end of the game a completable feature (road, city, monastery,
  inn ...) is scored only while incomplete, so its end-of-game claims are `incomplete`.
A points phrase after a threshold word ("dacă punctajul tău trece de 50 de puncte"), or in a
clause that opens with one a few words before it ("Maximal kann man 15 Punkte erhalten"), is a
score, not a rate: it is kept with feature, state and unit `unknown` (not one with a unit,
"do 3 punktów za płytkę", nor the "to" of "od 2 do 3 punktów"). A scoring sentence with
numbers but no amount is still a claim (unit `unknown`, points None): numbers are never
dropped. Other numbers become `counts` with their unit. All words come from the language's
vocabulary file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from carcdb.pipeline.numbers import number_problems
from carcdb.pipeline.parse.rules.claim_amounts import Mention, corrected
from carcdb.pipeline.parse.rules.claim_context import (
    FeatureContext,
    heading_features,
    scored_features,
    scored_together,
)
from carcdb.pipeline.parse.rules.claim_lead import for_lead, lead_of, names_feature
from carcdb.pipeline.parse.rules.claim_licence import counted_example, licensed
from carcdb.pipeline.parse.rules.claim_modifiers import base_of, refined
from carcdb.pipeline.parse.rules.claim_phase import (
    OPPOSITE,
    context_phase,
    either_state,
    prose,
)
from carcdb.pipeline.parse.rules.claim_relations import (
    counter,
    most_before,
    named_by_unit,
    owned,
    unit_name,
)
from carcdb.pipeline.parse.rules.claim_sentence import (
    Analysed,
    analysed,
    cells,
    column_state,
    sentence_lines_of,
)
from carcdb.pipeline.parse.rules.claim_shapes import FLAT, Amount, Sentence
from carcdb.pipeline.parse.rules.claim_text import OTHERWISE, sentences
from carcdb.pipeline.parse.rules.unspaced import Written, spaced
from carcdb.pipeline.parse.rules.vocabulary import (
    FALLBACK_LANGUAGE,
    Vocabulary,
    vocabulary,
)
from carcdb.schemas.rules import ClaimState, CountMention

__all__ = ["ClaimDraft", "extract_claims", "number_problems", "sentences"]

RECENT = 2  # sentences before that may name a statement's feature
SCORE_LAP = 50  # a flat amount of 50 points or more is a score reached, no feature's rate
RANGE_BEFORE = re.compile(r"[0-9]\s*[-–]\s*$")  # "between 4-7 points": a range, no rate
VALUES_BEFORE = re.compile(r"[0-9]\s*,\s*$")  # "Pepite (1,2,3,5 punti)": values, no rate


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


def _claim(
    sentence: str,
    feature: str,
    state: ClaimState,
    unit: str,
    mention: Mention | None,
    counts: list[CountMention],
    vocab: Vocabulary,
) -> ClaimDraft:
    if state is ClaimState.END_GAME and feature in completable(unit, vocab):
        state = ClaimState.INCOMPLETE
    multiplier = mention is not None and mention.multiplier
    return ClaimDraft(
        feature=feature,
        state=state,
        unit=unit,
        points=mention.points if mention is not None and not multiplier else None,
        bonus=mention.bonus if mention is not None else False,
        sentence=sentence,
        counts=counts,
        sign=mention.sign if mention is not None else 1,
        multiplier=mention.points if mention is not None and multiplier else None,
    )


def completable(unit: str, vocab: Vocabulary) -> frozenset[str]:
    """The features scored at the end only while incomplete; none for a majority (the most
    monasteries collected is no incomplete monastery)."""
    return frozenset() if unit == "majority" else vocab.relations.completable


@dataclass
class Reading:
    """What the sentences read so far tell the next one."""

    phase: ClaimState | None = None  # announced by a heading-like line
    phase_line: int | None = None  # the line of a prose sentence announcing it (None: a heading)
    label: str | None = None  # the feature of the table row being read
    recent: tuple[list[str], ...] = ()  # features of the sentences before, nearest first
    state: ClaimState | None = None  # the state the last sentence naming one named
    example_line: int = -1  # the line a worked example ("Example 1: ...") takes
    columns: tuple[ClaimState | None, ...] = ()  # a table's header: each column's state
    worded: bool = False  # the header is written with spaces ("Landschaft Offen Geschlossen")
    lead: str | None = None  # the feature a list's lead line names ("... Punkte bekommst:")
    together: bool = False  # the sentence before scored its features together


@dataclass(frozen=True)
class Context:
    """What the rule around the text tells every sentence."""

    features: list[str]  # named by the rule's title and headings
    state: ClaimState | None  # the phase they name
    default: ClaimState  # the rule's default state


def _state(
    reading: Reading,
    named: ClaimState | None,
    contrast: bool,
    context: Context,
    feature: str,
    vocab: Vocabulary,
) -> ClaimState:
    if named is None and contrast and reading.state is not None:
        named = OPPOSITE.get(reading.state, reading.state)  # "Sinon, elles ne rapportent rien."
    if named is ClaimState.COMPLETED and feature in vocab.relations.game_end_nature:
        named = None  # a field is never completed: "per completed city" names the city's state
    if named is not None and named is not ClaimState.COMPLETED:
        return named
    for phase in (reading.phase, context.state):
        if phase is not None:
            return phase
    if named is not None:
        return named
    if feature in vocab.relations.game_end_nature:
        return ClaimState.END_GAME
    return context.default


def extract_claims(
    text: str,
    context: list[str],
    default_state: ClaimState,
    vocab: Vocabulary,
    worked_example: bool = False,
) -> list[ClaimDraft]:
    """Every claim of one scoring rule's plain text; `context` is its title then headings
    (then the page title); `worked_example`: the text is an example's caption. A language
    written without spaces is read spaced (`unspaced`), its claims keep the sentence as written."""
    if vocab.unspaced is not None:
        words, written = vocab.unspaced, Written(text)
        found = _claims(
            spaced(text, words),
            [spaced(c, words) for c in context],
            default_state,
            vocab,
            worked_example,
        )
        return [replace(c, sentence=written.sentence(c.sentence)) for c in found]
    return _claims(text, context, default_state, vocab, worked_example)


def _claims(
    text: str,
    context: list[str],
    default_state: ClaimState,
    vocab: Vocabulary,
    worked_example: bool,
) -> list[ClaimDraft]:
    claims: list[ClaimDraft] = []
    reading = Reading()
    around: Context | None = None  # read once, by the first sentence that needs it
    english = [] if vocab.language == FALLBACK_LANGUAGE else [vocabulary(FALLBACK_LANGUAGE)]
    item: tuple[int, list[str]] | None = None  # a list item's line and subject
    for line, sentence in sentence_lines_of(text, vocab):
        seen = analysed(sentence, vocab)
        if item is not None and item[0] != line:  # the item's line ends: so does its subject
            reading.recent, item = tuple(r for r in reading.recent if r is not item[1]), None
        if seen.label is not None:  # a table row's label: what was said before is another row's
            reading.label, reading.recent = seen.label, ()
        if seen.phase is not None:
            reading.phase = seen.phase
            said = sentence.rstrip().endswith((".", "!", "?")) or prose(sentence)
            reading.phase_line = line if said and not sentence.rstrip().endswith(":") else None
        elif reading.phase_line is not None and line != reading.phase_line and prose(sentence):
            reading.phase = reading.phase_line = None  # a new paragraph: the sentence's phase ends
        if seen.columns:
            reading.columns, reading.worded = seen.columns, not cells(sentence)
        elif reading.worded and len(seen.amounts) != len([c for c in reading.columns if c]):
            reading.columns, reading.worded = (), False  # past a space-written table's rows
        if seen.opens_example:
            reading.example_line = line  # "Exemplul 1: ...": the rest of its line too
        if seen.read is not None:
            if around is None:
                around = Context(
                    heading_features(context, vocab),
                    context_phase(context, [vocab, *english]),
                    default_state,
                )
            example = worked_example or reading.example_line == line
            new = _sentence_claims(seen, reading, around, example)
            claims += new
        else:
            new = []
        if seen.subject:
            rated = scored_together(
                [(c.feature, (c.points, c.unit, c.sign, c.multiplier)) for c in new]
            )
            together = len(rated) > 1 and set(rated) <= set(seen.subject)
            subject = rated if together else list(seen.subject)
            reading.recent, reading.together = (subject, *reading.recent)[:RECENT], together
        elif seen.item_subject:
            item = line, list(seen.item_subject)
            reading.recent, reading.together = (item[1], *reading.recent)[:RECENT], False
        reading.state = seen.state or reading.state
        lead = lead_of(sentence, bool(seen.amounts), vocab)
        if lead is not None or (not seen.amounts and names_feature(sentence, vocab)):
            reading.lead = lead  # a new lead, or a line past the list: none
    return claims


def _sentence_claims(
    seen: Analysed, reading: Reading, context: Context, example: bool
) -> list[ClaimDraft]:
    read = seen.read
    assert read is not None
    sentence, vocab = read.text, read.vocab
    counts = list(seen.counts)
    example = example or seen.example
    contrast = read.spans[0][2] == OTHERWISE and read.states.overall() is None
    scope = FeatureContext(
        reading.label,
        list(reading.recent[0]) if reading.recent else [],
        context.features,
        pronoun=seen.pronoun,
        together=reading.together,
    )
    named_here = [f[2] for f in read.features]
    if not read.mentions:
        nothing = Mention(0, 0, 0, False, False)
        feature = scored_features(sentence, read.features, nothing, None, scope, vocab)[0]
        feature = refined(feature, context.features, named_here, vocab)
        state = _state(reading, read.states.overall(), contrast, context, feature, vocab)
        return [_claim(sentence, feature, state, "unknown", None, counts, vocab)]
    claims: list[ClaimDraft] = []
    either_claims: list[ClaimDraft] = []  # the incomplete copies of "completed or not" rates
    before: tuple[list[str], ClaimState | None] = ([], None)  # the last rate's features, state
    amounts = list(seen.amounts)
    rates = tuple(a.unit for a in amounts if a.unit is not None)  # what each amount counts
    for index, amount in enumerate(amounts):
        mention = amount.mention
        after_base = index > 0 and amounts[index - 1].base  # "od 2 do 3 punktów": the "to"
        later = amounts[index + 1].mention if index + 1 < len(amounts) else None
        if (
            (
                vocab.threshold.search(sentence, 0, mention.start)
                or vocab.threshold_opening.search(sentence, 0, mention.start)
            )
            and amount.unit is None  # "podnosi wartość do 3 punktów za płytkę": a rate
            and not after_base
        ) or corrected(sentence, mention, later, vocab):
            # "trece de 50 de puncte": a score reached, neither a rate nor a feature's; "not 4
            # points but 2": the amount the next one corrects
            claims.append(
                _claim(sentence, "unknown", ClaimState.UNKNOWN, "unknown", mention, counts, vocab)
            )
            continue
        features, refined_away = _features(read, amount, scope, reading, context, before[0])
        led = for_lead(read, amount, reading.lead) if reading.lead is not None else None
        counted: tuple[str, ...] = ()
        if led is not None:  # a row of a list its lead names the subject of
            features, refined_away = led[0], set()
            counted = (led[1],) if led[1] is not None and amount.unit is None else ()
        respective = read.respective(amount, amounts)
        if respective is not None:
            features = [respective]
        subject = named_by_unit(features, amount, sentence, vocab) if led is None else None
        if subject is not None:
            features = [subject]  # "Each completed city gives its owner 5 points"
        named = read.states.state_of(mention, amount.state_unit, rates) or column_state(
            reading.columns, sentence, mention, read.mentions
        )
        flat = "fixed" if licensed(sentence, mention, vocab) and not example else "unknown"
        if counted_example(sentence, mention, amount.clause, vocab):
            flat = "unknown"  # "a completed road of 3 tiles gives 3 points": an example's total
        if RANGE_BEFORE.search(sentence, 0, mention.start):
            flat = "unknown"  # "a chance to score between 4-7 points", "worth 1-4 points"
        if mention.points >= SCORE_LAP and not mention.multiplier:
            flat = "unknown"  # "zdobyłem aż 120 punktów": a player's score, no flat rate
        if mention.multiplier and any(a.base for a in amounts):
            flat = "unknown"  # "verdoppelt er seinen Wert (zwei Punkte statt einem)": stated
        if mention.points == 0 and vocab.others.search(sentence, *amount.clause):
            flat = "unknown"  # "the other players receive nothing": no feature's rate
        values = VALUES_BEFORE.search(sentence, 0, mention.start) is not None
        if values:
            flat = "unknown"  # "Pepite (1,2,3,5 punti)": a token's values, read as no rate
        for found in features:
            feature = (base_of(found, vocab) or found) if amount.base else found
            if mention.sign < 0:  # "pay 3 points to free their meeple": the prisoner's ransom
                feature = vocab.relations.penalty_of.get(feature, feature)
            names = (FLAT,) if values or subject is not None else counted or amount.names
            unstated = amount.unit is None or amount.unit.per_start == amount.unit.start
            majority = unstated and flat != "unknown" and feature != "unknown"
            if majority and most_before(read, amount, vocab):
                names = ("majority",)  # "the player with the most coats of arms gets 5 points"
            state = _state(reading, named, contrast, context, feature, vocab)
            if state in (ClaimState.END_GAME, ClaimState.INCOMPLETE):
                scorer = counter(feature, names, vocab)  # "at the end ... per completed road"
                if scorer != feature:
                    feature = scorer
                    state = _state(reading, named, contrast, context, feature, vocab)
            if mention.bare and not amount.base and named is None and before[1] is not None:
                state = before[1]  # "(4 with pig)": when the rate before is scored
            if state is ClaimState.END_GAME and feature in completable(names[0], vocab):
                state = ClaimState.INCOMPLETE
            zero_flat = "unknown" if mention.points == 0 and found in refined_away else flat
            if (mention.listed or mention.leading) and feature not in vocab.relations.zero_units:
                # "roads 1 point per tile, monasteries 9": the rate of a feature scored per
                # tile is per tile, another feature's is its whole
                names = tuple("fixed" if n in ("tile", "surrounding_tile") else n for n in names)
            zero_unit = vocab.relations.zero_units.get(feature)
            incomplete = state is ClaimState.INCOMPLETE
            if mention.bare and mention.points == 0 and zero_unit and incomplete:
                names = (zero_unit,)  # "3 per tile and 3 per shield, but 0 if incomplete": per tile
            if amount.base and base_of(found, vocab) is None:
                # "nur zwei statt vier Punkte" of a city: what it would have scored, no rate
                zero_flat = "unknown"
            either = named is ClaimState.COMPLETED and either_state(sentence, mention, vocab)
            if either and feature not in vocab.relations.game_end_nature:
                state = ClaimState.COMPLETED  # said of both states, whatever the phase announced
            else:
                either = False
            for scored, into in ((state, claims), (ClaimState.INCOMPLETE, either_claims)):
                if into is either_claims and not either:
                    continue  # "Chemin achevé ou non : 1 pt par tuile": both states
                into += [
                    _claim(
                        sentence,
                        feature,
                        scored,
                        unit_name(
                            name,
                            feature,
                            scored,
                            zero_flat,
                            mention,
                            vocab,
                            sentence[mention.start] != "(",
                        ),
                        mention,
                        counts,
                        vocab,
                    )
                    for name in names
                    if owned(name, feature, features, vocab)
                ]
        if not amount.base:
            before = (features, claims[-1].state if claims and not mention.bare else before[1])
    return claims + either_claims


def _features(
    read: Sentence,
    amount: Amount,
    scope: FeatureContext,
    reading: Reading,
    context: Context,
    before: list[str],
) -> tuple[list[str], set[str]]:
    """The features an amount is claimed for, and those a refinement made (a barn's field)."""
    vocab = read.vocab
    if amount.qualified is not None:
        return [amount.qualified], set()  # "(4 with pig)"
    if amount.base and before and amount.unit is None:
        return before, set()  # "4 body za každé město místo 3": the same subject's rate
    found = scored_features(
        read.text, read.features, amount.mention, amount.unit, scope, vocab, amount.clause
    )
    named_here = [f[2] for f in read.features]
    # a barn's field is the barn's; then a modifier makes a base feature its own
    refining = [refined(f, context.features, named_here, vocab) for f in found]
    refined_away = {r for f, r in zip(found, refining, strict=True) if r != f}
    modifying = read.modifiers(amount.mention, reading.recent)
    return list(dict.fromkeys(modifying.get(f, f) for f in refining)), refined_away
