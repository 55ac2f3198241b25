"""Bounds on what an input may cost (docs/hardening.md): each refused with exit 2 and one line,
nothing written, within a watchdog's time and memory.

The fast lane runs each bound with a small limit set through its environment variable; the
slow lane (`make test-all`) runs the large generated inputs against the default limits in a
child process whose address space is capped (`bounded_cli`)."""

from __future__ import annotations

import gzip
import io
import json
import os
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from benchmarks.digest import table_digests
from carcdb.pipeline.fakewiki.server import closed_port
from carcdb.warehouse.connection import read_only
from tests.conftest import ROOT, SAMPLE
from tests.hostile.conftest import Run, bounded_cli, one_line, watchdog

Refused = Callable[..., str]
BASE_GAME = (SAMPLE / "002_bf3e05963fce1bff.txt").read_text("utf-8")


def _dump(text: str, extra: str = "") -> str:
    return (
        '<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/">'
        f"<page><title>Big</title><ns>0</ns>{extra}<revision><id>7</id>"
        f"<text>{text}</text></revision></page></mediawiki>"
    )


def test_an_input_beyond_the_limit_is_refused(
    refused: Refused, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARCDB_MAX_INPUT_MB", "0.01")
    big = tmp_path / "big.wiki"
    big.write_text("== A ==\n" + "x" * 20_000, "utf-8")
    line = refused("import", str(big), "--title", "Big", "--jobs", "0")
    assert "larger than 0.01 MB, the limit of one input" in line and str(big) in line
    dump = tmp_path / "dump.xml.gz"
    dump.write_bytes(gzip.compress(_dump("y" * 20_000).encode()))  # 200 bytes on disk
    assert "XML export (decompressed) is larger than" in refused("import", str(dump))


def test_stdin_that_never_ends_is_refused(
    cli: Run, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`score - < /dev/zero` read until memory ran out; so would a stdin of text."""

    class Endless(io.RawIOBase):  # an endless stream (what `/dev/zero` or `yes` give)
        def __init__(self, byte: bytes) -> None:
            self.byte = byte

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
            buffer[:] = self.byte * len(buffer)
            return len(buffer)

    monkeypatch.setenv("CARCDB_MAX_INPUT_MB", "1")
    for byte, expect in ((b"\x00", "NUL byte at offset 0"), (b" ", "larger than 1 MB")):

        class Stdin:
            buffer = io.BufferedReader(Endless(byte))  # type: ignore[type-var]

        monkeypatch.setattr(sys, "stdin", Stdin())
        with watchdog(60):
            outcome = cli("score", "-")
        assert outcome.code == 2 and expect in one_line(outcome.err), outcome


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "mknod"), reason="device nodes are POSIX")
def test_score_of_dev_zero_stops_at_once(tmp_path: Path) -> None:
    zero_node = tmp_path / "zero"
    try:
        os.mknod(zero_node, stat.S_IFCHR | 0o444, os.makedev(1, 5))  # /dev/zero's numbers
    except PermissionError:
        pytest.skip("making a device node needs root")
    with zero_node.open("rb") as zero:
        done = subprocess.run(
            [sys.executable, "-m", "carcdb.pipeline.cli", "score", "-"],
            stdin=zero,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    assert done.returncode == 2 and "NUL byte at offset 0" in one_line(done.stderr)


def test_a_revision_beyond_the_limit_is_refused_naming_it(
    refused: Refused, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARCDB_MAX_REVISION_MB", "0.01")
    page = tmp_path / "page.wiki"
    page.write_text("== A ==\n" + "x" * 20_000, "utf-8")
    line = refused("import", str(page), "--title", "Big page", "--jobs", "0")
    assert "the text of 'Big page' holds 0.0191 MB of text, more than the limit" in line
    api = tmp_path / "api.json"
    content = {"revid": 9, "content": "z" * 20_000}
    api.write_text(json.dumps({"query": {"pages": [{"title": "P", "revisions": [content]}]}}))
    assert "revision 9 of 'P' holds" in refused("import", str(api), "--jobs", "0")
    dump = tmp_path / "dump.xml"
    dump.write_text(_dump("w" * 20_000), "utf-8")
    assert "the <text> of 'Big' is larger than" in refused("import", str(dump), "--jobs", "0")


def test_one_large_xml_token_is_refused_early(
    refused: Refused, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """expat rescans an unfinished token with every chunk: a large comment cost quadratic
    time. A token is bounded; text between elements is not kept at all."""
    monkeypatch.setenv("CARCDB_MAX_XML_TOKEN_MB", "0.5")
    dump = tmp_path / "comment.xml"
    dump.write_text(_dump("== T ==", f"<!--{'c' * (3 << 20)}-->"), "utf-8")
    assert "one XML token (a comment or a tag) is larger than 0.5 MB" in refused(
        "import", str(dump), "--jobs", "0"
    )


def test_whitespace_between_elements_is_not_kept(
    cli: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARCDB_MAX_XML_TOKEN_MB", "0.5")
    spaces = tmp_path / "spaces.xml"
    spaces.write_text(_dump("== T ==", " " * (3 << 20)), "utf-8")  # no token, no field
    outcome = cli("import", str(spaces), "-j", "0", "-q", "--db", str(tmp_path / "wh.duckdb"))
    assert outcome.code == 0, outcome.err


@pytest.mark.slow
def test_a_large_comment_and_a_gigabyte_of_whitespace_in_a_small_gzip(tmp_path: Path) -> None:
    """A 1 MB .gz of whitespace reached 2.2 GB of memory; a 64 MB comment took minutes."""
    head, tail = _dump("== T ==", "@@").encode().split(b"@@")
    spaces = gzip.compress(b" " * (1 << 20), 9)  # gzip members, one after the other
    chunks = [gzip.compress(head), spaces * 1024, gzip.compress(tail)]
    whitespace = tmp_path / "whitespace.xml.gz"
    whitespace.write_bytes(b"".join(chunks))
    db = tmp_path / "wh.duckdb"
    env = {"CARCDB_MAX_INPUT_MB": "2048"}
    done = bounded_cli(
        "import", str(whitespace), "--db", str(db), "-j", "0", env=env, memory_mb=1536
    )
    assert done.code == 0, done.err
    comment = tmp_path / "comment.xml"
    comment.write_text(_dump("== T ==", f"<!--{'c' * (64 << 20)}-->"), "utf-8")
    # (A warehouse of its own: opening the one above, which holds the whitespace page, is not
    # what this part measures, and under the address-space cap DuckDB's buffers for it ran out
    # on a loaded machine: exit 70.)
    fresh = tmp_path / "comment.duckdb"
    refused = bounded_cli("import", str(comment), "--db", str(fresh), "-j", "0", seconds=60)
    assert refused.code == 2 and "one XML token" in one_line(refused.err)


@pytest.mark.slow
def test_a_256_mb_revision_is_refused_naming_it(tmp_path: Path) -> None:
    """It used to hide DuckDB's out-of-memory error behind exit 70."""
    page = tmp_path / "huge.wiki"
    with page.open("w", encoding="utf-8") as handle:
        for _ in range(256):
            handle.write("x" * (1 << 20))
    db = tmp_path / "wh.duckdb"
    env = {"CARCDB_MAX_INPUT_MB": "512"}
    done = bounded_cli("import", str(page), "--title", "Huge", "--db", str(db), env=env,
                       memory_mb=2048)  # fmt: skip
    assert done.code == 2
    assert "the text of 'Huge' holds 256 MB of text, more than the limit of 8 MB" in one_line(
        done.err
    )
    assert not db.exists()


def test_jobs_beyond_a_small_multiple_of_the_cores_are_refused(refused: Refused) -> None:
    """`--jobs 100000` forked until memory ran out (161 processes, 6 GB)."""
    line = refused("build", "--jobs", "100000")
    assert "100000 parse workers asked for" in line and "--jobs" in line
    unreachable = f"http://127.0.0.1:{closed_port()}/api.php"
    line = refused("extract", "--api", unreachable, "--page", "X", "--jobs", "100000")
    assert "100000 parse workers asked for" in line


def test_a_refused_extract_writes_nothing(refused: Refused) -> None:
    """An extraction refused with exit 2 wrote a row to `api_extractions`."""
    unreachable = f"http://127.0.0.1:{closed_port()}/api.php"
    line = refused("extract", "--api", unreachable, "--page", "Base game", "--throttle", "0",
                   "--max-wait", "0.01")  # fmt: skip
    assert "cannot reach the API" in line


def test_a_bad_bound_in_the_environment_is_bad_input(
    refused: Refused, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CARCDB_MAX_REVISION_MB", "lots")
    page = tmp_path / "page.wiki"
    page.write_text("== A ==", "utf-8")
    line = refused("import", str(page), "--title", "P", "--jobs", "0")
    assert "CARCDB_MAX_REVISION_MB: 'lots' is not a number" in line


@pytest.mark.parametrize("jobs", ["0", pytest.param("2", marks=pytest.mark.slow)])
def test_a_page_too_large_to_parse_is_the_same_finding_whatever_the_jobs(
    cli: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: str
) -> None:
    """An 8 MB page gave full records with `-j 0` and a memory finding with `-j 2`: the
    warehouse depended on `--jobs`. A page beyond the parse bound is not parsed in either."""
    monkeypatch.setenv("CARCDB_MAX_PARSE_MB", "0.06")
    page = tmp_path / "big.wiki"
    page.write_text(BASE_GAME * 2, "utf-8")
    db = tmp_path / f"wh{jobs}.duckdb"
    with watchdog(300):
        outcome = cli("import", str(page), "--title", "Big", "-j", jobs, "-q", "--db", str(db))
    assert outcome.code == 0, outcome.err
    with read_only(db) as conn:
        found = conn.execute("SELECT code, title FROM findings WHERE stage = 'parse'").fetchall()
    assert found == [("parse.too-large", "Big")]
    if jobs == "2":
        in_process = tmp_path / "wh0.duckdb"
        again = cli("import", str(page), "--title", "Big", "-j", "0", "-q",
                    "--db", str(in_process))  # fmt: skip
        assert again.code == 0
        assert table_digests(db) == table_digests(in_process)


@pytest.mark.parametrize("jobs", ["0", pytest.param("2", marks=pytest.mark.slow)])
@pytest.mark.parametrize("opener", ["{{", "{{{"])
def test_a_page_nested_too_deep_to_parse_is_a_finding_and_the_rest_is_stored(
    cli: Run, tmp_path: Path, jobs: str, opener: str
) -> None:
    """600 nested templates (or 400 arguments) ran the tree builder out of recursion: the
    import stopped with an internal error. Such a page is bad data: a `parse.too-deep`
    finding, and the next page is parsed as usual."""
    deep = tmp_path / "deep.wiki"
    depth = 1200 // len(opener)
    deep.write_text(opener * depth + "x" + opener.replace("{", "}") * depth, "utf-8")
    fine = tmp_path / "fine.wiki"
    fine.write_text(BASE_GAME, "utf-8")
    db = tmp_path / "wh.duckdb"
    for page, title in ((deep, "Deep"), (fine, "Base game")):
        outcome = cli("import", str(page), "--title", title, "-j", jobs, "-q", "--db", str(db))
        assert outcome.code == 0, outcome.err
    with read_only(db) as conn:
        found = conn.execute("SELECT code, title, message FROM findings WHERE stage = 'parse'")
        rows = found.fetchall()
        tiles = conn.execute("SELECT count(*) FROM tiles WHERE title = 'Base game'")
        stored = tiles.fetchone()
    assert [(code, title) for code, title, _ in rows] == [("parse.too-deep", "Deep")]
    assert f"nests {depth * len(opener) // 2} levels" in rows[0][2]
    assert stored is not None and stored[0] > 0


def test_a_recursion_error_on_a_page_nested_as_wiki_pages_are_is_a_bug() -> None:
    from carcdb.pipeline.run.nesting import PLAUSIBLE_DEPTH, nesting_depth, too_deep

    assert nesting_depth("{{Tile|a=[[b]]|{{c}}}}") == 2
    assert nesting_depth("}}]] {{a}}") == 1  # closers beyond the openers count for nothing
    assert too_deep("{{" * PLAUSIBLE_DEPTH + "}}" * PLAUSIBLE_DEPTH) is None
    assert too_deep("{{" * (PLAUSIBLE_DEPTH + 1)) is not None


def test_every_bound_is_in_the_hardening_table_with_its_default() -> None:
    from carcdb.pipeline.limits import ALL

    table = [
        line for line in (ROOT / "docs" / "hardening.md").read_text("utf-8").split("\n")
        if line.startswith("| ")
    ]  # fmt: skip
    for bound in ALL:
        rows = [row for row in table if bound.env in row]
        assert rows, f"{bound.env} is not in docs/hardening.md's table"
        shown = f"{bound.default:,g}"
        assert any(f"| {shown} " in row or f"| {shown} MB" in row for row in rows), bound.env
