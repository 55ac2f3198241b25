"""Hostile game records for `carcdb score`: exit 2, one line, nothing on stdout.

One reader for files and stdin (`pipeline.extract.inputfiles`): the same bytes give the same
answer whichever way they come.
"""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import FIXTURES
from tests.hostile.conftest import Outcome, Run, one_line

EXAMPLE = json.loads((FIXTURES / "engine" / "domain-example.json").read_text("utf-8"))


def _turn0(**change: Any) -> bytes:
    record = json.loads(json.dumps(EXAMPLE))
    record["turns"][0].update(change)
    return json.dumps(record).encode()


RECORDS: list[tuple[str, bytes, str]] = [
    ("x-string", _turn0(x="1"), "turn 1 (turns.0.x): Input should be a valid integer"),
    ("x-true", _turn0(x=True), "turn 1 (turns.0.x): Input should be a valid integer"),
    ("x-float", _turn0(x=1.0), "turn 1 (turns.0.x): Input should be a valid integer"),
    ("x-huge", _turn0(x=2**40), "less than or equal to 2147483647"),
    ("rotation-string", _turn0(rotation="90"), "turn 1 (turns.0.rotation)"),
    ("player-number", _turn0(player=1), "turn 1 (turns.0.player)"),
    ("duplicate-key", b'{"players": ["A"], "players": ["B"], "start": {"tile": "D"}, "turns": []}',
     "duplicate key 'players'"),
    ("deep", b"[" * 990 + b"]" * 990, "nested more than 64 levels"),
    ("nan", b'{"players": ["A"], "start": {"tile": "D", "x": NaN}, "turns": []}',
     "NaN is not a JSON number"),
    ("huge-int", b'{"players": ["A"], "start": {"tile": "D", "x": ' + b"1" * 5000 + b"}}",
     "an integer of 5000 digits"),
    ("bad-utf8", b'{"players": ["\xff"], "start": {"tile": "D"}, "turns": []}',
     "invalid UTF-8 at byte offset 14"),
    ("utf16", json.dumps(EXAMPLE).encode("utf-16"), "UTF-16"),
    ("not-json", b"players: A", "not JSON (line 1, column 1"),
    ("empty", b"", "file is empty"),
    ("array", b"[]", "(top level): Input should be a valid dictionary"),
]  # fmt: skip


def _score_stdin(cli: Run, monkeypatch: pytest.MonkeyPatch, data: bytes) -> Outcome:
    class Stdin:
        buffer = io.BytesIO(data)

    monkeypatch.setattr(sys, "stdin", Stdin())
    return cli("score", "-")


@pytest.mark.parametrize(("data", "expect"), [r[1:] for r in RECORDS], ids=[r[0] for r in RECORDS])
def test_hostile_record_is_refused_from_a_file_and_from_stdin(
    cli: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data: bytes, expect: str
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(data)
    from_file = cli("score", str(path))
    assert (from_file.code, from_file.out) == (2, "")
    assert expect in one_line(from_file.err)
    from_stdin = _score_stdin(cli, monkeypatch, data)
    assert (from_stdin.code, from_stdin.out) == (2, "")
    # The same message, the origin aside.
    assert one_line(from_stdin.err).replace("<stdin>", str(path)) == one_line(from_file.err)


def test_a_bom_is_accepted_from_a_file_and_from_stdin_alike(
    cli: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = b"\xef\xbb\xbf" + json.dumps(EXAMPLE).encode()
    path = tmp_path / "game.json"
    path.write_bytes(data)
    from_file = cli("score", str(path))
    from_stdin = _score_stdin(cli, monkeypatch, data)
    assert from_file.code == from_stdin.code == 0
    assert from_file.out == from_stdin.out
    assert json.loads(from_file.out)["scores"] == {"Ann": 5, "Ben": 2}


def test_score_refuses_a_fifo_at_once(cli: Run, tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this platform")
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    outcome = cli("score", str(pipe))
    assert outcome.code == 2 and "not a regular file" in one_line(outcome.err)
