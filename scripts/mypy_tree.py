"""Make `.mypy-tree/carcdb`: the installed package's layout as links into the repository, for
mypy. The repository keeps pipeline/, schemas/ and warehouse/ at its top while the code
imports them as `carcdb.pipeline` ... (setup.py maps them); mypy has no such mapping and
cannot follow an editable install's import hook, so it reads this tree (`mypy_path` in
pyproject.toml). Links to folders: files added later need no new run. `make` runs it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TREE = ROOT / ".mypy-tree" / "carcdb"
MAPPED = ("pipeline", "schemas", "warehouse")


def main() -> None:
    if TREE.parent.exists():
        shutil.rmtree(TREE.parent)
    TREE.mkdir(parents=True)
    for entry in sorted((ROOT / "carcdb").iterdir()):
        if entry.name != "__pycache__":
            (TREE / entry.name).symlink_to(os.path.relpath(entry, TREE))
    for name in MAPPED:
        (TREE / name).symlink_to(os.path.relpath(ROOT / name, TREE), target_is_directory=True)


if __name__ == "__main__":
    main()
