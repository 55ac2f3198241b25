"""When a scoring sentence's amount is scored: the claim's state (for `claims`).

In order, the first that says it:
1. the state words of the amount's clause outside its unit phrase (incomplete > end of the
   game > during the game > completed); a completed word after a negation ("not finished",
   "nicht fertig", "n'est pas achevée", "unless completed") is incomplete; a clause naming
   two states gives each amount its comma segment's ("a completed city scores 2 points per
   tile, an incomplete one 1 point per tile");
2. a clause or sentence that starts with an "otherwise" word ("otherwise", "sinon",
   "dans le cas contraire") and names no state has the other state of the clause or sentence
   before it;
3. the state words of the clauses before it in the sentence, nearest first (a condition
   said after the amount, past a semicolon or a "but", is another clause's);
   in a clause with several amounts each amount has its own part, cut at a comma between
   two amounts: "a completed road scores 1 point per tile, an incomplete one 1 point per
   tile at the end"; a condition between two commas before the next amount is that amount's
   ("3 points per tile, if it is incomplete, it scores nothing"), unless the next amount is
   joined by "and"/"or" ("2 points if completed, and 1 point ..."); a condition after the
   clause's last amount is every amount's that names none ("roads 1 point, cities 2 points,
   if completed");
4. a phase announced by a short heading-like line of the text ("EVALUAREA DUPĂ JOC");
5. the phase the context names: the rule's title, its headings and the page title, in the
   page's language or in English ("Schlusswertung", "Évaluation finale", "na konci hry",
   "... After the Game");
6. the nature of the feature: fields, pigs and goods are scored at the end of the game;
7. the rule's default (a block's `completed`, a reference page's phase, ...).
All words come from the language's vocabulary file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from carcdb.pipeline.parse.rules.claim_amounts import Mention
from carcdb.pipeline.parse.rules.claim_parts import amount_parts, joint_before
from carcdb.pipeline.parse.rules.claim_text import (
    LIST_ITEM,
    PLAIN,
    Clause,
    clause_of,
    clauses,
    comma_segment,
)
from carcdb.pipeline.parse.rules.claim_text import OTHERWISE as OTHERWISE_CLAUSE
from carcdb.pipeline.parse.rules.claim_units import UnitPhrase
from carcdb.pipeline.parse.rules.vocabulary import Vocabulary
from carcdb.schemas.rules import ClaimState

PHASES = (ClaimState.END_GAME, ClaimState.DURING_GAME)
ANNOUNCEMENT_WORDS = 8
OPENING_WORDS = 2  # words before a phase phrase that opens a sentence ("Bei", "À la")
NEGATION_WINDOW = 4  # words between a negation and the completed word it negates, plus one
EITHER_WINDOW = 60  # characters from "completed or not" to the amount it states both states of
WORD = re.compile(r"\w+")
OPPOSITE = {
    ClaimState.COMPLETED: ClaimState.INCOMPLETE,
    ClaimState.DURING_GAME: ClaimState.INCOMPLETE,
    ClaimState.INCOMPLETE: ClaimState.COMPLETED,
    ClaimState.END_GAME: ClaimState.COMPLETED,
}

StateWord = tuple[ClaimState, tuple[int, int]]


def outside_unit(span: tuple[int, int], unit: UnitPhrase | None) -> bool:
    return unit is None or span[1] <= unit.start or span[0] >= unit.end


def _negated(sentence: str, start: int, vocab: Vocabulary) -> bool:
    """A negation a few words before the completed word at `start`, with no unit between them:
    a negation before a unit is the unit's ("each tile without shield in a completed city",
    "ohne Wappen in einer fertigen Stadt"), not the state's; one before a feature may still
    be the state's ("unless the city is completed")."""
    before = sentence[max(0, start - 60) : start]
    found = list(vocab.negation.finditer(before))
    if not found:
        return False
    gap = before[found[-1].end() :]
    if len(WORD.findall(gap)) >= NEGATION_WINDOW:
        return False
    return not any(unit.pattern.search(gap) for unit in vocab.units)


def state_words_in(sentence: str, vocab: Vocabulary) -> list[StateWord]:
    """Every state word of the sentence and where it is."""
    if vocab.any_state.search(sentence) is None:
        return []  # no state word at all (most sentences): the per-phrase scans would find none
    return [
        (ClaimState(phrase.meaning), match.span())
        for phrase in vocab.states
        for match in phrase.pattern.finditer(sentence)
    ]


def either_state(sentence: str, mention: Mention, vocab: Vocabulary) -> bool:
    """A completed word right before the amount followed by "or" and a negation ("Chemin achevé
    ou non : 1 pt par tuile", "completata o no", "completed or not"): the rate is both states'."""
    for state, (_, end) in state_words_in(sentence, vocab):
        if state is not ClaimState.COMPLETED or not 0 <= mention.start - end <= EITHER_WINDOW:
            continue
        if any(stop in sentence[end : mention.start] for stop in ".;"):
            continue  # another clause's amount
        alternative = vocab.alternative.match(sentence, end)
        if alternative is not None and vocab.negation.match(sentence, alternative.end()):
            return True
    return False


def _read(words: list[StateWord], sentence: str, vocab: Vocabulary) -> list[StateWord]:
    """A completed word after a negation is an incomplete one; the state words of an ", or
    less if ..." condition (to the end of its clause) are the lesser case's, not the amount's
    before it ("1 punto per tessera adiacente, o meno se alla fine della partita ...")."""
    for lesser in vocab.lesser.finditer(sentence):
        stops = [i for i in (sentence.find(c, lesser.end()) for c in ";.") if i >= 0]
        end = min(stops, default=len(sentence))
        words = [(state, span) for state, span in words if not lesser.start() <= span[0] < end]
    return [
        (ClaimState.INCOMPLETE, span)
        if state is ClaimState.COMPLETED and _negated(sentence, span[0], vocab)
        else (state, span)
        for state, span in words
    ]


def states_outside(
    words: list[StateWord], unit: UnitPhrase | None, units: tuple[UnitPhrase, ...] = ()
) -> set[ClaimState]:
    """State words (`state_words_in`) outside the unit phrase (`oraș finalizat` is a unit) and
    outside the units of the sentence's other amounts (`units`): "3 punten per voltooide stad"
    says what is counted, not when the amount before it is scored."""
    return {
        state
        for state, span in words
        if outside_unit(span, unit) and all(outside_unit(span, other) for other in units)
    }


def strongest(found: set[ClaimState]) -> ClaimState | None:
    """Incomplete wins; then a phase; then completed."""
    if ClaimState.INCOMPLETE in found:
        return ClaimState.INCOMPLETE
    for named in PHASES:
        if named in found:
            return named
    if ClaimState.COMPLETED in found:
        return ClaimState.COMPLETED
    return None


@dataclass(frozen=True)
class SentenceStates:
    """The state words of one sentence, read once, by clause (and by amount in a clause
    with several amounts)."""

    sentence: str
    words: list[StateWord]
    spans: list[Clause]
    amounts: tuple[tuple[int, int], ...] = ()  # where the sentence's amounts are
    vocab: Vocabulary | None = None

    @classmethod
    def read(
        cls, sentence: str, vocab: Vocabulary, amounts: tuple[tuple[int, int], ...] = ()
    ) -> SentenceStates:
        words = _read(state_words_in(sentence, vocab), sentence, vocab)
        spans = clauses(sentence, vocab) if words else [(0, len(sentence), PLAIN)]
        return cls(sentence, words, spans, amounts, vocab)

    def _state_between(
        self,
        start: int,
        end: int,
        unit: UnitPhrase | None,
        units: tuple[UnitPhrase, ...] = (),
        asides: list[tuple[int, int]] | None = None,
    ) -> ClaimState | None:
        inside = [
            (s, span)
            for s, span in self.words
            if start <= span[0] < end and not any(a <= span[0] < b for a, b in asides or ())
        ]
        return strongest(states_outside(inside, unit, units))

    def clause_state(
        self,
        index: int,
        unit: UnitPhrase | None,
        units: tuple[UnitPhrase, ...] = (),
        asides: list[tuple[int, int]] | None = None,
    ) -> ClaimState | None:
        """`asides`: parentheses whose state words are another amount's."""
        start, end, _ = self.spans[index]
        return self._state_between(start, end, unit, units, asides)

    def segment_state(
        self,
        index: int,
        mention: Mention,
        unit: UnitPhrase | None,
        units: tuple[UnitPhrase, ...] = (),
    ) -> ClaimState | None:
        """The state the amount's comma segment (or parenthesis) names, when the clause names
        two: "a completed city scores 2 points per tile, an incomplete one 1 point per tile"."""
        start, end, _ = self.spans[index]
        inside = [(s, span) for s, span in self.words if start <= span[0] < end]
        if len(states_outside(inside, unit, units)) < 2:
            return None
        first, last = comma_segment(self.sentence, (mention.start, mention.end), (start, end))
        first, last = max(start, first), min(end, last)
        vocab, at = self.vocab, self._word_starts()
        if vocab is not None and any(
            first <= a[0] < last
            and (
                joint_before(self.sentence, a[1], mention.start, vocab, at) is not None
                or joint_before(self.sentence, mention.end, a[0], vocab, at) is not None
            )
            for a in self.amounts
        ):
            return None  # the segment's amounts each have their part ("... and ...")
        return self._state_between(first, last, unit, units)

    def _word_starts(self) -> list[int]:
        """Where the sentence's state words start (`claim_parts` cuts a clause by them)."""
        return [span[0] for _, span in self.words]

    def _part_state(
        self, index: int, position: int, unit: UnitPhrase | None, units: tuple[UnitPhrase, ...]
    ) -> tuple[bool, ClaimState | None]:
        """For an amount in a clause with several: (True, its state by `amount_parts`);
        (False, None) when the clause holds no other amount."""
        start, end, _ = self.spans[index]
        here = [a for a in self.amounts if start <= a[0] < end]
        if len(here) < 2 or self.vocab is None:
            return False, None
        parts = amount_parts(self.sentence, (start, end), here, self.vocab, self._word_starts())
        mine = next((i for i, a in enumerate(here) if a[0] == position), None)
        if mine is None:
            return False, None
        asides = _later_asides(self.sentence, here[mine][1], self.amounts)
        own = self._state_between(*parts[mine], unit, units, asides)
        if own is not None:
            return True, own
        if mine and self.vocab.condition.search(self.sentence, here[mine][1], parts[mine][1]):
            # "1 point at the start of the turn and 3 points when the feature is scored": a
            # condition of its own that names no state is no continuation of the one before
            return True, None
        for other in range(mine - 1, -1, -1):
            if parts[other] != parts[mine]:
                found = self._state_between(*parts[other], None, units)
                if found is not None:
                    return True, found
        if mine < len(here) - 1:  # a condition after the clause's last amount is every one's
            tail = self._state_between(here[-1][1], end, None, units, asides)
            if tail is not None:
                return True, tail
        return True, None

    def state_of(
        self, mention: Mention, unit: UnitPhrase | None, units: tuple[UnitPhrase, ...] = ()
    ) -> ClaimState | None:
        """The state the sentence names for `mention` (rules 1-3), or None; `units`: the units
        the sentence's amounts count, whose state words name what is counted."""
        if not self.words:
            return None
        index = clause_of(mention.start, self.spans)
        own = self.segment_state(index, mention, unit, units)
        if own is None:
            parted, own = self._part_state(index, mention.start, unit, units)
            if not parted:
                asides = _later_asides(self.sentence, mention.end, self.amounts)
                own = self.clause_state(index, unit, units, asides)
        if own is not None:
            return own
        if self.spans[index][2] == OTHERWISE_CLAUSE and index:  # "otherwise": the other state
            before = self.clause_state(index - 1, None, units)
            if before is not None:
                return OPPOSITE.get(before, before)
        # a condition said before goes on ("if the city is incomplete, but has a cathedral,
        # it scores nothing"); one said after is another clause's ("2 points; if incomplete 0")
        for other in range(index - 1, -1, -1):
            if self._own_subject(other + 1):
                break  # a list's next item ("...; i monasteri 1 punto ..."): its own condition
            found = self.clause_state(other, None, units)
            if found is not None:
                return found
        return None

    def _own_subject(self, index: int) -> bool:
        """Clause `index` opens after a semicolon and names a feature the clause before it
        names neither itself nor as the feature it modifies: the next item of a list, not the
        same feature's next condition ("...; unless it has a cathedral: 0 points")."""
        start, end, _ = self.spans[index]
        if self.vocab is None or not start or self.sentence[start - 1] != ";":
            return False
        before = self.spans[index - 1]
        theirs = self._named(before[0], before[1])
        modifies = self.vocab.relations.modifiers
        mine = self._named(start, end)
        return any(f not in theirs and modifies.get(f) not in theirs for f in mine)

    def _named(self, start: int, end: int) -> set[str]:
        assert self.vocab is not None
        found = self.vocab.features
        return {p.meaning for p in found if p.pattern.search(self.sentence, start, end)}

    def overall(self) -> ClaimState | None:
        return strongest({state for state, _ in self.words})


AMOUNT_IN_ASIDE = re.compile(r"\d")


def _later_asides(
    sentence: str, end: int, amounts: tuple[tuple[int, int], ...] = ()
) -> list[tuple[int, int]]:
    """Parentheses after an amount ending at `end` holding a number or an amount of their
    own: "2 points per tile (1 point if incomplete at the end of the game)", "(und bringen am
    Ende zwei Punkte pro angrenzendes Marktgebiet)" name the state of their own amount, not
    the one before's."""
    found = []
    for match in re.finditer(r"\([^()]*\)?", sentence[end:]):
        start, stop = end + match.start(), end + match.end()
        if AMOUNT_IN_ASIDE.search(match.group(0)) or any(start < a < stop for a, _ in amounts):
            found.append((start, stop))
    return found


def announced_phase(sentence: str, vocab: Vocabulary) -> ClaimState | None:
    """A short heading-like line ("EVALUAREA DUPĂ JOC") starts a phase for what follows; in a
    table row it is the last cell that is read (`| colspan="5" | Évaluation après la partie`);
    a line ending in a colon ("Dodatkowe punkty są liczone po zakończeniu gry:") is a heading
    of the list after it; a sentence without amounts that opens with a phase ("Am Spielende
    werden unfertige Straßen ... gewertet.", "At the end of the game, ...") introduces the
    sentences after it."""
    parts = [sentence.rsplit("|", 1)[-1].strip(), sentence]
    for part in dict.fromkeys(parts):
        if not part:
            continue
        words = state_words_in(part, vocab)
        if len(part.split()) > ANNOUNCEMENT_WORDS and not part.endswith(":"):
            words = [(state, span) for state, span in words if _opens(part, span[0])]
        found = states_outside(words, None)
        named = next((named for named in PHASES if named in found), None)
        if named is not None:
            return named
    return None


def prose(sentence: str) -> bool:
    """A sentence of a paragraph: longer than a heading, no list item or table row. A phase one
    announces ("Erst zum Schluss erfolgt die Abrechnung.") holds for the rest of its paragraph
    and the list or rows after it, not for the next paragraph."""
    return (
        len(sentence.split()) > ANNOUNCEMENT_WORDS
        and LIST_ITEM.match(sentence) is None
        and "|" not in sentence
        and "\t" not in sentence
    )


def _opens(sentence: str, start: int) -> bool:
    """The phase phrase at `start` opens the sentence (a preposition or two may come first)."""
    return len(WORD.findall(sentence[:start])) <= OPENING_WORDS


def context_phase(context: list[str], vocabs: list[Vocabulary]) -> ClaimState | None:
    """The phase the rule's title, headings or page title name (innermost first), in the
    page's language or in English."""
    for text in context:
        for vocab in vocabs:
            found = states_outside(state_words_in(text, vocab), None)
            named = next((named for named in PHASES if named in found), None)
            if named is None and any(h.lower() in text.lower() for h in vocab.end_game_headings):
                named = ClaimState.END_GAME
            if named is not None:
                return named
    return None
