"""carcdb's Python API: `from carcdb import Warehouse` (see docs/api-python.md).

The installed package: pipeline/, schemas/ and warehouse/ of the repository are its
subpackages `carcdb.pipeline`, `carcdb.schemas` and `carcdb.warehouse` (setup.py). `Warehouse`
is loaded when first asked for, so that importing a subpackage (the CLI's `carcdb --help`)
does not load the whole API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from carcdb.pipeline.api import Warehouse

__all__ = ["Warehouse"]


def __getattr__(name: str) -> Any:
    if name == "Warehouse":
        from carcdb.pipeline.api import Warehouse

        return Warehouse
    raise AttributeError(f"module 'carcdb' has no attribute {name!r}")
