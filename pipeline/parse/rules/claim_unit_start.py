"""Where an amount's unit phrase starts when words stand between its "per" and the unit (for
`claim_units`): an attribute of a few words ("pro an der Ebene beteiligtem Plättchen"), or a
completed-state word opening a counted feature, with the words joined to it by "and" ("for
each closed town", "za każde ukończone i przylegające do pola miasto"); and what is no unit
there: a unit word ending a feature's name ("Japanese building"), a figure's word among the
feature units ("per knight": followers, not cities). All words come from the
language's vocabulary file.
"""

from __future__ import annotations

import re

from carcdb.pipeline.parse.rules.vocabulary import Vocabulary

SKIPPABLE = re.compile(r"([^\W\d]+)\s+")  # a word before a joined unit ("eventuell vorhandene")
JOINED_WORDS = 3  # words joined to a counted feature's state word ("completed and adjacent")
UNIT_WINDOW = 20  # characters between a "per" word and its unit phrase ("fiecare dintre ...")


def skip_spaces(text: str, position: int) -> int:
    return position + len(text[position:]) - len(text[position:].lstrip())


ATTRIBUTE_WORDS = 4  # words of an attribute between a "per" and its unit
ATTRIBUTE_WORD = re.compile(r"[^\W\d_]+")


def _no_attribute_word(text: str, vocab: Vocabulary) -> bool:
    """A number, points word, "per" or "and": it ends an attribute (another amount's words or a
    list of what is counted)."""
    return (
        vocab.number(text) is not None
        or vocab.points_word.fullmatch(text) is not None
        or vocab.per.fullmatch(text) is not None
        or vocab.conjunction.fullmatch(f" {text} ") is not None
    )


def unit_past_attribute(
    sentence: str, position: int, vocab: Vocabulary
) -> tuple[int, int, str] | None:
    """A unit after an attribute of a few words ("pro an der Ebene beteiligtem Plättchen",
    "per tile adjacent to the lake" is the other order): words only, no number, points word,
    "per" or "and" between (a list of the things counted is no attribute)."""
    words = list(ATTRIBUTE_WORD.finditer(sentence, position, position + 4 * UNIT_WINDOW))
    end = position
    for count, word in enumerate(words[: ATTRIBUTE_WORDS + 1]):
        if sentence[end : word.start()].strip():
            return None  # punctuation or a digit between the words
        if count:
            for phrase in vocab.units:
                match = phrase.pattern.match(sentence, word.start())
                if match is not None:
                    return word.start(), match.end(), phrase.meaning
        text = word.group(0)
        if _no_attribute_word(text, vocab) or vocab.alternative.fullmatch(text):
            return None
        end = word.end()
    return None


def after_completed(sentence: str, start: int, vocab: Vocabulary) -> list[int]:
    """Past a completed-state word opening a counted feature ("for each closed town", "pro
    fertiger Straße", "voor elke voltooide stad"), and past up to three words joined to it by
    "and" ("for each completed and adjacent city", "za każde ukończone i przylegające do pola
    miasto"): where the feature word may start."""
    for phrase in vocab.states:
        if phrase.meaning != "completed":
            continue
        match = phrase.pattern.match(sentence, start)
        if match is None:
            continue
        places = [skip_spaces(sentence, match.end())]
        joint = vocab.conjunction.match(sentence, match.end())
        position = joint.end() if joint is not None else len(sentence)
        for _ in range(JOINED_WORDS):
            word = SKIPPABLE.match(sentence, position)
            if word is None or vocab.points_word.fullmatch(word.group(1)):
                break
            position = word.end()
            places.append(position)
        return places
    return []


ATTRIBUTE_BEFORE_FEATURE = 2  # words before a counted feature ("per adjacent port city")
PREVIOUS_WORD = re.compile(r"(\w+)\s+$")


def after_attribute(sentence: str, start: int, vocab: Vocabulary) -> list[int]:
    """Past one or two words of an attribute before a counted feature ("per adjacent port
    city", "for each of the cities"): words only, no number, points word, "per", joint or
    feature between."""
    before = PREVIOUS_WORD.search(sentence, max(0, start - 30), start)
    if before is None or vocab.per.fullmatch(before.group(1)) is None:
        return []  # only right after a "per" word: after an amount a word is no attribute
    places: list[int] = []
    position = start
    for _ in range(ATTRIBUTE_BEFORE_FEATURE):
        word = SKIPPABLE.match(sentence, position)
        if word is None:
            break
        text = word.group(1)
        if (
            _no_attribute_word(text, vocab)
            or vocab.any_feature.match(sentence, word.start())
            or vocab.demonstrative.match(sentence, word.start())  # "por este camino": one road
            or (vocab.determiner.fullmatch(text) and not vocab.genitive.fullmatch(text))
        ):
            break
        position = word.end()
        places.append(position)
    return places


def in_feature_name(sentence: str, start: int, end: int, vocab: Vocabulary) -> bool:
    """The unit word ends a feature's name that starts a word before it ("Japanese building":
    a special monastery, not a little building)."""
    previous = PREVIOUS_WORD.search(sentence, max(0, start - 40), start)
    if previous is None or vocab.any_feature.match(sentence, previous.start()) is None:
        return False  # no feature's name starts at the word before (most units)
    if vocab.determiner.fullmatch(previous.group(1)):
        return False  # "the tower=" names the tower; "the tower pieces" still counts towers
    return any(
        (m := phrase.pattern.match(sentence, previous.start())) is not None and m.end() >= end
        for phrase in vocab.features
    )


def follower_word(word: str, vocab: Vocabulary) -> bool:
    """The word names followers: the `follower` unit's words or a figure's ("knights")."""
    return any(
        phrase.pattern.fullmatch(word)
        for phrase in (*vocab.units, *vocab.figures)
        if phrase.meaning == "follower"
    )


def figure_at(sentence: str, start: int, vocab: Vocabulary) -> bool:
    """A figure's word ("knight": a city's) starts there: it counts followers, not cities."""
    return any(phrase.pattern.match(sentence, start) for phrase in vocab.figures)
