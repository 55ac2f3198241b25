"""The one-scan pre-filters (`Vocabulary.any_feature`, `any_state`) never change what the
per-phrase scans find: on every line of the real sample pages, in every language, and on
generated text mixing each language's own stems with tricky letters and punctuation."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.parse.rules import claims
from pipeline.parse.rules.vocabulary import Phrase, Vocabulary, available_languages, vocabulary
from tests.rules.pages import PAGES, wikitext


def _every_match(text: str, phrases: tuple[Phrase, ...]) -> list[tuple[int, int, str]]:
    """The reference: every phrase scanned on its own, no pre-filter."""
    return [
        (m.start(), m.end(), phrase.meaning)
        for phrase in phrases
        for m in phrase.pattern.finditer(text)
    ]


def _agrees(text: str, vocab: Vocabulary) -> None:
    features = _every_match(text, vocab.features)
    assert (vocab.any_feature.search(text) is not None) == bool(features)
    assert claims._features_in(text, vocab) == features
    states = _every_match(text, vocab.states)
    assert (vocab.any_state.search(text) is not None) == bool(states)
    assert [(s.value, span) for s, span in claims._state_words(text, vocab)] == [
        (meaning, (start, end)) for start, end, meaning in states
    ]


@pytest.mark.parametrize("language", available_languages())
def test_prefilter_agrees_on_every_line_of_the_sample_pages(language: str) -> None:
    vocab = vocabulary(language)
    lines = [line for slug in PAGES for line in wikitext(slug).split("\n")]
    assert len(lines) > 100
    found = 0
    for line in lines:
        _agrees(line, vocab)
        found += bool(claims._features_in(line, vocab))
    if language == "ro":  # the sample pages are Romanian: both outcomes are exercised
        assert 0 < found < len(lines)


def _stems(vocab: Vocabulary) -> list[str]:
    """Literal words out of the vocabulary's stem patterns (`oraș\\w*` -> `oraș`)."""
    words: list[str] = []
    for phrase in (*vocab.features, *vocab.states):
        for piece in phrase.pattern.pattern.replace("(?<!\\w)", " ").split("\\w*"):
            word = piece.replace("\\s+", " ").replace("\\", "").strip(" (?:|)")
            if word:
                words.append(word)
    return words


TRICKY = st.sampled_from(
    ["", " ", "-", "x", "ul", "S", "K", "ſ", "\u212a", "İ", "ı", ".", "(", "\n", "_", "1"]
)


@pytest.mark.parametrize("language", available_languages())
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_prefilter_agrees_on_generated_text(language: str, data: st.DataObject) -> None:
    vocab = vocabulary(language)
    stems = _stems(vocab)
    assert stems
    word = st.one_of(
        st.sampled_from(stems),
        st.sampled_from(stems).map(str.upper),
        st.text(alphabet="aăâbcdeéfiîklmnoprsștțuüxyz", max_size=6),
    )
    parts = data.draw(st.lists(st.tuples(TRICKY, word, TRICKY), max_size=8))
    text = "".join(before + w + after for before, w, after in parts)
    _agrees(text, vocab)
