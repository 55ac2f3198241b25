"""Reading template parameters: comments stripped first, names compared with `matches()`."""

from __future__ import annotations

import re

import mwparserfromhell
from mwparserfromhell.nodes import Comment, Template
from mwparserfromhell.wikicode import Wikicode

COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)


def without_comments(code: Wikicode) -> Wikicode:
    """A copy of `code` with every HTML comment removed (comments never carry values).

    The comments are cut from the text before re-parsing, so none can be missed: not one the
    tree cannot remove (inside a tag's attribute), nor an unclosed `<!--`, which MediaWiki
    treats as a comment running to the end (mwparserfromhell leaves it as plain text).
    """
    return mwparserfromhell.parse(COMMENT.sub("", str(code)))


def raw_param(template: Template, name: str) -> Wikicode | None:
    """The parameter's value as wikicode, or None when the template lacks it."""
    if not template.has(name):
        return None
    return template.get(name).value


def text_param(template: Template, name: str) -> str | None:
    """The parameter's visible text: comments removed, markup stripped, whitespace trimmed."""
    value = raw_param(template, name)
    if value is None:
        return None
    if any(isinstance(node, Comment) for node in value.nodes) or "<!--" in str(value):
        value = without_comments(value)
    return " ".join(value.strip_code().split())


def is_template(node: object, *names: str) -> bool:
    return isinstance(node, Template) and any(node.name.matches(name) for name in names)
