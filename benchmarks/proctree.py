"""What a process and its descendants use now: resident memory and CPU time (Linux /proc).

A benchmark samples a build's process tree every 50 ms while the build runs, on the same
cores. Listing every process of the machine for each sample (reading two files apiece) cost
a visible share of a core, taken from a 2-job build that keeps both cores busy and not from a
1-job build, which leaves one idle half the time: it skewed the comparison. The tree is
therefore followed from its root through each thread's `children` file, and only its own
processes are read (the cost of both ways: docs/perf.md).
"""

from __future__ import annotations

import os
import threading
from functools import cache
from pathlib import Path

_TICKS = os.sysconf("SC_CLK_TCK")
_PAGE_KB = os.sysconf("SC_PAGE_SIZE") // 1024


@cache
def _children_listed() -> bool:
    """Whether this kernel lists a thread's children (Linux with CONFIG_PROC_CHILDREN)."""
    return Path(f"/proc/self/task/{threading.get_native_id()}/children").is_file()


def tree_sample(root: int) -> tuple[int, dict[int, float]]:
    """`root` and its descendants: (resident kB in total, CPU seconds per pid).

    A process that ends while it is read is left out; children started by any of a
    process's threads are found (the parse workers' fork server is started by a thread).
    """
    if not _children_listed():
        # Without it every process would look childless: the workers' memory would be
        # missed without a word.
        raise RuntimeError(
            "sampling a process tree needs /proc/PID/task/TID/children "
            "(Linux with CONFIG_PROC_CHILDREN)"
        )
    resident_kb = 0
    cpu: dict[int, float] = {}
    pending = [root]
    while pending:
        pid = pending.pop()
        proc = Path(f"/proc/{pid}")
        try:
            stat = (proc / "stat").read_text()
            children = [(task / "children").read_text() for task in (proc / "task").iterdir()]
        except OSError:  # it has just ended
            continue
        # After the command name (which may hold spaces): state, ppid, ... utime is the 14th
        # field of the line, stime the 15th, rss (in pages) the 24th.
        fields = stat.rsplit(")", 1)[1].split()
        cpu[pid] = (int(fields[11]) + int(fields[12])) / _TICKS
        resident_kb += int(fields[21]) * _PAGE_KB
        for listed in children:
            pending.extend(int(child) for child in listed.split())
    return resident_kb, cpu
