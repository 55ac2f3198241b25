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

from mwparserfromhell.nodes import Comment, Template, Text
from mwparserfromhell.nodes.extras import Parameter
from mwparserfromhell.wikicode import Wikicode

from carcdb.pipeline.parse.fast.tree_builder import parse_wikitext

COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
# What `split_top_level` reads, scanned left to right: a pair opens or closes, a `|` splits.
SPLIT_MARKS = re.compile(r"\{\{|\[\[|\}\}|\]\]|\|")


def split_top_level(text: str) -> list[str]:
    """`text` split on each `|` outside nested templates and links (raw wikitext: a
    template's or an image link's parameters)."""
    parts: list[str] = []
    depth = start = 0
    for mark in SPLIT_MARKS.finditer(text):
        token = mark.group()
        if token in ("{{", "[["):
            depth += 1
        elif token in ("}}", "]]"):
            depth = max(0, depth - 1)
        elif depth == 0:
            parts.append(text[start : mark.start()])
            start = mark.end()
    parts.append(text[start:])
    return parts


def without_comments(code: Wikicode) -> Wikicode:
    """A copy of `code` with every HTML comment removed (comments never carry values).

    The comments are cut from the text before re-parsing, so none can be missed: not one the
    tree cannot remove (inside a tag's attribute), nor an unclosed `<!--`, which MediaWiki
    treats as a comment running to the end (mwparserfromhell leaves it as plain text).
    """
    return parse_wikitext(COMMENT.sub("", str(code)))


def raw_param(template: Template, name: str) -> Wikicode | None:
    """The parameter's value as wikicode, or None when the template lacks it."""
    # One pass: `get` answers the last parameter of that name, as `has` + `get` did.
    param = template.get(name, None)
    return None if param is None else param.value


def text_param(template: Template, name: str) -> str | None:
    """The parameter's visible text: comments removed, markup stripped, whitespace trimmed."""
    value = raw_param(template, name)
    return None if value is None else visible_text(value)


def _normalise(name: str) -> str:
    """`Wikicode.matches()`'s normalisation: first letter upper case, `_` a space."""
    return (name[0].upper() + name[1:]).replace("_", " ") if name else name


@lru_cache(maxsize=1024)
def _wanted(name: str) -> str:
    """A wanted name normalised as `matches()` normalises its argument (parsed, then stripped)."""
    return _normalise(parse_wikitext(name).strip_code().strip())


def template_key(template: Template) -> str:
    """The template's name normalised for comparison: compute it once, compare it many times."""
    name = text_if_plain(template.name)
    if name is None:
        return _normalise(template.name.strip_code().strip())
    return _plain_key(name)


@lru_cache(maxsize=4096)
def _plain_key(name: str) -> str:
    """`template_key()` of a name that is plain text: a function of the text alone, so a page's
    hundreds of `Tile`/`Feature` names are normalised once (a bounded cache, like `_wanted`)."""
    # `strip_code()` of plain text: the text itself, newlines trimmed, 3+ newlines collapsed.
    name = name.strip("\n")
    while "\n\n\n" in name:
        name = name.replace("\n\n\n", "\n\n")
    return _normalise(name.strip())


def wanted_key(name: str) -> str:
    """The `template_key()` of a template named `name`: look keys up in dicts built with it."""
    return _wanted(name)


def key_is(key: str, *names: str) -> bool:
    """Is a `template_key()` one of these names (as `matches()` would say)?"""
    return any(key == _wanted(name) for name in names)


def is_template(node: object, *names: str) -> TypeGuard[Template]:
    """Is `node` a template named one of `names`? Same answer as `node.name.matches(name)`."""
    return isinstance(node, Template) and key_is(template_key(node), *names)


def text_if_plain(code: Wikicode) -> str | None:
    """`str(code)` when every node of `code` is plain text (no markup to strip), else None."""
    nodes = code.nodes
    if len(nodes) == 1:  # the usual case; unpacked, not indexed: SmartList indexing is slow
        (only,) = nodes
        return only.value if isinstance(only, Text) else None
    texts = []
    for node in nodes:
        if not isinstance(node, Text):
            return None
        texts.append(node.value)
    return "".join(texts)


def visible_text(value: Wikicode) -> str:
    """What `text_param()` answers for a parameter whose value is `value`."""
    nodes = value.nodes
    if len(nodes) == 1:  # one text node, nearly every value: `text_if_plain()` inlined
        (only,) = nodes
        if isinstance(only, Text):
            text: str = only.value
            if "<!--" not in text:
                return " ".join(text.split())
    plain = text_if_plain(value)
    if plain is not None and "<!--" not in plain:
        # Plain text has nothing to strip, and splitting on whitespace makes the newline
        # trimming and collapsing of `strip_code()` irrelevant.
        return " ".join(plain.split())
    if any(isinstance(node, Comment) for node in value.nodes) or "<!--" in str(value):
        value = without_comments(value)
    return " ".join(value.strip_code().split())


def _param_name(name: Wikicode) -> str:
    """`name.strip()`, as `Template.get()` compares names, without a tree walk."""
    plain = text_if_plain(name)
    return (plain if plain is not None else str(name)).strip()


class TemplateParams:
    """One template's parameters read once: `Template.get(name)` compares the text of every
    parameter's name at every call; here each name is read once and looked up by name.

    Same answers as `raw_param()`/`text_param()`/`Template.has()`: the last parameter of a
    name wins, as in `Template.get()`.
    """

    __slots__ = ("_by_name",)

    def __init__(self, template: Template) -> None:
        by_name: dict[str, Parameter] = {}
        for param in template.params:
            name = param.name
            nodes = name.nodes
            if len(nodes) == 1:  # a one-text name, nearly every name: inlined (hot loop)
                (only,) = nodes
                if isinstance(only, Text):
                    by_name[only.value.strip()] = param
                    continue
            by_name[_param_name(name)] = param
        self._by_name = by_name

    def has(self, name: str) -> bool:
        return name in self._by_name

    def raw(self, name: str) -> Wikicode | None:
        param = self._by_name.get(name)
        return None if param is None else param.value

    def text(self, name: str) -> str | None:
        param = self._by_name.get(name)
        return None if param is None else visible_text(param.value)
