"""Plain text of a wikitext string read straight from the tokenizer, without building nodes.

`plain_text(str)` must parse its string. mwparserfromhell's C tokenizer is fast; building the
node tree from its tokens is not (every node constructor wraps its parts again), and the rules
stage only renders that tree once and drops it. `render_string` reads the same tokens as
`mwparserfromhell.parser.builder.Builder` reads them (same grouping, same "last one wins"
rules) into a few light records, then renders them with the caller's `Visible` rules, the
same functions the caller's node renderer calls (`rules.plaintext`): this module mirrors the
library only, and imports nothing of the domain.

Whatever it does not mirror raises `Unsupported`, and the caller builds the real tree (the
reference path): a template name, parameter name, tag name or link title holding markup (its
`str()` would need the node), or a token the builder would reject. When `fast.MIRRORED` is
false every string raises `Unsupported`, so every string takes the reference path.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from mwparserfromhell.nodes import HTMLEntity
from mwparserfromhell.parser import Parser
from mwparserfromhell.parser import tokens as T

from carcdb.pipeline.parse import fast


class Visible(NamedTuple):
    """What shows of a template, tag and wiki link: the caller's rules, given the names and
    titles as text and the parts' plain text as callables (rendered only when asked)."""

    # (name, has parameters, the plain text of a parameter or None) -> text
    template: Callable[[str, bool, Callable[[str], str | None]], str]
    # (wiki markup or None, tag name, self-closing or contentless, the contents' text) -> text
    tag: Callable[[str | None, str, bool, Callable[[], str]], str]
    # (title, the shown text's text or None) -> text
    wikilink: Callable[[str, Callable[[], str] | None], str]


class Unsupported(Exception):
    """The string holds something this fast path does not mirror: build the real tree."""


@dataclass(slots=True)
class _Template:
    name: list[Item]
    params: list[tuple[list[Item], list[Item]]]  # (name, value) as the builder pairs them


@dataclass(slots=True)
class _Tag:
    markup: str | None
    tag: list[Item]
    contents: list[Item]
    self_closing: bool


@dataclass(slots=True)
class _Wikilink:
    title: list[Item]
    text: list[Item] | None


@dataclass(slots=True)
class _Shown:
    """A node that shows its parts' text (an external link's title, a heading's title)."""

    parts: list[Item] | None
    around: str  # put before and after the text ("\n" for headings)


@dataclass(slots=True)
class _Entity:
    text: str  # str(HTMLEntity.normalize())


# Text is a str; comments and arguments show nothing (None).
Item = str | _Template | _Tag | _Wikilink | _Shown | _Entity | None

_PARAM_END = (T.TemplateParamSeparator, T.TemplateClose)
_ATTR_END = (T.TagAttrStart, T.TagCloseOpen, T.TagCloseSelfclose)


class _Reader:
    """The builder's reading of a token list (see builder.py), into light records."""

    def __init__(self, tokens: list[Any]) -> None:
        tokens.reverse()
        self.tokens = tokens

    def build(self) -> list[Item]:
        found: list[Item] = []
        while self.tokens:
            found.append(self.item(self.tokens.pop()))
        return found

    def item(self, token: Any) -> Item:
        kind = type(token)
        if kind is T.Text:
            return str(token.text)
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise Unsupported(kind.__name__)
        return handler(self, token)

    def _pop(self) -> Any:
        if not self.tokens:
            raise Unsupported("missed a close token")
        return self.tokens.pop()

    def parameter(self, default: int) -> tuple[list[Item], list[Item], bool]:
        key: list[Item] | None = None
        showkey = False
        current: list[Item] = []
        while True:
            token = self._pop()
            if isinstance(token, T.TemplateParamEquals):
                key, current, showkey = current, [], True
            elif isinstance(token, _PARAM_END):
                self.tokens.append(token)
                return (key if key is not None else [str(default)]), current, showkey
            else:
                current.append(self.item(token))

    def template(self, _: Any) -> Item:
        name: list[Item] | None = None
        params: list[tuple[list[Item], list[Item]]] = []
        default = 1
        current: list[Item] = []
        while True:
            token = self._pop()
            if isinstance(token, T.TemplateParamSeparator):
                if not params:
                    name = current
                key, value, showkey = self.parameter(default)
                params.append((key, value))
                if not showkey:
                    default += 1
            elif isinstance(token, T.TemplateClose):
                if not params:
                    name = current
                assert name is not None
                return _Template(name, params)
            else:
                current.append(self.item(token))

    def argument(self, _: Any) -> Item:
        self._until(T.ArgumentClose, T.ArgumentSeparator)
        return None

    def comment(self, _: Any) -> Item:
        self._until(T.CommentEnd)
        return None

    def _until(self, end: type, separator: type | None = None) -> None:
        while True:
            token = self._pop()
            if isinstance(token, end):
                return
            if separator is None or not isinstance(token, separator):
                self.item(token)

    def wikilink(self, _: Any) -> Item:
        title: list[Item] | None = None
        current: list[Item] = []
        while True:
            token = self._pop()
            if isinstance(token, T.WikilinkSeparator):
                title, current = current, []
            elif isinstance(token, T.WikilinkClose):
                if title is not None:
                    return _Wikilink(title, current)
                return _Wikilink(current, None)
            else:
                current.append(self.item(token))

    def external_link(self, _: Any) -> Item:
        title: list[Item] | None = None
        current: list[Item] = []
        while True:
            token = self._pop()
            if isinstance(token, T.ExternalLinkSeparator):
                title, current = current, []  # what came before is the URL
            elif isinstance(token, T.ExternalLinkClose):
                # with a separator the title is what follows it; without, there is none
                return _Shown(current if title is not None else None, "")
            else:
                current.append(self.item(token))

    def entity(self, _: Any) -> Item:
        token = self._pop()
        if isinstance(token, T.HTMLEntityNumeric):
            token = self._pop()
            if isinstance(token, T.HTMLEntityHex):
                text = self._pop()
                self._pop()  # HTMLEntityEnd
                node = HTMLEntity(text.text, named=False, hexadecimal=True, hex_char=token.char)
            else:
                self._pop()
                node = HTMLEntity(token.text, named=False, hexadecimal=False)
        else:
            self._pop()
            node = HTMLEntity(token.text, named=True, hexadecimal=False)
        return _Entity(str(node.normalize()))

    def heading(self, _: Any) -> Item:
        current: list[Item] = []
        while True:
            token = self._pop()
            if isinstance(token, T.HeadingEnd):
                return _Shown(current, "\n")
            current.append(self.item(token))

    def attribute(self) -> None:
        """Read (and drop) one attribute: plain text never shows attributes."""
        while True:
            token = self._pop()
            if isinstance(token, _ATTR_END):
                self.tokens.append(token)
                return
            if not isinstance(token, (T.TagAttrEquals, T.TagAttrQuote)):
                self.item(token)

    def tag(self, token: Any) -> Item:
        markup = str(token.wiki_markup) if token.wiki_markup else None
        tag: list[Item] | None = None
        contents: list[Item] = []  # a tag's contents are never None, only empty
        current: list[Item] = []
        while True:
            token = self._pop()
            if isinstance(token, T.TagAttrStart):
                self.attribute()
            elif isinstance(token, T.TagCloseOpen):
                tag, current = current, []
            elif isinstance(token, T.TagOpenClose):
                contents, current = current, []
            elif isinstance(token, T.TagCloseSelfclose):
                return _Tag(markup, current, contents, True)
            elif isinstance(token, T.TagCloseClose):
                if tag is None:
                    raise Unsupported("tag without a name")
                return _Tag(markup, tag, contents, False)
            else:
                current.append(self.item(token))


_HANDLERS = {
    T.TemplateOpen: _Reader.template,
    T.ArgumentOpen: _Reader.argument,
    T.WikilinkOpen: _Reader.wikilink,
    T.ExternalLinkOpen: _Reader.external_link,
    T.HTMLEntityStart: _Reader.entity,
    T.HeadingStart: _Reader.heading,
    T.CommentStart: _Reader.comment,
    T.TagOpenOpen: _Reader.tag,
}


def _raw(items: list[Item]) -> str:
    """`str()` of a name or title: only plain text is mirrored."""
    if all(type(item) is str for item in items):
        return "".join(items)  # type: ignore[arg-type]
    raise Unsupported("markup in a name")


def _param(template: _Template, name: str, visible: Visible) -> str | None:
    """`_param_text`: the last parameter of that name (as `Template.get`), rendered."""
    for key, value in reversed(template.params):
        if _raw(key).strip() == name:
            return _render(value, visible)
    return None


def _template(node: _Template, visible: Visible) -> str:
    name = _raw(node.name).strip()
    name = name[:1].upper() + name[1:]
    return visible.template(name, bool(node.params), lambda key: _param(node, key, visible))


def _tag(node: _Tag, visible: Visible) -> str:
    # a tag's contents here are never None, only empty: self-closing is the only empty tag
    return visible.tag(
        node.markup, _raw(node.tag), node.self_closing, lambda: _render(node.contents, visible)
    )


def _wikilink(node: _Wikilink, visible: Visible) -> str:
    text = node.text
    return visible.wikilink(
        _raw(node.title), None if text is None else lambda: _render(text, visible)
    )


def _render(items: list[Item], visible: Visible) -> str:
    parts: list[str] = []
    for item in items:
        if type(item) is str:
            parts.append(item)
        elif isinstance(item, _Template):
            parts.append(_template(item, visible))
        elif isinstance(item, _Tag):
            parts.append(_tag(item, visible))
        elif isinstance(item, _Wikilink):
            parts.append(_wikilink(item, visible))
        elif isinstance(item, _Shown):
            if item.parts is not None:
                parts.append(item.around + _render(item.parts, visible) + item.around)
        elif isinstance(item, _Entity):
            parts.append(item.text)
    return "".join(parts)


def render_string(wikitext: str, visible: Visible) -> str:
    """What the node renderer whose rules are `visible` gives for `mwparserfromhell.parse(
    wikitext)`, without the tree; raises `Unsupported` where it does not mirror the tree."""
    if not fast.MIRRORED:
        raise Unsupported("not a mirrored mwparserfromhell version")
    parser: Any = Parser()  # type: ignore[no-untyped-call]  # (mwparserfromhell is untyped here)
    tokens = parser._tokenizer.tokenize(wikitext, 0, False)  # as `Parser.parse` tokenizes
    return _render(_Reader(tokens).build(), visible)
