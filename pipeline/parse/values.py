"""Reading template parameters (comments stripped first) and comparing template names.

Names are compared as `Wikicode.matches()` compares them (markup and comments stripped,
whitespace trimmed, the first letter case-insensitive, `_` the same as a space), but without
its cost: `matches()` runs the tokenizer on its argument at every call. `template_key()`
normalises a template's name once and `_wanted()` each wanted name once (cached).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TypeGuard

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
    # One pass: `get` answers the last parameter of that name, as `has` + `get` did.
    param = template.get(name, None)
    return None if param is None else param.value


def text_param(template: Template, name: str) -> str | None:
    """The parameter's visible text: comments removed, markup stripped, whitespace trimmed."""
    value = raw_param(template, name)
    if value is None:
        return None
    if any(isinstance(node, Comment) for node in value.nodes) or "<!--" in str(value):
        value = without_comments(value)
    return " ".join(value.strip_code().split())


def _normalise(name: str) -> str:
    """`Wikicode.matches()`'s normalisation: first letter upper case, `_` a space."""
    return (name[0].upper() + name[1:]).replace("_", " ") if name else name


@lru_cache(maxsize=1024)
def _wanted(name: str) -> str:
    """A wanted name normalised as `matches()` normalises its argument (parsed, then stripped)."""
    return _normalise(mwparserfromhell.parse(name).strip_code().strip())


def template_key(template: Template) -> str:
    """The template's name normalised for comparison: compute it once, compare it many times."""
    return _normalise(template.name.strip_code().strip())


def key_is(key: str, *names: str) -> bool:
    """Is a `template_key()` one of these names (as `matches()` would say)?"""
    return any(key == _wanted(name) for name in names)


def is_template(node: object, *names: str) -> TypeGuard[Template]:
    """Is `node` a template named one of `names`? Same answer as `node.name.matches(name)`."""
    return isinstance(node, Template) and key_is(template_key(node), *names)
