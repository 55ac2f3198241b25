"""The fast parameter readers answer exactly what mwparserfromhell's own calls answer.

`TemplateParams` (names read once), `visible_text()` (plain-text fast path) and
`template_key()` (plain-name fast path) against the reference: `Template.has()/get()`,
comments removed then `strip_code()`, and `name.strip_code().strip()`; on every template of
the real fixtures and on generated templates with odd names and values.
"""

from __future__ import annotations

from pathlib import Path

import mwparserfromhell
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mwparserfromhell.nodes import Comment, Template
from mwparserfromhell.wikicode import Wikicode

from carcdb.pipeline.parse.values import (
    TemplateParams,
    template_key,
    text_if_plain,
    visible_text,
    wanted_key,
    without_comments,
)
from tests.lanes import examples

FIXTURES = Path(__file__).parent.parent / "fixtures"
NAMES = ("count", "image", "config", "name", "edition", "title", "tiles", "1", "2", "")


def _reference_text(value: Wikicode) -> str:
    """`text_param()` as it was written before the fast path."""
    if any(isinstance(node, Comment) for node in value.nodes) or "<!--" in str(value):
        value = without_comments(value)
    return " ".join(value.strip_code().split())


def _reference_key(template: Template) -> str:
    name = template.name.strip_code().strip()
    return (name[0].upper() + name[1:]).replace("_", " ") if name else name


def _assert_same(template: Template, names: tuple[str, ...]) -> None:
    params = TemplateParams(template)
    for name in names:
        assert params.has(name) == template.has(name), name
        param = template.get(name, None)
        if param is None:
            assert params.raw(name) is None and params.text(name) is None
        else:
            assert params.raw(name) is param.value
            assert params.text(name) == _reference_text(param.value)
    for param in template.params:
        assert visible_text(param.value) == _reference_text(param.value)
        plain = text_if_plain(param.value)
        assert plain is None or plain == str(param.value)
    assert template_key(template) == _reference_key(template)


@pytest.mark.slow
def test_every_template_of_the_fixtures() -> None:
    pages = sorted((FIXTURES / "tiles").glob("*.wiki")) + sorted(
        (FIXTURES / "rules").glob("*.wiki")
    )
    checked = 0
    for page in pages:
        tree = mwparserfromhell.parse(page.read_text(encoding="utf-8"))
        for template in tree.filter_templates():
            own = tuple(str(param.name).strip() for param in template.params)
            _assert_same(template, NAMES + own)
            checked += 1
    assert checked > 1000  # the fixtures are full pages: thousands of templates


NAME_PIECES = st.sampled_from(
    ["count", "image", "name", "1", " ", "\n", "<!-- c -->", "<!--", "''", "{{x}}", "co", "unt"]
)
VALUE_PIECES = st.sampled_from(
    [
        "2",
        " 3 ",
        "Base_Game_C3_Tile_A.png",
        "\n",
        "\n\n\n",
        "<!-- note -->",
        "<!-- open",
        "-->",
        "'''b'''",
        "[[Link|shown]]",
        "{{Feature|name=Monastery}}",
        "&nbsp;",
        "<sup>*</sup>",
        " + ",
        "x",
        "=",
    ]
)
PARAM = st.tuples(
    st.lists(NAME_PIECES, max_size=3).map("".join),
    st.lists(VALUE_PIECES, max_size=4).map("".join),
)
TEMPLATE_NAME = st.lists(
    st.sampled_from(["Tile", "tile", "Feature", " ", "\n", "_", "<!-- c -->", "'''", "x"]),
    min_size=1,
    max_size=4,
).map("".join)


@settings(max_examples=examples(200), deadline=None)
@given(TEMPLATE_NAME, st.lists(PARAM, max_size=5))
def test_generated_templates(name: str, params: list[tuple[str, str]]) -> None:
    text = "{{" + name + "".join(f"|{key}={value}" for key, value in params) + "}}"
    for template in mwparserfromhell.parse(text).filter_templates():
        own = tuple(str(param.name).strip() for param in template.params)
        _assert_same(template, NAMES + own)


def test_wanted_key_is_the_key_of_a_template_of_that_name() -> None:
    for name in ("Tile", "BeginTileList", "tile list", "Tile_list"):
        template = mwparserfromhell.parse("{{" + name + "}}").filter_templates()[0]
        assert wanted_key(name) == template_key(template)
