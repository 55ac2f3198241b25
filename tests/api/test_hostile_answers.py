"""The API client survives any answer: an HTML page, an empty body, the answer declared as a
web page, JSON of the wrong shape. Each is retried like a server error; a request that keeps
getting them fails its batch (recorded in `api_page_problems`) and the run goes on; the exit
code says whether every page arrived (0) or not (1), never 2 once work has started."""

from __future__ import annotations

from pathlib import Path

import pytest

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.fakewiki.server import FaultPlan
from carcdb.warehouse.connection import read_only
from tests.api.conftest import WikiFactory, stored_titles

SMALL = {f"Page {n:03d}": f"== Page {n} ==\ntext {n}" for n in range(120)}


def _extract(wiki_url: str, db: Path, *extra: str) -> int:
    return run_app(
        ["extract", "--api", wiki_url, "--all-pages", "--db", str(db), "--throttle", "0",
         "--max-wait", "0.01", "--contact", "tests@carcdb.invalid", "-q", *extra]
    )  # fmt: skip


@pytest.mark.slow
def test_a_quarter_of_html_answers_still_stores_every_page_once(
    make_wiki: WikiFactory, big_pages: dict[str, str], db_path: Path
) -> None:
    wiki = make_wiki(big_pages, FaultPlan(rate=0.25, mix=("html",), seed=3))
    assert _extract(wiki.url, db_path) == 0
    assert wiki.counts["fault:html"] > 0
    stored = stored_titles(db_path)
    assert len(stored) == len(big_pages)
    assert all(count == 1 for _title, count in stored)


def test_answers_of_every_wrong_kind_are_retried(make_wiki: WikiFactory, db_path: Path) -> None:
    kinds = ["html", "empty", "shape", "wrong-type", "truncate"]
    script = [step for kind in kinds for step in (kind, "ok")]  # each request once, then ok
    wiki = make_wiki(SMALL, FaultPlan(script=script))
    assert _extract(wiki.url, db_path) == 0
    assert {kind: wiki.counts[f"fault:{kind}"] for kind in kinds} == dict.fromkeys(kinds, 1)
    assert [count for _title, count in stored_titles(db_path)] == [1] * len(SMALL)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["html", "shape", "empty"])
def test_a_batch_that_never_gets_an_answer_is_recorded_and_the_run_goes_on(
    make_wiki: WikiFactory, db_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    # listing (1) and 3 info requests pass; the first content request gets 6 bad answers
    wiki = make_wiki(SMALL, FaultPlan(script=["ok"] * 4 + [kind] * 6))
    assert _extract(wiki.url, db_path) == 1  # some pages are missing at the end
    assert "failed:" in capsys.readouterr().err
    with read_only(db_path) as conn:
        problems = conn.execute(
            "SELECT problem, count(*) FROM api_page_problems GROUP BY 1"
        ).fetchall()
        outcome = conn.execute("SELECT outcome, fetched FROM api_extractions").fetchall()
    assert problems == [("failed", 50)]
    assert outcome == [("complete", 70)]
    assert len(stored_titles(db_path)) == 70
    # The next run fetches exactly what is missing and exits 0.
    assert _extract(wiki.url, db_path) == 0
    assert [count for _title, count in stored_titles(db_path)] == [1] * len(SMALL)


def test_html_before_any_answer_still_names_the_wrong_endpoint(
    make_wiki: WikiFactory, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wiki = make_wiki(SMALL, FaultPlan(script=["html"] * 3))
    assert _extract(wiki.url, db_path) == 2
    assert "HTML page, not API JSON" in " ".join(capsys.readouterr().err.split())
    assert not db_path.exists()
