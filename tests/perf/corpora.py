"""Small corpora written into a test's folder: wikitext files and the manifest naming them."""

from __future__ import annotations

import json
from pathlib import Path


def write_corpus(folder: Path, pages: list[tuple[str, str]]) -> Path:
    """One wikitext file per (title, text), listed in `manifest.json` in the order given."""
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for index, (title, text) in enumerate(pages):
        name = f"{index:03d}.wiki"
        (folder / name).write_text(text, "utf-8")
        files.append({"path": name, "title": title, "format": "wikitext"})
    (folder / "manifest.json").write_text(json.dumps({"files": files}), "utf-8")
    return folder
