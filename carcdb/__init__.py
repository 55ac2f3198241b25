"""carcdb's Python API: `from carcdb import Warehouse` (see docs/api-python.md).

A thin name for `pipeline.api`, so scripts need not know the package layout.
"""

from __future__ import annotations

from pipeline.api import Warehouse

__all__ = ["Warehouse"]
