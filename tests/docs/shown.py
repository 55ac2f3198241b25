"""The command outputs README.md and docs/*.md show: each ``` block whose first line is a
`$ ` command line, cut into (command, the lines shown after it) pairs.

A block is either checked (`tests/docs/test_shown_outputs.py` runs each command on the
bundled sample and compares what it prints) or marked as an abridged example: its first
command line ends with the shell comment `# abridged` (a reason may follow), and the prose
around it or a `...` line says what is left out. Blocks that are not command sessions
(tables of figures, layout sketches, JSON files) are not outputs of a command shown there,
and are checked, where they are, by the tests of what they describe.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ("README.md", *sorted(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")))
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
ABRIDGED = "# abridged"


@dataclass(frozen=True)
class Step:
    command: str
    shown: str  # the lines after the command, up to the next `$ ` line, each with its "\n"


@dataclass(frozen=True)
class Session:
    doc: str
    line: int  # of the opening fence, 1-based
    steps: tuple[Step, ...]

    @property
    def abridged(self) -> bool:
        return ABRIDGED in self.steps[0].command

    @property
    def name(self) -> str:
        return f"{self.doc}:{self.line}"


def sessions() -> list[Session]:
    found: list[Session] = []
    for doc in DOCS:
        text = (ROOT / doc).read_text("utf-8")
        for match in FENCE.finditer(text):
            body = match.group(2)
            if not body.startswith("$ "):
                continue
            steps: list[Step] = []
            for line in body.splitlines(keepends=True):
                if line.startswith("$ "):
                    steps.append(Step(line[2:].rstrip("\n"), ""))
                else:
                    last = steps[-1]
                    steps[-1] = Step(last.command, last.shown + line)
            found.append(Session(doc, text.count("\n", 0, match.start()) + 1, tuple(steps)))
    return found
