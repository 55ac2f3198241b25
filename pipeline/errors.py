"""The project's exception hierarchy.

- `InputError`: a broken input file or argument. The message names the file (or argument),
  the position when there is one, and the fix. The CLI prints it on one line and exits 2.
- `ChecksFailed` is not an exception: checks report through results and exit code 1.
- Anything else escaping is a bug in carcdb and crashes loudly with a traceback.

Warehouse problems (`warehouse.errors.WarehouseError`) are input errors for the CLI too:
`warehouse` may not import `pipeline`, so the CLI maps both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from xml.parsers.expat import ExpatError


class CarcdbError(Exception):
    """Root of the errors carcdb raises on purpose."""


class InputError(CarcdbError):
    """Bad input file, argument or record: exit code 2."""

    def __init__(self, message: str, *, path: str | None = None, fix: str | None = None) -> None:
        self.path = path
        self.fix = fix
        parts = [f"{path}: {message}" if path else message]
        if fix:
            parts.append(f"fix: {fix}")
        super().__init__(" - ".join(parts))


def malformed_xml(exc: ExpatError, *, path: str, fix: str) -> InputError:
    """The error for an XML file expat refused: where the XML breaks, and why."""
    from xml.parsers.expat import ErrorString  # (only the XML readers need expat)

    return InputError(
        f"malformed XML at line {exc.lineno}, column {exc.offset + 1}: {ErrorString(exc.code)}",
        path=path,
        fix=fix,
    )


class UnknownFormatError(InputError):
    """The input's content matches no supported format."""


class ExtractError(CarcdbError):
    """The MediaWiki API could not be used (unreachable, refused, out of retries): exit 2."""


class GameRecordError(InputError):
    """An illegal or malformed game record, with the turn number when there is one."""
