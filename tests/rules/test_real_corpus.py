"""Scoring claims measured on real rules text (tests/fixtures/real, see its NOTICE.md).

The hand annotations are the test: per language, how many annotated claims were read (recall)
and how many read claims are annotated (precision), per half of the source split (`dev`, the
half the reader was tuned on; `test`, held out: the figure to report) and over the excerpts
listed before the split. The tables are printed at the end of every `make test` run
(`tests/conftest.py` prints what the tests record as `corpus_tables`).

The bars (issue 26): on the test half, recall and precision at least 90% overall and at least
80% in every language with 10 or more statements; the dev half at least as good; the excerpts
tuned on before the split at their level (97.8% recall, 98.5% precision). The test half's bar
is not reached (docs/rules.md, "Numbers" and "Limitations"): it is a strict expected failure,
so reaching it turns the run red until the mark is removed, and its measured level is held.
The dev half met the bars after session 18's general passes (ri-*'s dev excerpts included);
batch rj-*'s dev excerpts, added untuned, take it below them, so that test is a strict expected
failure until a general pass reads them, and the dev half's measured level is held the same way.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable

import pytest

from tests.rules.real_corpus import (
    REAL,
    Excerpt,
    Score,
    annotated,
    contents,
    entry_excerpt,
    excerpts,
    in_half,
    scores,
    tables,
)

BAR, LANGUAGE_BAR, LANGUAGE_STATEMENTS = 0.90, 0.80, 10
# The excerpts tuned on before the split, as read by the reader before issue 26's rewrite.
PRE_SPLIT_RECALL, PRE_SPLIT_PRECISION = 0.978, 0.985
# What the test half reads today, with batches rf-*'s, rg-*'s, rh-*'s, ri-*'s, rj-*'s, rk-*'s,
# rl-*'s and rm's test excerpts (a floor: the reader may get better, not worse unnoticed;
# docs/rules.md says why it fell).
TEST_RECALL_FLOOR, TEST_PRECISION_FLOOR = 0.514, 0.625
# What the dev half reads with batches rd-d's, re-a's, rf-*'s, rg-*'s, rh-*'s, ri-*'s, rj-*'s,
# rk-*'s, rl-*'s and rm's dev excerpts (rj-*'s, rk-*'s and rl-*'s untuned; rm's in languages with
# no lexicon before session 21), after session 21's passes (a floor, as above).
DEV_RECALL_FLOOR, DEV_PRECISION_FLOOR = 0.838, 0.867


def below_bar(results: dict[str, Score]) -> list[str]:
    """What misses the bar: overall, and each language with enough statements."""
    found = []
    for language, result in results.items():
        if language != "all" and result.statements < LANGUAGE_STATEMENTS:
            continue
        bar = BAR if language == "all" else LANGUAGE_BAR
        for name, value in (("recall", result.recall), ("precision", result.precision)):
            if value < bar:
                found.append(f"{language} {name} {value:.1%} < {bar:.0%}")
    return found


def _pre_split(excerpt: Excerpt) -> bool:
    return excerpt.pre_split


def _misses(chosen: Callable[[Excerpt], bool]) -> str:
    return "\n".join(scores(chosen)["all"].misses)


def test_the_tables_are_printed(record_property: Callable[[str, object], None]) -> None:
    """Both halves' tables, per language and overall, in the output of every run."""
    printed = tables()
    for heading in ("dev ", "test ", "overall "):
        assert re.search(rf"^{heading}\s*statements", printed, re.MULTILINE), heading
    record_property("corpus_tables", printed)


@pytest.mark.xfail(
    strict=True,
    reason="batches rj's, rk's, rl's and rm's dev excerpts, added untuned, keep the dev half below"
    " the bars (83.9%/86.7%)",
)
def test_the_dev_half_meets_the_bars() -> None:
    assert below_bar(scores(in_half("dev"))) == [], _misses(in_half("dev"))


def test_the_dev_half_keeps_its_measured_level() -> None:
    total = scores(in_half("dev"))["all"]
    assert total.recall >= DEV_RECALL_FLOOR, _misses(in_half("dev"))
    assert total.precision >= DEV_PRECISION_FLOOR, _misses(in_half("dev"))


def test_the_excerpts_tuned_before_the_split_keep_their_level() -> None:
    total = scores(_pre_split)["all"]
    assert total.recall >= PRE_SPLIT_RECALL, total.misses
    assert total.precision >= PRE_SPLIT_PRECISION, total.misses


@pytest.mark.xfail(
    strict=True,
    reason="issue 26's bar on the held-out half is not reached (docs/rules.md, Limitations)",
)
def test_the_test_half_meets_the_bars() -> None:
    assert below_bar(scores(in_half("test"))) == []


def test_the_test_half_keeps_its_measured_level() -> None:
    """Aggregates only: the test half's statements are never printed one by one."""
    total = scores(in_half("test"))["all"]
    assert total.recall >= TEST_RECALL_FLOOR, f"{total.recall:.1%}"
    assert total.precision >= TEST_PRECISION_FLOOR, f"{total.precision:.1%}"


def test_the_bar_names_what_misses_it() -> None:
    good, thin, poor = Score(20, 10, 10, 10), Score(5, 10, 10, 0), Score(12, 10, 10, 7)
    assert below_bar({"xx": thin, "yy": poor, "all": good}) == [
        "yy recall 70.0% < 80%",
        "yy precision 70.0% < 80%",
    ]


def test_every_annotated_statement_is_in_its_excerpt() -> None:
    """An annotation names text that is really there (nothing annotated was made up)."""
    files = {e.file: e for e in excerpts()}
    for file, statements in annotated().items():
        assert file in files, file
        for statement in statements:
            assert statement["text"] in files[file].text, (file, statement["text"])
            assert statement["claims"], (file, statement["text"])


def test_every_contents_sentence_is_in_its_excerpt() -> None:
    """A Contents sentence is really there, and each item is `name count`."""
    files = {e.file: e for e in excerpts()}
    for file, statements in contents().items():
        assert file in files, file
        for statement in statements:
            assert statement["text"] in files[file].text, (file, statement["text"])
            assert statement["items"], (file, statement["text"])
            for item in statement["items"]:
                assert re.fullmatch(r"[a-z_]+ [0-9]+", item), (file, item)


def test_an_entry_before_the_split_is_dev_wiki_and_asserted() -> None:
    entry = {"file": "f.txt", "language": "en", "title": "T", "source": "s", "form": "rendered"}
    old = entry_excerpt(REAL / "corpus.json", entry)
    assert (old.half, old.kind, old.sections, old.pre_split) == ("dev", "wiki", (), True)
    new = entry_excerpt(
        REAL / "corpus-x.json", {**entry, "half": "test", "kind": "other", "sections": ["A", "B"]}
    )
    assert (new.half, new.kind, new.sections, new.pre_split) == ("test", "other", ("A", "B"), False)
    with pytest.raises(ValueError, match="half 'tset'"):
        entry_excerpt(REAL / "corpus-x.json", {**entry, "half": "tset"})


def test_the_halves_split_by_source() -> None:
    """Every excerpt of one address is in the same half (the split is by source)."""
    halves: dict[str, set[str]] = {}
    for excerpt in excerpts():
        if not excerpt.pre_split:
            halves.setdefault(excerpt.source, set()).add(excerpt.half)
    assert all(len(found) == 1 for found in halves.values()), halves


def test_every_excerpt_has_its_source_in_the_notice() -> None:
    notice = (REAL / "NOTICE.md").read_text("utf-8")
    found = {e.file for e in excerpts()}
    assert found == {p.name for p in (REAL / "excerpts").iterdir()}
    for excerpt in excerpts():
        wiki = re.match(r"https?://(www\.)?wikicarpedia\.com/", excerpt.source) is not None
        assert wiki == (excerpt.kind == "wiki"), (excerpt.file, excerpt.kind, excerpt.source)
        assert re.match(r"https?://", excerpt.source), excerpt.source
        assert excerpt.file in notice and excerpt.source in notice, excerpt.file
    assert len({e.language for e in excerpts()}) >= 10


RULES_DOC = REAL.parents[2] / "docs" / "rules.md"
NUMBERS = re.compile(r"(Numbers \(`make test`[^\n]*\n\n```\n)(.*?)(```)", re.S)


def test_the_numbers_docs_rules_md_shows_are_what_the_corpus_reads() -> None:
    """docs/rules.md's numbers table is this run's `tables()`, so it cannot drift. To accept
    a change in the reader or the corpus, run with CARCDB_UPDATE_GOLDEN=1 and review the diff."""
    text = RULES_DOC.read_text("utf-8")
    match = NUMBERS.search(text)
    assert match, "docs/rules.md has no numbers table after 'Numbers (`make test`'"
    printed = tables() + "\n"
    if os.environ.get("CARCDB_UPDATE_GOLDEN") and match.group(2) != printed:
        RULES_DOC.write_text(text[: match.start(2)] + printed + text[match.end(2) :], "utf-8")
        return
    assert match.group(2) == printed, "run with CARCDB_UPDATE_GOLDEN=1 and review docs/rules.md"
