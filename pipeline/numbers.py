"""Whole numbers read from outside (wiki text, XML, API JSON, game records), checked once.

Every number carcdb reads from an input is written in ASCII digits and fits the warehouse
column it goes to (DuckDB `INTEGER`: 32 bits, `BIGINT`: 64 bits). Anything else is not a
number to us: Unicode digits (`²`, `٣`), a sign, a fraction or a value beyond the column is
reported by the caller (a finding for wiki data, an `InputError` for input files), never
converted, never stored.
"""

from __future__ import annotations

import re

INT32_MAX = 2**31 - 1  # DuckDB INTEGER: tile counts, totals, points, line numbers
INT64_MAX = 2**63 - 1  # DuckDB BIGINT: revision ids
_MAX_DIGITS = {INT32_MAX: 10, INT64_MAX: 19}
# A digit that is not ASCII, for a regular expression: a decimal digit of another script
# (`٣`, `\d` without `[0-9]`) or a superscript, subscript or circled one (`²`, `①`), which
# `str.isdigit` accepts and `int()` refuses.
NON_ASCII_DIGIT = (
    r"(?:(?![0-9])\d|[\u00b2\u00b3\u00b9\u1369-\u1371\u19da\u2070\u2074-\u2079"
    r"\u2080-\u2089\u2460-\u2468\u2474-\u247c\u2488-\u2490\u24ea\u24f5-\u24fd\u24ff"
    r"\u2776-\u277e\u2780-\u2788\u278a-\u2792\U00010a40-\U00010a43\U00010e60-\U00010e68"
    r"\U00011052-\U0001105a\U0001f100-\U0001f10a])"
)


def is_ascii_digits(text: str) -> bool:
    """`0`-`9` only, at least one (`str.isdigit` also accepts `²` and `٣`)."""
    return text.isascii() and text.isdigit()


def ascii_int(text: str, maximum: int = INT32_MAX) -> int | None:
    """The whole number `text` writes in ASCII digits (whitespace around it allowed), or None
    when it is no such number or exceeds `maximum`.

    The digits are counted before converting: `int()` of a 5,000-digit text raises, and of a
    long one costs time for nothing.
    """
    value = text.strip()
    if not is_ascii_digits(value):
        return None
    digits = value.lstrip("0") or "0"
    if len(digits) > _MAX_DIGITS.get(maximum, len(str(maximum))):
        return None
    number = int(digits)
    return number if number <= maximum else None


def why_not_int(text: str, maximum: int = INT32_MAX) -> str:
    """Why `ascii_int(text, maximum)` is None, for a message."""
    value = text.strip()
    if not is_ascii_digits(value):
        return "is not a whole number in ASCII digits"
    return f"is beyond {maximum:,}, the largest value the warehouse stores here"


def int_in_range(value: object, maximum: int, minimum: int = 0) -> bool:
    """Is `value` a real int (not a bool) within [minimum, maximum]? For decoded JSON."""
    return type(value) is int and minimum <= value <= maximum


__all__ = [
    "INT32_MAX",
    "INT64_MAX",
    "NON_ASCII_DIGIT",
    "ascii_int",
    "int_in_range",
    "is_ascii_digits",
    "number_problems",
    "why_not_int",
]


ODD_DIGITS = re.compile(rf"{NON_ASCII_DIGIT}+")
DIGITS = re.compile(r"[0-9]+")


def number_problems(text: str) -> list[str]:
    """What a scoring text writes as numbers that `extract_claims` cannot read: digits that
    are not ASCII (`²`, `٣`), and numbers beyond the warehouse's `INTEGER`."""
    problems = [
        f"{match.group(0)!r} is written in digits that are not ASCII (not read as a number)"
        for match in ODD_DIGITS.finditer(text)
    ]
    problems += [
        f"{match.group(0)[:30]!r} is beyond {INT32_MAX:,}, the largest number the warehouse "
        "stores (not read)"
        for match in DIGITS.finditer(text)
        if ascii_int(match.group(0)) is None
    ]
    return problems
