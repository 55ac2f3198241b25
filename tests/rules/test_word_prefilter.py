"""Faster word patterns find exactly what the reference forms find: the one-scan pre-filters
(`Vocabulary.any_feature`, `any_state`) never change what the per-phrase scans find, and the
word-start test written once (`_alternatives`) matches like one test per branch; on lines of
the real sample pages, in every language, and on generated text mixing each language's own
stems with tricky letters (Unicode case folds) and punctuation."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.pipeline.parse import rules
from carcdb.pipeline.parse.rules import claim_context
from carcdb.pipeline.parse.rules.vocabulary import (
    Phrase,
    Vocabulary,
    _alternatives,
    available_languages,
    stem_pattern,
    vocabulary,
)
from tests.lanes import examples
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
    # the same matches (in the order of the text, a longer stem first on the same word)
    assert sorted(claim_context.feature_words(text, vocab)) == sorted(features)
    states = _every_match(text, vocab.states)
    assert (vocab.any_state.search(text) is not None) == bool(states)
    assert [(s.value, span) for s, span in claim_context.state_words_in(text, vocab)] == [
        (meaning, (start, end)) for start, end, meaning in states
    ]


@pytest.mark.slow
@pytest.mark.parametrize("language", available_languages())
def test_prefilter_agrees_on_every_line_of_the_sample_pages(language: str) -> None:
    vocab = vocabulary(language)
    lines = [line for slug in PAGES for line in wikitext(slug).split("\n")]
    assert len(lines) > 100
    found = 0
    for line in lines:
        _agrees(line, vocab)
        found += bool(claim_context.feature_words(line, vocab))
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


@pytest.mark.slow
@pytest.mark.parametrize("language", available_languages())
@settings(max_examples=examples(40), deadline=None)
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


def _per_branch(stems: list[str]) -> re.Pattern[str]:
    """The reference form of `_alternatives`: the word-start test repeated in every branch."""
    ordered = sorted(stems, key=len, reverse=True)
    return re.compile("(?:" + "|".join(stem_pattern(s) for s in ordered) + ")", re.IGNORECASE)


def _word_lists(language: str) -> list[list[str]]:
    """Every list of stems in the language's vocabulary file (word lists and table rows)."""
    data = json.loads(resources.files(rules).joinpath("lang", f"{language}.json").read_text())
    lists: list[list[str]] = []
    for value in data.values():
        if isinstance(value, list):
            lists.append([str(v) for v in value])
        elif isinstance(value, dict) and all(isinstance(v, list) for v in value.values()):
            lists += [[str(s) for s in v] for v in value.values()]
    return lists


def _same_matches(text: str, stems: list[str]) -> None:
    factored = re.compile(_alternatives(stems), re.IGNORECASE)
    reference = _per_branch(stems)
    assert [m.span() for m in factored.finditer(text)] == [
        m.span() for m in reference.finditer(text)
    ]
    for start in range(0, len(text) + 1, 7):  # `match` at a position, as `_unit_at` etc. do
        assert _span(factored.match(text, start)) == _span(reference.match(text, start))


def _span(match: re.Match[str] | None) -> tuple[int, int] | None:
    return None if match is None else match.span()


@pytest.mark.slow
@pytest.mark.parametrize("language", available_languages())
def test_word_start_once_matches_like_per_branch_on_the_sample_pages(language: str) -> None:
    lists = _word_lists(language)
    assert len(lists) > 10
    for slug in PAGES:
        for line in wikitext(slug).split("\n")[::5]:
            for stems in lists:
                _same_matches(line, stems)


@pytest.mark.parametrize("language", available_languages())
@settings(max_examples=examples(30), deadline=None)
@given(data=st.data())
def test_word_start_once_matches_like_per_branch_on_generated_text(
    language: str, data: st.DataObject
) -> None:
    lists = _word_lists(language)
    words = sorted({w for stems in lists for stem in stems for w in stem.split()})
    parts = data.draw(st.lists(st.tuples(TRICKY, st.sampled_from(words), TRICKY), max_size=8))
    text = "".join(before + w + after for before, w, after in parts)
    for stems in lists:
        _same_matches(text, stems)
