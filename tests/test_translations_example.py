"""docs/rules.md's `diff translations` example on a generated corpus (the bundled sample has
one language): the commands shown, run, print the summary line shown."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from carcdb.pipeline.cli.app import run_app
from tests.conftest import ROOT


def _example() -> tuple[list[list[str]], str]:
    """The example's commands (without `carcdb`) and the last line it shows."""
    lines = (ROOT / "docs" / "rules.md").read_text("utf-8").splitlines()
    first = "$ carcdb gen-corpus --out corpus --pages 2 --lang-count 2 --seed 1 -q"
    start = next(i for i, line in enumerate(lines) if line.startswith(first))
    end = lines.index("```", start)
    block = lines[start:end]
    commands = [
        shlex.split(line.removeprefix("$ carcdb "), comments=True)
        for line in block
        if line[:1] == "$"
    ]
    return commands, block[-1]


@pytest.mark.slow  # a generated corpus built end to end (docs/architecture.md, Tests)
def test_the_documented_translation_diff_is_what_a_generated_corpus_gives(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    commands, shown = _example()
    assert [c[:2] for c in commands] == [
        ["gen-corpus", "--out"], ["build", "--corpus"], ["diff", "translations"]
    ]  # fmt: skip
    monkeypatch.chdir(tmp_path)
    out = ""
    # The build exits 1, as the example says: a generated corpus's tile lists fail the checks.
    for command, code in zip(commands, (0, 1, 0), strict=True):
        extra = ["--jobs", "0"] if command[0] == "build" else []
        assert run_app([*command, *extra]) == code, capsys.readouterr().err
        out = capsys.readouterr().out
    assert out.splitlines()[-1] == shown
