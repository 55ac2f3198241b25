"""The one parse of each revision: mwparserfromhell's C tokenizer, then this module's builder,
which makes the same node tree as mwparserfromhell's own `Builder` in less time (figures:
docs/perf.md).

`mwparserfromhell.parse` is two steps. The C tokenizer turns the text into tokens (the small
part); the pure-Python `parser.builder.Builder` turns the tokens into nodes (most of the time).
The builder creates every node through its public constructor, whose property setters send
each child `Wikicode` through `utils.parse_anything`, which imports four modules (one call of
the import machinery each) and runs a chain of `isinstance` tests only to return the object
it was given: a large share of the builder's time. Parameters also re-check that
a positional key may be hidden, and every token attribute is read through `Token.__getattr__`.

`build_tree` builds the identical tree without those detours: Text, Wikicode, Template,
Parameter, Tag and Wikilink nodes get exactly the attributes their constructors would set, in
the same order; the rarer nodes (external links, headings, comments, entities, arguments, tag
attributes) still go through their constructors. The tests compare the two builders' trees
attribute by attribute on the fixtures, the sample corpus, a generated corpus and
hypothesis-made wikitext.

It reads mwparserfromhell's private attributes, so it is used only when `fast.MIRRORED` (the
package's one version check) is true; otherwise `parse_wikitext` is `mwparserfromhell.parse`.
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

from carcdb.pipeline.parse import fast

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

    def _halves(
        self, separator: type, closing: type, where: str
    ) -> tuple[Wikicode | None, Wikicode, Any]:
        """The nodes up to the `closing` token, split at `separator` as `Builder` splits the
        two-part nodes (`{{{name|default}}}`, `[[title|text]]`, `[url title]`): (before the
        last separator, or None without one; after it; that separator token)."""
        tokens = self._tokens
        node = self._node
        first = None
        separator_token = None
        nodes: list[Node] = []
        while tokens:
            token = tokens.pop()
            kind = type(token)
            if kind is separator:
                first = _code(nodes)
                separator_token = token
                nodes = []
            elif kind is closing:
                return first, _code(nodes), separator_token
            else:
                nodes.append(node(token))
        raise _missed(where)

    def _argument(self, token: Any) -> Argument:
        name, rest, _ = self._halves(T.ArgumentSeparator, T.ArgumentClose, "_handle_argument")
        return Argument(rest) if name is None else Argument(name, rest)

    def _wikilink(self, token: Any) -> Wikilink:
        title, rest, _ = self._halves(T.WikilinkSeparator, T.WikilinkClose, "_handle_wikilink")
        link = _new(Wikilink)
        if title is None:
            link._title = rest
            link._text = None
        else:
            link._title = title
            link._text = rest
        return link

    def _external_link(self, token: Any) -> ExternalLink:
        brackets = token.get("brackets")
        url, rest, separator = self._halves(
            T.ExternalLinkSeparator, T.ExternalLinkClose, "_handle_external_link"
        )
        if url is None:
            return ExternalLink(rest, brackets=brackets, suppress_space=False)
        suppress_space = separator.get("suppress_space") is True
        return ExternalLink(url, rest, brackets=brackets, suppress_space=suppress_space)

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
                if padding and (type(padding) is not str or not padding.isspace()):
                    # The constructor deals with it (it raises: padding must be whitespace).
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
                # What `Tag(...)` and its setters leave, attribute for attribute, in order.
                tag_node = _new(Tag)
                tag_node._tag = tag_node._closing_tag = tag
                tag_node._contents = contents if contents is not None else _code([])
                tag_node._attrs = attrs if attrs else []
                tag_node._closing_wiki_markup = None
                tag_node._wiki_markup = str(wiki_markup) if wiki_markup else None
                # The `wiki_markup` setter: no closing markup yet, so it takes the opening one.
                tag_node._closing_wiki_markup = tag_node._wiki_markup
                tag_node._self_closing = bool(self_closing)
                tag_node._invalid = bool(invalid)
                tag_node._implicit = bool(implicit)
                tag_node._padding = padding or ""
                if closing_tag is not None:
                    tag_node._closing_tag = closing_tag
                tag_node._wiki_style_separator = (
                    str(wiki_style_separator) if wiki_style_separator else None
                )
                if closing_wiki_markup is not None:
                    tag_node._closing_wiki_markup = (
                        str(closing_wiki_markup) if closing_wiki_markup else None
                    )
                return tag_node
            else:
                nodes.append(node(token))
        raise _missed("_handle_tag")


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


def build_tree(wikitext: str) -> Wikicode:
    """The tree `mwparserfromhell.parse(wikitext)` gives, built by this module's builder
    (needs the C tokenizer)."""
    tokens = fast.CTokenizer().tokenize(wikitext, 0, False)
    return _Builder(tokens).build()


def parse_wikitext(wikitext: str) -> Wikicode:
    """`mwparserfromhell.parse(wikitext)`, the tree built by `build_tree` where it may be."""
    if fast.MIRRORED:
        return build_tree(wikitext)
    return mwparserfromhell.parse(wikitext)
