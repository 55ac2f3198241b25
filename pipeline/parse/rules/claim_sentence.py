"""What one sentence of a scoring rule says on its own, whatever the sentences around it:
its amounts and counts, a table row's label or header columns, a heading-like phase, whether
it is a worked example, the features a later sentence may take as its subject. Read once per
process for a language's own vocabulary (`analysed`, `sentence_lines_of`: cached by text and
language); `claims` combines these readings with the sentences around them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from carcdb.pipeline.parse.rules.claim_amounts import Mention, points_phrases
from carcdb.pipeline.parse.rules.claim_context import (
    NAMED,
    longest,
    qualified_span,
    row_label,
    text_features,
)
from carcdb.pipeline.parse.rules.claim_licence import is_example
from carcdb.pipeline.parse.rules.claim_phase import SentenceStates, announced_phase
from carcdb.pipeline.parse.rules.claim_shapes import Amount, Sentence
from carcdb.pipeline.parse.rules.claim_text import LIST_ITEM, sentence_lines
from carcdb.pipeline.parse.rules.claim_units import count_mentions
from carcdb.pipeline.parse.rules.vocabulary import NoVocabularyError, Vocabulary, vocabulary
from carcdb.schemas.rules import ClaimState, CountMention

READ_CACHE = 4096  # rule texts cut into sentences once per process
SENTENCE_CACHE = 16384  # sentences analysed once per process (what they say on their own)
QUOTES = re.compile(r"[„“«]")
CELL = re.compile(r"\s*(?:\|\|?|\t)\s*")  # "Road | 1 point per tile | 1 point per tile"


@dataclass(frozen=True)
class Analysed:
    """What a sentence says on its own, whatever the sentences around it: read once."""

    read: Sentence | None  # None: no amount and no number, no claim
    amounts: tuple[Amount, ...]
    counts: tuple[CountMention, ...]
    label: str | None  # the feature a table row's label line names
    phase: ClaimState | None  # the phase a heading-like line announces
    columns: tuple[ClaimState | None, ...]  # a table header's columns' states
    opens_example: bool  # "Example 1: ..." opens the line
    example: bool  # a worked example's sentence
    subject: tuple[str, ...]  # the features a later sentence may take as its subject
    pronoun: bool  # it opens with a pronoun: the sentence before's subject is its own
    item_subject: tuple[str, ...]  # a list item's: the rest of its line's subject
    state: ClaimState | None  # the state it names


def _language_vocabulary(language: str) -> Vocabulary | None:
    try:
        return vocabulary(language)
    except NoVocabularyError:
        return None


def _canonical(vocab: Vocabulary) -> bool:
    """A language's own vocabulary, whose readings may be kept (one built by hand is read
    every time)."""
    return vocab is _language_vocabulary(vocab.language)


def sentence_lines_of(text: str, vocab: Vocabulary) -> tuple[tuple[int, str], ...]:
    if not _canonical(vocab):
        return tuple(sentence_lines(text, vocab))
    return _lines_cached(text, vocab.language)


@lru_cache(maxsize=READ_CACHE)
def _lines_cached(text: str, language: str) -> tuple[tuple[int, str], ...]:
    return tuple(sentence_lines(text, vocabulary(language)))


def analysed(sentence: str, vocab: Vocabulary) -> Analysed:
    if not _canonical(vocab):
        return _analyse(sentence, vocab)
    return _analysed_cached(sentence, vocab.language)


@lru_cache(maxsize=SENTENCE_CACHE)
def _analysed_cached(sentence: str, language: str) -> Analysed:
    return _analyse(sentence, vocabulary(language))


def _analyse(sentence: str, vocab: Vocabulary) -> Analysed:
    mentions = points_phrases(sentence, vocab)
    counts = count_mentions(sentence, [(m.start, m.end) for m in mentions], vocab)
    read = Sentence(sentence, vocab, mentions) if mentions or counts else None
    states = read.states if read is not None else SentenceStates.read(sentence, vocab)
    return Analysed(
        read=read,
        amounts=tuple(read.amounts()) if read is not None else (),
        counts=tuple(counts),
        label=row_label(sentence, mentions, vocab),
        phase=None if mentions else announced_phase(sentence, vocab),
        columns=() if mentions else _columns(sentence, vocab),
        opens_example=vocab.example.match(sentence.lstrip(" •*-")) is not None,
        example=read is not None and is_example(sentence, read.features, vocab),
        subject=_subject(sentence, vocab, read),
        pronoun=vocab.pronoun.match(sentence.lstrip()) is not None,
        item_subject=_subject(sentence, vocab, read, item=True),
        state=states.overall(),
    )


def cells(sentence: str) -> list[tuple[int, int]]:
    """The cells of a table row written on one line ("|", "||" or tabs between them)."""
    cuts = list(CELL.finditer(sentence.strip("|")))
    if not cuts:
        return []
    offset = len(sentence) - len(sentence.lstrip("|"))
    starts = [0, *(m.end() for m in cuts)]
    ends = [*(m.start() for m in cuts), len(sentence.strip("|"))]
    return [(offset + a, offset + b) for a, b in zip(starts, ends, strict=True)]


def _columns(sentence: str, vocab: Vocabulary) -> tuple[ClaimState | None, ...]:
    """A table's header row ("Feature | During the game | Endgame if incomplete"): the state
    each column names; empty when the line is no such row."""
    if "|" not in sentence and "\t" not in sentence:
        return _word_columns(sentence, vocab)
    found = cells(sentence)
    states = tuple(SentenceStates.read(sentence[a:b], vocab).overall() for a, b in found)
    return states if len(found) > 1 and any(states) else ()


HEADER_WORDS = 6  # words of a table header written with spaces ("Landschaft Offen Geschlossen")


def _word_columns(sentence: str, vocab: Vocabulary) -> tuple[ClaimState | None, ...]:
    """A table header written with spaces between its columns ("Landschaft Offen
    Geschlossen"): the state each word names, when two or more words name states; a row of
    its table states its amounts in the same order (`claims`)."""
    words = sentence.split()
    if len(words) > HEADER_WORDS or any(c.isdigit() for c in sentence):
        return ()
    states = tuple(SentenceStates.read(w, vocab).overall() for w in words)
    return states if len({s for s in states if s is not None}) > 1 else ()


def _subject(
    sentence: str, vocab: Vocabulary, read: Sentence | None, item: bool = False
) -> tuple[str, ...]:
    """The features a later sentence may take as its subject. A list's items are no
    statement's subject (`item`: but for the sentences after one on its own line: "- The pig
    ... is placed on a field. At the end it scores 4 points ..."); nor is a name („Răscoală
    de țărani”) or what qualifies a unit ("1 point / tile with city segments")."""
    if (LIST_ITEM.match(sentence) is not None) != item:
        return ()
    named = NAMED.sub(_blank, sentence) if QUOTES.search(sentence) else sentence
    features = text_features(named, vocab)
    if read is not None:
        spans = [qualified_span(sentence, unit, vocab) for unit in read.units]
        features = [f for f in features if not any(q and q[0] <= f[0] < q[1] for q in spans)]
    return tuple(f[2] for f in longest(features))


def _blank(match: re.Match[str]) -> str:
    return " " * len(match.group(0))


def column_state(
    columns: tuple[ClaimState | None, ...], sentence: str, mention: Mention, mentions: list[Mention]
) -> ClaimState | None:
    """The state a table header's column names for an amount of a row: the cell the amount is
    in; in a row written with spaces ("Ebene 1 Punkt pro ... 2 Punkt pro ..."), in order."""
    row_cells = cells(sentence)
    if columns and not row_cells:
        states = [s for s in columns if s is not None]
        return states[mentions.index(mention)] if len(states) == len(mentions) else None
    if not columns or len(row_cells) != len(columns):
        return None
    return next((columns[i] for i, (a, b) in enumerate(row_cells) if a <= mention.start < b), None)
