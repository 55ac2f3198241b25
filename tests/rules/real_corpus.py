"""The real-text corpus (tests/fixtures/real): excerpts run through the rules stage and scored
against the hand annotations. Shared by the corpus test and the translation-diff test.

A wikitext excerpt is a page revision of its own and goes through the whole stage; a rendered
excerpt (no markup left) is read as the text of one scoring rule titled by its page, in the
phase its page's title names; a block excerpt (lines of wikitext a diff shows from inside a
rules block or a `ScoringRow`, without the template around them) is read the same way after
the stage's own markup rendering. A claim is compared by (feature, phase, unit, points, sign,
multiplier); the phase folds `completed`/`during_game` and `incomplete`/`end_game`, which the
engine configuration reads as one (a road scored at game end is an incomplete road).
Only rate claims are scored: a claim with unit `unknown` (a number kept, not understood) is
neither right nor wrong.

Each entry may name the headings its excerpt stands under on its page (`sections`, outermost
first: a rendered or block excerpt is read with its title and these headings as context, as the
stage reads a rule), its `half` of the source split (`dev`, tuned on; `test`, held out) and its
`kind` (`wiki`: Wikicarpedia; `other`: a publisher's, shop's, blog's ... text). Entries written
before the split carry none of them: they are `dev`, `wiki`, and the only excerpts the bars of
the corpus test apply to until the reader is rewritten (`pre_split`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from carcdb.pipeline.parse.document import ParsedDocument, RevisionText
from carcdb.pipeline.parse.rules.claims import extract_claims
from carcdb.pipeline.parse.rules.plaintext import plain_text
from carcdb.pipeline.parse.rules.reference import title_phase
from carcdb.pipeline.parse.rules.stage import extract
from carcdb.pipeline.parse.rules.vocabulary import FALLBACK_LANGUAGE, NoVocabularyError, vocabulary
from carcdb.pipeline.parse.stage import StageOutput
from carcdb.schemas.rules import ClaimState, ScoringClaim

REAL = Path(__file__).parent.parent / "fixtures" / "real"
PHASES = {
    ClaimState.COMPLETED: "during",
    ClaimState.DURING_GAME: "during",
    ClaimState.INCOMPLETE: "end",
    ClaimState.END_GAME: "end",
    ClaimState.UNKNOWN: "unknown",
}
Key = tuple[str, str, str, int | None, int, int | None]
FORMS = ("rendered", "wikitext", "block")
HALVES = ("dev", "test")
KINDS = ("wiki", "other")


@dataclass(frozen=True)
class Excerpt:
    file: str
    language: str
    title: str
    source: str
    form: str
    sections: tuple[str, ...] = ()
    half: str = "dev"
    kind: str = "wiki"
    pre_split: bool = False  # listed before the split (no `half`): the bars apply to it

    @property
    def text(self) -> str:
        return (REAL / "excerpts" / self.file).read_text("utf-8")

    @property
    def base_title(self) -> str:
        base, _, suffix = self.title.rpartition("/")
        return base if base and len(suffix) <= 3 else self.title

    def revision(self, text: str | None = None) -> RevisionText:
        return RevisionText(
            f"real:{self.file}",
            self.title,
            self.base_title,
            self.language,
            self.text if text is None else text,
        )


def entry_excerpt(path: Path, entry: dict[str, Any]) -> Excerpt:
    excerpt = Excerpt(
        **{**entry, "sections": tuple(entry.get("sections", ()))}, pre_split="half" not in entry
    )
    for name, value, allowed in (
        ("form", excerpt.form, FORMS),
        ("half", excerpt.half, HALVES),
        ("kind", excerpt.kind, KINDS),
    ):
        if value not in allowed:
            raise ValueError(f"{path}: {excerpt.file}: {name} {value!r} is not one of {allowed}")
    return excerpt


@cache
def excerpts() -> tuple[Excerpt, ...]:
    """Every excerpt listed in `corpus.json` and `corpus-*.json` (one file per contribution)."""
    found: list[Excerpt] = []
    for path in sorted(REAL.glob("corpus*.json")):
        found += [
            entry_excerpt(path, entry) for entry in json.loads(path.read_text("utf-8"))["excerpts"]
        ]
    names = Counter(excerpt.file for excerpt in found)
    if twice := sorted(name for name, n in names.items() if n > 1):
        raise ValueError(f"excerpts listed twice in {REAL}/corpus*.json: {twice}")
    return tuple(found)


def _per_excerpt(pattern: str) -> dict[str, list[dict[str, Any]]]:
    """The `statements` of every file matching `pattern`, merged (an excerpt in one file only)."""
    merged: dict[str, list[dict[str, Any]]] = {}
    for path in sorted(REAL.glob(pattern)):
        statements: dict[str, list[dict[str, Any]]] = json.loads(path.read_text("utf-8"))[
            "statements"
        ]
        if twice := sorted(set(merged) & set(statements)):
            raise ValueError(f"{path}: excerpts listed in another {pattern} file too: {twice}")
        merged.update(statements)
    return merged


@cache
def annotated() -> dict[str, list[dict[str, Any]]]:
    """Statements per excerpt, from `annotations.json` and `annotations-*.json`."""
    return _per_excerpt("annotations*.json")


@cache
def contents() -> dict[str, list[dict[str, Any]]]:
    """Contents sentences per excerpt (what a box holds), from `contents-*.json`."""
    return _per_excerpt("contents*.json")


def parse_annotation(claim: str) -> Key:
    """`road end_game tile +1`, `road end_game tile ? x0` -> a comparable key."""
    feature, state, unit, points, *rest = claim.split()
    multiplier = int(rest[0].removeprefix("x")) if rest else None
    sign = -1 if points.startswith("-") else 1
    amount = None if points == "?" else abs(int(points))
    return (feature, PHASES[ClaimState(state)], unit, amount, sign, multiplier)


def claim_key(
    feature: str,
    state: ClaimState,
    unit: str,
    points: int | None,
    sign: int,
    multiplier: int | None,
) -> Key | None:
    """The key of a rate claim, None for a number kept but not understood."""
    if unit == "unknown" or (points is None and multiplier is None):
        return None
    return (feature, PHASES[state], unit, points, sign, multiplier)


def annotated_keys(claims: list[str]) -> Counter[Key]:
    """A shape test's annotated claims (`road end_game tile +1` ...) as keys, to compare with
    `read_keys`."""
    return Counter(parse_annotation(c) for c in claims)


def read_keys(language: str, text: str, context: tuple[str, ...] = ()) -> Counter[Key]:
    """The rate claims `extract_claims` reads in `text` (a shape test's sentence), as keys."""
    found = extract_claims(text, list(context), ClaimState.COMPLETED, vocabulary(language))
    keys = [claim_key(c.feature, c.state, c.unit, c.points, c.sign, c.multiplier) for c in found]
    return Counter(k for k in keys if k is not None)


def stage_output(excerpt: Excerpt, text: str | None = None) -> StageOutput:
    return extract(ParsedDocument(excerpt.revision(text)))


@cache
def predicted(excerpt: Excerpt) -> tuple[Key, ...]:
    """The rate claims the stage reads in an excerpt (read once per process: the corpus test's
    tables, bars and floors all score the same readings)."""
    if excerpt.form == "wikitext":
        rows = stage_output(excerpt).rows.get("scoring_claims", [])
        keys = [
            claim_key(c.feature, c.state, c.unit, c.points, c.sign, c.multiplier)
            for c in rows
            if isinstance(c, ScoringClaim)
        ]
    else:
        try:
            vocab = vocabulary(excerpt.language)
        except NoVocabularyError:
            vocab = vocabulary(FALLBACK_LANGUAGE)
        text = plain_text(excerpt.text) if excerpt.form == "block" else excerpt.text
        # the stage's context order: the rule's title, then its headings innermost first
        context = [excerpt.title, *reversed(excerpt.sections)]
        drafts = extract_claims(text, context, title_phase(excerpt.base_title), vocab)
        keys = [
            claim_key(c.feature, c.state, c.unit, c.points, c.sign, c.multiplier) for c in drafts
        ]
    return tuple(key for key in keys if key is not None)


@dataclass
class Score:
    statements: int = 0
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

    def add(self, other: Score) -> None:
        self.statements += other.statements
        self.expected += other.expected
        self.found += other.found
        self.right += other.right
        self.misses += other.misses


def score(excerpt: Excerpt) -> Score:
    statements = annotated().get(excerpt.file, [])
    expected = Counter(parse_annotation(c) for s in statements for c in s["claims"])
    found = Counter(predicted(excerpt))
    right = expected & found
    result = Score(
        len(statements), sum(expected.values()), sum(found.values()), sum(right.values())
    )
    result.misses += [f"{excerpt.file}: missed {k}" for k in (expected - found).elements()]
    result.misses += [f"{excerpt.file}: wrong {k}" for k in (found - expected).elements()]
    return result


def scores(chosen: Callable[[Excerpt], bool] = lambda excerpt: True) -> dict[str, Score]:
    """Per language, and "all", over the chosen excerpts."""
    by_language: dict[str, Score] = {}
    total = Score()
    for excerpt in filter(chosen, excerpts()):
        result = score(excerpt)
        by_language.setdefault(excerpt.language, Score()).add(result)
        total.add(result)
    return {**dict(sorted(by_language.items())), "all": total}


def table(results: dict[str, Score], heading: str = "language") -> str:
    lines = [f"{heading:<9} statements  claims  found  right  recall  precision"]
    for language, s in results.items():
        lines.append(
            f"{language:<9} {s.statements:>10} {s.expected:>7} {s.found:>6} {s.right:>6}"
            f"  {s.recall:>6.1%}  {s.precision:>9.1%}"
        )
    return "\n".join(lines)


def in_half(half: str) -> Callable[[Excerpt], bool]:
    return lambda excerpt: excerpt.half == half


def tables() -> str:
    """The table per half (`dev`, `test`) and over the whole corpus."""
    parts = [table(scores(in_half(half)), half) for half in HALVES]
    return "\n\n".join([*parts, table(scores(), "overall")])
