"""Every icon note written on a page becomes exactly one record, whatever its form."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.parse.rules.notes import ICON_KINDS
from schemas.rules import RuleKind
from tests.rules.pages import PAGES, rules, run, wikitext


@pytest.mark.parametrize("slug", sorted(PAGES))
@pytest.mark.parametrize("icon", sorted(ICON_KINDS))
def test_every_icon_in_the_raw_text_is_one_record(slug: str, icon: str) -> None:
    written = len(re.findall(r"\{\{\s*" + icon + r"\s*[|}]", wikitext(slug)))
    recorded = [r for r in rules(slug) if r.template == icon]
    assert len(recorded) == written
    assert all(r.kind is ICON_KINDS[icon] for r in recorded)


def test_every_iconhouse_yields_a_house_rule() -> None:
    for slug in PAGES:
        written = wikitext(slug).count("{{IconHouse")
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


@settings(max_examples=40, deadline=None)
@given(items=st.lists(st.tuples(FORMS, WORDS), min_size=1, max_size=8), flat=st.booleans())
def test_house_rules_in_any_form_are_all_kept(items: list[tuple[str, str]], flat: bool) -> None:
    page = "== Reguli ale casei ==\n" + "".join(_written(f, t) for f, t in items)
    if flat:  # an ExportTranslations capture puts the page on one line
        page = page.replace("\n", " ")
    found = [r for r in run(page).rows["rules"] if getattr(r, "kind", None) is RuleKind.HOUSE_RULE]
    assert len(found) == len(items)
    if not flat:
        assert [getattr(r, "text", None) for r in found] == [" ".join(t.split()) for _, t in items]
