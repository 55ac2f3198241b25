"""Packaging: tested dependency floors, the license, type information, imports Windows has."""

from __future__ import annotations

import ast
import importlib.util
import sys
import tomllib
from pathlib import Path

from tests.arch.sources import parsed

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("schemas", "warehouse", "pipeline", "carcdb")
# Modules of the standard library that exist on POSIX only: never imported at a module's top.
POSIX_ONLY = {"resource", "fcntl", "termios", "pwd", "grp", "posix"}


def _lower_bounds() -> list[str]:
    spec = importlib.util.spec_from_file_location("lower_bounds", ROOT / ".ci" / "lower_bounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    pins: list[str] = module.lower_bounds(ROOT / "pyproject.toml")
    return pins


def test_every_runtime_dependency_has_a_tested_floor() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    pins = dict(pin.split("==") for pin in _lower_bounds())
    for requirement in project["dependencies"]:
        name = requirement.split(">=")[0].split("[")[0].strip()
        assert name in pins, f"{requirement} has no lower bound for .ci/min-versions"
    assert {"pytest", "hypothesis"} <= set(pins)
    assert (ROOT / ".ci" / "min-versions").exists()


def test_license_and_type_information_ship() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    # An SPDX expression and the file (setuptools >= 77): the table form is deprecated and
    # warned about on every install (issue 28 item 1).
    assert project["project"]["license"] == "MIT"
    assert project["project"]["license-files"] == ["LICENSE"]
    floor = next(r for r in project["build-system"]["requires"] if r.startswith("setuptools"))
    assert floor == "setuptools>=77"
    assert "MIT License" in (ROOT / "LICENSE").read_text("utf-8")
    assert "py.typed" in project["tool"]["setuptools"]["package-data"]["*"]
    for package in PACKAGES:
        assert (ROOT / package / "py.typed").exists(), package


def test_no_posix_only_import_at_a_modules_top() -> None:
    """`import resource` at import time broke the CLI on Windows: such imports go inside the
    functions that need them, behind a platform check or an ImportError guard."""
    found = []
    for package in (*PACKAGES, "benchmarks"):
        for path in (ROOT / package).rglob("*.py"):
            for node in parsed(path).body:
                names: list[str] = []
                if isinstance(node, ast.Import):
                    names = [alias.name.split(".")[0] for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    names = [node.module.split(".")[0]]
                found += [f"{path.relative_to(ROOT)}: {n}" for n in names if n in POSIX_ONLY]
    assert found == []


def test_the_cli_imports_without_posix_only_modules() -> None:
    import subprocess

    code = (
        "import sys\n"
        "for name in ('resource', 'fcntl'):\n"
        "    sys.modules[name] = None  # as on Windows: importing it raises ImportError\n"
        "from carcdb.pipeline.cli import run_app\n"
        "raise SystemExit(run_app(['--help']))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_command_modules_keep_their_annotations_as_objects() -> None:
    """Typer reads each command's signature when it builds the command line; annotations
    kept as strings (`from __future__ import annotations`) made it evaluate hundreds of
    them at every start, a sixth of `carcdb --help` (docs/cli.md, Start-up time)."""
    app = importlib.import_module("carcdb.pipeline.cli.app").app
    command_modules = {
        sys.modules[info.callback.__module__]
        for info in app.registered_commands
        if info.callback is not None
    }
    assert len(command_modules) >= 8
    for module in command_modules:
        assert module.__file__ is not None
        tree = ast.parse(Path(module.__file__).read_text("utf-8"))
        futures = [
            alias.name
            for node in tree.body
            if isinstance(node, ast.ImportFrom) and node.module == "__future__"
            for alias in node.names
        ]
        assert "annotations" not in futures, module.__name__
