"""Hostile input files and arguments: exit 2, one line naming the problem, nothing written."""

from __future__ import annotations

import gzip
import json
import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from benchmarks.digest import table_digests
from tests.conftest import FIXTURES, SAMPLE
from tests.hostile.cases import BASE_GAME, IMPORT_CASES
from tests.hostile.conftest import Run, one_line

Refused = Callable[..., str]


# One case of each kind of input in the fast lane; every case in `make test-all`.
FAST_CASES = {"empty", "binary", "bad-utf8", "html-page", "title-control", "xml-cut",
              "api-revisions-dict", "xml-second-page-no-title", "xml-element-in-text",
              "xml-one-revision-two-texts", "xml-page-two-titles", "title-soft-hyphen",
              "view-source-title-nel"}  # fmt: skip
assert {case[0] for case in IMPORT_CASES} >= FAST_CASES


@pytest.mark.parametrize(
    ("content", "extra", "expect"),
    [
        pytest.param(*case[1:], id=case[0], marks=() if case[0] in FAST_CASES else pytest.mark.slow)
        for case in IMPORT_CASES
    ],
)
def test_hostile_file_is_refused(
    refused: Refused, tmp_path: Path, content: bytes, extra: list[str], expect: str
) -> None:
    bad = tmp_path / "input.txt"
    bad.write_bytes(content)
    line = refused("import", str(bad), *extra, "--jobs", "0")
    assert line.startswith("error: ")
    assert expect in line
    assert str(bad) in line


@pytest.mark.slow
def test_a_good_file_with_a_bad_one_writes_nothing(refused: Refused, tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(BASE_GAME.read_bytes()[:25534])
    good = FIXTURES / "inputs" / "export.xml"
    assert "looks cut short" in refused("import", str(good), str(bad), "--jobs", "0")


@pytest.mark.parametrize(
    "special",
    [
        "fifo",
        pytest.param("/dev/zero", marks=pytest.mark.slow),
        pytest.param("/dev/urandom", marks=pytest.mark.slow),
    ],
)
def test_fifo_and_devices_are_refused_at_once(
    refused: Refused, tmp_path: Path, special: str
) -> None:
    if special == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs on this platform")
        path = tmp_path / "pipe"
        os.mkfifo(path)  # no writer: opening it for reading would wait forever
    else:
        path = Path(special)
        if not path.exists():
            pytest.skip(f"no {special} here")
    started = time.monotonic()
    line = refused("import", str(path), "--title", "X")
    assert time.monotonic() - started < 10
    assert "not a regular file" in line


@pytest.mark.parametrize(
    ("entry_path", "expect"),
    [("/etc/passwd", "leads outside the corpus folder"),
     ("../../../etc/hostname", "leads outside the corpus folder"),
     ("sub/../../outside.txt", "leads outside the corpus folder")],
)  # fmt: skip
def test_manifest_paths_stay_inside_the_corpus(
    refused: Refused, tmp_path: Path, entry_path: str, expect: str
) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (tmp_path / "outside.txt").write_text("== secret ==", "utf-8")
    manifest = {"files": [{"path": entry_path, "title": "Leak", "format": "wikitext"}]}
    (corpus / "manifest.json").write_text(json.dumps(manifest), "utf-8")
    line = refused("build", "--corpus", str(corpus), "--jobs", "0")
    assert expect in line and "manifest.json" in line


def test_a_link_out_of_the_corpus_is_refused(refused: Refused, tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (tmp_path / "secret.txt").write_text("== secret ==", "utf-8")
    (corpus / "page.txt").symlink_to(tmp_path / "secret.txt")
    manifest = {"files": [{"path": "page.txt", "title": "Leak", "format": "wikitext"}]}
    (corpus / "manifest.json").write_text(json.dumps(manifest), "utf-8")
    assert "leads outside" in refused("build", "--corpus", str(corpus), "--jobs", "0")


def test_a_cut_short_copy_of_the_stored_page_is_refused(refused: Refused, tmp_path: Path) -> None:
    """A cut the capture check cannot see (between two sections) is still refused: its text
    is the beginning of the stored revision of the page."""
    text = BASE_GAME.read_text("utf-8")
    cut = text[: text.index("\n\n== ", len(text) // 3)] + "\n"
    bad = tmp_path / "cut.txt"
    bad.write_text(cut, "utf-8")
    line = refused("import", str(bad), "--jobs", "0")
    assert "a cut-short copy of it" in line and "'Base game/ro'" in line


def test_an_older_whole_capture_is_not_taken_for_a_cut_one(
    cli: Run, warehouse: Path, tmp_path: Path
) -> None:
    """With its page footer, a capture is whole: the prefix rule does not apply to it."""
    text = BASE_GAME.read_text("utf-8")
    older = text[: text.index("\n\n== ", len(text) // 3)] + "\n"
    whole = tmp_path / "older.txt"
    whole.write_text(older + 'Retrieved from "https://wikicarpedia.com/car/Base_game/ro"\n')
    outcome = cli("import", str(whole), "--jobs", "0", "--db", str(warehouse))
    assert outcome.code == 0, outcome.err


@pytest.mark.slow
def test_compressed_dumps_are_read_streaming(cli: Run, tmp_path: Path) -> None:
    export = (FIXTURES / "inputs" / "export.xml").read_bytes()
    gz = tmp_path / "export.xml.gz"
    gz.write_bytes(gzip.compress(export))
    named_oddly = tmp_path / "dump.data"  # detected by content, not by name
    named_oddly.write_bytes(gzip.compress(export))
    db = tmp_path / "wh.duckdb"
    outcome = cli("import", str(gz), "--jobs", "0", "--db", str(db))
    assert outcome.code == 0, outcome.err
    assert "3 new revision(s)" in outcome.out
    again = cli("import", str(named_oddly), "--jobs", "0", "--db", str(db))
    assert again.code == 0 and "0 new revision(s), 3 already stored" in again.out
    damaged = tmp_path / "damaged.xml.gz"
    damaged.write_bytes(gzip.compress(export)[:60])
    before = table_digests(db, everything=True)
    broken = cli("import", str(damaged), "--db", str(db))
    assert broken.code == 2 and "cannot decompress" in one_line(broken.err)
    assert table_digests(db, everything=True) == before


@pytest.mark.slow
def test_stdin_is_read_with_the_rules_of_files(
    cli: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    import sys

    db = tmp_path / "wh.duckdb"
    text = (SAMPLE / "002_bf3e05963fce1bff.txt").read_bytes()

    class Stdin:
        buffer = io.BytesIO(b"\xef\xbb\xbf" + text)  # a BOM: accepted, as from a file

    monkeypatch.setattr(sys, "stdin", Stdin())
    outcome = cli("import", "-", "--jobs", "0", "--db", str(db))
    assert outcome.code == 0, outcome.err
    assert "1 new revision(s)" in outcome.out

    class BadStdin:
        buffer = io.BytesIO(b"== A ==\n\xff")

    monkeypatch.setattr(sys, "stdin", BadStdin())
    before = table_digests(db, everything=True)
    bad = cli("import", "-", "--title", "X", "--db", str(db))
    assert bad.code == 2 and "<stdin>: invalid UTF-8 at byte offset 8" in one_line(bad.err)
    assert table_digests(db, everything=True) == before


# A JCloisterZone file's numbers (`import-shapes`): `str.isdigit` let `²` and 20 digits through
# to `int()` and the warehouse's INTEGER column, an internal error (exit 70) each.
JCZ_TILE = "<defs><tiles><tile id='a'><city {pennants}>N</city></tile></tiles>"
JCZ_SET = "<sets><tile-set id='s'><ref count='{count}' tile='a'/></tile-set></sets></defs>"


@pytest.mark.parametrize(
    ("count", "expect"),
    [
        ("99999999999999999999", "is beyond 2,147,483,647"),
        ("\u00b2", "is not a whole number in ASCII digits"),
        ("\u0663", "is not a whole number in ASCII digits"),
    ],
    ids=["twenty-digits", "superscript-two", "arabic-indic-three"],
)
def test_a_jcz_ref_count_out_of_range_is_refused(
    refused: Refused, tmp_path: Path, count: str, expect: str
) -> None:
    bad = tmp_path / "tiles.xml"
    bad.write_text(JCZ_TILE.format(pennants="") + JCZ_SET.format(count=count), "utf-8")
    line = refused("import-shapes", str(bad))
    assert f"{bad}: ref count" in line
    assert expect in line


def test_a_jcz_pennant_count_out_of_range_is_a_tile_problem(cli: Run, tmp_path: Path) -> None:
    db = tmp_path / "w.duckdb"
    for pennants in ("\u00b2", "9" * 30):
        shapes = tmp_path / "tiles.xml"
        text = JCZ_TILE.format(pennants=f"pennants='{pennants}'") + JCZ_SET.format(count=1)
        shapes.write_text(text, "utf-8")
        outcome = cli("import-shapes", str(shapes), "--db", str(db), "--json")
        assert outcome.code in (0, 1), outcome
        assert "is not a whole number" in outcome.out or "is beyond" in outcome.out


def test_a_numbered_code_range_is_bounded(refused: Refused, tmp_path: Path) -> None:
    """`engine-config --codes A1-A99999999999` listed every code first: MemoryError, exit 70."""
    out = str(tmp_path / "config.json")
    line = refused(
        "engine-config", "--page", "Base game", "--edition", "C3", "--codes", "A1-A99999999999",
        "--out", out,
    )  # fmt: skip
    assert "--codes: the range 'A1-A99999999999' names 99,999,999,999 codes" in line
    assert not Path(out).exists()
    # Digits of another script are no range ('A٣-A٩' was read as A3-A9).
    line = refused(
        "engine-config", "--page", "Base game", "--edition", "C3", "--codes", "A\u0663-A\u0669",
        "--out", out,
    )  # fmt: skip
    assert "no tile A\u0663-A\u0669" in line


def test_a_language_list_entry_that_is_no_language_code_is_refused(
    refused: Refused, tmp_path: Path
) -> None:
    """A capture's Language list went into the catalog unread: '../x - Evil' or a code of
    100,000 letters was stored as a language of the wiki."""
    capture = (SAMPLE / "000_afd8b4923b42bd32.txt").read_text("utf-8")
    for code in ("../x", "x" * 100_000, "RO", "ro\u202e"):
        bad = tmp_path / "capture.txt"
        bad.write_text(capture.replace("\nLanguage\n", f"\nLanguage\n{code} - Evil\n", 1), "utf-8")
        line = refused("import", str(bad), "--jobs", "0")
        assert f"{bad}: line " in line
        assert "is not a MediaWiki language code" in line
