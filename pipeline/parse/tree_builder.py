"""The one parse of each revision: mwparserfromhell's C tokenizer, then this module's builder,
which makes the same node tree as mwparserfromhell's own `Builder`, about twice as fast.

`mwparserfromhell.parse` is two steps. The C tokenizer turns the text into tokens (about a
sixth of the time); the pure-Python `parser.builder.Builder` turns the tokens into nodes (the
rest). The builder creates every node through its public constructor, whose property setters
send each child `Wikicode` through `utils.parse_anything`, which imports four modules (one
call of the import machinery each) and runs a chain of `isinstance` tests only to return the
object it was given; that is over a third of the builder's time. Parameters also re-check that
a positional key may be hidden, and every token attribute is read through `Token.__getattr__`.

`build_tree` builds the identical tree without those detours: Text, Wikicode, Template,
Parameter, Tag and Wikilink nodes get exactly the attributes their constructors would set, in
the same order; the rarer nodes (external links, headings, comments, entities, arguments, tag
attributes) still go through their constructors. The tests compare the two builders' trees
attribute by attribute on the fixtures, the sample corpus, a generated corpus and
hypothesis-made wikitext.

It reads mwparserfromhell's private attributes, so it is used only for the versions it was
written against (`MIRRORED_VERSIONS`) and when the C tokenizer is there; otherwise
`parse_wikitext` is `mwparserfromhell.parse` itself.
"""

from __future__ import annotations

from typing import Any

import mwparserfromhell
from mwparserfromhell.nodes import (
    Argument,
    Comment,
    ExternalLink,
    Heading,
    HTMLEntity,
    Node,
    Tag,
    Template,
    Text,
    Wikilink,
)
from mwparserfromhell.nodes.extras import Attribute, Parameter
from mwparserfromhell.parser import ParserError
from mwparserfromhell.parser import tokens as T
from mwparserfromhell.smart_list import SmartList
from mwparserfromhell.wikicode import Wikicode

try:
    from mwparserfromhell.parser._tokenizer import CTokenizer
except ImportError:  # a pure-Python install: keep the library's own parse
    CTokenizer = None

MIRRORED_VERSIONS = ("0.7.",)  # `mwparserfromhell.parser.builder` of these is mirrored here

_new = object.__new__


def _code(nodes: list[Node]) -> Wikicode:
    code = _new(Wikicode)
    code._nodes = SmartList(nodes)  # type: ignore[no-untyped-call]
    return code


def _missed(handler: str) -> Exception:
    """`Builder`'s error for tokens that end before a node's closing token."""
    return ParserError(f"{handler}() missed a close token")  # type: ignore[no-untyped-call]


def _text(value: Any) -> Text:
    node = _new(Text)
    node._value = value if type(value) is str else str(value)
    return node


class _Builder:
    """One use: `_Builder(tokens).build()`. Mirrors `Builder`'s handlers one for one, with a
    list per nesting level held in a local instead of `Builder`'s stack of lists."""

    def __init__(self, tokens: list[Any]) -> None:
        tokens.reverse()
        self._tokens = tokens

    def build(self) -> Wikicode:
        tokens = self._tokens
        node = self._node
        nodes: list[Node] = []
        while tokens:
            nodes.append(node(tokens.pop()))
        return _code(nodes)

    def _node(self, token: Any) -> Node:
        kind = type(token)
        if kind is T.Text:
            return _text(token.get("text"))
        handler = _HANDLERS.get(kind)
        if handler is None:
            message = f"_handle_token() got unexpected {kind.__name__}"
            raise ParserError(message)  # type: ignore[no-untyped-call]
        built: Node = handler(self, token)
        return built

    def _nodes_until(self, closing: type, where: str) -> list[Node]:
        """The nodes before the next `closing` token, which is consumed."""
        tokens = self._tokens
        node = self._node
        nodes: list[Node] = []
        while tokens:
            token = tokens.pop()
            if type(token) is closing:
                return nodes
            nodes.append(node(token))
        raise _missed(where)

    def _parameter(self, default: int) -> Parameter:
        tokens = self._tokens
        node = self._node
        key = None
        showkey = False
        nodes: list[Node] = []
        while tokens:
            token = tokens.pop()
            kind = type(token)
            if kind is T.TemplateParamEquals:
                key = _code(nodes)
                showkey = True
                nodes = []
            elif kind is T.TemplateParamSeparator or kind is T.TemplateClose:
                tokens.append(token)
                if key is None:
                    # A positional key `Parameter` would check could be hidden: "1", "2", ...
                    key = _code([_text(str(default))])
                param = _new(Parameter)
                param._name = key
                param._value = _code(nodes)
                param._showkey = showkey
                return param
            else:
                nodes.append(node(token))
        raise _missed("_handle_parameter")

    def _template(self, token: Any) -> Template:
        tokens = self._tokens
        node = self._node
        name = None
        params: list[Parameter] = []
        default = 1
        nodes: list[Node] = []
        while tokens:
            token = tokens.pop()
            kind = type(token)
            if kind is T.TemplateParamSeparator:
                if not params:
                    name = _code(nodes)
                param = self._parameter(default)
                params.append(param)
                if not param._showkey:
                    default += 1
            elif kind is T.TemplateClose:
                if not params:
                    name = _code(nodes)
                assert name is not None
                template = _new(Template)
                template._name = name
                template._params = params
                return template
            else:
                nodes.append(node(token))
        raise _missed("_handle_template")

    def _argument(self, token: Any) -> Argument:
        tokens = self._tokens
        node = self._node
        name = None
        nodes: list[Node] = []
        while tokens:
            token = tokens.pop()
            kind = type(token)
            if kind is T.ArgumentSeparator:
                name = _code(nodes)
                nodes = []
            elif kind is T.ArgumentClose:
                if name is not None:
                    return Argument(name, _code(nodes))
                return Argument(_code(nodes))
            else:
                nodes.append(node(token))
        raise _missed("_handle_argument")

    def _wikilink(self, token: Any) -> Wikilink:
        tokens = self._tokens
        node = self._node
        title = None
        nodes: list[Node] = []
        while tokens:
            token = tokens.pop()
            kind = type(token)
            if kind is T.WikilinkSeparator:
                title = _code(nodes)
                nodes = []
            elif kind is T.WikilinkClose:
                link = _new(Wikilink)
                if title is not None:
                    link._title = title
                    link._text = _code(nodes)
                else:
                    link._title = _code(nodes)
                    link._text = None
                return link
            else:
                nodes.append(node(token))
        raise _missed("_handle_wikilink")

    def _external_link(self, token: Any) -> ExternalLink:
        tokens = self._tokens
        node = self._node
        brackets, url, suppress_space = token.get("brackets"), None, None
        nodes: list[Node] = []
        while tokens:
            token = tokens.pop()
            kind = type(token)
            if kind is T.ExternalLinkSeparator:
                url = _code(nodes)
                suppress_space = token.get("suppress_space")
                nodes = []
            elif kind is T.ExternalLinkClose:
                if url is not None:
                    return ExternalLink(
                        url, _code(nodes), brackets=brackets, suppress_space=suppress_space is True
                    )
                return ExternalLink(
                    _code(nodes), brackets=brackets, suppress_space=suppress_space is True
                )
            else:
                nodes.append(node(token))
        raise _missed("_handle_external_link")

    def _entity(self, token: Any) -> HTMLEntity:
        pop = self._tokens.pop
        token = pop()
        if type(token) is T.HTMLEntityNumeric:
            token = pop()
            if type(token) is T.HTMLEntityHex:
                text = pop()
                pop()  # HTMLEntityEnd
                return HTMLEntity(
                    text.get("text"), named=False, hexadecimal=True, hex_char=token.get("char")
                )
            pop()  # HTMLEntityEnd
            return HTMLEntity(token.get("text"), named=False, hexadecimal=False)
        pop()  # HTMLEntityEnd
        return HTMLEntity(token.get("text"), named=True, hexadecimal=False)

    def _heading(self, token: Any) -> Heading:
        level = token.get("level")
        return Heading(_code(self._nodes_until(T.HeadingEnd, "_handle_heading")), level)

    def _comment(self, token: Any) -> Comment:
        return Comment(_code(self._nodes_until(T.CommentEnd, "_handle_comment")))

    def _attribute(self, start: Any) -> Attribute:
        tokens = self._tokens
        node = self._node
        name = quotes = None
        nodes: list[Node] = []
        while tokens:
            token = tokens.pop()
            kind = type(token)
            if kind is T.TagAttrEquals:
                name = _code(nodes)
                nodes = []
            elif kind is T.TagAttrQuote:
                quotes = token.get("char")
            elif kind is T.TagAttrStart or kind is T.TagCloseOpen or kind is T.TagCloseSelfclose:
                tokens.append(token)
                if name:  # an empty name (`<b ="x">`) is not a name: as `Builder` does
                    value = _code(nodes)
                else:
                    name, value = _code(nodes), None
                return Attribute(
                    name,
                    value,
                    quotes,
                    start.get("pad_first"),
                    start.get("pad_before_eq"),
                    start.get("pad_after_eq"),
                )
            else:
                nodes.append(node(token))
        raise _missed("_handle_attribute")

    def _tag(self, token: Any) -> Tag:
        tokens = self._tokens
        node = self._node
        tag = None
        padding = None
        implicit, attrs, contents, closing_tag = False, [], None, None
        wiki_markup, invalid = token.get("wiki_markup"), token.get("invalid") or False
        wiki_style_separator, closing_wiki_markup = None, wiki_markup
        nodes: list[Node] = []
        while tokens:
            token = tokens.pop()
            kind = type(token)
            if kind is T.TagAttrStart:
                attrs.append(self._attribute(token))
            elif kind is T.TagCloseOpen:
                wiki_style_separator = token.get("wiki_markup")
                padding = token.get("padding") or ""
                tag = _code(nodes)
                nodes = []
            elif kind is T.TagOpenClose:
                closing_wiki_markup = token.get("wiki_markup")
                contents = _code(nodes)
                nodes = []
            elif kind is T.TagCloseSelfclose or kind is T.TagCloseClose:
                if kind is T.TagCloseSelfclose:
                    closing_wiki_markup = token.get("wiki_markup")
                    tag = _code(nodes)
                    self_closing = True
                    padding = token.get("padding") or ""
                    implicit = token.get("implicit") or False
                else:
                    self_closing = False
                    closing_tag = _code(nodes)
                assert tag is not None
                assert padding is not None
                return _tag_node(
                    tag,
                    contents,
                    attrs,
                    wiki_markup,
                    self_closing,
                    invalid,
                    implicit,
                    padding,
                    closing_tag,
                    wiki_style_separator,
                    closing_wiki_markup,
                )
            else:
                nodes.append(node(token))
        raise _missed("_handle_tag")


def _tag_node(
    tag: Wikicode,
    contents: Wikicode | None,
    attrs: list[Attribute],
    wiki_markup: str | None,
    self_closing: bool,
    invalid: bool,
    implicit: bool,
    padding: str,
    closing_tag: Wikicode | None,
    wiki_style_separator: str | None,
    closing_wiki_markup: str | None,
) -> Tag:
    """`Tag(...)` as its constructor and setters leave it, attribute for attribute."""
    if padding and (type(padding) is not str or not padding.isspace()):
        # Let the constructor deal with it (it raises for padding that is not whitespace).
        return Tag(
            tag,
            contents,
            attrs,
            wiki_markup,
            self_closing,
            invalid,
            implicit,
            padding,
            closing_tag,
            wiki_style_separator,
            closing_wiki_markup,
        )
    node = _new(Tag)
    node._tag = node._closing_tag = tag
    node._contents = contents if contents is not None else _code([])
    node._attrs = attrs if attrs else []
    node._closing_wiki_markup = None
    node._wiki_markup = str(wiki_markup) if wiki_markup else None
    # The `wiki_markup` setter: no closing markup yet, so it takes the opening one.
    node._closing_wiki_markup = node._wiki_markup
    node._self_closing = bool(self_closing)
    node._invalid = bool(invalid)
    node._implicit = bool(implicit)
    node._padding = padding or ""
    if closing_tag is not None:
        node._closing_tag = closing_tag
    node._wiki_style_separator = str(wiki_style_separator) if wiki_style_separator else None
    if closing_wiki_markup is not None:
        node._closing_wiki_markup = str(closing_wiki_markup) if closing_wiki_markup else None
    return node


_HANDLERS: dict[type, Any] = {
    T.TemplateOpen: _Builder._template,
    T.ArgumentOpen: _Builder._argument,
    T.WikilinkOpen: _Builder._wikilink,
    T.ExternalLinkOpen: _Builder._external_link,
    T.HTMLEntityStart: _Builder._entity,
    T.HeadingStart: _Builder._heading,
    T.CommentStart: _Builder._comment,
    T.TagOpenOpen: _Builder._tag,
}


def mirrors_installed_version() -> bool:
    """Whether `build_tree` may be used: the C tokenizer is there and the installed
    mwparserfromhell is one whose builder this module mirrors."""
    version = str(getattr(mwparserfromhell, "__version__", ""))
    return CTokenizer is not None and version.startswith(MIRRORED_VERSIONS)


def build_tree(wikitext: str) -> Wikicode:
    """The tree `mwparserfromhell.parse(wikitext)` gives, built by this module's builder."""
    tokens = CTokenizer().tokenize(wikitext, 0, False)
    return _Builder(tokens).build()


def parse_wikitext(wikitext: str) -> Wikicode:
    """`mwparserfromhell.parse(wikitext)`, the tree built by `build_tree` where it may be."""
    if _FAST:
        return build_tree(wikitext)
    return mwparserfromhell.parse(wikitext)


_FAST = mirrors_installed_version()
