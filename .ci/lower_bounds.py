"""Print `name==version` for the lower bound of every runtime dependency in pyproject.toml,
and of the dev tools the tests run with (pytest, hypothesis, pytest-xdist, websocket-client).

`.ci/min-versions` installs exactly these into a fresh virtualenv and runs the tests there,
so the floors pyproject declares are floors that work, not guesses. A runtime dependency
without a `>=` bound is an error: every one must state its floor. (The linters are not part
of it: they run in the usual environment.)
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

TEST_TOOLS = {"pytest", "hypothesis", "pytest-xdist", "websocket-client"}
_BOUND = re.compile(r"^\s*([A-Za-z0-9_.\-\[\]]+)\s*(?:\[[^\]]*\])?[^;]*?>=\s*([0-9][^,;\s]*)")


def lower_bounds(pyproject: Path) -> list[str]:
    data = tomllib.loads(pyproject.read_text("utf-8"))
    project = data["project"]
    wanted = list(project["dependencies"])
    wanted += [
        requirement
        for requirement in project.get("optional-dependencies", {}).get("dev", [])
        if re.split(r"[<>=!~\[;\s]", requirement, maxsplit=1)[0] in TEST_TOOLS
    ]
    pins = []
    for requirement in wanted:
        match = _BOUND.match(requirement)
        if match is None:
            raise SystemExit(f"{pyproject}: {requirement!r} states no lower bound (>=)")
        name = re.sub(r"\[.*\]", "", match.group(1))
        pins.append(f"{name}=={match.group(2)}")
    return pins


if __name__ == "__main__":
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]
    print("\n".join(lower_bounds(root / "pyproject.toml")))
