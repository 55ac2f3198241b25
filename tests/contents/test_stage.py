"""The contents stage on the bundled sample's pages: records, provenance, product, edition."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from carcdb.pipeline.extract.corpus import read_corpus, read_sources, sample_corpus_dir
from carcdb.pipeline.parse.contents import extract
from carcdb.pipeline.parse.contents.stage import TABLE
from carcdb.pipeline.parse.document import ParsedDocument, RevisionText
from carcdb.pipeline.progress import NoProgress
from carcdb.schemas.contents import BoxContent, ContentsBasis
from carcdb.schemas.findings import Finding


@cache
def _sample() -> dict[str, RevisionText]:
    batches = read_sources(read_corpus(sample_corpus_dir()), NoProgress())
    return {
        rev.title: RevisionText(
            rev.revision_key, rev.title, rev.base_title, rev.language, rev.wikitext
        )
        for batch in batches
        for rev in batch.revisions
    }


def _read(title: str) -> tuple[list[BoxContent], list[Finding]]:
    out = extract(ParsedDocument(_sample()[title]))
    records = [r for r in out.rows.get(TABLE, []) if isinstance(r, BoxContent)]
    return records, out.findings


def _items(records: list[BoxContent]) -> list[tuple[str, int]]:
    return [(r.item, r.count) for r in records]


def test_abbey_and_the_mayor() -> None:
    records, findings = _read("Abbey and the Mayor/ro")
    assert _items(records) == [
        ("tiles", 12),
        ("abbey", 6),
        ("mayor", 6),
        ("wagon", 6),
        ("barn", 6),
    ]
    assert {(r.product, r.edition, r.section, r.basis) for r in records} == {
        ("Abbey and the Mayor", "C2", "Conținut", ContentsBasis.BOX)
    }
    first = records[0]
    assert (first.location.line, first.location.col) == (1, 1182)
    assert first.location.snippet == "* '''12 cartonase de teren noi'''"
    assert first.sentence == "12 cartonase de teren noi"
    # The last item ends where the flattened page's next heading starts.
    assert records[-1].sentence == "6 moșii"
    assert [r.ordinal for r in records] == list(range(5))
    assert not findings


def test_winter_edition() -> None:
    records, _ = _read("Winter Edition Base Game/ro")
    assert _items(records) == [
        ("tiles", 72),
        ("tiles", 12),
        ("meeple", 40),
        ("scoreboard", 1),
        ("rules", 1),
    ]
    meeples = records[2]
    assert meeples.colours == 5
    assert meeples.sentence.startswith("40 de supuși în cinci culori")
    # several editions on the page and none named by the section: the record names none
    assert {r.edition for r in records} == {None}
    assert {r.product for r in records} == {"Winter Edition"}


def test_the_courier_reads_the_figure_template() -> None:
    records, _ = _read("The Courier (Fan Expansion)/ro")
    assert _items(records) == [("courier", 1), ("tiles", 6), ("letter", 6)]
    assert records[0].sentence == "1 curier"
    assert records[0].section == "ContentsHeading"
    assert records[0].location.snippet.startswith("* '''{{Figure|name=Courier|count=1")
    assert {r.product for r in records} == {"The Courier"}


def test_base_game_components_section() -> None:
    records, _ = _read("Base game/ro")
    box = [(r.item, r.count) for r in records if r.basis is ContentsBasis.BOX]
    assert box == [("tiles", 72), ("meeple", 40), ("abbot", 5)]
    per_player = [r.count for r in records if r.basis is ContentsBasis.PER_PLAYER]
    assert per_player == [8, 7, 7]


@pytest.mark.parametrize("title", sorted(_sample()))
def test_records_point_at_their_sentence(title: str) -> None:
    records, _ = _read(title)
    text = _sample()[title].wikitext
    lines = text.split("\n")
    for record in records:
        where = record.location
        line = lines[where.line - 1]
        assert line[where.col - 1 :].startswith(where.snippet[:40])


def test_a_page_without_a_lexicon_is_read_with_english_words() -> None:
    text = "== Contents ==\n* 18 land tiles, including 6 inns\n* 6 large meeples\n"
    revision = RevisionText("k", "Inns and Cathedrals/xx", "Inns and Cathedrals", "xx", text)
    out = extract(ParsedDocument(revision))
    assert [(r.item, r.count) for r in out.rows[TABLE] if isinstance(r, BoxContent)] == [
        ("tiles", 18),
        ("inn", 6),
        ("large_meeple", 6),
    ]
    assert [f.code for f in out.findings] == ["contents.no-lexicon"]


def test_unplaced_counts_and_empty_sections_are_findings() -> None:
    text = "== Contents ==\n* 3 widgets\n== Rules ==\ntext\n== Contents ==\nnothing here\n"
    out = extract(ParsedDocument(RevisionText("k", "P", "P", "en", text)))
    assert TABLE not in out.rows
    codes = [(f.code, f.line) for f in out.findings]
    assert codes == [
        ("contents.unplaced-count", 2),
        ("contents.nothing-read", 1),
        ("contents.nothing-read", 5),
    ]


PIECES = [
    "* ", "'''", "{{Figure|name=Courier|count=", "1", "}}", "[[File:x.png|", "]]", "<ref>",
    "</ref>", "12 ", "tiles", " and ", "a ", "bag", ". ", "\n", "== Rules ==", "=== Sub ===",
    "(", ")", "x", "6 large meeples", "==", "<!--", "-->", "{{ContentsHeading}}", "é", "|",
]  # fmt: skip


@given(st.lists(st.sampled_from(PIECES), max_size=40).map("".join))
def test_any_contents_section_reads_or_reports(body: str) -> None:
    text = "== Contents ==\n" + body
    out = extract(ParsedDocument(RevisionText("k", "P/en", "P", "en", text)))
    lines = text.split("\n")
    for record in out.rows.get(TABLE, []):
        assert isinstance(record, BoxContent)
        assert 1 <= record.location.line <= len(lines)
        assert record.count > 0 and record.sentence
    assert all(f.code.startswith("contents.") for f in out.findings)
