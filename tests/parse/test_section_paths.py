"""`SectionIndex.path_at` against the walk it replaced: the headings folded up to the offset."""

from __future__ import annotations

import bisect
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.pipeline.parse.document import ParsedDocument, RevisionText
from carcdb.pipeline.parse.sections import SectionHeading, SectionIndex
from tests.lanes import examples

FIXTURES = Path(__file__).parent.parent / "fixtures"
WIKI_FIXTURES = sorted((FIXTURES / "rules").glob("*.wiki")) + sorted(
    (FIXTURES / "tiles").glob("*.wiki")
)


def _reference_path(headings: list[SectionHeading], offset: int) -> tuple[str, ...]:
    index = bisect.bisect_right([heading.offset for heading in headings], offset)
    path: list[SectionHeading] = []
    for heading in headings[:index]:
        while path and path[-1].level >= heading.level:
            path.pop()
        path.append(heading)
    return tuple(heading.title for heading in path)


def test_the_path_at_every_node_of_the_real_pages() -> None:
    nested = 0
    for path in WIKI_FIXTURES:
        source = path.read_text("utf-8")
        doc = ParsedDocument(RevisionText("test:paths", path.stem, path.stem, "ro", source))
        headings = doc.sections.headings
        offsets = [*sorted(set(doc.located.starts)), len(source)]
        paths = [doc.sections.path_at(offset) for offset in offsets]
        assert paths == [_reference_path(headings, offset) for offset in offsets]
        nested += sum(len(path) > 1 for path in paths)
    assert nested > 100  # pages with sections inside sections


HEADINGS = st.lists(
    st.tuples(st.integers(0, 3), st.integers(1, 6), st.sampled_from(["A", "B", "C"])), max_size=12
)


@settings(max_examples=examples(80), deadline=None)
@given(HEADINGS, st.lists(st.integers(-1, 40), max_size=8))
def test_the_path_at_any_offset(steps: list[tuple[int, int, str]], offsets: list[int]) -> None:
    headings: list[SectionHeading] = []
    offset = 0
    for gap, level, title in steps:
        offset += gap  # headings at the same offset too
        headings.append(SectionHeading(offset, level, title, "=" * level))
    index = SectionIndex(headings)
    for asked in [*offsets, offset, offset + 1]:
        assert index.path_at(asked) == _reference_path(headings, asked)
