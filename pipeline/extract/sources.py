"""One entry point for every local input: detect the format from content, read, validate.

`read_source(path, ...)` returns an `ImportBatch`: the source file's identity, its page
revisions, and the page/language catalogs an ExportTranslations capture carries.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO, cast

from carcdb.pipeline.errors import InputError, UnknownFormatError
from carcdb.pipeline.extract import apijson, captures, dumps
from carcdb.pipeline.extract.formats import InputFormat as InputFormat  # (re-exported)
from carcdb.pipeline.extract.inputfiles import (
    HashingReader,
    InputText,
    is_stdin,
    iter_chunks,
    open_input,
    read_input_text,
    too_large,
)
from carcdb.pipeline.extract.timestamps import wiki_timestamp
from carcdb.pipeline.extract.titles import namespace_of, normalise_title, resolve_title
from carcdb.pipeline.limits import INPUT, check_revision_size
from carcdb.schemas.findings import Finding, Severity
from carcdb.schemas.pages import (
    CatalogLanguage,
    CatalogPage,
    ImportBatch,
    PageRevision,
    SourceFile,
    SourceKind,
    sha256_text,
)

_HEAD_BYTES = 1 << 16


def detect_format(head: str, origin: str) -> InputFormat:
    """Decide the format from the first part of the content, never from the file name."""
    stripped = head.lstrip()
    if captures.looks_like_view_source(head):
        return InputFormat.VIEW_SOURCE
    if captures.looks_like_export_translations(head) or _export_header(head):
        return InputFormat.EXPORT_TRANSLATIONS
    if dumps.looks_like_xml_export(head):
        return InputFormat.XML
    if apijson.looks_like_api_json(head):
        return InputFormat.API_JSON
    if stripped.startswith("<") and not stripped.startswith(("<!--", "<noinclude", "<includeonly")):
        lowered = stripped[:200].lower()
        if lowered.startswith(("<!doctype", "<html", "<?xml")):
            raise UnknownFormatError(
                "unknown format: markup that is neither a MediaWiki XML export nor wikitext",
                path=origin,
                fix="give a capture, wikitext, a Special:Export XML file or API JSON, "
                "or force one with --format",
            )
    return InputFormat.WIKITEXT


def _export_header(head: str) -> bool:
    # The Group list alone can outgrow the sniffed head; its opening is distinctive enough.
    lines = [line.strip() for line in head.split("\n")[:40]]
    return "Export translations" in lines and "Group" in lines


def _revision(
    title: str,
    base: str,
    language: str,
    text: str,
    kind: SourceKind,
    path: str,
    *,
    where: str | None = None,
    **extra: object,
) -> PageRevision:
    revision_id = extra.get("revision_id")
    named = f"revision {revision_id} of {title!r}" if revision_id else f"the text of {title!r}"
    check_revision_size(text, what=named, origin=where or path)
    return PageRevision.model_validate(
        {
            "title": title,
            "base_title": base,
            "language": language,
            "wikitext": text,
            "source_kind": kind,
            "source_path": path,
            "sha256": sha256_text(text),
            **extra,
        }
    )


def read_source(
    path: Path,
    *,
    title: str | None = None,
    language: str | None = None,
    fmt: InputFormat | None = None,
    known_languages: set[str] | None = None,
) -> ImportBatch:
    """Read one input: a regular file, or stdin for `-`. XML exports are read streaming,
    compressed ones (gzip, bzip2) too; every other format is read whole."""
    if is_stdin(path):
        data = read_input_text(path)
        head = data.text[:_HEAD_BYTES]
        if fmt is InputFormat.XML or (fmt is None and dumps.looks_like_xml_export(head)):
            encoded = data.text.encode("utf-8")
            return _read_xml_chunks(iter([encoded]), data.path, known_languages, data.sha256)
        return _read_text(data, title, language, fmt, known_languages)
    stream, raw = open_input(path)
    try:
        with raw, stream:  # (a decompressing stream does not close the file it reads)
            head_bytes = stream.read(_HEAD_BYTES)
            head = head_bytes.decode("utf-8", errors="replace")
            xml = fmt is InputFormat.XML or (fmt is None and dumps.looks_like_xml_export(head))
            if xml:

                def chunks() -> Iterator[bytes]:
                    yield head_bytes
                    yield from iter_chunks(stream)

                return _read_xml_chunks(chunks(), str(path), known_languages, raw)
    except (OSError, EOFError, zlib.error) as exc:  # a damaged gzip/bzip2 stream
        raise InputError(
            f"cannot decompress: {exc}", path=str(path), fix="download or compress the dump again"
        ) from None
    if stream is not cast(IO[bytes], raw):  # decompressed: only XML exports are
        raise InputError(
            "a compressed file that is not an XML export",
            path=str(path),
            fix="decompress it first; only XML dumps are read compressed (.xml.gz, .xml.bz2)",
        )
    return _read_text(read_input_text(path), title, language, fmt, known_languages)


def _read_text(
    data: InputText,
    title: str | None,
    language: str | None,
    fmt: InputFormat | None,
    known_languages: set[str] | None,
) -> ImportBatch:
    chosen = fmt or detect_format(data.text[:_HEAD_BYTES], data.path)
    if chosen is InputFormat.XML:
        encoded = data.text.encode("utf-8")
        return _read_xml_chunks(iter([encoded]), data.path, known_languages, data.sha256)
    if chosen is InputFormat.API_JSON:
        return _read_api_json(data, known_languages)
    if chosen is InputFormat.VIEW_SOURCE:
        batch = _read_view_source(data, title, language, known_languages)
    elif chosen is InputFormat.EXPORT_TRANSLATIONS:
        batch = _read_export_translations(data, title, language, known_languages)
    else:
        batch = _read_wikitext(data, title, language, known_languages)
    return _main_namespace_only(batch)


def _main_namespace_only(batch: ImportBatch) -> ImportBatch:
    """A capture or wikitext file of a page outside the main namespace (`Template:Tile`, by
    its title's prefix) is recorded as a finding, not stored as a page (XML exports and API
    answers say their pages' namespace themselves)."""
    outside = [rev for rev in batch.revisions if namespace_of(rev.title) != 0]
    if not outside:
        return batch
    findings = [
        _other_namespace(batch.source.sha256, rev.title, namespace_of(rev.title)) for rev in outside
    ]
    kept = tuple(rev for rev in batch.revisions if namespace_of(rev.title) == 0)
    return batch.model_copy(
        update={
            "revisions": kept,
            "source": batch.source.model_copy(update={"revisions": len(kept)}),
            "findings": (*batch.findings, *findings),
        }
    )


def _source(data: InputText, fmt: InputFormat, revisions: int) -> SourceFile:
    return SourceFile(
        sha256=data.sha256,
        path=data.path,
        format=fmt.value,
        size_bytes=data.size_bytes,
        revisions=revisions,
    )


def _read_view_source(
    data: InputText, title: str | None, language: str | None, known: set[str] | None
) -> ImportBatch:
    shown_title, wikitext, whole = captures.read_view_source(data.text, data.path)
    full, base, lang = resolve_title(
        title or shown_title, language, origin=data.path, known_languages=known
    )
    revision = _revision(full, base, lang, wikitext, SourceKind.VIEW_SOURCE, data.path)
    return ImportBatch(
        source=_source(data, InputFormat.VIEW_SOURCE, 1), revisions=(revision,), ends_whole=whole
    )


def _read_export_translations(
    data: InputText, title: str | None, language: str | None, known: set[str] | None
) -> ImportBatch:
    capture = captures.read_export_translations(data.text, data.path)
    catalog_codes = {code for code, _ in capture.languages} | (known or set())
    if title is None:
        raise InputError(
            "an ExportTranslations capture does not print its page title",
            path=data.path,
            fix="pass --title 'Page/lang' (or --title and --lang), or list it in a manifest",
        )
    full, base, lang = resolve_title(
        title, language, origin=data.path, known_languages=catalog_codes or None
    )
    if full == base and language is None:
        raise InputError(
            f"missing --lang: an ExportTranslations capture of {title!r} is a translation",
            path=data.path,
            fix=f"pass --lang CODE or --title '{base}/CODE'",
        )
    revision = _revision(
        full, base, lang, capture.wikitext, SourceKind.EXPORT_TRANSLATIONS, data.path
    )
    return ImportBatch(
        source=_source(data, InputFormat.EXPORT_TRANSLATIONS, 1),
        revisions=(revision,),
        ends_whole=capture.footer_seen,
        catalog_pages=tuple(
            CatalogPage(
                title=normalise_title(t, origin=f"{data.path} (Group list)"), seen_in=data.sha256
            )
            for t in capture.group_titles
        ),
        catalog_languages=tuple(
            CatalogLanguage(code=code, name=name, seen_in=data.sha256)
            for code, name in capture.languages
        ),
    )


def _read_wikitext(
    data: InputText, title: str | None, language: str | None, known: set[str] | None
) -> ImportBatch:
    if title is None:
        raise InputError(
            "plain wikitext does not name its page",
            path=data.path,
            fix="pass --title 'Page' (and --lang), or list the file in a manifest",
        )
    full, base, lang = resolve_title(title, language, origin=data.path, known_languages=known)
    revision = _revision(full, base, lang, data.text, SourceKind.WIKITEXT, data.path)
    return ImportBatch(source=_source(data, InputFormat.WIKITEXT, 1), revisions=(revision,))


def _read_api_json(data: InputText, known: set[str] | None) -> ImportBatch:
    pages = apijson.read_api_json(data.text, data.path)
    revisions = []
    findings = [
        _import_finding(
            data.sha256,
            "import.missing-page",
            f"the API response lists {title!r} as missing or invalid",
            title or None,
        )
        for title in pages.missing
    ]
    for item in pages.revisions:
        sha1_matches = apijson.sha1_matches(item.text, item.sha1, required=False)
        revision = _wiki_revision(
            item.title,
            item.text,
            item.revision_id,
            item.timestamp,
            sha1_matches,
            SourceKind.API_JSON,
            data.path,
            known,
        )
        namespace = item.namespace
        if namespace is None:
            namespace = namespace_of(revision.title)
        if namespace != 0:
            findings.append(_other_namespace(data.sha256, revision.title, namespace))
            continue
        revisions.append(revision)
    return ImportBatch(
        source=_source(data, InputFormat.API_JSON, len(revisions)),
        revisions=tuple(revisions),
        findings=tuple(findings),
    )


def _import_finding(sha256: str, code: str, message: str, title: str | None) -> Finding:
    """A finding about an input file's data (stored under the file: `source_key`)."""
    return Finding(
        severity=Severity.WARNING,
        code=code,
        message=message,
        stage="import",
        title=title,
        revision_key=source_key(sha256),
    )


def _other_namespace(sha256: str, title: str, namespace: int) -> Finding:
    return _import_finding(
        sha256,
        "import.other-namespace",
        f"{title!r} is a page of namespace {namespace}, not of the main namespace (0) where "
        "the wiki's articles are: recorded here, not imported or parsed",
        title,
    )


def source_key(sha256: str) -> str:
    """The key import findings are stored under: they belong to a file, not a revision."""
    return f"src:{sha256}"


def _wiki_revision(
    title: str,
    text: str,
    revision_id: int | None,
    timestamp: str | None,
    sha1_matches: bool,
    kind: SourceKind,
    origin: str,
    known: set[str] | None,
    where: str | None = None,
) -> PageRevision:
    """A revision that names its own page (XML export, API JSON), its sha1 already compared.
    `origin` is the file (the revision's provenance), `where` the place errors name."""
    where = where or origin
    full, base, lang = resolve_title(title, None, origin=where, known_languages=known)
    if not sha1_matches:
        raise InputError(
            f"revision {revision_id} of {title!r}: sha1 does not match its text",
            path=where,
            fix="fetch or export the page again; the file was altered or truncated",
        )
    if timestamp is not None:
        what = f"the timestamp of revision {revision_id} of {title!r}"
        timestamp = wiki_timestamp(timestamp, origin=where, what=what)
    return _revision(
        full,
        base,
        lang,
        text,
        kind,
        origin,
        where=where,
        revision_id=revision_id,
        timestamp=timestamp,
    )


def _base36_sha1(text: str) -> str:
    number = int.from_bytes(hashlib.sha1(text.encode("utf-8")).digest(), "big")
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while number:
        number, rest = divmod(number, 36)
        out = digits[rest] + out
    return out.rjust(31, "0")


def _read_xml_chunks(
    chunks: Iterator[bytes], origin: str, known: set[str] | None, source: HashingReader | str
) -> ImportBatch:
    """Revisions of an XML export read chunk by chunk. `source` is the reader that hashed
    the file's bytes (a file), or the sha256 of text already read whole (stdin)."""
    revisions: list[PageRevision] = []
    # (title, namespace, revision id) of revisions recorded, not stored: their findings are
    # made once the file's hash is known, after the last byte.
    other_namespace: list[tuple[str, int]] = []
    deleted: list[tuple[str, int | None]] = []
    size = 0
    limit = INPUT.bytes()

    def counted() -> Iterator[bytes]:
        nonlocal size
        for block in chunks:
            size += len(block)
            if size > limit:  # (decompressed: a small .gz can hold far more)
                raise too_large(origin, limit, "XML export (decompressed)")
            yield block

    for item in dumps.iter_dump(counted(), origin):
        where = f"{origin} (line {item.line})"
        if item.namespace != 0:
            title = normalise_title(item.title, origin=where)
            if (title, item.namespace) not in other_namespace:
                other_namespace.append((title, item.namespace))
            continue
        if item.deleted:
            deleted.append((normalise_title(item.title, origin=where), item.revision_id))
            continue
        sha1_matches = item.sha1_base36 is None or _base36_sha1(item.text) == item.sha1_base36
        revisions.append(
            _wiki_revision(
                item.title,
                item.text,
                item.revision_id,
                item.timestamp,
                sha1_matches,
                SourceKind.XML_DUMP,
                origin,
                known,
                where,
            )
        )
    if size == 0:
        raise InputError("file is empty", path=origin, fix="export the pages again")
    if isinstance(source, HashingReader):
        sha256, size_bytes = source.digest.hexdigest(), source.size
    else:
        sha256, size_bytes = source, size
    findings = [_other_namespace(sha256, title, ns) for title, ns in other_namespace]
    findings += [
        _import_finding(
            sha256,
            "import.text-deleted",
            f"revision {revision_id} of {title!r} has its text deleted on the wiki "
            '(<text deleted="deleted"/>): recorded here, not stored as a revision',
            title,
        )
        for title, revision_id in deleted
    ]
    return ImportBatch(
        source=SourceFile(
            sha256=sha256,
            path=origin,
            format=InputFormat.XML.value,
            size_bytes=size_bytes,
            revisions=len(revisions),
        ),
        revisions=tuple(revisions),
        findings=tuple(findings),
    )
