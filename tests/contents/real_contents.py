"""The real Contents sentences (tests/fixtures/real/contents-*.json) read and scored.

Each annotated sentence is read alone with its excerpt's language (a wikitext excerpt's
sentence rendered first, as the stage renders it) and its box totals compared, as a multiset
of `item count`, with the annotation: recall = right / annotated, precision = right / read.
Counts per player (`basis` `per_player`) are not box totals and are not compared: the
annotations record box totals only. Halves (`dev`, tuned on; `test`, held out) come from the
excerpts' entries in `corpus-*.json`.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from carcdb.pipeline.parse.contents.lexicon import FALLBACK_LANGUAGE, NoLexiconError, lexicon
from carcdb.pipeline.parse.contents.reader import read_sentence
from carcdb.pipeline.parse.contents.wikitext import render
from carcdb.schemas.contents import ContentsBasis

REAL = Path(__file__).parent.parent / "fixtures" / "real"
HALVES = ("dev", "test")


@dataclass(frozen=True)
class Statement:
    file: str
    language: str
    half: str
    form: str
    text: str
    items: tuple[str, ...]


@cache
def statements() -> tuple[Statement, ...]:
    entries: dict[str, dict[str, Any]] = {}
    for path in sorted(REAL.glob("corpus*.json")):
        for entry in json.loads(path.read_text("utf-8"))["excerpts"]:
            entries[entry["file"]] = entry
    found: list[Statement] = []
    for path in sorted(REAL.glob("contents*.json")):
        for file, sentences in json.loads(path.read_text("utf-8"))["statements"].items():
            entry = entries[file]
            for sentence in sentences:
                found.append(
                    Statement(
                        file,
                        entry["language"],
                        entry.get("half", "dev"),
                        entry["form"],
                        sentence["text"],
                        tuple(sentence["items"]),
                    )
                )
    return tuple(found)


def read_items(statement: Statement) -> list[str]:
    """The box totals the reader finds in the sentence, as `item count`."""
    try:
        words = lexicon(statement.language)
    except NoLexiconError:
        words = lexicon(FALLBACK_LANGUAGE)
    text = render(statement.text) if statement.form == "wikitext" else statement.text
    return [
        f"{item.item} {item.count}"
        for item in read_sentence(text, words).items
        if item.basis is ContentsBasis.BOX
    ]


@dataclass
class Score:
    sentences: int = 0
    expected: int = 0
    found: int = 0
    right: int = 0
    misses: list[str] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.right / self.expected if self.expected else 1.0

    @property
    def precision(self) -> float:
        return self.right / self.found if self.found else 1.0

    def add(self, statement: Statement, found: list[str]) -> None:
        expected, read = Counter(statement.items), Counter(found)
        right = expected & read
        self.sentences += 1
        self.expected += sum(expected.values())
        self.found += sum(read.values())
        self.right += sum(right.values())
        self.misses += [f"{statement.text!r}: missed {k}" for k in (expected - read).elements()]
        self.misses += [f"{statement.text!r}: wrong {k}" for k in (read - expected).elements()]


def scores(half: str) -> dict[str, Score]:
    """Per language and `all`, over one half."""
    by_language: dict[str, Score] = {}
    total = Score()
    for statement in statements():
        if statement.half != half:
            continue
        found = read_items(statement)
        by_language.setdefault(statement.language, Score()).add(statement, found)
        total.add(statement, found)
    return {**dict(sorted(by_language.items())), "all": total}


def table(results: dict[str, Score], heading: str) -> str:
    lines = [f"{heading:<9} sentences  items  found  right  recall  precision"]
    for language, s in results.items():
        lines.append(
            f"{language:<9} {s.sentences:>9} {s.expected:>6} {s.found:>6} {s.right:>6}"
            f"  {s.recall:>6.1%}  {s.precision:>9.1%}"
        )
    return "\n".join(lines)


def box_items(text: str, language: str = "en") -> list[str]:
    """The box totals `read_sentence` reads in one sentence, as `item count` (a shape test's)."""
    return [
        f"{item.item} {item.count}"
        for item in read_sentence(text, lexicon(language)).items
        if item.basis is ContentsBasis.BOX
    ]
