"""docs/api-python.md runs: every ```python block in order in one namespace, in an empty
folder, and a ```text block after one is exactly what it prints."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from tests.conftest import ROOT

DOC = ROOT / "docs" / "api-python.md"
BLOCK = re.compile(r"```(python|text)\n(.*?)```", re.S)


def examples() -> list[tuple[str, str | None]]:
    """(code, expected output or None) for each python block."""
    blocks = BLOCK.findall(DOC.read_text("utf-8"))
    found: list[tuple[str, str | None]] = []
    for index, (kind, body) in enumerate(blocks):
        if kind != "python":
            continue
        following = blocks[index + 1] if index + 1 < len(blocks) else None
        found.append((body, following[1] if following and following[0] == "text" else None))
    return found


@pytest.mark.slow
def test_the_documented_examples_run_and_print_what_the_doc_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "docs"}
    cases = examples()
    assert len(cases) >= 6
    for code, expected in cases:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, str(DOC), "exec"), namespace)
        if expected is not None:
            assert printed.getvalue() == expected, code
    assert (tmp_path / "data" / "carcdb.duckdb").exists()
    assert (tmp_path / "report" / "index.html").exists()
