"""Rules wikitext to plain text: what a reader sees, without images, footnotes or layout.

Templates that only format (`ColorRed`, `Figure|text=`, `...Link`, `Year`) become their visible
text; images, categories, `<ref>` footnotes, comments and layout tags disappear; nested rules
templates (FAQ, blocks, OtherExpansionRule) are records of their own and are left out.
Whitespace is normalised: one space between words, one line per paragraph or list item.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from mwparserfromhell.nodes import (
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
from mwparserfromhell.wikicode import Wikicode

from carcdb.pipeline.parse.fast.tokenplain import Unsupported, Visible, render_string
from carcdb.pipeline.parse.fast.tree_builder import parse_wikitext
from carcdb.pipeline.parse.rules.visible import tag_text, template_text, wikilink_text

# The rules of what shows, for the token renderer: the same functions the nodes go through.
VISIBLE = Visible(template_text, tag_text, wikilink_text)


def template_name(template: Template) -> str:
    """The name as MediaWiki reads it: the first letter is case-insensitive (`iconHouse`)."""
    nodes = template.name.nodes
    if len(nodes) == 1:  # almost always one text node: its value is `str(template.name)`
        (only,) = nodes  # unpacking iterates; indexing a SmartList is slow
        name = only.value if type(only) is Text else str(only)
    else:
        name = str(template.name)
    name = name.strip()
    return name[:1].upper() + name[1:]


def written_pattern(name: str) -> str:
    """A regex for `{{Name|` or `{{Name}}` as written in raw wikitext, first letter any case."""
    first = re.escape(name[:1].upper()) + re.escape(name[:1].lower())
    return r"\{\{\s*[" + first + "]" + re.escape(name[1:]) + r"\s*[|}]"


def written_names_pattern(names: Iterable[str]) -> re.Pattern[str]:
    """`written_pattern` of every name in one alternation, the name as written in group 1.

    Each name's matches start at `{{` and hold only spaces, the name and one `|` or `}`
    after it, so no two matches (of any names) overlap, and no two names match at one place
    (a name would be the other's prefix followed by a space, `|` or `}`): one scan finds
    exactly the matches each name's pattern finds alone.
    """
    either = "|".join(
        "[" + re.escape(name[:1].upper()) + re.escape(name[:1].lower()) + "]" + re.escape(name[1:])
        for name in names
    )
    return re.compile(r"\{\{\s*(" + either + r")\s*[|}]")


def _param_text(template: Template, name: str) -> str | None:
    if template.has(name):
        return _render_code(template.get(name).value)
    return None


def _template(node: Template) -> str:
    return template_text(template_name(node), bool(node.params), lambda key: _param_text(node, key))


def _tag(node: Tag) -> str:
    contents = node.contents
    return tag_text(
        node.wiki_markup,
        str(node.tag),
        contents is None or node.self_closing,
        lambda: _render_code(contents),
    )


def _wikilink(node: Wikilink) -> str:
    text = node.text
    return wikilink_text(str(node.title), None if text is None else lambda: _render_code(text))


def _render_node(node: Node) -> str:
    if isinstance(node, Text):
        return str(node.value)
    if isinstance(node, Template):
        return _template(node)
    if isinstance(node, Tag):
        return _tag(node)
    if isinstance(node, Wikilink):
        return _wikilink(node)
    if isinstance(node, ExternalLink):
        return _render_code(node.title) if node.title is not None else ""
    if isinstance(node, HTMLEntity):
        return str(node.normalize())
    if isinstance(node, Heading):
        return "\n" + _render_code(node.title) + "\n"
    if isinstance(node, Comment):
        return ""
    return ""  # arguments, magic words: not visible text


def _render_code(code: Wikicode) -> str:
    return "".join([_render_node(node) for node in code.nodes])  # (a list joins faster)


SPACES = re.compile(r"[ \t\u00a0\u200b]+")  # each run of these becomes one space
# The same runs, except a lone " " (already one space): most words are parted by one space,
# and every match costs a replacement, so `SPACE_RUNS.sub(" ", t) == SPACES.sub(" ", t)` with
# a fraction of the matches. (A match starts with a non-" " space or with " " and one more.)
SPACE_RUNS = re.compile(r"[\t\u00a0\u200b][ \t\u00a0\u200b]*| [ \t\u00a0\u200b]+")
# Tags the parser left as text (an unclosed `<li>` in a caption): layout, never visible.
_STRAY_TAG = re.compile(
    r"</?(?:li|ul|ol|div|span|br|p|td|tr|th|table|center|small|big|sup|sub)\b[^>]*>",
    re.IGNORECASE,
)


def normalise(text: str) -> str:
    """One space between words, one line per paragraph/item, no empty lines."""
    if "<" in text:  # every stray tag starts with one
        text = _STRAY_TAG.sub(" ", text)
    # Without two spaces in a row or another space character, every run is a lone " ":
    # nothing to replace (most texts; `in` scans much faster than the regex).
    if "  " in text or "\t" in text or "\u00a0" in text or "\u200b" in text:
        text = SPACE_RUNS.sub(" ", text)  # never spans a newline: one pass for all lines
    lines = (line.strip() for line in text.split("\n"))
    return "\n".join(line for line in lines if line and line != "*")


def plain_text(wikitext: str | Wikicode) -> str:
    if isinstance(wikitext, str):
        try:  # the tokens rendered without the node tree; the same text, much cheaper
            return normalise(render_string(wikitext, VISIBLE))
        except Unsupported:
            return reference_plain_text(wikitext)
    return normalise(_render_code(wikitext))


def reference_plain_text(wikitext: str) -> str:
    """The reference path: parse the string into a node tree, then render the nodes."""
    return normalise(_render_code(parse_wikitext(wikitext)))
