"""A list's lead: a line with no amount that ends in a colon and names a feature ("Auf dem
Wachturm ist zu sehen, wofür du Punkte bekommst:", "The watchtower scores points for:") is
the subject of the rows after it ("2 Punkte für jedes Wappen", "3 Punkte für jedes Kloster").

A row that names no feature of its own (none but in what qualifies its unit: "Plättchen
mit mindestens einer Straße") scores for the lead; a feature word right after its "per" ("für
jedes Kloster") is then what it counts, the row's unit, not its subject. The lead holds
until a line with no amount names a feature (a new heading or paragraph). All words come from
the language's vocabulary; the shape is the same in every language (`claims` applies it).
"""

from __future__ import annotations

from carcdb.pipeline.parse.rules.claim_amounts import Mention
from carcdb.pipeline.parse.rules.claim_context import longest, qualified_span, text_features
from carcdb.pipeline.parse.rules.claim_shapes import Amount, Sentence
from carcdb.pipeline.parse.rules.claim_unit_start import UNIT_WINDOW
from carcdb.pipeline.parse.rules.vocabulary import Vocabulary

LEAD_END = ":"


def lead_of(sentence: str, has_amount: bool, vocab: Vocabulary) -> str | None:
    """The feature a list's lead line names, the one named last before its colon; None when
    the line is no lead (it has an amount, or does not end in a colon)."""
    if has_amount or not sentence.rstrip().endswith(LEAD_END):
        return None
    named = longest(text_features(sentence, vocab))
    return max(named)[2] if named else None


def names_feature(sentence: str, vocab: Vocabulary) -> bool:
    return bool(text_features(sentence, vocab))


def counted_feature(sentence: str, mention: Mention, vocab: Vocabulary) -> tuple[int, str] | None:
    """The feature word right after the amount's "per" ("3 Punkte für jedes Kloster"): where
    it starts and its meaning."""
    start = mention.end + len(sentence[mention.end :]) - len(sentence[mention.end :].lstrip())
    per = vocab.per.match(sentence, start)
    if per is None:
        return None
    window = sentence[per.end() : per.end() + UNIT_WINDOW]
    named = longest(text_features(window, vocab))
    if not named or window[: named[0][0]].strip():
        return None  # a word between: not the counted feature itself
    return per.end() + named[0][0], named[0][2]


def for_lead(read: Sentence, amount: Amount, lead: str) -> tuple[list[str], str | None] | None:
    """The lead as the amount's subject, and the feature the row counts (None: its own unit):
    None when the row names a feature of its own."""
    sentence, vocab = read.text, read.vocab
    counted = counted_feature(sentence, amount.mention, vocab)
    if counted is not None and any(
        counted[0] < u.start < f[1] for u in read.units for f in read.features if f[0] == counted[0]
    ):
        counted = None  # "pro Straßenplättchen": a compound of the feature and its unit
    qualified = qualified_span(sentence, amount.unit, vocab)  # "Plättchen mit einer Straße"
    own = [  # a compound's feature is the row's own ("1 Punkt pro Straßenplättchen")
        f
        for f in longest(read.features)
        if not (qualified is not None and qualified[0] <= f[0] < qualified[1])
        and (counted is None or f[0] != counted[0])
    ]
    if own:
        return None
    if counted is not None and counted[1] == lead:
        return None  # "the monastery: 9 points for each monastery": the lead's own rate
    return [lead], counted[1] if counted is not None else None
