"""Reading template parameters: comments stripped first, names compared with `matches()`."""

from __future__ import annotations

import mwparserfromhell
from mwparserfromhell.nodes import Comment, Template
from mwparserfromhell.wikicode import Wikicode


def without_comments(code: Wikicode) -> Wikicode:
    """A copy of `code` with every HTML comment removed (comments never carry values)."""
    copy = mwparserfromhell.parse(str(code))
    for comment in copy.filter_comments(recursive=True):
        try:
            copy.remove(comment)
        except ValueError:
            continue
    return copy


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
