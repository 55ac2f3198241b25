"""Reading input files (text and JSON) with clear errors: empty, binary, bad UTF-8, bad JSON.

Every reader of a user-supplied file or of stdin goes through here, so each failure is an
`InputError` naming the file, the position and the fix, never a traceback, and files and
stdin follow one rule:

- only regular files are read (a FIFO, `/dev/zero` or a socket is refused before it is
  opened: reading one could block or never end); stdin is read when the user says `-`;
- at most `pipeline.limits.INPUT` bytes (`CARCDB_MAX_INPUT_MB`) of one input are read, and
  reading stops at the first NUL byte: `score - < /dev/zero` ends at once;
- the bytes are UTF-8, with or without a byte-order mark; UTF-16/32 (a BOM of theirs) and
  invalid UTF-8 are refused with the byte offset;
- JSON is strict: no duplicate keys (Python's decoder keeps the last one silently), no
  `NaN`/`Infinity`, integers of at most `MAX_INT_DIGITS` digits, nesting at most
  `MAX_JSON_DEPTH` deep (a deeper document exhausts the recursion of the decoders and of
  validation), checked before decoding.

Compressed dumps (`.gz`, `.bz2`) are recognised by their magic bytes and read streaming by
the XML reader (`pipeline.extract.sources`); `open_input` is the one place that opens them.
"""

from __future__ import annotations

import bz2
import gzip
import hashlib
import json
import re
import stat
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, TypeVar, cast

from pydantic import BaseModel, ValidationError

from carcdb.pipeline.errors import InputError
from carcdb.pipeline.limits import INPUT, megabytes

STDIN = "-"
STDIN_NAME = "<stdin>"
MAX_JSON_DEPTH = 64
MAX_INT_DIGITS = 40
_BOMS = {
    b"\xff\xfe\x00\x00": "UTF-32",
    b"\x00\x00\xfe\xff": "UTF-32",
    b"\xff\xfe": "UTF-16",
    b"\xfe\xff": "UTF-16",
}
GZIP_MAGIC = b"\x1f\x8b"
BZIP2_MAGIC = b"BZh"


@dataclass(frozen=True)
class InputText:
    path: str
    text: str
    sha256: str
    size_bytes: int


def is_stdin(path: Path | str) -> bool:
    return str(path) == STDIN


def require_regular_file(path: Path) -> None:
    """Refuse what is not a regular file before opening it: a directory, a FIFO (opening one
    waits for a writer), a device (`/dev/zero` never ends), a socket, or nothing at all."""
    origin = str(path)
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise InputError("no such file", path=origin, fix="check the path") from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path=origin) from None
    if stat.S_ISDIR(mode):
        raise InputError(
            "is a directory", path=origin, fix="name the files, or use --corpus DIR"
        ) from None
    if not stat.S_ISREG(mode):
        kind = (
            "a FIFO"
            if stat.S_ISFIFO(mode)
            else "a device"
            if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a socket"
            if stat.S_ISSOCK(mode)
            else "not a regular file"
        )
        raise InputError(
            f"is {kind}, not a regular file: not read",
            path=origin,
            fix="save the input to a file, or pipe it to `-` (stdin)",
        )


def _refuse_by_head(data: bytes, origin: str) -> None:
    """Refuse what the first bytes already show is not UTF-8 text: a UTF-16/32 byte-order
    mark, or compressed data."""
    for bom, encoding in _BOMS.items():
        if data.startswith(bom):
            raise InputError(
                f"the file is {encoding} (it starts with a {encoding} byte-order mark)",
                path=origin,
                fix="save the file as UTF-8",
            )
    if data.startswith((GZIP_MAGIC, BZIP2_MAGIC)):
        raise InputError(
            "compressed data where text belongs",
            path=origin,
            fix="decompress it first; only XML dumps are read compressed (.xml.gz, .xml.bz2)",
        )


def _binary(offset: int, origin: str) -> InputError:
    return InputError(
        f"binary file (NUL byte at offset {offset})",
        path=origin,
        fix="give a text capture, wikitext, XML export or API JSON",
    )


def too_large(origin: str, limit: int, what: str = "input") -> InputError:
    """The input passed `pipeline.limits.INPUT` (read no further)."""
    return InputError(
        f"the {what} is larger than {megabytes(limit)}, the limit of one input",
        path=origin,
        fix=f"split it, or raise the limit with {INPUT.env} (in MB)",
    )


def read_input_bytes(path: Path) -> bytes:
    """The bytes of a regular file, or of stdin for `-`, at most `pipeline.limits.INPUT` of them:
    a larger input (or a stdin that never ends, such as `/dev/zero`) is refused once the limit
    is passed, and a NUL byte (binary data, which no text input holds) as soon as it is read."""
    limit = INPUT.bytes()
    origin = STDIN_NAME if is_stdin(path) else str(path)
    if is_stdin(path):
        binary = getattr(sys.stdin, "buffer", None)
        if binary is None:  # a text stream stands in for stdin (tests, embedding)
            text = sys.stdin.read(limit + 1)
            if len(text) > limit:
                raise too_large(origin, limit)
            return text.encode("utf-8", errors="surrogateescape")
        return _read_bounded(binary, origin, limit)
    require_regular_file(path)
    try:
        if path.stat().st_size > limit:
            raise too_large(origin, limit, "file")
        with path.open("rb") as handle:
            return _read_bounded(handle, origin, limit)
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path=origin) from None


_READ_CHUNK = 1 << 20


def _read_bounded(handle: IO[bytes], origin: str, limit: int) -> bytes:
    data = bytearray()
    while block := handle.read(_READ_CHUNK):
        if not data:
            _refuse_by_head(block, origin)
        nul = block.find(b"\x00")
        if nul >= 0:
            raise _binary(len(data) + nul, origin)
        data += block
        if len(data) > limit:
            raise too_large(origin, limit)
    return bytes(data)


def read_input_text(path: Path) -> InputText:
    """A regular file's (or stdin's, for `-`) text, decoded by `decode_input`."""
    origin = STDIN_NAME if is_stdin(path) else str(path)
    return decode_input(read_input_bytes(path), origin)


def decode_input(data: bytes, origin: str) -> InputText:
    body = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    if not body or body.isspace():  # (`strip()` would copy the whole file to find out)
        raise InputError("file is empty", path=origin, fix="save the page again")
    _refuse_by_head(data, origin)
    nul = data.find(b"\x00")
    if nul >= 0:
        raise _binary(nul, origin)
    data = body
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"invalid UTF-8 at byte offset {exc.start}",
            path=origin,
            fix="save the file as UTF-8",
        ) from None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return InputText(
        path=origin, text=text, sha256=hashlib.sha256(data).hexdigest(), size_bytes=len(data)
    )


class HashingReader:
    """A binary file read through: the sha256 and size of the bytes read so far."""

    def __init__(self, raw: IO[bytes]) -> None:
        self.raw = raw
        self.digest = hashlib.sha256()
        self.size = 0

    def read(self, size: int = -1) -> bytes:
        block = self.raw.read(size)
        self.digest.update(block)
        self.size += len(block)
        return block

    def readable(self) -> bool:
        return True

    def close(self) -> None:
        self.raw.close()

    def __enter__(self) -> HashingReader:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def open_input(path: Path) -> tuple[IO[bytes], HashingReader]:
    """A regular file opened for streaming, decompressed when its first bytes say gzip or
    bzip2 (the name of the file plays no part), and the reader hashing its raw bytes (a
    compressed file is known by the bytes on disk, as `source_files` stores every file)."""
    require_regular_file(path)
    try:
        handle = path.open("rb")
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path=str(path)) from None
    magic = handle.read(3)
    handle.seek(0)
    raw = HashingReader(handle)
    stream = cast(IO[bytes], raw)  # a reader of bytes is all the decompressors need
    if magic.startswith(GZIP_MAGIC):
        return cast(IO[bytes], gzip.GzipFile(fileobj=stream, mode="rb")), raw
    if magic.startswith(BZIP2_MAGIC):
        return cast(IO[bytes], bz2.BZ2File(stream, mode="rb")), raw
    return stream, raw


class _JsonRefused(ValueError):
    """Raised from the decoder's hooks: a duplicate key, NaN, or an oversized integer."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _JsonRefused(f"duplicate key {key[:60]!r} in one object")
        result[key] = value
    return result


def _constant(name: str) -> Any:
    raise _JsonRefused(f"{name} is not a JSON number")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _JsonRefused(f"an integer of {len(text)} digits")
    return int(text)


# One token of the depth scan: a whole string, a bracket, or a run of anything else.
_TOKEN = re.compile(r'"(?:[^"\\]++|\\.)*+"|[\[\]{}]|[^"\[\]{}]++')


def json_depth_exceeds(text: str, limit: int = MAX_JSON_DEPTH) -> int | None:
    """The character offset where `text`'s nesting passes `limit`, else None. Linear; a
    string that never ends stops the scan (the decoder then reports it)."""
    depth = 0
    position = 0
    end = len(text)
    match = _TOKEN.match
    while position < end:
        found = match(text, position)
        if found is None:
            return None
        first = text[position]
        if first in "[{":
            depth += 1
            if depth > limit:
                return position
        elif first in "]}":
            depth -= 1
        position = found.end()
    return None


def loads_strict(text: str, limit: int = MAX_JSON_DEPTH) -> Any:
    """`json.loads` with the rules above; raises `ValueError` (a `JSONDecodeError` for
    syntax) saying what is wrong."""
    deep = json_depth_exceeds(text, limit)
    if deep is not None:
        raise _JsonRefused(f"nested more than {limit} levels deep (at char {deep})")
    return json.loads(
        text, object_pairs_hook=_no_duplicates, parse_constant=_constant, parse_int=_bounded_int
    )


def parse_json(text: str, origin: str, fix: str) -> Any:
    """Decode JSON text strictly; a syntax error names its line and column."""
    try:
        return loads_strict(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})",
            path=origin,
            fix=fix,
        ) from None
    except _JsonRefused as exc:
        raise InputError(f"JSON refused: {exc}", path=origin, fix=fix) from None


def load_json_file(path: Path, fix: str) -> Any:
    data = read_input_text(path)
    return parse_json(data.text, data.path, fix)


def iter_chunks(handle: IO[bytes], size: int = 1 << 20) -> Iterator[bytes]:
    while block := handle.read(size):
        yield block


Model = TypeVar("Model", bound=BaseModel)


def validation_message(exc: ValidationError) -> str:
    """`where: what` of the first validation error, `where` as a dotted path."""
    first = exc.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "(top level)"
    return f"{where}: {first['msg']}"


def validate_json_model(model: type[Model], raw: Any, origin: str, fix: str) -> Model:
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise InputError(validation_message(exc), path=origin, fix=fix) from None


__all__ = [
    "MAX_JSON_DEPTH",
    "STDIN",
    "InputText",
    "decode_input",
    "is_stdin",
    "load_json_file",
    "loads_strict",
    "open_input",
    "parse_json",
    "read_input_text",
    "require_regular_file",
    "validate_json_model",
]
