"""The parsed source of our modules, shared by the tests that read the code's structure.

Each module is read and parsed once per test process (the layer, speed-work, SQL-placement and
packaging tests all walk the whole tree); the trees are only read, never changed.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path


@cache
def parsed(path: Path) -> ast.Module:
    """The syntax tree of the Python file at `path`."""
    return ast.parse(path.read_text("utf-8"))
