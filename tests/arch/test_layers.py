"""The import graph reads top-down: no module cycles, no import from a lower layer upwards.

Every `import` in the source counts, deferred ones inside functions and `TYPE_CHECKING`
blocks included: a deferred import is still an arrow. The layers are docs/architecture.md's.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from tests.arch.sources import parsed

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("schemas", "warehouse", "pipeline", "benchmarks", "carcdb")
MAPPED = ("schemas", "warehouse", "pipeline")

# Lowest first; a module may import its own layer and the layers below it.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("carcdb.schemas",),
    ("carcdb.warehouse",),
    (
        "carcdb.pipeline.errors",
        "carcdb.pipeline.progress",
        "carcdb.pipeline.numbers",
        "carcdb.pipeline.limits",
        "carcdb.pipeline.outputs",
        "carcdb.pipeline.products",
    ),
    ("carcdb.pipeline.extract", "carcdb.pipeline.parse"),
    # The extractor reads inputs and the API and yields them; `pipeline.run` stores them and
    # hands it what the warehouse already holds.
    ("carcdb.pipeline.extract", "carcdb.warehouse"),
    ("carcdb.pipeline.engine",),
    (
        "carcdb.pipeline.configgen",
        "carcdb.pipeline.checks",
        "carcdb.pipeline.synth",
        "carcdb.pipeline.fakewiki",
        "carcdb.pipeline.interchange",
        "carcdb.pipeline.draw",
    ),
    ("carcdb.pipeline.report",),
    ("carcdb.pipeline.run",),
    ("carcdb.pipeline.cli", "carcdb.pipeline"),
    ("benchmarks", "carcdb"),
)
# Same-layer arrows that must not exist either.
FORBIDDEN = (
    ("carcdb.pipeline.engine", "carcdb.warehouse"),
    ("carcdb.pipeline.draw", "carcdb.warehouse"),
    ("carcdb.pipeline.engine", "carcdb.pipeline.parse"),
    ("carcdb.pipeline.extract", "carcdb.pipeline.parse"),
    # The extractor reads inputs and the API and yields them; `pipeline.run` stores them and
    # hands it what the warehouse already holds.
    ("carcdb.pipeline.extract", "carcdb.warehouse"),
    ("carcdb.pipeline.parse", "carcdb.pipeline.extract.api"),
)


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[0] in MAPPED:  # installed as carcdb.pipeline ... (setup.py)
                parts = ("carcdb", *parts)
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> Iterator[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            targets = [f"{source}.{a.name}" if f"{source}.{a.name}" in modules else source
                       for a in node.names]  # fmt: skip
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target


@cache  # one scan of the tree for every test here
def graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: set(_imports(name, path, modules)) for name, path in modules.items()}


def layer_of(module: str) -> int:
    best, rank = -1, -1
    for index, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, rank = len(prefix), index
    assert rank >= 0, f"{module} is in no layer: add it to LAYERS and docs/architecture.md"
    return rank


def _within(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def test_no_import_points_up_a_layer() -> None:
    upward = [
        f"{source} (layer {layer_of(source)}) imports {target} (layer {layer_of(target)})"
        for source, targets in sorted(graph().items())
        for target in sorted(targets)
        if layer_of(target) > layer_of(source)
    ]
    assert upward == []


def test_forbidden_arrows_within_a_layer() -> None:
    found = [
        f"{source} imports {target}"
        for source, targets in sorted(graph().items())
        for target in sorted(targets)
        for low, high in FORBIDDEN
        if _within(source, low) and _within(target, high)
    ]
    assert found == []


def strongly_connected(edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative: the components of more than one module (the cycles)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    cycles.append(sorted(component))
    return cycles


def test_no_module_cycles() -> None:
    # A package's __init__ re-exporting its own modules is not a cycle of the design.
    edges = {
        source: {t for t in targets if not (source and _within(t, source) and _is_package(source))}
        for source, targets in graph().items()
    }
    assert strongly_connected(edges) == []


def _is_package(name: str) -> bool:
    return (ROOT / name.replace(".", "/") / "__init__.py").exists()


def test_the_scan_sees_a_planted_cycle_and_an_upward_import() -> None:
    planted = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert strongly_connected(planted) == [["a", "b", "c"]]
    assert layer_of("carcdb.pipeline.run.build") > layer_of("carcdb.pipeline.extract.api.fetch")
    assert layer_of("carcdb.pipeline.engine.board") < layer_of("carcdb.pipeline.configgen.generate")
