"""MediaWiki XML exports (`Special:Export` / dumps): several pages, several revisions each.

Read with expat in chunks so a dump never has to fit in memory. A DOCTYPE or entity
declaration is refused outright: MediaWiki never writes one, and it is how entity-expansion
("billion laughs") and external-entity attacks arrive.
"""

from __future__ import annotations

import xml.parsers.expat
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.errors import InputError, UnknownFormatError
from pipeline.numbers import INT32_MAX, INT64_MAX, ascii_int, why_not_int

_CHUNK = 1 << 20


@dataclass
class DumpRevision:
    title: str
    namespace: int
    revision_id: int | None
    timestamp: str | None
    sha1_base36: str | None
    text: str


@dataclass
class _State:
    path: list[str] = field(default_factory=list)
    buffer: list[str] = field(default_factory=list)
    title: str = ""
    namespace: int = 0
    revision: dict[str, str] = field(default_factory=dict)
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

    def whole_number(text: str, what: str, maximum: int, minimum: int = 0) -> int:
        number = ascii_int(text, maximum)
        if number is None or number < minimum:
            why = why_not_int(text, maximum) if number is None else f"is below {minimum}"
            raise InputError(
                f"{what} {text[:40]!r} {why} (line {parser.CurrentLineNumber})",
                path=origin,
                fix="export the pages again; the file was altered",
            )
        return number

    def refuse(*_: object) -> None:
        raise InputError(
            f"XML export declares a DOCTYPE or entity (line {parser.CurrentLineNumber})",
            path=origin,
            fix="use a plain Special:Export file; DTDs and entities are not accepted",
        )

    def start(name: str, _attrs: dict[str, str]) -> None:
        if not state.path and _local(name) != "mediawiki":
            raise UnknownFormatError(
                f"XML root element is <{_local(name)}>, not a MediaWiki export's <mediawiki>",
                path=origin,
                fix="give a Special:Export XML file, or force another format with --format",
            )
        state.path.append(_local(name))
        state.buffer = []
        if state.path[-1] == "revision":
            state.revision = {}

    def end(name: str) -> None:
        tag = state.path.pop()
        text = "".join(state.buffer)
        state.buffer = []
        parent = state.path[-1] if state.path else ""
        if parent == "page" and tag == "title":
            state.title = text
        elif parent == "page" and tag == "ns":
            state.namespace = whole_number(text or "0", "ns", INT32_MAX)
        elif parent == "revision" and tag in {"id", "timestamp", "sha1", "text"}:
            state.revision[tag] = text
        elif tag == "revision":
            rev = state.revision
            state.done.append(
                DumpRevision(
                    title=state.title,
                    namespace=state.namespace,
                    revision_id=(
                        whole_number(rev["id"], "revision id", INT64_MAX, 1)
                        if rev.get("id")
                        else None
                    ),
                    timestamp=rev.get("timestamp") or None,
                    sha1_base36=rev.get("sha1") or None,
                    text=rev.get("text", ""),
                )
            )

    def chars(data: str) -> None:
        state.buffer.append(data)

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    try:
        for chunk in chunks:
            parser.Parse(chunk, False)
            yield from state.done
            state.done.clear()
        parser.Parse(b"", True)
    except xml.parsers.expat.ExpatError as exc:
        raise InputError(
            f"malformed XML at line {exc.lineno}, column {exc.offset + 1}: "
            f"{xml.parsers.expat.ErrorString(exc.code)}",
            path=origin,
            fix="re-export the pages; the file looks truncated or edited",
        ) from None
    yield from state.done


def iter_dump_file(path: Path) -> Iterator[DumpRevision]:
    def chunks() -> Iterator[bytes]:
        with path.open("rb") as handle:
            while block := handle.read(_CHUNK):
                yield block

    return iter_dump(chunks(), str(path))
