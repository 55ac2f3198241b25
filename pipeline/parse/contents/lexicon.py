"""The Contents reader's data: the item vocabulary and one lexicon per language.

`items.json` holds the language-independent vocabulary (each item's kind: `tiles`, a
`feature` on tiles, a `good`, a `figure`, a `token`, `other`). `lang/<code>.json` holds a
language's words: the Contents headings, number words (besides the shared cardinals of
`pipeline.parse.number_words`), the words naming each item, and the
small closed classes the grammar (`reader`) reads: links ("of", "with"), determiners,
modifiers (large, land, points, start), colour and player words, "each", distributives.

Words are compared folded (`fold`: case and diacritics dropped, so `kartiček`, `kartičiek`
and `karticek` meet); a word ending in `*` is a prefix (`cartonaș*` covers every case form).
A language without a file is read with the English words (the stage reports it).
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Literal

from pydantic import Field

from carcdb.pipeline.parse.number_words import number_lexicon
from carcdb.schemas.base import Record

FALLBACK_LANGUAGE = "en"
ItemKind = Literal["tiles", "feature", "good", "figure", "token", "other"]
# Word classes a lexicon's `words` holds (every key is required, a class may be empty).
WORD_CLASSES = (
    "figure",  # a figure of no particular kind ("figure", "pion"): a meeple unless named
    "token",  # a cardboard token of no particular kind ("jeton")
    "large",  # makes a meeple a large meeple
    "land",  # "land", "landscape", "terrain": the tiles are the box's land tiles
    "points",  # makes tiles score tiles ("50/100 points tiles")
    "start",  # the start tile: one of the tiles already counted
    "link",  # prepositions between a noun and what qualifies it ("of", "with", "showing")
    "determiner",  # "the", "these"
    "partitive",  # "of" in "6 of the 18 tiles"
    "adjective",  # words skipped between a number and its noun ("new", "wooden")
    "and",
    "colour",
    "player",
    "each",  # "each", "per", "every", "all" (before a colour or player word)
    "distributive",  # "po", "câte", "je": the number after it is per colour
    "pieces",  # "pieces", "sztuk": "(18 pieces)" counts the noun before the parenthesis
    "tower",  # "tower", "torre": its pieces ("piezas de torre", "Turm-Ebenen") are tower pieces
    "kinds",  # "types", "kinds": "2 new tile types" counts no tiles
    "without",  # "4 without goods" counts nothing
    "stop",  # words that end a noun phrase ("points": "1 point per tile" counts nothing)
)
_SPECIAL = {"ł": "l", "Ł": "l", "ø": "o", "Ø": "o", "đ": "d", "Đ": "d", "ı": "i", "’": "'"}


def fold(word: str) -> str:
    """`word` casefolded, without diacritics (`Ł`/`ø`/`đ` mapped by hand: they do not decompose)."""
    if word.isascii():
        return word.casefold()
    mapped = "".join(_SPECIAL.get(char, char) for char in word)
    decomposed = unicodedata.normalize("NFKD", mapped)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


class ItemInfo(Record):
    kind: ItemKind
    per_player: bool = False
    token: str | None = None  # a good's token item (`wine` -> `wine_token`)
    once: bool = False  # a box holds one: a list naming it with no number counts 1


class Vocabulary(Record):
    about: str
    items: dict[str, ItemInfo]
    figure_templates: dict[str, str]


class LexiconFile(Record):
    language: str = Field(min_length=2)
    about: str
    headings: list[str] = Field(min_length=1)
    numbers: dict[str, int]
    articles: list[str]
    items: dict[str, list[str]]
    words: dict[str, list[str]]


def _parts(entries: Iterable[str]) -> tuple[set[str], list[str], list[str]]:
    """Folded exact words, prefixes (`word*`) and suffixes (`*word`: a compound's last part,
    `*karten` in `Landschaftskarten`)."""
    exact: set[str] = set()
    prefixes: list[str] = []
    suffixes: list[str] = []
    for entry in entries:
        word = fold(entry.strip())
        if word.endswith("*"):
            prefixes.append(word[:-1])
        elif word.startswith("*"):
            suffixes.append(word[1:])
        else:
            exact.add(word)
    return exact, prefixes, suffixes


class WordSet:
    """Folded words, prefixes (`word*`) and suffixes (`*word`)."""

    def __init__(self, entries: Iterable[str]) -> None:
        exact, prefixes, suffixes = _parts(entries)
        self.exact = frozenset(exact)
        self.prefixes = tuple(prefixes)
        self.suffixes = tuple(suffixes)

    def __contains__(self, folded: object) -> bool:
        if not isinstance(folded, str):
            return False
        return (
            folded in self.exact
            or (bool(self.prefixes) and folded.startswith(self.prefixes))
            or (bool(self.suffixes) and folded.endswith(self.suffixes))
        )


class WordMap:
    """Folded word -> item: an exact word first, then the longest prefix, then the longest
    suffix (`Flusskarten`: the prefix `fluss*` says river before the suffix `*karten` tiles)."""

    def __init__(self, items: dict[str, list[str]]) -> None:
        self.exact: dict[str, str] = {}
        prefixes: list[tuple[str, str]] = []
        suffixes: list[tuple[str, str]] = []
        for item, entries in items.items():
            exact, item_prefixes, item_suffixes = _parts(entries)
            self.exact.update(dict.fromkeys(exact, item))
            prefixes += [(prefix, item) for prefix in item_prefixes]
            suffixes += [(suffix, item) for suffix in item_suffixes]
        self.prefixes = sorted(prefixes, key=lambda pair: len(pair[0]), reverse=True)
        self.suffixes = sorted(suffixes, key=lambda pair: len(pair[0]), reverse=True)

    def get(self, folded: str) -> str | None:
        found = self.exact.get(folded)
        if found is not None:
            return found
        for prefix, item in self.prefixes:
            if folded.startswith(prefix):
                return item
        for suffix, item in self.suffixes:
            if folded.endswith(suffix):
                return item
        return None


@dataclass(frozen=True)
class Lexicon:
    language: str
    headings: tuple[str, ...]  # folded
    numbers: dict[str, int]  # folded word -> value
    articles: frozenset[str]  # number words that are indefinite articles ("a", "un", "o")
    items: WordMap
    words: dict[str, WordSet]

    def is_(self, word_class: str, folded: str) -> bool:
        return folded in self.words[word_class]


def _package_text(*parts: str) -> str | None:
    path = resources.files("carcdb.pipeline.parse.contents")
    for part in parts:
        path = path.joinpath(part)
    return path.read_text("utf-8") if path.is_file() else None


@cache
def vocabulary() -> Vocabulary:
    text = _package_text("items.json")
    assert text is not None, "pipeline/parse/contents/items.json is part of the package"
    return Vocabulary.model_validate_json(text)


class NoLexiconError(LookupError):
    pass


@cache
def lexicon(language: str) -> Lexicon:
    """The lexicon of `language` (NoLexiconError when it has no file)."""
    code = language.strip().lower()
    text = _package_text("lang", f"{code}.json") if code.isalpha() else None
    if text is None:
        raise NoLexiconError(language)
    data = LexiconFile.model_validate(json.loads(text))
    known = vocabulary().items
    unknown = sorted(set(data.items) - set(known))
    if unknown:
        raise ValueError(f"lang/{code}.json: items not in items.json: {unknown}")
    spaced = sorted(
        word
        for words in (*data.items.values(), *data.words.values(), data.numbers, data.articles)
        for word in words
        if not word.strip() or any(char.isspace() for char in word.strip())
    )
    if spaced:
        raise ValueError(
            f"lang/{code}.json: one word per entry (phrases are read by the grammar): {spaced}"
        )
    missing = sorted(set(WORD_CLASSES) - set(data.words))
    extra = sorted(set(data.words) - set(WORD_CLASSES))
    if missing or extra:
        raise ValueError(f"lang/{code}.json: word classes missing {missing}, unknown {extra}")
    # The cardinals every reader shares (`words/<code>.json`, 0-99 where written as one word),
    # then this file's own forms (cases, genders).
    shared = number_lexicon(code).cardinals
    numbers = {fold(word): value for word, value in shared.items() if value > 0}
    numbers.update({fold(word): value for word, value in data.numbers.items()})
    articles = frozenset(fold(word) for word in data.articles)
    if not articles <= set(numbers):
        raise ValueError(f"lang/{code}.json: every article is a number word (value 1)")
    return Lexicon(
        language=code,
        headings=tuple(fold(" ".join(h.split())) for h in data.headings),
        numbers=numbers,
        articles=articles,
        items=WordMap(data.items),
        words={name: WordSet(data.words[name]) for name in WORD_CLASSES},
    )


def languages() -> tuple[str, ...]:
    """Languages with a lexicon file, sorted."""
    folder = resources.files("carcdb.pipeline.parse.contents").joinpath("lang")
    return tuple(
        sorted(
            entry.name[: -len(".json")]
            for entry in folder.iterdir()
            if entry.name.endswith(".json")
        )
    )
