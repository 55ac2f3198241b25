"""Number words per language, as data: cardinals, "no"/"zero" words, articles, multipliers.

Shared by every reader of rules text (the scoring claims of `pipeline.parse.rules`, a
Contents reader): `number_lexicon(language)` reads `words/<code>.json`:

- `generated`: the base forms of 0-20, written by `scripts/gen_number_words.py` with
  num2words (a maintainer's tool, not a dependency: the words are data);
- `cardinals`: the other written-out forms, by hand (`einen`, `dvě`, `двух`, `una`) -> value.
- `zero`: determiners meaning "no" before a noun (`keine Punkte`, `aucun point`): value 0
  before a points word, never a number on their own.
- `articles`: cardinals that are also the indefinite article (`a`, `ein`, `un`): a number
  only where a unit or points word follows, not in an elliptic "one for each tile".
- `multipliers`: "double", "triple" and their forms -> factor.

Words are matched case-insensitively as whole words; a language without a file has none.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources


@dataclass(frozen=True)
class NumberLexicon:
    language: str
    cardinals: dict[str, int]
    zero: frozenset[str]
    articles: frozenset[str]
    multipliers: dict[str, int]

    def value(self, word: str) -> int | None:
        """The value of a cardinal or "no" word; None for any other word."""
        lowered = word.lower()
        if lowered in self.zero:
            return 0
        return self.cardinals.get(lowered)


EMPTY = NumberLexicon("", {}, frozenset(), frozenset(), {})


def build_number_lexicon(language: str, data: dict[str, object]) -> NumberLexicon:
    generated = data.get("generated", {})
    cardinals = data.get("cardinals", {})
    multipliers = data.get("multipliers", {})
    assert isinstance(generated, dict) and isinstance(cardinals, dict), language
    assert isinstance(multipliers, dict), language
    words = {str(k).lower(): int(v) for k, v in {**generated, **cardinals}.items()}
    return NumberLexicon(
        language=language,
        cardinals=words,
        zero=frozenset(str(w).lower() for w in _list(data, "zero")),
        articles=frozenset(str(w).lower() for w in _list(data, "articles")),
        multipliers={str(k).lower(): int(v) for k, v in multipliers.items()},
    )


def _list(data: dict[str, object], key: str) -> list[object]:
    value = data.get(key, [])
    assert isinstance(value, list), key
    return value


@cache
def number_lexicon(language: str) -> NumberLexicon:
    """The number words of `language` (none when it has no `words/<code>.json`)."""
    entry = resources.files("carcdb.pipeline.parse").joinpath("words", f"{language}.json")
    if not entry.is_file():
        return EMPTY
    return build_number_lexicon(language, json.loads(entry.read_text("utf-8")))
