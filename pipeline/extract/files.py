"""Reading an input file's bytes into text, with clear errors for empty, binary or bad UTF-8."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from pipeline.errors import InputError


@dataclass(frozen=True)
class InputText:
    path: str
    text: str
    sha256: str
    size_bytes: int


def read_input_text(path: Path) -> InputText:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError("no such file", path=str(path), fix="check the path") from None
    except IsADirectoryError:
        raise InputError(
            "is a directory", path=str(path), fix="name the files, or use --corpus DIR"
        ) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path=str(path)) from None
    return decode_input(data, str(path))


def decode_input(data: bytes, origin: str) -> InputText:
    if not data.strip():
        raise InputError("file is empty", path=origin, fix="save the page again")
    nul = data.find(b"\x00")
    if nul >= 0:
        raise InputError(
            f"binary file (NUL byte at offset {nul})",
            path=origin,
            fix="give a text capture, wikitext, XML export or API JSON",
        )
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
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
