"""Reading input files (text and JSON) with clear errors: empty, binary, bad UTF-8, bad JSON.

Every reader of a user-supplied file goes through here, so each failure is an `InputError`
naming the file, the position and the fix, never a traceback.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

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
    if not data or data.isspace():  # (`strip()` would copy the whole file to find out)
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


def parse_json(text: str, origin: str, fix: str) -> Any:
    """Decode JSON text; a syntax error names its line and column."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})",
            path=origin,
            fix=fix,
        ) from None


def load_json_file(path: Path, fix: str) -> Any:
    return parse_json(read_input_text(path).text, str(path), fix)


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
