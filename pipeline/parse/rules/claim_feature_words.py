"""The feature words of a text (for `claim_context` and the readers of a sentence's features):
every phrase's matches found in one pre-filtered scan, a file name or template parameter naming
nothing, one meaning per place (the longest), and the names that are no feature (the lexicon's
`none`: "land surveyor") hiding the features inside them. All words come from the language's
vocabulary file.
"""

from __future__ import annotations

import re

from carcdb.pipeline.parse.rules.vocabulary import Vocabulary

__all__ = ["Found", "feature_words", "heading_features", "longest", "text_features", "unblocked"]

Found = tuple[int, int, str]
CAMEL_CASE = re.compile(r"(?<=[a-z])(?=[A-Z])")
NOT_A_FEATURE = "none"  # a lexicon's name of no feature ("land surveyor"): blocks those in it


def feature_words(text: str, vocab: Vocabulary) -> list[Found]:
    """Every feature word of the text: each phrase's matches, as `finditer` finds them (a
    phrase's matches do not overlap), found by trying the phrases only where one of them
    matches (`any_feature`, searched again from the next character), not by scanning the text
    once per phrase (tests/rules/test_word_prefilter.py compares the two)."""
    if vocab.any_feature.search(text) is None:
        return []  # no feature word at all (most texts): the per-phrase scans would find none
    found: list[tuple[int, int, int, str]] = []
    ends = [0] * len(vocab.features)  # where each phrase's last match ended
    candidate = vocab.any_feature.search(text)
    while candidate is not None:
        start = candidate.start()
        # the next position where some phrase matches, a word inside this match included
        candidate = vocab.any_feature.search(text, start + 1)
        for index, phrase in enumerate(vocab.features):
            if start < ends[index]:
                continue
            m = phrase.pattern.match(text, start)
            if m is not None:
                found.append((start, m.end(), phrase.specificity(m.group(0)), phrase.meaning))
                ends[index] = m.end()
    # of two features matching the same word, the longer stem's first ("Stadttürme": a tower)
    found.sort(key=lambda f: (f[0], -f[1], -f[2]))
    return [(start, end, meaning) for start, end, _, meaning in found]


FILE_NAME = re.compile(  # "Token Castle C2.png", "|castle=true": no words of the text
    r"(?:(?<!\w)[A-Z][\w&'’-]*\s+)*[\w-]+\.(?:png|jpe?g|gif|svg)\b|\|?\w+=\w*",
    re.IGNORECASE,
)


FILE_EXTENSION = re.compile(r"\.(?:png|jpe?g|gif|svg)\b", re.IGNORECASE)


def _blank(match: re.Match[str]) -> str:
    return " " * len(match.group(0))


def unblocked(found: list[Found]) -> list[Found]:
    """Without the names that are no feature (`NOT_A_FEATURE`: "Land Surveyors", a product)
    and the features named inside them ("surveyor")."""
    blocked = [(f[0], f[1]) for f in found if f[2] == NOT_A_FEATURE]
    if not blocked:
        return found
    return [f for f in found if not any(start <= f[0] < end for start, end in blocked)]


def text_features(text: str, vocab: Vocabulary) -> list[Found]:
    """`feature_words` of the text's words: a file name rendered as words ("Token Castle
    C2.png") or a template parameter ("|castle=true") names nothing, nor a name that is no
    feature's (`unblocked`)."""
    if vocab.any_feature.search(text) is None:
        return []
    if "=" in text or FILE_EXTENSION.search(text):
        text = FILE_NAME.sub(_blank, text)
    return unblocked(feature_words(text, vocab))


def longest(found: list[Found]) -> list[Found]:
    """One meaning per place: the longest match ("german castle" over "castle"); none inside a
    name that is no feature's."""
    kept: list[Found] = []
    for f in sorted(found, key=lambda f: (f[0], -f[1])):
        if not any(k[0] <= f[0] < k[1] for k in kept):
            kept.append(f)
    return unblocked(kept)


def heading_features(context: list[str], vocab: Vocabulary) -> list[str]:
    """Features named in the rule's title and headings, innermost first."""
    found: list[str] = []
    for text in context:
        # a template's name runs its words together: "ScoringGroupFeatureMonastery"
        text = CAMEL_CASE.sub(" ", text)
        for _, _, meaning in longest(feature_words(text, vocab)):
            if meaning not in found:
                found.append(meaning)
    return found
