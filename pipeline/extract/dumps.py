"""MediaWiki XML exports (`Special:Export` / dumps): several pages, several revisions each.

Read with expat in chunks so a dump never has to fit in memory. A DOCTYPE or entity
declaration is refused outright: MediaWiki never writes one, and it is how entity-expansion
("billion laughs") and external-entity attacks arrive.

The structure is checked as the export format (export-0.11.xsd) has it, so that a hostile or
damaged file cannot pass for pages it does not hold:

- a `<page>` has its own `<title>` (a page without one used to take the previous page's);
- the fields read (`title`, `ns`, a revision's `id`, `timestamp`, `sha1` and `text`) hold
  character data only: an element inside one is refused, naming its line (expat would
  otherwise hand over the text around it and drop the element's);
- `<text deleted="deleted"/>` (a revision whose text was hidden by revision deletion) is a
  deleted revision (`DumpRevision.deleted`), not an empty one; a revision without `<text>` is
  refused;
- each field comes once: a second `<title>` or `<ns>` in one `<page>`, or a second field in one
  `<revision>`, is refused (the last one used to win silently);
- only the characters of those fields are kept, each within its bound
  (`pipeline.limits.REVISION` for a text, `XML_TOKEN` for the others): whitespace between
  elements, however much of it, costs no memory;
- one XML token (a comment, a tag) may not outgrow `XML_TOKEN`: expat 2.5 scans an unfinished
  token again with every chunk fed to it, so a huge comment cost quadratic time.
"""

from __future__ import annotations

import xml.parsers.expat
from collections.abc import Iterator
from dataclasses import dataclass, field

from carcdb.pipeline.errors import InputError, UnknownFormatError, malformed_xml
from carcdb.pipeline.limits import REVISION, XML_TOKEN, megabytes
from carcdb.pipeline.numbers import INT32_MAX, INT64_MAX, ascii_int, why_not_int

_CHUNK = 1 << 20
# (parent, element) of every field read; anything else is skipped.
_FIELDS = {
    ("page", "title"),
    ("page", "ns"),
    ("revision", "id"),
    ("revision", "timestamp"),
    ("revision", "sha1"),
    ("revision", "text"),
}
_FIX = "export the pages again; the file was altered"


@dataclass
class DumpRevision:
    title: str
    namespace: int
    revision_id: int | None
    timestamp: str | None
    sha1_base36: str | None
    text: str
    deleted: bool = False  # `<text deleted="deleted"/>`: the wiki hid this revision's text
    line: int = 0  # where the revision ends in the file


@dataclass
class _State:
    path: list[str] = field(default_factory=list)
    buffer: list[str] = field(default_factory=list)
    buffered: int = 0  # characters in `buffer`
    capture: tuple[str, str] | None = None  # the field being read
    title: str | None = None
    namespace: int = 0
    page_fields: set[str] = field(default_factory=set)  # the `<page>`'s fields read so far
    revision: dict[str, str] = field(default_factory=dict)
    deleted: bool = False
    done: list[DumpRevision] = field(default_factory=list)


def looks_like_xml_export(text: str) -> bool:
    """Any XML document: the reader itself refuses DTDs and roots other than <mediawiki>."""
    head = text.lstrip()[:200].lower()
    if head.startswith("<!doctype"):
        return not head[len("<!doctype") :].lstrip().startswith("html")
    return head.startswith(("<?xml", "<mediawiki"))


def _local(name: str) -> str:
    return name.rsplit(" ", 1)[-1].rsplit("}", 1)[-1]


def iter_dump(chunks: Iterator[bytes], origin: str) -> Iterator[DumpRevision]:
    parser = xml.parsers.expat.ParserCreate(namespace_separator=" ")
    state = _State()
    text_limit = REVISION.bytes()
    field_limit = XML_TOKEN.bytes()

    def refuse(message: str, fix: str = _FIX) -> InputError:
        return InputError(f"{message} (line {parser.CurrentLineNumber})", path=origin, fix=fix)

    def whole_number(text: str, what: str, maximum: int, minimum: int = 0) -> int:
        number = ascii_int(text, maximum)
        if number is None or number < minimum:
            why = why_not_int(text, maximum) if number is None else f"is below {minimum}"
            raise refuse(f"{what} {text[:40]!r} {why}")
        return number

    def declared(*_: object) -> None:
        raise refuse(
            "XML export declares a DOCTYPE or entity",
            "use a plain Special:Export file; DTDs and entities are not accepted",
        )

    def start(name: str, attrs: dict[str, str]) -> None:
        tag = _local(name)
        if not state.path and tag != "mediawiki":
            raise UnknownFormatError(
                f"XML root element is <{tag}>, not a MediaWiki export's <mediawiki>",
                path=origin,
                fix="give a Special:Export XML file, or force another format with --format",
            )
        if state.capture is not None:
            raise refuse(
                f"element <{tag}> inside <{state.capture[1]}>, which holds text only in "
                "MediaWiki's export format"
            )
        parent = state.path[-1] if state.path else ""
        state.path.append(tag)
        if tag == "page":
            state.title, state.namespace = None, 0
            state.page_fields = set()
        elif tag == "revision":
            state.revision, state.deleted = {}, False
            if state.title is None:
                raise refuse("a <revision> of a <page> without a <title> before it")
        if (parent, tag) in _FIELDS:
            seen = state.page_fields if parent == "page" else state.revision
            if tag in seen:
                raise refuse(f"a second <{tag}> in one <{parent}>")
            state.capture = (parent, tag)
            state.buffer, state.buffered = [], 0
            if tag == "text" and attrs.get("deleted") == "deleted":
                state.deleted = True

    def end(name: str) -> None:
        tag = state.path.pop()
        parent = state.path[-1] if state.path else ""
        if state.capture == (parent, tag):
            text = "".join(state.buffer)
            state.capture, state.buffer, state.buffered = None, [], 0
            if parent == "page":
                state.page_fields.add(tag)
            if (parent, tag) == ("page", "title"):
                state.title = text
            elif (parent, tag) == ("page", "ns"):
                state.namespace = whole_number(text or "0", "ns", INT32_MAX)
            else:
                state.revision[tag] = text
        elif tag == "revision":
            state.done.append(finished_revision())
        elif tag == "page" and state.title is None:
            raise refuse("a <page> without a <title>")

    def finished_revision() -> DumpRevision:
        rev = state.revision
        assert state.title is not None  # (checked when the revision started)
        revision_id = (
            whole_number(rev["id"], "revision id", INT64_MAX, 1) if rev.get("id") else None
        )
        if "text" not in rev:
            raise refuse(f"revision {revision_id} of {state.title!r} has no <text>")
        return DumpRevision(
            title=state.title,
            namespace=state.namespace,
            revision_id=revision_id,
            timestamp=rev.get("timestamp") or None,
            sha1_base36=rev.get("sha1") or None,
            text="" if state.deleted else rev["text"],
            deleted=state.deleted,
            line=parser.CurrentLineNumber,
        )

    def chars(data: str) -> None:
        if state.capture is None:
            return  # whitespace between elements, text of fields not read: not kept
        state.buffered += len(data)
        # A character is at least one byte: past the limit in characters is past it in bytes.
        limit = text_limit if state.capture[1] == "text" else field_limit
        if state.buffered > limit:
            what = f"the <{state.capture[1]}> of {state.title!r}" if state.title else "a field"
            bound = REVISION if state.capture[1] == "text" else XML_TOKEN
            raise refuse(
                f"{what} is larger than {megabytes(limit)}",
                f"export the pages again, or raise the limit with {bound.env} (in MB)",
            )
        state.buffer.append(data)

    parser.StartDoctypeDeclHandler = declared
    parser.EntityDeclHandler = declared
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    fed = 0
    try:
        for chunk in chunks:
            parser.Parse(chunk, False)
            fed += len(chunk)
            # Past the last event lies one unfinished token (a comment, a tag): expat rescans
            # it with every chunk, so it is bounded (see the module's docstring).
            if fed - parser.CurrentByteIndex > field_limit + _CHUNK:
                raise refuse(
                    f"one XML token (a comment or a tag) is larger than {megabytes(field_limit)}",
                    f"export the pages again, or raise the limit with {XML_TOKEN.env} (in MB)",
                )
            yield from state.done
            state.done.clear()
        parser.Parse(b"", True)
    except xml.parsers.expat.ExpatError as exc:
        raise malformed_xml(
            exc, path=origin, fix="re-export the pages; the file looks truncated or edited"
        ) from None
    yield from state.done
