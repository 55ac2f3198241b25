"""The bounds on what carcdb reads and spends: each one's default and how to change it.

Every input can be hostile, so every quantity that grows with an input has a bound here: the
bytes of a file or of stdin, of one revision, of one XML token, of one API answer; the time of
one request; the requests of one listing; the parse workers; the text one page's parse may
take. Each bound has a default (docs/hardening.md lists them all) and an environment variable;
the API's bounds have flags of `carcdb extract` too. A value is read when it is needed, so a
test (or an embedding program) can change the environment in between. A variable that holds
no number in range is a bad argument: `InputError`, exit 2.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

from carcdb.pipeline.errors import InputError

MB = 1 << 20


@dataclass(frozen=True)
class Bound:
    """One bound: its environment variable, its default, its unit and what it bounds."""

    env: str
    default: float
    unit: str  # "MB" (of 2**20 bytes), "s", "requests", "processes"
    what: str
    minimum: float = 1.0
    whole: bool = False  # a count: a whole number

    def value(self) -> float:
        """The value from the environment, or the default; exit 2 for a bad value."""
        raw = os.environ.get(self.env, "").strip()
        if not raw:
            return self.default
        try:
            number = float(raw) if not self.whole else int(raw)
        except ValueError:
            number = math.nan
        if not math.isfinite(number) or number < self.minimum:
            kind = "a whole number" if self.whole else "a number"
            raise InputError(
                f"{raw[:40]!r} is not {kind} of at least {self.minimum:g} ({self.unit})",
                path=self.env,
                fix=f"set {self.env} to e.g. {self.default:g}, or unset it for the default",
            )
        return number

    def bytes(self) -> int:
        """A size bound in bytes."""
        assert self.unit == "MB", self.env
        return int(self.value() * MB)

    def count(self) -> int:
        return int(self.value())


INPUT = Bound(
    "CARCDB_MAX_INPUT_MB",
    256,
    "MB",
    "one input read whole (a capture, wikitext, API JSON, a game record, a titles file, stdin), "
    "and the decompressed bytes of one XML dump",
    minimum=0.001,
)
REVISION = Bound(
    "CARCDB_MAX_REVISION_MB",
    8,
    "MB",
    "the text of one revision (UTF-8), from a file or the API",
    minimum=0.001,
)
XML_TOKEN = Bound(
    "CARCDB_MAX_XML_TOKEN_MB",
    4,
    "MB",
    "one XML token of a dump (a comment, a tag), and one field other than <text>",
    minimum=0.001,
)
PARSE_PAGE = Bound(
    "CARCDB_MAX_PARSE_MB",
    2,
    "MB",
    "the text one page's parse takes on (larger: a parse.too-large finding, whatever --jobs)",
    minimum=0.001,
)
PAGE_MEMORY = Bound(
    "CARCDB_PAGE_MEMORY_MB",
    2048,
    "MB",
    "the address space of one parse worker (a page beyond it: a parse.memory finding)",
    minimum=256,
    whole=True,
)
ANSWER = Bound(
    "CARCDB_MAX_ANSWER_MB",
    64,
    "MB",
    "one API answer, decoded (a gzip answer is decoded incrementally and stopped there)",
    minimum=0.001,
)
REQUEST_SECONDS = Bound(
    "CARCDB_TIMEOUT",
    60,
    "s",
    "one API request in all: connecting, the headers and the whole body",
    minimum=0.01,
)
LIST_REQUESTS = Bound(
    "CARCDB_MAX_LIST_REQUESTS",
    1000,
    "requests",
    "the requests of one listing (a category, a prefix, all pages) following `continue`",
    whole=True,
)
JOBS_PER_CORE = Bound(
    "CARCDB_MAX_JOBS_PER_CORE",
    4,
    "processes",
    "parse workers per core (--jobs beyond cores x this: exit 2)",
    whole=True,
)

ALL = (
    INPUT,
    REVISION,
    XML_TOKEN,
    PARSE_PAGE,
    PAGE_MEMORY,
    ANSWER,
    REQUEST_SECONDS,
    LIST_REQUESTS,
    JOBS_PER_CORE,
)

# MediaWiki's own limit on a title (the `page_title` column): 255 bytes of UTF-8. Not a
# setting: a longer title cannot exist on a wiki.
TITLE_BYTES = 255


def megabytes(size: int) -> str:
    """`size` bytes as MB for a message (`8 MB`, `0.5 MB`)."""
    return f"{size / MB:,.3g} MB"


def text_bytes_over(text: str, limit: int) -> int | None:
    """The UTF-8 size of `text` when it passes `limit`, else None (a short text is not
    encoded to find out: a character is one to four bytes)."""
    if len(text) * 4 <= limit:
        return None
    size = len(text.encode("utf-8", errors="surrogatepass"))
    return size if size > limit else None


def check_revision_size(text: str, *, what: str, origin: str) -> None:
    """Refuse a revision text beyond `REVISION` (`InputError` naming `what`, the revision)."""
    limit = REVISION.bytes()
    size = text_bytes_over(text, limit)
    if size is not None:
        raise InputError(
            f"{what} holds {megabytes(size)} of text, more than the limit of {megabytes(limit)}",
            path=origin,
            fix=f"check the file; if the revision is real, raise {REVISION.env} (in MB)",
        )
