"""The report's templates and static files ship as package data: every file matches a
package-data pattern of pyproject.toml, and (slow) a wheel built from the checkout holds them."""

from __future__ import annotations

import fnmatch
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REPORT = ROOT / "pipeline" / "report"
# The top-level folders a wheel may be built from (pyproject.toml says which it packages).
SOURCES = ("schemas", "warehouse", "pipeline", "benchmarks", "carcdb")


def _data_files() -> list[Path]:
    return sorted(
        path
        for folder in ("templates", "static")
        for path in (REPORT / folder).iterdir()
        if path.is_file()
    )


def test_every_template_and_static_file_matches_a_package_data_pattern() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["*"]
    files = _data_files()
    assert any(path.suffix == ".j2" for path in files)
    unmatched = [p.name for p in files if not any(fnmatch.fnmatch(p.name, g) for g in patterns)]
    assert unmatched == []


@pytest.mark.slow
def test_the_wheel_holds_the_templates(tmp_path: Path) -> None:
    """Built from a copy of the sources (a build writes `build/` beside what it builds)."""
    source = tmp_path / "src"
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(
                ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__")
            )
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"),
         str(source)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    (wheel,) = (tmp_path / "dist").glob("carcdb-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for path in _data_files():
        inside = "/".join(path.relative_to(REPORT).parts)
        assert any(name.endswith(f"pipeline/report/{inside}") for name in names), inside
