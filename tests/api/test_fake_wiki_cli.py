"""`carcdb fake-wiki` as a user runs it: a separate process, then `carcdb extract` against it."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from carcdb.pipeline.cli.app import run_app
from tests.api.conftest import stored_titles


@pytest.mark.slow
def test_fake_wiki_command_serves_extract_and_stops_on_sigterm(db_path: Path) -> None:
    command = [
        sys.executable, "-c", "from carcdb.pipeline.cli import main; main()",
        "fake-wiki", "--port", "0", "--generated", "6", "--faults", "503,truncate",
        "--retry-after", "0",
    ]  # fmt: skip
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "200"}
    server = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        match = re.search(r"(\d+) pages at (http://127\.0\.0\.1:\d+/api\.php)", first)
        assert match, first
        assert int(match.group(1)) == 4 + 6  # the sample and the generated pages
        code = run_app(
            ["extract", "--api", match.group(2), "--all-pages", "--db", str(db_path),
             "--throttle", "0", "--max-wait", "0.01", "-q"]
        )  # fmt: skip
        assert code == 0
        assert len(stored_titles(db_path)) == 10
    finally:
        server.send_signal(signal.SIGTERM)
        out, err = server.communicate(timeout=30)
    assert server.returncode == 0, err
    assert "'fault:503': 1" in out and "'fault:truncate': 1" in out
