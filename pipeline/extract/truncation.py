"""Captures that end before their page does: a half-saved file must not pass for the page.

A browser capture that was cut short (a download stopped, `head -c`, a full disk) is still
text, and once stored it would become its page's current revision and every tile list after
the cut would silently disappear. Two signs say a capture is whole:

- its page chrome after the wikitext ("Retrieved from ...", "Navigation menu", ...): the
  capture reached the end of the web page, so the wikitext in it is whole, however it ends;
- without chrome (many captures hold the wikitext alone), its wikitext does not stop inside
  something that is still open: a comment, a `<ref>`, a link, a table, a template (the last
  `{{` has no `}}` after it, or the text stops inside a `{{...}}` nested in it), or a tile
  list whose entries run to the very end.

A capture with neither is refused (`InputError`); the check reads the text once, backwards
from its end. It cannot see a cut between two complete paragraphs; for that, a revision that
loses every tile list or rules block of the revision before it fails a check
(`pipeline.checks.history`), and a capture whose text is the beginning of the page's stored
revision is refused when it is stored (`pipeline.run.build`).
"""

from __future__ import annotations

import re

_REF_OPEN = re.compile(r"<ref\b[^>]*?(/?)>", re.IGNORECASE)
_REF_CLOSE = re.compile(r"</ref\s*>", re.IGNORECASE)
_LIST_START = re.compile(r"\{\{\s*BeginTileList\b", re.IGNORECASE)
_LIST_END = re.compile(r"\{\{\s*EndTileList\b", re.IGNORECASE)
_LAST_LINE_ENTRY = re.compile(r"\{\{\s*Tile\s*\|")
_TABLE_OPEN = re.compile(r"^\s*\{\|", re.MULTILINE)
_TABLE_CLOSE = re.compile(r"^\s*\|\}", re.MULTILINE)
_BRACES = re.compile(r"\{\{|\}\}")
# How far back from the end a template may open and still count as "the text stops inside
# it": far enough for a long tile entry or rules template, near enough that a template left
# unclosed in the middle of a page (a missing brace, which MediaWiki shows as text) does not.
_TEMPLATE_WINDOW = 4000


def _last(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    found = None
    for found in pattern.finditer(text):  # noqa: B007 (the last match is what is wanted)
        pass
    return found


def _line_of(text: str, offset: int) -> str:
    """Where `offset` is, for a message: a line of the wikitext, or a character of it when
    it is one line (ExportTranslations captures flatten it)."""
    if "\n" not in text:
        return f"character {offset + 1} of the (one-line) wikitext"
    return f"line {text.count(chr(10), 0, offset) + 1} of the wikitext"


def open_at_end(text: str) -> str | None:
    """What the text stops inside of ("a <ref> opened at line 212"), or None."""
    body = text.rstrip()
    if not body:
        return None
    comment = body.rfind("<!--")
    if comment >= 0 and body.find("-->", comment) < 0:
        return f"an HTML comment opened at {_line_of(body, comment)}"
    opened = [m for m in _REF_OPEN.finditer(body) if not m.group(1)]
    closed = _last(_REF_CLOSE, body)
    if opened and (closed is None or opened[-1].start() > closed.start()):
        return f"a <ref> opened at {_line_of(body, opened[-1].start())}"
    link = body.rfind("[[")
    if link >= 0 and body.find("]]", link) < 0:
        return f"a link opened at {_line_of(body, link)}"
    table = _last(_TABLE_OPEN, body)
    table_end = _last(_TABLE_CLOSE, body)
    if table and (table_end is None or table.start() > table_end.start()):
        return f"a table opened at {_line_of(body, table.start())}"
    template = _open_template(body)
    if template is not None:
        return f"a template opened at {_line_of(body, template)}"
    begin, end = _last(_LIST_START, body), _last(_LIST_END, body)
    last_line = body[body.rfind("\n") + 1 :]
    list_open = begin is not None and (end is None or begin.start() > end.start())
    if begin and list_open and _LAST_LINE_ENTRY.search(last_line):
        return f"a tile list opened at {_line_of(body, begin.start())}"
    return None


def _open_template(body: str) -> int | None:
    """Where the innermost template still open at the end starts, if it starts within the
    last `_TEMPLATE_WINDOW` characters (braces counted backwards from the end), unless a
    sibling follows it: a later line that starts the same template (or a tile list's end
    after a tile entry) means the text went on past it, so a brace is missing there (a
    defect MediaWiki shows as text, reported by the parse), not the rest of the page."""
    start = max(0, len(body) - _TEMPLATE_WINDOW)
    balance = 0  # closers minus openers, from the end back to here
    for match in reversed(list(_BRACES.finditer(body, start))):
        balance += 1 if match.group(0) == "}}" else -1
        if balance < 0:
            return None if _sibling_follows(body, match.start()) else match.start()
    return None


_NAME = re.compile(r"\{\{\s*([^|{}\n]*?)\s*(?:\||\}|\n|$)")


def _sibling_follows(body: str, opened: int) -> bool:
    found = _NAME.match(body, opened)
    name = found.group(1) if found else ""
    if not name:
        return False
    later = body[opened + 2 :]
    sibling = re.compile(rf"\n\s*\{{\{{\s*{re.escape(name)}\s*[|}}]", re.IGNORECASE)
    if sibling.search(later):
        return True
    return name.lower() == "tile" and _LIST_END.search(later) is not None


def is_truncated_capture(wikitext: str, chrome_after: bool) -> str | None:
    """Why a capture looks cut short (`open_at_end` of a capture without closing chrome)."""
    return None if chrome_after else open_at_end(wikitext)
