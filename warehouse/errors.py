"""Errors the warehouse raises on purpose; the CLI treats them as bad input (exit 2)."""

from __future__ import annotations


class WarehouseError(Exception):
    """The warehouse file cannot be used as asked. The message names the file and the fix."""


class WarehouseLockedError(WarehouseError):
    """Another process holds the warehouse file."""


class WarehouseMissingError(WarehouseError):
    """A read-only command was pointed at a warehouse that does not exist yet."""


class UnknownPageError(WarehouseError):
    """`--page`/`--lang` name no stored page, or several where one is needed."""
