"""Printing for the CLI: tables, JSON, query results in several formats, and progress bars.

rich is imported on first use (the consoles are made when first printed to): importing it is
a large part of the start-up `carcdb --help` waits for.

Nothing printed is read as rich markup: a value like `[/x]` prints as itself (both consoles
have markup off, and table cells are plain `Text`).

Nothing printed can drive a terminal: control characters in values (wiki text, SQL results,
file names) are written as escapes (`escape_controls`: C0 but tab and newline, DEL, C1, the
bidirectional controls and the line and paragraph separators; `ESC[2J` prints as
`\\x1b[2J`):
- text for people (tables, messages, warnings, error lines) always, on a terminal or not: it
  is formatted text anyway (wrapped, aligned), and `carcdb rules ... | less` or `| head`
  would otherwise hand the sequences to the terminal;
- data for scripts (`sql` as TSV, CSV, JSON or JSON lines, every `--json`) only on a
  terminal; to a pipe or a file it is written byte for byte, so a script gets the stored
  values as they are. On a terminal JSON gets `\\u001b`-style escapes, still valid JSON
  with the same values (JSON escapes C0 characters everywhere anyway).

Query results (`write_rows`) are written batch by batch as they are read:
- `table`: a box-drawn table on a terminal, at most `TERMINAL_ROWS` rows;
- `tsv`: a header line, then one line per row, fields separated by tabs; a backslash, tab,
  newline or carriage return inside a value is written `\\\\`, `\\t`, `\\n`, `\\r`; NULL is
  `\\N` (PostgreSQL's `COPY` text format: no value can be written so, a backslash being
  `\\\\`), `''` an empty field (what `carcdb sql` prints when stdout is not a terminal);
- `csv`: RFC 4180 with a header; NULL is an empty field and `''` a quoted empty field `""`
  (as DuckDB's `COPY ... TO` writes them);
- `json`: one array of objects; `jsonl`: one object per line.
In every table (query results and the other commands' tables) NULL is shown as `NULL`, dimmed
on a terminal, and `''` as an empty cell.
JSON columns and nested values (lists, structs, maps) are JSON in `json`/`jsonl` output and
JSON text in a CSV or TSV field; timestamps and dates are ISO 8601 text.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Literal, TextIO, cast

from carcdb.pipeline.progress import NoProgress, Progress

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress as RichProgressBar
    from rich.progress import TaskID
    from rich.text import Text

    from carcdb.schemas.checks import CheckResult


# What a terminal must not be sent raw: C0 controls but tab and newline, DEL, C1 controls
# (CSI 0x9b among them), the bidirectional controls and the line and paragraph separators.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def _escape(found: re.Match[str]) -> str:
    code = ord(found.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(text: str) -> str:
    """`text` with every control character written as an escape (`\\x1b`, `\\u202e`)."""
    return _CONTROLS.sub(_escape, text)


def escape_line(text: str) -> str:
    """`text` for one line of a report: `escape_controls`, and newline and tab as `\\n`, `\\t`
    (a title holding a newline must not start a line of its own)."""
    return escape_controls(text).replace("\n", "\\n").replace("\t", "\\t")


def escape_json_controls(text: str) -> str:
    """JSON text with the control characters `json.dumps` leaves raw written as `\\uXXXX`
    (they can only be inside strings there, so the JSON means the same)."""
    return _CONTROLS.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


def is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):  # no such method, or closed
        return False


class _LazyConsole:
    """Stands for a rich `Console` and makes it on first use, and again when the standard
    stream it writes to was replaced: whether that stream is a terminal decides the layout,
    and a library caller (or a test) that redirects it must not get the layout made for the
    stream before. Printed strings are escaped (text for people: see the module docstring)."""

    def __init__(self, make: Callable[[], Console], stream: Callable[[], object]) -> None:
        self._make = make
        self._stream = stream
        self._made: Console | None = None
        self._made_for: object = None

    def _console(self) -> Console:
        stream = self._stream()
        if self._made is None or self._made_for is not stream:
            self._made, self._made_for = self._make(), stream
        return self._made

    def __getattr__(self, name: str) -> Any:
        return getattr(self._console(), name)

    def print(self, *objects: Any, **options: Any) -> None:
        escaped = (escape_controls(o) if isinstance(o, str) else o for o in objects)
        self._console().print(*escaped, **options)


class StdoutClosed(Exception):
    """Standard output's reader went away (a closed pipe): the CLI ends quietly with 141.
    Raised instead of the `BrokenPipeError`, which rich and the command-line library would
    each turn into exit 1."""


def _console(**options: Any) -> Console:
    """A rich console whose closed pipe ends the command quietly (`StdoutClosed`)."""
    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            del self._buffer[:]  # what could not be written is not for a later command
            raise StdoutClosed

    # No emoji codes: a title 'Template:X' before ': reason' printed 'Template❌ reason'.
    return _Console(highlight=False, markup=False, emoji=False, **options)


def _stdout_console() -> Console:
    made = _console()
    # Piped output (files, CI logs, pytest) has no terminal width: tables are laid out for
    # 160 columns (80 would fold them), and a message is one line however long (soft wrap:
    # a script reading `wrote FILE: ...` finds it whole).
    return made if made.is_terminal else _console(width=160, soft_wrap=True)


def _stderr_console() -> Console:
    return _console(stderr=True, soft_wrap=True)


console = cast("Console", _LazyConsole(_stdout_console, lambda: sys.stdout))
err_console = cast("Console", _LazyConsole(_stderr_console, lambda: sys.stderr))

RowFormat = Literal["table", "tsv", "csv", "json", "jsonl"]
ROW_FORMATS: tuple[RowFormat, ...] = ("table", "tsv", "csv", "json", "jsonl")
# How a table shows NULL, and TSV writes it (see the module docstring).
NULL_SHOWN = "NULL"
TSV_NULL = "\\N"
# A terminal table is for reading: longer results belong in a file (--csv, --jsonl).
TERMINAL_ROWS = 1000


def check_json(result: CheckResult) -> dict[str, Any]:
    """A check result as JSON data: its `evidence` (JSON text in the record and the
    warehouse) as the JSON object it holds, not as a string."""
    data = result.model_dump(mode="json")
    data["evidence"] = json.loads(result.evidence) if result.evidence else {}
    return data


def print_json(data: Any) -> None:
    text = json.dumps(data, indent=2, ensure_ascii=False, default=str, sort_keys=False)
    sys.stdout.write((escape_json_controls(text) if is_terminal(sys.stdout) else text) + "\n")


def _shown(text: str) -> Text:
    """A plain `Text` for a table, escaped (text for people)."""
    from rich.text import Text

    return Text(escape_controls(text))


def _cell(value: Any) -> Text:
    if value is None:
        from rich.text import Text

        return Text(NULL_SHOWN, style="dim")
    if isinstance(value, list | dict):
        return _shown(json.dumps(value, ensure_ascii=False, default=str))
    return _shown(str(value))


def print_table(
    columns: Sequence[str], rows: Sequence[Sequence[Any]], *, title: str | None = None
) -> None:
    from rich.table import Table

    table = Table(
        title=None if title is None else _shown(title), show_lines=False, header_style="bold"
    )
    for column in columns:
        table.add_column(_shown(str(column)), overflow="fold")
    for row in rows:
        table.add_row(*(_cell(value) for value in row))
    console.print(table)


def json_value(value: Any) -> Any:
    """A query value as JSON data (see the module docstring)."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, list | tuple):
        return [json_value(item) for item in value]
    if isinstance(value, dict):
        return {str(key): json_value(item) for key, item in value.items()}
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, bytes):
        return value.hex()
    return str(value)  # UUID, interval, ...


def _is_json(type_name: str) -> bool:
    return type_name == "JSON"


def _is_json_list(type_name: str) -> bool:
    return type_name == "JSON[]"


def _decoder(type_name: str) -> Callable[[Any], Any]:
    """value -> JSON data, decoding the text of DuckDB JSON columns."""
    if _is_json(type_name):
        return lambda value: None if value is None else json.loads(value)
    if _is_json_list(type_name):
        return lambda value: (
            None if value is None else [None if v is None else json.loads(v) for v in value]
        )
    return json_value


def _text(value: Any, type_name: str) -> str:
    """A value (not NULL) as one CSV/TSV field: JSON columns and nested values as JSON text."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if _is_json_list(type_name) or isinstance(value, list | tuple | dict):
        return json.dumps(_decoder(type_name)(value), ensure_ascii=False)
    data = json_value(value)
    return data if isinstance(data, str) else json.dumps(data)


_TSV_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})


def _tsv_field(value: Any, type_name: str) -> str:
    return TSV_NULL if value is None else _text(value, type_name).translate(_TSV_ESCAPES)


# A field RFC 4180 needs quoted; an empty string is quoted too, so that it differs from NULL.
_CSV_QUOTED = re.compile('[,"\r\n]')


def _csv_field(value: Any, type_name: str) -> str:
    if value is None:
        return ""
    text = _text(value, type_name)
    if text and not _CSV_QUOTED.search(text):
        return text
    return '"' + text.replace('"', '""') + '"'


def _csv_line(fields: Iterable[str]) -> str:
    return ",".join(fields) + "\n"


def write_rows(
    columns: Sequence[str],
    types: Sequence[str],
    batches: Iterable[Sequence[Sequence[Any]]],
    fmt: RowFormat,
    out: TextIO | None = None,
) -> int:
    """Write a query's rows in `fmt` as the batches arrive; return how many rows there were.

    Escaped on a terminal (see the module docstring); the JSON objects' keys are the
    columns made distinct (`warehouse.user_sql.unique_names`: `a`, `a_2`)."""
    stream = sys.stdout if out is None else out
    if fmt != "table" and is_terminal(stream):
        stream = cast("TextIO", _EscapingStream(stream, json_text=fmt in ("json", "jsonl")))
    if fmt == "table":
        return _write_table(columns, batches)
    if fmt == "json" or fmt == "jsonl":
        return _write_json_rows(columns, types, batches, stream, lines=fmt == "jsonl")
    count = 0
    if fmt == "csv":
        stream.write(_csv_line(_csv_field(c, "VARCHAR") for c in columns))
        for batch in batches:
            stream.writelines(
                _csv_line(_csv_field(v, t) for v, t in zip(row, types, strict=True))
                for row in batch
            )
            count += len(batch)
        return count
    stream.write("\t".join(c.translate(_TSV_ESCAPES) for c in columns) + "\n")
    for batch in batches:
        stream.writelines(
            "\t".join(_tsv_field(v, t) for v, t in zip(row, types, strict=True)) + "\n"
            for row in batch
        )
        count += len(batch)
    return count


class _EscapingStream:
    """Writes to a terminal with its control characters escaped."""

    def __init__(self, stream: TextIO, *, json_text: bool) -> None:
        self._stream = stream
        self._escape = escape_json_controls if json_text else escape_controls

    def write(self, text: str) -> int:
        return self._stream.write(self._escape(text))

    def writelines(self, lines: Iterable[str]) -> None:
        self._stream.writelines(self._escape(line) for line in lines)


def _write_json_rows(
    columns: Sequence[str],
    types: Sequence[str],
    batches: Iterable[Sequence[Sequence[Any]]],
    stream: TextIO,
    *,
    lines: bool,
) -> int:
    from carcdb.warehouse.user_sql import unique_names

    columns = unique_names(columns)
    decoders = [_decoder(t) for t in types]
    count = 0
    if not lines:
        stream.write("[")
    for batch in batches:
        for row in batch:
            record = {
                name: decode(value)
                for name, decode, value in zip(columns, decoders, row, strict=True)
            }
            text = json.dumps(record, ensure_ascii=False)
            if lines:
                stream.write(text + "\n")
            else:
                stream.write(("\n  " if count == 0 else ",\n  ") + text)
            count += 1
    if not lines:
        stream.write("\n]\n" if count else "]\n")
    return count


def _write_table(columns: Sequence[str], batches: Iterable[Sequence[Sequence[Any]]]) -> int:
    shown: list[Sequence[Any]] = []
    count = 0
    for batch in batches:
        count += len(batch)
        shown.extend(batch[: max(0, TERMINAL_ROWS - len(shown))])
    print_table(columns, shown)
    more = (
        f" (first {len(shown)} shown: use --csv or --jsonl for all)" if count > len(shown) else ""
    )
    console.print(f"{count} row(s){more}")
    return count


class RichProgress:
    """Draws one bar per task on stderr; invisible when stderr is not a terminal."""

    def __init__(self, bar: RichProgressBar) -> None:
        self._bar = bar
        self._tasks: dict[str, TaskID] = {}

    def start(self, task: str, total: int | None) -> None:
        self._tasks[task] = self._bar.add_task(task, total=total)

    def advance(self, task: str, amount: int = 1) -> None:
        if task in self._tasks:
            self._bar.advance(self._tasks[task], amount)


@contextmanager
def progress_for(quiet: bool) -> Iterator[Progress]:
    """Progress bars on stderr when it is a terminal; off one, nothing (rich's bar, stopped,
    would still write an empty line before an error's one line)."""
    if quiet or not is_terminal(sys.stderr):
        yield NoProgress()
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
    from rich.progress import Progress as RichProgressBar

    bar = RichProgressBar(
        TextColumn("{task.description:>8}", markup=False),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True, markup=False, emoji=False),
        transient=True,
    )
    with bar:
        yield RichProgress(bar)
