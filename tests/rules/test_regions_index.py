"""`PageRegions` finds a section's end and the next boundary through an index (one pass over the
headings, a bisect per lookup: a page of 24,000 headings took over a minute when each lookup
scanned them all); the index gives what the scan gives, on generated pages of headings of
every level and heading templates."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.pipeline.parse.document import ParsedDocument, RevisionText
from carcdb.pipeline.parse.rules.regions import PageRegions
from carcdb.pipeline.parse.sections import SectionHeading
from tests.lanes import examples


def _scan_end(regions: PageRegions, heading: SectionHeading) -> int:
    """The reference: the first later heading of the same or a higher level."""
    for other in regions.headings:
        if other.offset > heading.offset and other.level <= heading.level:
            return other.offset
    return len(regions.doc.revision.wikitext)


def _scan_boundary(regions: PageRegions, offset: int) -> int:
    starts = [h.offset for h in regions.headings if h.offset > offset]
    starts += [t.offset for t in regions.heading_templates if t.offset > offset]
    return min(starts, default=len(regions.doc.revision.wikitext))


LINE = st.one_of(
    st.integers(1, 6).map(lambda level: "=" * level + " H " + "=" * level),
    st.just("{{RulesHeading}}"),
    st.just("A road scores 1 point per tile."),
    st.just(""),
)


@settings(max_examples=examples(60), deadline=None)
@given(lines=st.lists(LINE, max_size=40))
def test_the_index_agrees_with_a_scan_of_the_headings(lines: list[str]) -> None:
    text = "\n".join(lines)
    regions = PageRegions(ParsedDocument(RevisionText("k", "P", "P", "en", text)))
    for heading in regions.headings:
        assert regions.section_body(heading).end == _scan_end(regions, heading)
        assert regions.boundaries_after(heading.offset) == _scan_boundary(regions, heading.offset)
    for offset in range(0, len(text) + 1, 7):
        assert regions.boundaries_after(offset) == _scan_boundary(regions, offset)
