"""When an amount is stated as a rate and when a sentence is a worked example (for
`claim_shapes` and `claims`): a flat amount is `licensed` when it is signed, follows a label or a
"+", stands in a sentence with a scoring verb, is "N points for <feature>", or opens a
parenthesis or the sentence and a state follows ("(9 punti se completati)", "1 point if on the
same tile at the start of the turn"); a sentence with an example marker, a player's colour (not
a piece's: "the blue rose") or a demonstrative before a feature is a worked example. All words
come from the language's vocabulary file.
"""

from __future__ import annotations

import re

from carcdb.pipeline.parse.rules.claim_amounts import Mention
from carcdb.pipeline.parse.rules.claim_context import Found
from carcdb.pipeline.parse.rules.claim_unit_start import follower_word
from carcdb.pipeline.parse.rules.claim_units import for_feature
from carcdb.pipeline.parse.rules.vocabulary import Vocabulary

PLUS_BEFORE = re.compile(r"\+\s*$")
LABEL_END = re.compile(r"(?:[:|→]|\s[-–—])\s*$")  # "Monastery: 9 points", "... - 9 punktów"


def licensed(sentence: str, mention: Mention, vocab: Vocabulary) -> bool:
    """A flat amount the sentence states as a rate: signed, after a label or a "+", or in a
    sentence with a scoring verb."""
    before = sentence[: mention.start]
    return (
        mention.bonus
        or mention.multiplier
        or LABEL_END.search(before) is not None
        or PLUS_BEFORE.search(before) is not None  # "1 point per tile + 1 point for itself"
        or any(not before[m.end() :].strip() for m in vocab.plus.finditer(before))
        or vocab.score_verb.search(sentence) is not None
        or for_feature(sentence, mention, vocab)
        or _stated_aside(sentence, mention, vocab)
        or _stated_opening(before, sentence, mention, vocab)
    )


def _stated_opening(before: str, sentence: str, mention: Mention, vocab: Vocabulary) -> bool:
    """The amount opens the sentence and a state follows ("1 Point if on same tile at start
    of turn", "9 Punkte, wenn vollständig umbaut"): a summary's rate without a verb."""
    if before.strip(" \t-–•*#"):
        return False
    return vocab.any_state.search(sentence, mention.end) is not None


def _stated_aside(sentence: str, mention: Mention, vocab: Vocabulary) -> bool:
    """The amount opens a parenthesis that names a state ("(9 punti se completati)", "(9
    points when completed)"): a rate without a verb."""
    aside = aside_holding(sentence, mention.start)
    if aside is None or sentence[aside[0] + 1 : mention.start].strip():
        return False
    return vocab.any_state.search(sentence, mention.end, aside[1]) is not None


def is_example(sentence: str, features: list[Found], vocab: Vocabulary) -> bool:
    """A worked example: a marker ("Example", "here", a player's colour) outside the features'
    names, or a demonstrative before a feature ("for this city", "pentru acest oraș")."""
    # a colour inside a feature's name is no player's ("rose des vents": the wind rose)
    named = [(f[0], f[1]) for f in features]
    for marker in vocab.example.finditer(sentence):
        if not any(start <= marker.start() < end for start, end in named):
            return True
    for colour in vocab.colour.finditer(sentence):
        if not any(start <= colour.start() < end for start, end in named) and _players(
            sentence, colour, vocab
        ):
            return True
    starts = {f[0] for f in features}
    return any(m.end() in starts for m in vocab.demonstrative.finditer(sentence))


NEXT_WORD = re.compile(r"\s*(\w+)")
LAST_WORD = re.compile(r"(\w+)\s*$")


def _players(sentence: str, colour: re.Match[str], vocab: Vocabulary) -> bool:
    """The colour names a player ("Red scores 8", "the red player", "le joueur rouge", "der
    rote Gefolgsmann"), not a piece's look ("the blue rose", "une tuile verte"): capitalised,
    at the end of its clause, or next to a player, follower or scoring word on the side the
    language puts its adjectives' nouns."""
    if colour.group(0)[:1].isupper():
        return True
    after = NEXT_WORD.match(sentence, colour.end())
    if after is None or vocab.score_verb.match(after.group(1)):
        return True
    before = LAST_WORD.search(sentence, max(0, colour.start() - 40), colour.start())
    noun = before.group(1) if vocab.adjectives_follow and before is not None else after.group(1)
    return vocab.player.fullmatch(noun) is not None or follower_word(noun, vocab)


COUNT_GAP = 1  # words between a count's number and its tile word ("3 more tiles")
TILE_RATES = (1, 2, 3)  # the rates per tile a worked example multiplies its count by


def counted_example(
    sentence: str, mention: Mention, clause: tuple[int, int], vocab: Vocabulary
) -> bool:
    """A flat amount that is the count of the feature's tiles before it in its clause times a
    rate per tile is a worked example's total ("a completed road of 3 tiles gives 3 points",
    "eine Straße aus fünf Plättchen bringt also fünf Punkte", "5 tiles long is worth 10
    points"), unless an "only" word makes it the rule of that size ("a city of only 2 tiles
    scores 2 points"); "surrounded by 8 tiles, 9 points" is no such product."""
    before = sentence[clause[0] : mention.start]
    if mention.points < min(TILE_RATES) or vocab.only.search(before) is not None:
        return False
    tiles = [u for u in vocab.units if u.meaning == "tile"]
    for number in vocab.bare_number.finditer(before):
        count = vocab.number(number.group(0))
        if count is None or count < 2 or vocab.per.search(before, 0, number.start()):
            continue
        if mention.points % count or mention.points // count not in TILE_RATES:
            continue
        after = [w.lstrip("-") for w in before[number.end() :].split()[: COUNT_GAP + 2]]
        if any(vocab.around.match(word) for word in after):
            continue  # "una delle 9 caselle adiacenti": the tiles around, a monastery's rule
        if any(u.pattern.match(word) for word in after[: COUNT_GAP + 1] for u in tiles):
            return True
    return False


def aside_holding(sentence: str, position: int) -> tuple[int, int] | None:
    """The parenthesis holding `position` (one left open runs to the end)."""
    start = sentence.rfind("(", 0, position)
    if start < 0 or sentence.rfind(")", start, position) >= 0:
        return None
    end = sentence.find(")", position)
    return start, len(sentence) if end < 0 else end + 1
