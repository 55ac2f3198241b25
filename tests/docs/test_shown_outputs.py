"""Every command output README.md and docs/*.md show is what the command prints on the
bundled sample, or the block is marked as an abridged example (`tests/docs/shown.py`).

Each session runs in a folder of its own, like a checkout after `make run` (the sample
warehouse, shared: one build a test session), its commands in order, each output compared
line by line, the spaces around a line and blank lines aside (a terminal centres a table's
title and leaves a blank line where its progress display was): piped, or, for a table shown
where piped output would be tab-separated, on a terminal. Each command is a process of its
own, so the sessions run in the full lane (`make test-all`, CI).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.docs.run_shown import run_on_terminal, run_step, workdir
from tests.docs.shown import ABRIDGED, ROOT, Session, sessions

# Every session runs its commands as a shell would, each in a new process: the full lane
# (`make test-all`, CI) only, as other subprocess CLIs (docs/architecture.md, Tests).
SESSIONS = [s for s in sessions() if not s.abridged]
CASES = [pytest.param(s, id=s.name, marks=[pytest.mark.slow]) for s in SESSIONS]


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def test_the_docs_show_command_sessions_and_mark_the_abridged_ones() -> None:
    found = sessions()
    assert len(SESSIONS) >= 15
    for session in found:
        for step in session.steps[1:]:
            assert ABRIDGED not in step.command, f"{session.name}: mark the first line"


@pytest.mark.parametrize("session", CASES)
def test_a_documented_session_prints_what_the_doc_shows(
    session: Session, sample_db: Path, tmp_path: Path
) -> None:
    work = workdir(tmp_path, sample_db, session)
    for step in session.steps:
        printed = _lines(run_step(step.command, work))
        if printed != _lines(step.shown) and step.shown.startswith("┏"):  # a table: a terminal
            printed = _lines(run_on_terminal(step.command, work))
        assert printed == _lines(step.shown), f"{session.name}: $ {step.command}"


@pytest.mark.slow
def test_the_readme_shows_what_make_run_prints(tmp_path: Path) -> None:
    """`make run` is `carcdb build --db data/carcdb.duckdb` in a fresh checkout."""
    readme = (ROOT / "README.md").read_text("utf-8")
    start = readme.index("```\ncarcdb build -> data/carcdb.duckdb\n") + len("```\n")
    shown = readme[start : readme.index("```", start)]
    (tmp_path / "pipeline").symlink_to(ROOT / "pipeline")
    assert _lines(run_step("carcdb build --db data/carcdb.duckdb", tmp_path)) == _lines(shown)
