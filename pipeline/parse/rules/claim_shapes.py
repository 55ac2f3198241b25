"""The grammar of a scoring statement, shared by every language (for `claims`).

A sentence's amounts (`claim_amounts`) and units (`claim_units`) are read into `Amount`s, one
per amount, each with the unit names it is claimed in:
- its unit phrase: after it, else before it, else its subject's ("each coat of arms counts 1
  point", "Wappen bringen keine Punkte"); for "as many points as" the first unit named after
  it, no "per" needed ("as many points as there are tiles"); "4 instead of 3 points per city"
  and "4 points instead of 3 per city" take the unit after the amount they replace; "1 point /
  tile around it" is `surrounding_tile`;
- the rate before it, for an elliptic number ("(4 with pig)"), a multiplier word ("verdubbelt
  dit aantal"), the rate after "instead of" ("(instead of the usual 2 points)") and the "to"
  of "from 2 to 3 points";
- `unknown` for a rate per a unit the vocabulary does not know ("1 point / type of feature");
- a flat amount (`FLAT`: `fixed`, `majority` or `unknown` by its feature, `claims` decides) or
  `fixed` before "plus" or "+", alone on its line, or opening its line and explained in
  parentheses ("9 points (the feature tile and the eight tiles around it)").
An amount after "instead of" or the "from" of "from 2 to 3 points" is a base slot: it states
the rate of the feature a modifier replaces. Whether a flat amount is stated as a rate and
whether the sentence is a worked example is `claim_licence`'s. All words come from the
language's vocabulary file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from carcdb.pipeline.parse.rules.claim_amounts import Mention
from carcdb.pipeline.parse.rules.claim_around import tiles_around_after
from carcdb.pipeline.parse.rules.claim_context import (
    feature_words,
    longest,
    text_features,
)
from carcdb.pipeline.parse.rules.claim_elliptic import modifier_after
from carcdb.pipeline.parse.rules.claim_licence import aside_holding
from carcdb.pipeline.parse.rules.claim_modifiers import modifiers_in
from carcdb.pipeline.parse.rules.claim_phase import SentenceStates
from carcdb.pipeline.parse.rules.claim_subject_unit import subject_unit
from carcdb.pipeline.parse.rules.claim_text import Clause, clause_of, clauses
from carcdb.pipeline.parse.rules.claim_unit_start import UNIT_WINDOW
from carcdb.pipeline.parse.rules.claim_units import (
    UnitPhrase,
    own_units,
    per_follows,
    unit_for,
    unit_named_after,
    unit_next_to,
    unit_phrases,
)
from carcdb.pipeline.parse.rules.vocabulary import Vocabulary
from carcdb.schemas.rules import ClaimState

EXPLAINED = re.compile(r"\s*\(")  # "9 points (the feature tile and ...)": an amount explained
CLAUSE_END = re.compile(r"[()+|.;,]")
CLAUSE_BREAK = re.compile(r"[()|.;,]")  # between a replaced rate and the one after it
AROUND_WINDOW = 40  # characters from a tile unit to its "around it"
INSTEAD_GAP = 3  # words between "instead of" and its amount ("instead of the usual 2 points")
ELLIPTIC_WINDOW = 30  # characters after an elliptic "(4 with pig)" naming what it is for
FLAT = "flat"  # a flat amount: `fixed`, `majority` or `unknown`, by its feature


def _inside(position: int, spans: list[tuple[int, int]]) -> bool:
    return any(start <= position < end for start, end in spans)


def _alone(sentence: str, mention: Mention) -> bool:
    """The line is the points phrase and nothing else ("0 points" in a table row)."""
    return not sentence[: mention.start].strip(" •*-") and not sentence[mention.end :].strip()


def _flat(
    sentence: str,
    index: int,
    mentions: list[Mention],
    units: list[UnitPhrase],
    vocab: Vocabulary,
    own: list[UnitPhrase | None],
) -> bool:
    """A points phrase with no unit that is a flat amount: one opening a line and explained in
    parentheses ("9 points (the feature tile and the eight tiles around it)"), or one joined by
    "+" or "and" to a rate ("2 points for the German castle + 1 point / tile around it")."""
    mention = mentions[index]
    if not sentence[: mention.start].strip(" •*-") and EXPLAINED.match(sentence, mention.end):
        return True
    if index + 1 == len(mentions) or unit_for(index + 1, mentions, units, own=own) is None:
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


def from_slot(sentence: str, index: int, mentions: list[Mention], vocab: Vocabulary) -> bool:
    """The amount is the first of "from 2 to 3 points" ("z jednoho bodu na dva body")."""
    mention = mentions[index]
    start = mentions[index - 1].end if index else 0
    if index + 1 < len(mentions) and vocab.from_word.search(sentence, start, mention.start):
        return vocab.to_word.search(sentence, mention.end, mentions[index + 1].start) is not None
    return False


def base_slot(sentence: str, index: int, mentions: list[Mention], vocab: Vocabulary) -> bool:
    """The amount states the rate a modifier replaces: after "instead of" ("(instead of the
    usual 2 points)", "místo 3"), or the first of "from 2 to 3 points"."""
    mention = mentions[index]
    start = mentions[index - 1].end if index else 0
    if vocab.instead_follows:  # hu "lapkánként 2 pontot ér 1 helyett": the 1 is replaced
        after = sentence[mention.end :].lstrip()
        return vocab.instead.match(after) is not None or from_slot(sentence, index, mentions, vocab)
    for m in vocab.instead.finditer(sentence, start, mention.start):
        gap = sentence[m.end() : mention.start]
        if len(gap.split()) <= INSTEAD_GAP and not any(c.isdigit() for c in gap):
            return True
    return from_slot(sentence, index, mentions, vocab)


def _conditional_aside(sentence: str, mention: Mention, before: Mention, vocab: Vocabulary) -> bool:
    """An amount in a parenthesis that names a state, after the rate it qualifies: "2 points
    per tile (1 point if incomplete at the end of the game)": the rates before, in that state."""
    aside = aside_holding(sentence, mention.start)
    if aside is None or before.end > aside[0]:
        return False
    # the other state of a rate ("if incomplete", "at the end"), not an explanation of a total
    # ("(quindi 9 punti al completamento)")
    named = {state for state, _ in SentenceStates.read(sentence[aside[0] : aside[1]], vocab).words}
    return bool(named & {ClaimState.INCOMPLETE, ClaimState.END_GAME})


def _or_if(sentence: str, mention: Mention, vocab: Vocabulary) -> str | None:
    """The modifier an elliptic number after "or" is for: "3 points per city, or 4 if he has
    a pig" (the pig's 4)."""
    before = sentence[: mention.start]
    if not any(not before[m.end() :].strip(" (") for m in vocab.alternative.finditer(before)):
        return None
    return modifier_after(sentence, mention.end, vocab)


def _for_itself(sentence: str, mention: Mention, vocab: Vocabulary) -> bool:
    """An elliptic number for a feature ("... plus one for the monastery itself", "más uno
    por el propio monasterio"): a "per" right after it and a feature word starting within the
    unit window, not a feature counted as a unit ("4 instead of 3 for each city": a field's
    completed cities)."""
    rest = sentence[mention.end :].lstrip()
    per = vocab.per.match(rest)
    if per is None:
        return False
    if vocab.itself.match(rest, per.end()):
        return True  # "e uno per sé", "y uno por sí mismo"
    window = rest[per.end() : per.end() + 2 * UNIT_WINDOW]
    named = longest(feature_words(window, vocab))
    if not named or named[0][0] > UNIT_WINDOW or named[0][2] in vocab.relations.feature_units:
        return False
    gap = window[: named[0][0]]  # "1 per scudo, ogni monastero": a unit comes first
    return not re.search(r"[,;:.()]", gap) and not any(p.pattern.search(gap) for p in vocab.units)


@dataclass(frozen=True)
class Amount:
    """One amount of a sentence, read: its unit phrase, the unit names it is claimed in, and
    how it stands to the amount before it."""

    mention: Mention
    clause: tuple[int, int]
    unit: UnitPhrase | None
    names: tuple[str, ...]
    base: bool  # after "instead of", the "from" of "from 2 to 3": the base feature's rate
    inherited: bool  # its unit names are the amount before's ("(4 with pig)")
    state_unit: UnitPhrase | None  # the unit phrase whose state words are not its state
    qualified: str | None  # the feature of an elliptic "(4 with pig)"


JOINT_WINDOW = 60  # characters before an amount where the "or" introducing it stands
SEGMENT_STOP = re.compile(r"[,;.(]")


class Sentence:
    """One sentence being read: its amounts, units, features and clauses."""

    def __init__(self, sentence: str, vocab: Vocabulary, mentions: list[Mention]) -> None:
        self.text = sentence
        self.vocab = vocab
        self.mentions = mentions
        self.units = unit_phrases(sentence, vocab)
        self.features = text_features(sentence, vocab)
        self.states = SentenceStates.read(
            sentence, vocab, tuple((m.start, m.end) for m in mentions)
        )
        self.spans: list[Clause] = clauses(sentence, vocab)
        self._segments: dict[Mention, int | None] = {}  # `_modified_segment` of each amount
        # `own_units` as `unit_for` reads them: with the sentence or none, the vocabulary or none
        self._chains: dict[tuple[str, bool], list[UnitPhrase | None]] = {}
        # "(4 with pig)": what an elliptic amount's "with" names is its own, no modifier
        self.elliptic = [
            (m.end, m.end + ELLIPTIC_WINDOW)
            for m in mentions
            if m.bare
            and (vocab.qualifier.match(sentence, m.end) or _or_if(sentence, m, vocab) is not None)
        ]

    def _own(self, sentence: str, with_vocab: bool) -> list[UnitPhrase | None]:
        """The amounts' own units (`own_units`), read once per way `unit_for` is asked."""
        key = (sentence, with_vocab)
        if key not in self._chains:
            vocab = self.vocab if with_vocab else None
            self._chains[key] = own_units(self.mentions, self.units, sentence, vocab)
        return self._chains[key]

    def _flat(self, index: int) -> bool:
        """`_flat`, with the own units `unit_for` reads there (no sentence, no vocabulary)."""
        return _flat(self.text, index, self.mentions, self.units, self.vocab, self._own("", False))

    def clause(self, mention: Mention) -> tuple[int, int]:
        start, end, _ = self.spans[clause_of(mention.start, self.spans)]
        return start, end

    def modifiers(self, mention: Mention, recent: tuple[list[str], ...]) -> dict[str, str]:
        """For each base feature, its modifier named in the sentence up to the end of the
        amount's clause (a modifier named later is a later clause's: "1 point per tile, but
        with a well it doubles"); for a base the sentence names no modifier of, one the
        sentences before name."""
        relations = self.vocab.relations
        named = [f for f in self.features if f[2] in relations.modifiers]
        start, end = 0, self.clause(mention)[1]
        end = min(end, self._alternative_after(mention))
        found = modifiers_in(
            [f[2] for f in named if start <= f[0] < end and not _inside(f[0], self.elliptic)],
            self.vocab,
        )
        in_sentence = {relations.modifiers[f[2]] for f in named}
        earlier = modifiers_in([f for features in recent for f in features], self.vocab)
        found.update({b: m for b, m in earlier.items() if b not in in_sentence and b not in found})
        return found

    def _alternative_after(self, mention: Mention) -> int:
        """Where a later amount introduced by "or" or, elliptic, by a comma starts ("2 punti per
        tessera ..., o 3 punti qualora la città avesse una Cattedrale", "3 punti per città, 4 se
        ha il maiale"), or an aside holding a later amount: a modifier named after it is that
        alternative's, not this amount's."""
        own_aside = aside_holding(self.text, mention.start)
        for other in self.mentions:
            if other.start <= mention.start:
                continue
            aside = aside_holding(self.text, other.start)
            if aside is not None and aside != own_aside and aside[0] > mention.end:
                return aside[0]  # "1 point per tile (unless they contain a well, which doubles)"
            # the joint must end right before the amount: a window, not the sentence so far
            before = self.text[max(0, other.start - JOINT_WINDOW) : other.start]
            if any(
                not before[m.end() :].strip(" (") for m in self.vocab.alternative.finditer(before)
            ):
                return other.start
            if other.bare and before.rstrip().endswith(","):  # ", 4 se ha il maiale"
                return other.start
            if other not in self._segments:  # the same for every amount before it
                self._segments[other] = self._modified_segment(other)
            segment = self._segments[other]
            if segment is not None and segment > mention.end:
                return segment  # ", 2 points with an inn", ", mit Wirtshaus 2 Punkte"
        return len(self.text)

    def _modified_segment(self, mention: Mention) -> int | None:
        """Where the comma segment of `mention` starts when it names a modifier and no other
        amount: the segment is that modifier's alternative rate."""
        start = self.text.rfind(",", 0, mention.start)
        if start < 0:
            return None
        stop = SEGMENT_STOP.search(self.text, mention.end)
        end = stop.start() if stop else len(self.text)
        if any(start < m.start < end and m is not mention for m in self.mentions):
            return None
        modifiers = self.vocab.relations.modifiers
        named = [f for f in self.features if f[2] in modifiers and start < f[0] < end]
        return start if named else None

    def amounts(self) -> list[Amount]:
        found: list[Amount] = []
        for index in range(len(self.mentions)):
            found.append(self._amount(index, found[-1] if found else None, found))
        return found

    def _amount(
        self, index: int, before: Amount | None, earlier: list[Amount] | None = None
    ) -> Amount:
        sentence, vocab, mentions = self.text, self.vocab, self.mentions
        mention = mentions[index]
        clause = self.clause(mention)
        unit = (
            unit_named_after(sentence, mention, vocab)
            if mention.counted
            else unit_for(
                index,
                mentions,
                self.units,
                clause,
                sentence,
                vocab.units_first,
                vocab,
                self._own(sentence, True),
            )
            or unit_next_to(sentence, mention, vocab)
        )
        replaced = index + 1 < len(mentions) and base_slot(sentence, index + 1, mentions, vocab)
        ranged = index + 1 < len(mentions) and self._joined(mention, mentions[index + 1])
        # "4 (points) instead of 3 per city", "from 1 to 2 points per tile", "1 or 2 points per
        # tile", "zwei Punkte statt einem pro Plättchen": the next amount's unit
        if unit is None and (
            replaced
            or from_slot(sentence, index, mentions, vocab)
            or (mention.bare and ranged)
            or mention.leading
            or self._replaced_first(index)
        ):
            unit = unit_for(
                index + 1, mentions, self.units, clause, sentence, own=self._own(sentence, False)
            )
        before_it = unit is not None and unit.end <= mention.start
        if before_it and index and self._flat(index):
            unit = None  # the unit before is the rate's before it, this is a flat amount
        itself = mention.bare and index > 0 and _for_itself(sentence, mention, vocab)
        if itself:
            unit = None  # "... plus one for the monastery itself": no unit
        elif unit is None and not mention.multiplier:
            unit = subject_unit(sentence, index, mentions, vocab, self.units)
        base = base_slot(sentence, index, mentions, vocab)
        previous = tuple(n for n in before.names if n != FLAT) if before is not None else ()
        conditional = (
            unit is None
            and not mention.multiplier
            and before is not None
            and _conditional_aside(sentence, mention, before.mention, vocab)
        )
        # "3 per tile and 3 per pennant instead of the usual 2": each rate of the clause it
        # replaces ("2 per tile and 2 per coat of arms, the incomplete ones only 1", "(1 point
        # if incomplete)" likewise)
        replaces_all = base and unit is None and not mention.multiplier
        if (mention.closing or conditional or replaces_all) and before is not None:
            previous = tuple(
                dict.fromkeys(
                    n for a in earlier or [] if a.clause == before.clause for n in a.names
                )
            )
            previous = tuple(n for n in previous if n not in (FLAT, "multiplier"))
        after_from = before is not None and before.base and unit is None and index > 0
        segment = self._modified_segment(mention) if unit is None and before is not None else None
        # ", 2 points with an inn": the modifier's alternative rate, in the unit before
        modified = segment is not None and before is not None and segment >= before.mention.end
        names, inherited = self._names(
            index, unit, previous, base or after_from or conditional or modified
        )
        state_unit = unit or (before.state_unit if inherited and before is not None else None)
        return Amount(
            mention, clause, unit, names, base, inherited, state_unit, self._qualified(mention)
        )

    def _names(
        self, index: int, unit: UnitPhrase | None, previous: tuple[str, ...], follows: bool
    ) -> tuple[tuple[str, ...], bool]:
        mention, sentence, vocab = self.mentions[index], self.text, self.vocab
        if unit is not None:
            if unit.meanings == ("tile",) and _around(sentence, unit, vocab):
                return ("surrounding_tile",), False  # "1 point per tile around it"
            return unit.meanings, False
        word_multiplier = mention.multiplier and sentence[mention.start] != "("
        if mention.bare and previous and _for_itself(sentence, mention, vocab):
            return ("fixed",), False  # "... plus one for the monastery itself": a flat amount
        if (mention.bare or word_multiplier or follows) and previous:
            return previous, True  # "(4 with pig)", "verdubbelt dit aantal", "(instead of 2)"
        if mention.multiplier:
            return ("multiplier",), False
        if per_follows(sentence, mention, vocab):
            return ("unknown",), False  # "1 point / type of feature": per a unit not known
        if (
            vocab.plus.match(sentence, mention.end)
            or _alone(sentence, mention)
            or self._flat(index)
        ):
            return ("fixed",), False
        if tiles_around_after(sentence, mention.end, vocab):  # "and all eight tiles around it"
            return (FLAT, "surrounding_tile"), False
        return (FLAT,), False

    def _replaced_first(self, index: int) -> bool:
        """The replaced rate comes first and the new one right after it, in one clause: hu "3
        helyett 4 pontot kap minden városért", de "statt 3 nun 4 Punkte pro Stadt"."""
        mentions = self.mentions
        if index + 1 >= len(mentions) or not base_slot(self.text, index, mentions, self.vocab):
            return False
        return (
            CLAUSE_BREAK.search(self.text, mentions[index].end, mentions[index + 1].start) is None
        )

    def _joined(self, mention: Mention, following: Mention) -> bool:
        gap = self.text[mention.end : following.start]
        return bool(gap) and (
            self.vocab.conjunction.fullmatch(gap) is not None
            or self.vocab.alternative.fullmatch(gap) is not None
        )

    def respective(self, amount: Amount, amounts: list[Amount]) -> str | None:
        """ "roads and cities score respectively 1 and 2 points per tile": the feature listed
        in the place of the amount among the clause's amounts."""
        start, end = amount.clause
        if self.vocab.respectively.search(self.text, start, end) is None:
            return None
        here = [a for a in amounts if a.clause == amount.clause and not a.base]
        if len(here) < 2 or amount not in here:
            return None  # "respectively ... instead of 2": no two rates to list
        listed = [f for f in longest(self.features) if start <= f[0] < here[0].mention.start]
        if len(listed) != len(here):
            return None
        return listed[here.index(amount)][2]

    def _qualified(self, mention: Mention) -> str | None:
        """The feature an elliptic amount is for: "(4 with pig)", "(ou 2 avec un cochon)"."""
        if not mention.bare:
            return None
        match = self.vocab.qualifier.match(self.text, mention.end)
        if match is None:
            return _or_if(self.text, mention, self.vocab)  # "..., o 4 si tiene un cerdo"
        window = self.text[match.end() : match.end() + ELLIPTIC_WINDOW]
        found = longest(feature_words(window, self.vocab))
        return found[0][2] if found else None
