"""Bounds on what one API answer may cost (docs/hardening.md), against the fake wiki's hostile
answers: a server sending a byte a second, a gzip bomb, listings whose `continue` never ends, and
redirects to another host. Each ends within a watchdog's time (and, in the slow lane, a child
process's capped address space)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.fakewiki.server import FaultPlan
from carcdb.warehouse.connection import read_only
from tests.api.conftest import WikiFactory, stored_titles
from tests.hostile.conftest import bounded_cli, one_line, watchdog

SMALL = {f"Page {n:02d}": f"== Page {n} ==\ntext {n}\n" for n in range(12)}


def _extract(
    capsys: pytest.CaptureFixture[str], url: str, db: Path, *args: str
) -> tuple[int, dict[str, Any], str]:
    capsys.readouterr()
    with watchdog(120):
        code = run_app(
            ["extract", "--api", url, "--db", str(db), "--throttle", "0", "--max-wait", "0.01",
             "--json", "-j", "0", *args]
        )  # fmt: skip
    out, err = capsys.readouterr()
    return code, json.loads(out)["extract"] if out.strip() else {}, err


@pytest.mark.slow  # waits for a wall-clock timeout on a server sending a byte a second
def test_a_byte_a_second_does_not_beat_the_timeout(
    make_wiki: WikiFactory, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The timeout bounds a request as a whole: each byte came within the read timeout, so a
    trickling answer (headers included) was waited for, byte after byte, without end."""
    wiki = make_wiki(SMALL, FaultPlan(script=["trickle"], trickle_seconds=0.2))
    code, report, _err = _extract(capsys, wiki.url, db_path, "--all-pages", "--timeout", "1")
    assert code == 0
    assert report["faults"] == {"timeout": 1} and report["fetched"] == len(SMALL)


def test_a_gzip_bomb_is_decoded_no_further_than_the_limit(
    make_wiki: WikiFactory, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """64 KB of gzip that decodes to 64 MB, the answer limit at 1 MB: the first answer, so
    the run ends (exit 2, one line, no warehouse)."""
    wiki = make_wiki(SMALL, FaultPlan(script=["gzip-bomb"], bomb_mb=64))
    code, _report, err = _extract(capsys, wiki.url, db_path, "--all-pages", "--max-answer-mb", "1")
    assert code == 2
    assert "too-large: the answer is larger than 1 MB" in one_line(err)
    assert wiki.counts["requests"] == 1  # not retried: the same request gets the same answer
    assert not db_path.exists()


@pytest.mark.slow
def test_a_real_gzip_bomb_in_a_capped_process(make_wiki: WikiFactory, db_path: Path) -> None:
    """1.6 MB on the wire, 1.5 GB decoded: with the default limit (64 MB) the info request
    fails and the run goes on (exit 1, its pages reported). The process may use 1.5 GB of
    address space, about 1 GB of which it has before the answer (DuckDB, threads): decoding
    the whole answer cannot fit."""
    wiki = make_wiki(SMALL, FaultPlan(script=["ok", "gzip-bomb"]))
    done = bounded_cli("extract", "--api", wiki.url, "--all-pages", "--db", str(db_path),
                       "--throttle", "0", "-j", "0", "--max-wait", "0.01",
                       memory_mb=1536)  # fmt: skip
    assert done.code == 1, done.err
    assert "the answer is larger than 64 MB" in done.err
    with read_only(db_path) as conn:
        problems = conn.execute("SELECT problem, count(*) FROM api_page_problems GROUP BY 1")
        assert problems.fetchall() == [("failed", len(SMALL))]


@pytest.mark.parametrize(
    ("continuation", "requests", "why"),
    [
        ("repeat", 2, "came back after 2 requests: a loop"),
        ("alternate", 3, "came back after 3 requests: a loop"),
        ("endless", 5, "still went on after 5 requests"),
    ],
)
def test_a_listing_whose_continuation_never_ends_ends(
    make_wiki: WikiFactory,
    db_path: Path,
    capsys: pytest.CaptureFixture[str],
    continuation: str,
    requests: int,
    why: str,
) -> None:
    """A repeating or alternating `continue` token looped forever."""
    wiki = make_wiki(SMALL, FaultPlan(continuation=continuation, list_limit=5))
    code, report, _err = _extract(
        capsys, wiki.url, db_path, "--all-pages", "--max-list-requests", "5"
    )
    assert code == 1  # the listing is reported as stopped; what it found is stored
    assert wiki.counts["list"] == requests
    assert [f["title"] for f in report["failed"]] == ["--all-pages"]
    assert why in str(report["failed"])
    assert [title for title, _n in stored_titles(db_path)] == sorted(SMALL)[:5]


def test_a_redirect_to_another_host_is_refused_not_followed(
    make_wiki: WikiFactory, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It was followed silently, and the provenance named the first host."""
    wiki = make_wiki(SMALL, FaultPlan(script=["redirect-away"]))
    code, _report, err = _extract(capsys, wiki.url, db_path, "--all-pages")
    line = one_line(err)
    assert code == 2 and "redirected to http://localhost:" in line and "not followed" in line
    assert wiki.counts["requests"] == 1 and not db_path.exists()

    later = make_wiki(SMALL, FaultPlan(script=["ok", "redirect-away"]))
    code, report, _err = _extract(capsys, later.url, db_path, "--all-pages")
    assert code == 1 and report["faults"] == {"redirect-away": 1}
    assert later.counts["requests"] == 2  # the listing, the refused sweep: nothing to fetch
    assert stored_titles(db_path) == []


def test_a_redirect_within_the_host_is_followed_and_named(
    make_wiki: WikiFactory, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wiki = make_wiki(SMALL, FaultPlan(script=["redirect-same"]))
    code, report, _err = _extract(capsys, wiki.url, db_path, "--all-pages")
    assert code == 0 and report["fetched"] == len(SMALL)
    with read_only(db_path) as conn:
        paths = conn.execute("SELECT DISTINCT source_path FROM revisions").fetchall()
    assert all(str(path).startswith(wiki.url) for (path,) in paths)


def test_a_page_longer_than_the_revision_limit_is_not_fetched(
    make_wiki: WikiFactory,
    db_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CARCDB_MAX_REVISION_MB", "0.01")
    wiki = make_wiki({**SMALL, "Huge": "x" * 20_000})
    code, report, _err = _extract(capsys, wiki.url, db_path, "--all-pages")
    assert code == 1 and report["fetched"] == len(SMALL)
    assert [r["title"] for r in report["refused"]] == ["Huge"]
    assert "more than the limit of 0.01 MB" in str(report["refused"])
