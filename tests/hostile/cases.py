"""Hostile input files, each as (name, bytes, extra CLI arguments, what the error says).

Grows with every bug: add the input that broke carcdb here, with the message it should give.
"""

from __future__ import annotations

import bz2
import gzip
import json
from typing import Any

from tests.conftest import FIXTURES, SAMPLE

BASE_GAME = SAMPLE / "002_bf3e05963fce1bff.txt"
EXPORT_XML = (FIXTURES / "inputs" / "export.xml").read_text("utf-8")


def _api(pages: Any) -> bytes:
    return json.dumps({"batchcomplete": True, "query": {"pages": pages}}).encode()


def _revision(**fields: Any) -> dict[str, Any]:
    return {"title": "Base game/de", "revisions": [fields]}


VIEW_SOURCE_HEAD = "View source for Base game/ro\n\n"


def _xml(*pages: str) -> bytes:
    """A MediaWiki export holding `pages` (each the inside of one <page>)."""
    body = "".join(f"<page>{page}</page>" for page in pages)
    return (
        f'<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/">{body}</mediawiki>'.encode()
    )


def _xml_revision(revid: int = 1, text: str = "== T ==", extra: str = "") -> str:
    return f"<revision><id>{revid}</id>{extra}<text>{text}</text></revision>"


TITLED = "<title>Base game/de</title><ns>0</ns>"

# (case id, file bytes, extra arguments, a fragment of the one-line error)
IMPORT_CASES: list[tuple[str, bytes, list[str], str]] = [
    ("empty", b"", ["--title", "X"], "file is empty"),
    ("blank", b" \n\t\n", ["--title", "X"], "file is empty"),
    ("binary", b"\x00\x01\x02abc", ["--title", "X"], "NUL byte at offset 0"),
    ("bad-utf8", b"== A ==\n\xff\xfe", ["--title", "X"], "invalid UTF-8 at byte offset 8"),
    ("utf16-bom", "== A ==".encode("utf-16"), ["--title", "X"], "UTF-16"),
    ("gzip-text", gzip.compress(b"== A ==\ntext"), ["--title", "X"], "compressed file that is not"),
    ("gzip-damaged", b"\x1f\x8b\x08\x00junk", ["--title", "X"], "cannot decompress"),
    ("bzip2-text", bz2.compress(b"== A ==\ntext"), ["--title", "X"], "compressed file that is not"),
    ("view-source-empty", VIEW_SOURCE_HEAD.encode(), [], "holds no wikitext"),
    ("html-page", b"<!DOCTYPE html><html><body>x</body></html>", [], "unknown format"),
    (
        "xml-entity-bomb",
        b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 '
        b'"&lol;&lol;&lol;">]><mediawiki>&lol2;</mediawiki>',
        [],
        "DOCTYPE or entity",
    ),
    (
        "xml-external-entity",
        b'<?xml version="1.0"?><!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        b"<mediawiki>&x;</mediawiki>",
        [],
        "DOCTYPE or entity",
    ),
    ("title-dotdot", b"== T ==", ["--title", "A/../B"], "relative path"),
    ("title-control", b"== T ==", ["--title", "Base\x07game"], "control characters"),
    ("title-bidi", b"== T ==", ["--title", "Base \u202egame"], "U+202E"),
    ("title-zero-width", b"== T ==", ["--title", "Base\u200bgame"], "U+200B"),
    ("title-forbidden", b"== T ==", ["--title", "Base [game]"], "wiki titles cannot hold"),
    ("wikitext-no-title", b"== T ==", [], "--title"),
    (
        "export-missing-lang",
        (SAMPLE / "004_463e2d43ade5f599.txt").read_bytes(),
        ["--title", "Abbey and the Mayor"],
        "missing --lang",
    ),
    (
        "truncated-capture",
        BASE_GAME.read_bytes()[:25534],
        [],
        "looks cut short",
    ),
    (
        "truncated-in-template",
        BASE_GAME.read_bytes()[:49000],
        [],
        "looks cut short",
    ),
    (
        "xml-revid-2-to-63",
        EXPORT_XML.replace("<id>5001</id>", f"<id>{2**63}</id>").encode(),
        [],
        "beyond 9,223,372,036,854,775,807",
    ),
    (
        "xml-revid-superscript",
        EXPORT_XML.replace("<id>5001</id>", "<id>5\u00b2</id>").encode(),
        [],
        "not a whole number in ASCII digits",
    ),
    (
        "xml-revid-zero",
        EXPORT_XML.replace("<id>5001</id>", "<id>0</id>").encode(),
        [],
        "is below 1",
    ),
    ("xml-cut", EXPORT_XML.encode()[:300], [], "malformed XML"),
    ("api-revisions-dict", _api([{"title": "A/de", "revisions": {"a": 1}}]), [], "not a list"),
    ("api-revisions-string", _api([{"title": "A/de", "revisions": "x"}]), [], "not a list"),
    ("api-revisions-null", _api([{"title": "A/de", "revisions": None}]), [], "not a list"),
    ("api-pages-string", _api("pages"), [], "'query.pages' is str"),
    ("api-title-number", _api([{"title": 5, "revisions": []}]), [], "not a string"),
    (
        "api-slots-string",
        _api([_revision(revid=5, slots="main")]),
        [],
        "'slots' is str",
    ),
    (
        "api-slots-main-list",
        _api([_revision(revid=5, slots={"main": []})]),
        [],
        "'slots.main' is not an object",
    ),
    ("api-revid-huge", _api([_revision(revid=2**63, content="x")]), [], "malformed revid"),
    ("api-revid-bool", _api([_revision(revid=True, content="x")]), [], "malformed revid"),
    ("api-revid-string", _api([_revision(revid="5", content="x")]), [], "malformed revid"),
    (
        "api-lone-surrogate",
        b'{"query": {"pages": [{"title": "A/de", "revisions": '
        b'[{"revid": 5, "content": "x\\udc00y"}]}]}}',
        [],
        "lone surrogate",
    ),
    (
        "api-deep-nesting",
        b'{"query": {"pages": ' + b"[" * 1000 + b"]" * 1000 + b"}}",
        [],
        "nested more than 64 levels",
    ),
    ("api-duplicate-key", b'{"query": {"pages": []}, "query": {"pages": []}}', [], "duplicate key"),
    ("api-nan", b'{"query": {"pages": [], "x": NaN}}', [], "NaN is not a JSON number"),
    (
        "api-huge-integer",
        b'{"query": {"pages": [], "x": ' + b"9" * 5000 + b"}}",
        [],
        "an integer of 5000 digits",
    ),
    # structure (docs/hardening.md): a page without a title took the previous page's and replaced it
    ("xml-page-no-title", _xml(f"<ns>0</ns>{_xml_revision()}"), [], "without a <title>"),
    (
        "xml-second-page-no-title",
        _xml(TITLED + _xml_revision(1), _xml_revision(2, "== replaced ==")),
        [],
        "without a <title>",
    ),
    (
        "xml-element-in-text",
        _xml(TITLED + _xml_revision(text="== T ==<b>lost</b> text")),
        [],
        "element <b> inside <text>",
    ),
    (
        "xml-element-in-title",
        _xml(f"<title>A<i>B</i></title>{_xml_revision()}"),
        [],
        "inside <title>",
    ),
    ("xml-no-text", _xml(TITLED + "<revision><id>1</id></revision>"), [], "has no <text>"),
    # a field given twice: the last one used to win silently (another page's title, text)
    (
        "xml-page-two-titles",
        _xml(TITLED + "<title>Other page/de</title>" + _xml_revision()),
        [],
        "a second <title> in one <page>",
    ),
    (
        "xml-revision-two-texts",
        _xml(TITLED + _xml_revision(text="== one ==", extra="<text>== two ==</text>")),
        [],
        "a second <text> in one <revision>",
    ),
    (
        "xml-revision-two-ids",
        _xml(TITLED + _xml_revision(extra="<id>2</id>")),
        [],
        "a second <id> in one <revision>",
    ),
    (
        "xml-timestamp-words",
        _xml(TITLED + _xml_revision(extra="<timestamp>yesterday</timestamp>")),
        [],
        "not an ISO 8601 UTC time",
    ),
    (
        "xml-timestamp-not-utc",
        _xml(TITLED + _xml_revision(extra="<timestamp>2024-03-01T10:00:00+02:00</timestamp>")),
        [],
        "not an ISO 8601 UTC time",
    ),
    (
        "xml-timestamp-no-such-day",
        _xml(TITLED + _xml_revision(extra="<timestamp>2024-02-30T10:00:00Z</timestamp>")),
        [],
        "'2024-02-30T10:00:00Z' is not an ISO 8601 UTC time",
    ),
    (
        "xml-one-revision-two-texts",
        _xml(TITLED + _xml_revision(5, "== one ==") + _xml_revision(5, "== two ==")),
        [],
        "one revision id with two texts",
    ),
    (
        "api-timestamp-words",
        _api([_revision(revid=5, content="x", timestamp="last week")]),
        [],
        "not an ISO 8601 UTC time",
    ),
    # titles (docs/hardening.md): look-alikes of a page became new pages; NEL split the title line
    ("title-soft-hyphen", b"== T ==", ["--title", "Base\u00adgame"], "U+00AD"),
    ("title-word-joiner", b"== T ==", ["--title", "Base\u2060game"], "U+2060"),
    ("title-tag-character", b"== T ==", ["--title", "Base game\U000e0041"], "U+E0041"),
    ("title-variation-selector", b"== T ==", ["--title", "Base\ufe0fgame"], "U+FE0F"),
    ("title-70000-characters", b"== T ==", ["--title", "B" * 70_000], "MediaWiki's titles hold"),
    ("title-percent-escape", b"== T ==", ["--title", "Base%20game"], "escape '%20'"),
    (
        "view-source-title-nel",
        (
            "View source for Base game\x85/ro\n\n== T ==\ntext\n"
            'Retrieved from "https://wikicarpedia.com/car/Base_game/ro"\n'
        ).encode(),
        [],
        "U+0085",
    ),
    (
        "view-source-title-form-feed",
        (
            b"View source for Base game\x0c/ro\n\n== T ==\ntext\n"
            b'Retrieved from "https://wikicarpedia.com/car/Base_game/ro"\n'
        ),
        [],
        "U+000C",
    ),
]


# Output paths (docs/hardening.md). OUT stands for the hostile path in each command's arguments;
# each command: (arguments, whether it takes --db, whether it writes a folder).
OUT = "{out}"
OUTPUT_COMMANDS: dict[str, tuple[list[str], bool, bool]] = {
    "export-sqlite": (["export", "-f", "sqlite", "-o", OUT], True, False),
    "export-duckdb": (["export", "-f", "duckdb", "-o", OUT], True, False),
    "export-jcz": (["export", "-f", "jcz", "--products", "Base Game", "-o", OUT], True, False),
    "engine-config": (
        ["engine-config", "--page", "Base game", "--edition", "C3", "--out", OUT],
        True,
        False,
    ),
    "draw": (["draw", "--tile", "Base Game/D", "-o", OUT], False, False),
    "export-csv": (["export", "-f", "csv", "-o", OUT], True, True),
    "export-parquet": (["export", "-f", "parquet", "-o", OUT], True, True),
    "export-jsonl": (["export", "-f", "jsonl", "-o", OUT], True, True),
    "report": (["report", "-o", OUT], True, True),
    "simulate": (["simulate", "--games", "1", "--out", OUT], True, True),
    "draw-all": (["draw", "--all", "-o", OUT], False, True),
    "gen-corpus": (["gen-corpus", "--pages", "1", "--lang-count", "1", "--out", OUT], False, True),
}
# Each hostile target (made by tests/hostile/test_outputs.py) and what its refusal says.
OUTPUT_TARGETS: dict[str, str | dict[str, str]] = {
    "device": "is a character device",
    "fifo": "is a FIFO",
    "warehouse": {"db": "is the warehouse", "file": "is a DuckDB database that is not",
                  "folder": "is a file where a folder is written"},
    "hard-link": {"db": "is the warehouse", "file": "is a DuckDB database that is not",
                  "folder": "is a file where a folder is written"},
    "symlink": {"db": "is the warehouse", "file": "is a symbolic link",
                "folder": "is a symbolic link"},
    "symlink-to-file": "is a symbolic link",
    "wal": "is the .wal file of the DuckDB database",
    "empty": "an empty output path",
    "proc": "is in /proc",
    "sys": "is in /sys",
    "too-long": "the path is too long",
    "path-too-long": "the path is too long",
    "under-a-file": "is not a folder, so nothing can be written under it",
    "wrong-type": {"file": "is a folder where a file is written",
                   "folder": "is a file where a folder is written"},
    "foreign": {"file": "is a file that is not",
                "folder": "is a folder holding files that are not"},
    "working-folder": {"file": "is a folder where a file is written",
                       "folder": "is the working folder"},
}  # fmt: skip
# In `make test`: each target with the sqlite export, and each command on the warehouse (or,
# without a --db, on a device node); the whole matrix in `make test-all`.
FAST_OUTPUT_CASES = {("export-sqlite", target) for target in OUTPUT_TARGETS} | {
    (command, "warehouse" if takes_db else "device")
    for command, (_args, takes_db, _folder) in OUTPUT_COMMANDS.items()
}
