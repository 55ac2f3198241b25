"""The benchmark's process-tree sampler finds the same processes as a scan of all of /proc."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from benchmarks import proctree
from benchmarks.proctree import tree_sample

# A child whose own child is started by a second thread, as the parse workers' fork server is.
# The thread stays alive: when it ends, the kernel moves its children to another thread, and a
# sample taken meanwhile may find them under neither (the test failed so once in a loaded run).
_CHILD = """
import subprocess, sys, threading, time
def spawn():
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    time.sleep(30)
threading.Thread(target=spawn, daemon=True).start()
print("started", flush=True)
time.sleep(30)
"""


def _descendants_by_scan(root: int) -> set[int]:
    """Every process whose chain of parents leads to `root`, from all of /proc."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    tree = {root}
    grew = True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if parent in tree and pid not in tree:
                tree.add(pid)
                grew = True
    return tree


def test_the_sampler_finds_children_started_by_any_thread() -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD], stdout=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "started"
        deadline = time.monotonic() + 10
        while len(_descendants_by_scan(child.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        expected = _descendants_by_scan(child.pid)
        resident_kb, cpu = tree_sample(child.pid)
        assert len(expected) == 2
        assert set(cpu) == expected
        # Two Python interpreters hold several MB each.
        assert resident_kb > 2 * 4096
        assert all(seconds >= 0 for seconds in cpu.values())
        # The caller is not part of its child's tree.
        assert os.getpid() not in cpu
    finally:
        os.killpg(child.pid, 9)
        child.wait()
        assert child.stdout is not None
        child.stdout.close()


def test_a_process_that_has_ended_is_left_out() -> None:
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    assert tree_sample(ended.pid) == (0, {})


def test_a_kernel_that_does_not_list_children_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the children files every process would look childless: the workers' memory
    would be missed silently."""
    monkeypatch.setattr(proctree, "_children_listed", lambda: False)
    with pytest.raises(RuntimeError, match="CONFIG_PROC_CHILDREN"):
        tree_sample(os.getpid())
