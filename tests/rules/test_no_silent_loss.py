"""Every icon note written on a page becomes exactly one record, whatever its form.

Icons are counted here from mwparserfromhell's tree (`Template.name.matches`, which also
matches `{{iconHouse}}` as MediaWiki does), not with the regex the stage's reconciler and
the `rules_icon_notes_recorded` check share: a blind spot of that regex would show here.
"""

from __future__ import annotations

import mwparserfromhell
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.pipeline.parse.rules.notes import ICON_KINDS
from carcdb.schemas.rules import RuleKind
from tests.lanes import examples
from tests.rules.pages import PAGES, rules, run, wikitext


def _icons_written(text: str, icon: str) -> int:
    return sum(
        1
        for template in mwparserfromhell.parse(text).filter_templates(recursive=True)
        if template.name.matches(icon)
    )


def test_icons_are_counted_as_mediawiki_reads_them() -> None:
    text = "{{IconHouse}} a {{ iconHouse |text=b}} {{Tile|textbefore={{IconHouse}}|text=c}}"
    assert _icons_written(text, "IconHouse") == 3
    assert _icons_written("{{IconHouseRule}} {{IconBook}}", "IconHouse") == 0


@pytest.mark.slow
@pytest.mark.parametrize("slug", sorted(PAGES))
@pytest.mark.parametrize("icon", sorted(ICON_KINDS))
def test_every_icon_in_the_raw_text_is_one_record(slug: str, icon: str) -> None:
    written = _icons_written(wikitext(slug), icon)
    recorded = [r for r in rules(slug) if r.template == icon]
    assert len(recorded) == written
    assert all(r.kind is ICON_KINDS[icon] for r in recorded)


def test_every_iconhouse_yields_a_house_rule() -> None:
    for slug in PAGES:
        written = _icons_written(wikitext(slug), "IconHouse")
        houses = [r for r in rules(slug) if r.kind is RuleKind.HOUSE_RULE and r.template]
        assert len(houses) == written, slug


WORDS = st.text(alphabet="abcdefghij ăîșț", min_size=1, max_size=30).map(str.strip).filter(bool)
FORMS = st.sampled_from(["paragraph", "ref", "text_param", "bullet"])


def _written(form: str, text: str) -> str:
    if form == "paragraph":
        return f"{{{{IconHouse}}}} {text}\n\n"
    if form == "ref":
        return f"Regulă.<ref>{{{{IconHouse}}}} {text}</ref>\n\n"
    if form == "text_param":
        return f"{{{{IconHouse|text={text}}}}}\n\n"
    return f"* {{{{IconHouse}}}} {text}\n"


@settings(max_examples=examples(40), deadline=None)
@given(items=st.lists(st.tuples(FORMS, WORDS), min_size=1, max_size=8), flat=st.booleans())
def test_house_rules_in_any_form_are_all_kept(items: list[tuple[str, str]], flat: bool) -> None:
    page = "== Reguli ale casei ==\n" + "".join(_written(f, t) for f, t in items)
    if flat:  # an ExportTranslations capture puts the page on one line
        page = page.replace("\n", " ")
    found = [r for r in run(page).rows["rules"] if getattr(r, "kind", None) is RuleKind.HOUSE_RULE]
    assert len(found) == len(items)
    if not flat:
        assert [getattr(r, "text", None) for r in found] == [" ".join(t.split()) for _, t in items]
