"""Per-language rules vocabulary: the words for points, features, units, states and headings.

The words live in `lang/<code>.json`, not in code, so a new language is a new data file. Every
word is a stem matched case-insensitively at a word start: `oraș` matches `orașul`, `orașe`;
a multi-word entry (`oraș finalizat`) lets each of its words take an ending.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from pipeline.numbers import ascii_int, is_ascii_digits

FALLBACK_LANGUAGE = "en"


@dataclass(frozen=True)
class Phrase:
    """A canonical meaning (`city`, `coat_of_arms`, `incomplete` ...) and its stem pattern."""

    meaning: str
    pattern: re.Pattern[str]


@dataclass(frozen=True)
class Vocabulary:
    language: str
    points: re.Pattern[str]  # "<number> [connector] <point word>", groups: bonus, number
    after_number: re.Pattern[str]  # spaces and an optional connector after a number ("5 de")
    threshold: re.Pattern[str]  # a threshold word right before a number: "trece de (50 puncte)"
    number_words: dict[str, int]
    per: re.Pattern[str]
    plus: re.Pattern[str]
    alternative: re.Pattern[str]  # "or" between two unit phrases: "cetate sau oraș finalizat"
    conjunction: re.Pattern[str]  # "and" between two unit phrases: "per tile and coat of arms"
    qualifier: re.Pattern[str]  # "with" after a unit: "tile with a farmhouse" (not the feature)
    joiner: re.Pattern[str]  # what may stand between two listed features: ", ", " and "
    around: re.Pattern[str]  # "around it" after a tile unit: the tiles around the feature
    features: tuple[Phrase, ...]
    units: tuple[Phrase, ...]
    states: tuple[Phrase, ...]  # in priority order: incomplete, completed, end_game, during_game
    any_feature: re.Pattern[str]  # matches where some `features` phrase matches (see `_any_of`)
    any_state: re.Pattern[str]  # likewise for `states`
    house_rule_headings: tuple[str, ...]
    scoring_headings: tuple[str, ...]
    end_game_headings: tuple[str, ...]

    def number(self, text: str) -> int | None:
        """The value of a number the `points` pattern matched (ASCII digits or a number
        word); None when it is beyond what the warehouse stores (`numbers.INT32_MAX`)."""
        if is_ascii_digits(text):
            return ascii_int(text)
        return self.number_words[text.lower()]


def _stem_words(stem: str) -> str:
    """`oraș finalizat` -> each word with any ending, words separated by spaces."""
    return r"\s+".join(re.escape(word) + r"\w*" for word in stem.split())


def stem_pattern(stem: str) -> str:
    """`oraș finalizat` -> each word at a word start, any ending, words separated by spaces."""
    return r"(?<!\w)" + _stem_words(stem)


def _alternatives(stems: list[str]) -> str:
    """Any of the stems (`stem_pattern`), longest first. The word-start test is written once
    before the group rather than in each branch: the same test at the same position, so the
    same matches, but a mid-word position is dropped after one test instead of one per stem."""
    if not stems:
        return "(?:)"
    ordered = sorted(stems, key=len, reverse=True)
    return r"(?<!\w)(?:" + "|".join(_stem_words(stem) for stem in ordered) + ")"


def _phrases(table: dict[str, list[str]]) -> tuple[Phrase, ...]:
    return tuple(
        Phrase(meaning, re.compile(_alternatives(stems), re.IGNORECASE))
        for meaning, stems in table.items()
    )


def _any_of(table: dict[str, list[str]]) -> re.Pattern[str]:
    """One pattern that finds a match exactly when some phrase of `table` (`_phrases`) has
    one, at the leftmost position any of them matches: a single scan that tells when the
    per-phrase scans would all find nothing. With no stems it matches everywhere, so it never
    rules a scan out."""
    stems = [stem for phrase_stems in table.values() for stem in phrase_stems]
    return re.compile(_alternatives(stems), re.IGNORECASE)


STATE_PRIORITY = ("incomplete", "completed", "end_game", "during_game")


def words_or_empty(data: dict[str, object], key: str) -> list[str]:
    """An optional word list of a language file (absent: none)."""
    value = data.get(key, [])
    assert isinstance(value, list), key
    return [str(v) for v in value]


def _whole_words(words: list[str]) -> str:
    """Any of `words` as a whole word (a short word such as cs "s" is no stem)."""
    return "|".join(rf"(?<!\w){re.escape(w)}(?!\w)" for w in sorted(words, key=len, reverse=True))


def build_vocabulary(data: dict[str, object]) -> Vocabulary:
    def words(key: str) -> list[str]:
        value = data[key]
        assert isinstance(value, list), key
        return [str(v) for v in value]

    def table(key: str) -> dict[str, list[str]]:
        value = data[key]
        assert isinstance(value, dict), key
        return {str(k): [str(s) for s in v] for k, v in value.items()}

    number_words_raw = data["number_words"]
    assert isinstance(number_words_raw, dict)
    number_words = {str(k).lower(): int(v) for k, v in number_words_raw.items()}
    number = (
        r"[0-9]+"
        if not number_words
        else r"[0-9]+|"
        + "|".join(re.escape(w) for w in sorted(number_words, key=len, reverse=True))
    )
    # optional words between the number and the point word: "20 de puncte", "2 more points"
    fillers = words("number_connectors")
    connectors = rf"(?:(?:{'|'.join(re.escape(c) for c in fillers)})\s+)?" if fillers else ""
    # "2 puncte", "(+1) punct", "(-1) point": a sign in parentheses marks an adjustment
    points = re.compile(
        rf"(?<![\w/])(?:\(\s*(?P<sign>[+\-−–])\s*)?(?P<number>{number})(?![\w/])\s*\)?\s*"
        rf"{connectors}(?:{'|'.join(re.escape(p) for p in words('points'))})(?!\w)",
        re.IGNORECASE,
    )
    # whole words (not stems): "a" (cs), "e" (it), "y" (es) are words of their own
    joined = "|".join(
        re.escape(w) for w in sorted(words_or_empty(data, "and"), key=len, reverse=True)
    )
    joiner = re.compile(
        r"\s*(?:,|/|&)?\s*" + (rf"(?:(?<!\w)(?:{joined})(?!\w))?" if joined else "") + r"\s*$",
        re.IGNORECASE,
    )
    states = table("states")
    features = table("features")
    state_table = {name: states[name] for name in STATE_PRIORITY if name in states}
    return Vocabulary(
        language=str(data["language"]),
        points=points,
        after_number=re.compile(r"\s*" + connectors, re.IGNORECASE),
        threshold=re.compile(_alternatives(words("thresholds")) + r"\s*$", re.IGNORECASE),
        number_words=number_words,
        per=re.compile(_alternatives(words("per")), re.IGNORECASE),
        plus=re.compile(r"\s*" + _alternatives(words("plus")), re.IGNORECASE),
        alternative=re.compile(r"\s*,?\s*" + _alternatives(words("or")) + r"\s+", re.IGNORECASE),
        conjunction=re.compile(rf"\s+(?:{joined})\s+" if joined else r"(?!)", re.IGNORECASE),
        qualifier=re.compile(
            rf"\s+(?:{_whole_words(words_or_empty(data, 'unit_qualifiers'))})\s"
            if words_or_empty(data, "unit_qualifiers")
            else r"(?!)",
            re.IGNORECASE,
        ),
        joiner=joiner,
        around=re.compile(
            _alternatives(words_or_empty(data, "around"))
            if words_or_empty(data, "around")
            else r"(?!)",
            re.IGNORECASE,
        ),
        features=_phrases(features),
        units=_phrases(table("units")),
        states=_phrases(state_table),
        any_feature=_any_of(features),
        any_state=_any_of(state_table),
        house_rule_headings=tuple(words("house_rule_headings")),
        scoring_headings=tuple(words("scoring_headings")),
        end_game_headings=tuple(words("end_game_headings")),
    )


def available_languages() -> list[str]:
    folder = resources.files("pipeline.parse.rules").joinpath("lang")
    return sorted(
        entry.name.removesuffix(".json")
        for entry in folder.iterdir()
        if entry.name.endswith(".json")
    )


class NoVocabularyError(LookupError):
    """There is no `lang/<code>.json` for the language (not a KeyError: a data file missing a
    key raises KeyError, and that is a bug to see, not a language to fall back from)."""


@cache
def vocabulary(language: str) -> Vocabulary:
    """The vocabulary of `language`; raises NoVocabularyError when it has no data file."""
    folder = resources.files("pipeline.parse.rules").joinpath("lang")
    entry = folder.joinpath(f"{language}.json")
    if not entry.is_file():
        raise NoVocabularyError(language)
    return build_vocabulary(json.loads(entry.read_text("utf-8")))
