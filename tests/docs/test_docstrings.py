"""No docstring of the code names a document outside the repository (an issue number, notes
kept elsewhere): a reader of a clone can open every document a docstring points to."""

from __future__ import annotations

import ast
import re

from tests.arch.sources import parsed
from tests.arch.test_layers import PACKAGES, ROOT

OUTSIDE = re.compile(r"\bissue #?\d+|\bdomain notes\b|\.\./shared\b", re.IGNORECASE)
DOC_PATH = re.compile(r"\b((?:docs/)?[\w-]+\.md)\b")


def _docstrings() -> list[tuple[str, str]]:
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(parsed(path)):
                if isinstance(
                    node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
                ):
                    text = ast.get_docstring(node, clean=False)
                    if text:
                        found.append(
                            (f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 1)}", text)
                        )
    return found


def test_no_docstring_names_a_document_outside_the_repo() -> None:
    docstrings = _docstrings()
    assert len(docstrings) > 500
    outside = [
        f"{place}: {m.group()}" for place, text in docstrings for m in OUTSIDE.finditer(text)
    ]
    assert outside == []


def test_the_documents_docstrings_name_exist() -> None:
    missing = sorted(
        {
            f"{place}: {name}"
            for place, text in _docstrings()
            for name in DOC_PATH.findall(text)
            if not (ROOT / name).exists() and not (ROOT / "docs" / name).exists()
        }
    )
    assert missing == []
