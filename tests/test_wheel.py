"""The wheel installs `carcdb` alone (issue 28 item 1): pipeline/, schemas/ and warehouse/ of
the repository become `carcdb.pipeline` ... (setup.py), `benchmarks` is not installed, and
the installed copy runs `carcdb --help` from its own files."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT


def _wheel(tmp_path: Path) -> Path:
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
         "-w", str(tmp_path / "dist"), str(ROOT)],
        capture_output=True, text=True, timeout=600, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    (wheel,) = (tmp_path / "dist").glob("carcdb-*.whl")
    return wheel


@pytest.mark.slow
def test_the_wheel_holds_carcdb_alone_and_runs(tmp_path: Path) -> None:
    wheel = _wheel(tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        entry_points = next(n for n in names if n.endswith("entry_points.txt"))
        scripts = archive.read(entry_points).decode("utf-8")
    assert {name.split("/")[0] for name in names} == {"carcdb", "carcdb-0.1.0.dist-info"}
    for folder in ("pipeline", "schemas", "warehouse"):
        modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / folder).rglob("*.py")}
        assert {f"carcdb/{m}" for m in modules} <= set(names), folder
    assert "carcdb/warehouse/migrations/001_foundation.sql" in names
    assert "carcdb/pipeline/sample/manifest.json" in names
    assert "carcdb = carcdb.pipeline.cli:main" in scripts
    # Installed without the repository: its files, not the checkout's, answer.
    target = tmp_path / "site"
    install = [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target)]
    assert subprocess.run([*install, str(wheel)], capture_output=True, timeout=600).returncode == 0
    env = {**os.environ, "PYTHONPATH": str(target)}
    run = subprocess.run(
        [sys.executable, "-c",
         "import sys, carcdb, carcdb.pipeline.cli as cli; print(carcdb.__file__); "
         "sys.argv = ['carcdb', '--help']; cli.main()"],
        capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0].startswith(str(target))
    assert "export" in run.stdout
