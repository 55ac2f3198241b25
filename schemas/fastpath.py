"""Speed work on pydantic and json, each beside its plain reference, selected by `FAST`.

A build validates and dumps hundreds of thousands of small records, where the public calls'
Python wrappers cost more than the work inside them. Every shortcut here reaches one private
piece of a library, and every one has the public call it must equal beside it:

- `Validator.one(fields)`: the model's core validator (`__pydantic_validator__`), without the
  `model_validate` classmethod around it; reference `model.model_validate(fields)`;
- `Validator.many(batch)`: one pydantic call for a list of records (`TypeAdapter`); reference
  `model.model_validate` record by record;
- `json_dump(record)`, `json_dumps(records)`: the model's serialiser (`__pydantic_serializer__`);
  reference `record.model_dump(mode="json")`;
- `json_text(value)`, `json_texts(values)`: `json.encoder`'s C encoder made once (`json.dumps`
  makes one per call); reference `json.dumps(value, ensure_ascii=False, sort_keys=True)`.

`FAST` is the one switch, read at every call: false, every function is its reference. The
tests compare the two on made-up values and on every record of a sample build
(`tests/perf/test_fastpath.py`). Here, not in the domain modules, because `warehouse/` may
import `schemas/` only and the parse stages and configuration data need the same shortcuts.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter

__all__ = ["FAST", "Validator", "json_dump", "json_dumps", "json_text", "json_texts"]

FAST: bool = True

M = TypeVar("M", bound=BaseModel)


class Validator(Generic[M]):
    """Records of one model from plain dicts (nested records as dicts too)."""

    def __init__(self, model: type[M]) -> None:
        self.model = model
        self._core: Callable[[Any], M] = model.__pydantic_validator__.validate_python

    @cached_property
    def _list(self) -> TypeAdapter[list[M]]:
        return TypeAdapter(list[self.model])  # type: ignore[name-defined]

    def one(self, fields: dict[str, Any]) -> M:
        """`model.model_validate(fields)`."""
        if FAST:
            return self._core(fields)
        return self.model.model_validate(fields)

    def many(self, batch: Sequence[dict[str, Any]]) -> list[M]:
        """`[model.model_validate(fields) for fields in batch]`."""
        if FAST:
            return self._list.validate_python(batch)
        return [self.model.model_validate(fields) for fields in batch]


_MODEL_DUMP = BaseModel.model_dump


def json_dump(record: BaseModel) -> dict[str, Any]:
    """`record.model_dump(mode="json")`."""
    if FAST and type(record).model_dump is _MODEL_DUMP:
        # What `model_dump(mode="json")` returns (it passes its defaults on to this call),
        # without its wrapper, which costs more than the serialisation of a small record.
        return record.__pydantic_serializer__.to_python(record, mode="json")  # type: ignore[no-any-return]
    return record.model_dump(mode="json")  # (a class with its own `model_dump` too)


def json_dumps(records: Sequence[BaseModel]) -> list[dict[str, Any]]:
    """`[record.model_dump(mode="json") for record in records]`."""
    if FAST and records:
        kind = type(records[0])
        if kind.model_dump is _MODEL_DUMP and all(type(record) is kind for record in records):
            to_python = kind.__pydantic_serializer__.to_python
            return [to_python(record, mode="json") for record in records]
    return [json_dump(record) for record in records]


def _reference_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


_ENCODER = json.JSONEncoder(ensure_ascii=False, sort_keys=True)
# No circular-reference check: a JSON-mode dump has no cycles.
_MAKE_C_ENCODER: Any = getattr(json.encoder, "c_make_encoder", None)  # None without the C module
_C_ENCODER: Any = (
    None
    if _MAKE_C_ENCODER is None
    else _MAKE_C_ENCODER(
        None,
        _ENCODER.default,
        json.encoder.encode_basestring,
        None,
        _ENCODER.key_separator,
        _ENCODER.item_separator,
        True,
        False,
        True,
    )
)


def json_text(value: dict[str, Any] | list[Any]) -> str:
    """`json.dumps(value, ensure_ascii=False, sort_keys=True)` of a JSON-mode dict or list."""
    if FAST and _C_ENCODER is not None:
        return "".join(_C_ENCODER(value, 0))
    return _reference_text(value)


def json_texts(values: Sequence[dict[str, Any]] | Sequence[list[Any]]) -> list[str]:
    """`[json_text(value) for value in values]`, the values all dicts or all lists."""
    if not FAST or _C_ENCODER is None or not values:
        return [_reference_text(value) for value in values]
    # Empty values, as many are, get the text the encoder writes without a call each.
    empty = "{}" if type(values[0]) is dict else "[]"
    join = "".join
    encode = _C_ENCODER
    return [join(encode(value, 0)) if value else empty for value in values]
