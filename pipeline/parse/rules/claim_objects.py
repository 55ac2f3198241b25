"""A feature named as a preposition's object is no subject (for `claim_context`): in "the fairy
protects from the dragon and brings 1 point", "die Fee schützt vor dem Drachen und bringt einen
Punkt" the feature nearest the amount stands after "from"/"vor": the feature opening the clause
is what scores. A modifier ("a road with an inn") is left to the modifiers. All words come from
the language's vocabulary file (`prepositions`, `determiners`).
"""

from __future__ import annotations

from carcdb.pipeline.parse.rules.claim_feature_words import Found
from carcdb.pipeline.parse.rules.claim_mention import Mention
from carcdb.pipeline.parse.rules.claim_text import WORDS
from carcdb.pipeline.parse.rules.vocabulary import Vocabulary

__all__ = ["opening_subject"]

OPENING_WORDS = 2  # words before the feature that opens its clause ("The fairy", "Die Fee")
CLAUSE_STOPS = ",;:.!?()"


def _after_preposition(sentence: str, start: int, vocab: Vocabulary) -> bool:
    words = WORDS.findall(sentence[max(0, start - 30) : start])[-2:]
    while words and vocab.determiner.fullmatch(words[-1]):
        words = words[:-1]
    return bool(words) and vocab.preposition.fullmatch(words[-1]) is not None


def opening_subject(
    sentence: str, candidates: list[Found], chosen: str, mention: Mention, vocab: Vocabulary
) -> str | None:
    """The feature opening the amount's clause when `chosen`, the nearest, is a preposition's
    object before the amount; None otherwise."""
    if chosen in vocab.relations.modifiers:
        return None
    before = [f for f in candidates if f[1] <= mention.start]
    near = [f for f in before if f[2] == chosen]
    if not near or not _after_preposition(sentence, near[-1][0], vocab):
        return None
    # the clause's start: the last stop before the object, found back from it
    start = max(sentence.rfind(c, 0, near[-1][0]) for c in CLAUSE_STOPS) + 1
    for f in before:
        if f[0] < start or f[0] >= near[-1][0] or f[2] == chosen:
            continue
        if len(WORDS.findall(sentence[start : f[0]])) <= OPENING_WORDS and not _after_preposition(
            sentence, f[0], vocab
        ):
            return f[2]
    return None
