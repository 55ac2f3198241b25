"""Speed work stays in its places: `pipeline.parse.fast` (the mirrors of mwparserfromhell
internals, behind one version check), `schemas.fastpath` (pydantic's core validator and
serialiser, the C JSON encoder, behind one switch) and `pipeline.run.tuning` (the collector
pause, DuckDB threads and memory), which only the orchestration uses."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from tests.arch.sources import parsed
from tests.arch.test_layers import ROOT, _within, graph

SOURCES = ("schemas", "warehouse", "pipeline")


def _importers(module: str) -> set[str]:
    return {source for source, targets in graph().items() if module in targets}


@cache
def _nodes() -> dict[Path, list[ast.AST]]:
    """Every node of every module, walked once for the tests of this file."""
    return {
        path.relative_to(ROOT): list(ast.walk(parsed(path)))
        for package in SOURCES
        for path in sorted((ROOT / package).rglob("*.py"))
    }


def test_only_the_orchestration_uses_the_tuning() -> None:
    users = _importers("carcdb.pipeline.run.tuning")
    assert users and all(user.startswith("carcdb.pipeline.run.") for user in users), users
    assert _importers("carcdb.warehouse.settings") == {"carcdb.pipeline.run.tuning"}


def test_only_the_tuning_switches_the_collector() -> None:
    found = sorted(
        f"{path}:{node.lineno}"
        for path, nodes in _nodes().items()
        for node in nodes
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "gc"
        and node.attr in ("disable", "enable", "freeze", "set_threshold")
    )
    assert found and all(place.startswith("pipeline/run/tuning.py:") for place in found), found


def test_only_the_fast_package_reaches_into_mwparserfromhell_internals() -> None:
    """Private modules (`mwparserfromhell.parser._tokenizer`) and the parser's `_tokenizer`."""
    found: list[str] = []
    for path, nodes in _nodes().items():
        for node in nodes:
            if not isinstance(node, (ast.Import, ast.ImportFrom, ast.Attribute)):
                continue
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.Attribute) and node.attr == "_tokenizer":
                names = ["mwparserfromhell._tokenizer"]
            private = [
                name
                for name in names
                if name.startswith("mwparserfromhell.")
                and any(part.startswith("_") for part in name.split(".")[1:])
            ]
            if private:
                found.append(f"{path}:{node.lineno} {private[0]}")
    assert found, "the fast package's own imports should be seen"
    outside = [place for place in found if not place.startswith("pipeline/parse/fast/")]
    assert outside == []


def test_the_fast_package_imports_nothing_of_the_domain() -> None:
    """`pipeline.parse.fast` mirrors the library only: the domain's rules reach it as
    arguments (`tokenplain.Visible`), so no domain change has to be made twice. Besides its
    own modules it may import `pipeline.parse.locate`, the positions' record and reference
    walk (what `spans` returns and falls back to), which knows nothing of the domain either."""
    allowed = ("carcdb.pipeline.parse.fast", "carcdb.pipeline.parse.locate")
    found = sorted(
        f"{source} imports {target}"
        for source, targets in graph().items()
        if _within(source, "carcdb.pipeline.parse.fast")
        for target in targets
        if not any(_within(target, module) for module in allowed)
    )
    assert found == []
    assert (
        graph()["carcdb.pipeline.parse.locate"] == set()
    )  # and the reference imports nothing ours


PRIVATE_SHORTCUTS = ("__pydantic_validator__", "__pydantic_serializer__", "c_make_encoder")


def test_only_the_fastpath_reaches_into_pydantic_and_json_internals() -> None:
    found = sorted(
        f"{path}:{node.lineno} {name}"
        for path, nodes in _nodes().items()
        for node in nodes
        for name in PRIVATE_SHORTCUTS
        if (isinstance(node, ast.Attribute) and node.attr == name)
        or (isinstance(node, ast.Constant) and node.value == name)
    )
    assert found, "the fastpath's own uses should be seen"
    outside = [place for place in found if not place.startswith("schemas/fastpath.py:")]
    assert outside == []
