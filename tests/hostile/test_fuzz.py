"""Random bytes and random JSON shapes at every importer and at `score`: an answer or a clean
refusal (exit 2, one line), never a traceback, and a refused import writes nothing."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.digest import table_digests
from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.errors import InputError
from carcdb.pipeline.extract.sources import InputFormat, read_source
from tests.hostile.conftest import one_line

FORMATS = [None, *InputFormat]
JSON_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30)
)
KEYS = st.sampled_from(
    ["query", "pages", "revisions", "title", "revid", "slots", "main", "content", "*",
     "timestamp", "sha1", "missing", "invalid", "badrevids", "players", "start", "turns",
     "tile", "x", "y", "rotation", "player", "meeple"]
) | st.text(max_size=8)  # fmt: skip
JSON = st.recursive(
    JSON_LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=5),
    max_leaves=30,
)
# Bytes that look like the formats' beginnings, so the readers get past their first check.
PREFIXES = st.sampled_from(
    [b"", b"View source for A/ro\n\n", b"Group\nLanguage\nro - Romanian\nFormat\nFetch\n",
     b"<?xml version='1.0'?><mediawiki>", b'{"query": ', b"\xef\xbb\xbf", b"\x1f\x8b",
     b"BZh", b"== A ==\n"]
)  # fmt: skip
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _read(data: bytes, fmt: InputFormat | None) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "input"
        path.write_bytes(data)
        try:
            read_source(path, title="Fuzz/ro", fmt=fmt)
        except InputError as exc:
            assert "\n" not in str(exc)


@FUZZ
@given(prefix=PREFIXES, body=st.binary(max_size=400), fmt=st.sampled_from(FORMATS))
def test_random_bytes_at_every_importer(
    prefix: bytes, body: bytes, fmt: InputFormat | None
) -> None:
    _read(prefix + body, fmt)


@pytest.mark.slow
@FUZZ
@given(shape=JSON)
def test_random_json_shapes_at_the_api_json_importer(shape: Any) -> None:
    for payload in (shape, {"query": shape}, {"query": {"pages": shape}}):
        _read(json.dumps(payload).encode(), InputFormat.API_JSON)
        _read(json.dumps(payload).encode(), None)


def _score(data: bytes, capsys: pytest.CaptureFixture[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_bytes(data)
        code = run_app(["score", str(path)])
    out, err = capsys.readouterr()
    assert code in (0, 2), err
    if code == 2:
        assert out == ""
        one_line(err)
    else:
        json.loads(out)


@pytest.mark.slow
@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(shape=JSON, data=st.binary(max_size=200))
def test_random_records_at_score(
    shape: Any, data: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    _score(json.dumps(shape).encode(), capsys)
    _score(data, capsys)
    record = {"players": ["A", "B"], "start": {"tile": "D"}, "turns": [shape]}
    _score(json.dumps(record).encode(), capsys)


@pytest.mark.slow
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(prefix=PREFIXES, body=st.binary(max_size=300))
def test_random_files_through_import_leave_a_refusing_warehouse_unchanged(
    prefix: bytes, body: bytes, sample_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "wh.duckdb"
        shutil.copyfile(sample_db, db)
        path = Path(folder) / "input"
        path.write_bytes(prefix + body)
        before = table_digests(db, everything=True)
        code = run_app(["import", str(path), "--title", "Fuzz/ro", "--jobs", "0", "--db", str(db)])
        _out, err = capsys.readouterr()
        assert code in (0, 2), err
        if code == 2:
            one_line(err)
            assert table_digests(db, everything=True) == before
