"""Extraction end to end against the local fake wiki: completeness, request counts, faults."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from benchmarks.digest import differences, table_digests
from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.extract.api import PageSelection
from carcdb.pipeline.extract.api.client import ApiClient
from carcdb.pipeline.extract.api.fetch import FetchOutcome, fetch_batches
from carcdb.pipeline.extract.api.sweep import sweep
from carcdb.pipeline.fakewiki.corpus import generated_pages
from carcdb.pipeline.fakewiki.server import FaultPlan
from carcdb.pipeline.run import early_parse
from carcdb.pipeline.run.extract import extract_from_api
from carcdb.warehouse.connection import read_only
from tests.api.conftest import WikiFactory, fast_config, stored_titles

SMALL = {f"Page {n:02d}": f"== Page {n} ==\ntext {n}\n" for n in range(12)}


def _extract_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    capsys.readouterr()
    code = run_app(["extract", "--json", "--throttle", "0", *args])
    out = capsys.readouterr().out
    return code, json.loads(out)["extract"] if out.strip() else {}


@pytest.mark.slow
def test_sample_plus_1000_pages_in_minimal_requests_then_nothing(
    make_wiki: WikiFactory,
    big_pages: dict[str, str],
    db_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    wiki = make_wiki(big_pages)
    args = ["--api", wiki.url, "--all-pages", "--db", str(db_path)]
    code, first = _extract_json(capsys, *args)
    assert code == 0
    pages = len(big_pages)
    assert first["fetched"] == first["stored_new"] == pages
    assert wiki.counts["content"] == first["content_requests"] == math.ceil(pages / 50)
    # discovery: allpages (500 per answer) + the info sweep (50 titles per request)
    assert wiki.counts["list"] == math.ceil(pages / 500)
    assert wiki.counts["info"] == math.ceil(pages / 50)
    assert stored_titles(db_path) == [(title, 1) for title in sorted(big_pages)]
    with read_only(db_path) as conn:
        languages = dict(conn.execute("SELECT language, count(*) FROM pages GROUP BY 1").fetchall())
        texts = dict(conn.execute("SELECT title, wikitext FROM revisions").fetchall())
    assert languages == {"en": 334, "de": 333, "fr": 333, "ro": 4}
    assert texts == big_pages

    code, second = _extract_json(capsys, *args)
    assert code == 0
    assert second["fetched"] == second["content_requests"] == 0
    assert second["unchanged"] == pages
    assert wiki.counts["content"] == math.ceil(pages / 50)


@pytest.mark.slow
def test_twenty_percent_faults_still_store_every_page_once(
    make_wiki: WikiFactory, big_pages: dict[str, str], db_path: Path
) -> None:
    faults = FaultPlan(
        rate=0.2, seed=7, mix=("503", "429", "maxlag", "slow"), retry_after=1, slow_seconds=0.4
    )
    wiki = make_wiki(big_pages, faults)
    config = fast_config(wiki, timeout=0.15)
    report = extract_from_api(db_path, PageSelection(all_pages=True), config)
    assert not report.failed
    assert stored_titles(db_path) == [(title, 1) for title in sorted(big_pages)]
    injected = sum(n for kind, n in wiki.counts.items() if kind.startswith("fault:"))
    assert injected > 0
    assert report.retries == injected == sum(report.faults.values())
    assert report.requests == wiki.counts["requests"]


@pytest.mark.slow
def test_translations_of_a_page_by_language(
    make_wiki: WikiFactory, big_pages: dict[str, str], db_path: Path
) -> None:
    wiki = make_wiki(big_pages)
    config = fast_config(wiki)
    picked = PageSelection(pages=("Generated page 0007",), languages=frozenset({"de", "fr"}))
    report = extract_from_api(db_path, picked, config)
    assert [t for t, _ in stored_titles(db_path)] == [
        "Generated page 0007/de",
        "Generated page 0007/fr",
    ]
    assert report.fetched == 2 and report.content_requests == 1

    # the sample only holds translations: the missing English source page is reported
    report = extract_from_api(db_path, PageSelection(pages=("Base game",)), config)
    assert report.missing == ["Base game"]
    assert report.fetched == 1
    assert "Base game/ro" in dict(stored_titles(db_path))


@pytest.mark.slow
def test_category_and_titles_file(
    make_wiki: WikiFactory, sample_pages: dict[str, str], db_path: Path, tmp_path: Path
) -> None:
    pages = {**sample_pages, **generated_pages(250)}
    wiki = make_wiki(pages, FaultPlan(list_limit=100))
    config = fast_config(wiki)
    report = extract_from_api(db_path, PageSelection(categories=("Generated",)), config)
    assert report.fetched == 250
    assert wiki.counts["list"] == 3  # categorymembers, 100 per answer, continue followed

    titles = tmp_path / "titles.txt"
    titles.write_text("# wanted\nBase_game/ro\n\nNo such page\n", "utf-8")
    code = run_app(
        [
            "extract",
            "-q",
            "--api",
            wiki.url,
            "--titles-from",
            str(titles),
            "--db",
            str(db_path),
            "--throttle",
            "0",
        ]
    )
    assert code == 1  # "No such page" is missing: exit 1 (the exit-code policy), the rest stored
    assert dict(stored_titles(db_path))["Base game/ro"] == 1


@pytest.mark.parametrize("bad", ["Base game|Abbey", "Base\x07game"])
def test_title_with_pipe_or_control_character_is_bad_input(
    bad: str, tmp_path: Path, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    titles = tmp_path / "titles.txt"
    titles.write_text(f"Base game\n{bad}\n", "utf-8")
    code = run_app(["extract", "--titles-from", str(titles), "--db", str(db_path)])
    assert code == 2
    assert f"{titles}:2" in "".join(capsys.readouterr().err.split("\n"))
    assert run_app(["extract", "--page", bad, "--api", "http://127.0.0.1:9/api.php"]) == 2
    assert not db_path.exists()


def test_unreachable_endpoint_exits_2(
    unused_port: int, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = run_app(
        [
            "extract",
            "--api",
            f"http://127.0.0.1:{unused_port}/api.php",
            "--page",
            "Base game",
            "--db",
            str(db_path),
            "--throttle",
            "0",
            "--max-wait",
            "0.01",
        ]
    )
    assert code == 2
    assert "cannot reach the API" in " ".join(capsys.readouterr().err.split())


@pytest.mark.slow
def test_html_endpoint_exits_2(
    make_wiki: WikiFactory, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wiki = make_wiki(SMALL)
    code = run_app(
        [
            "extract",
            "--api",
            wiki.url.replace("api.php", "index.php"),
            "--all-pages",
            "--db",
            str(db_path),
        ]
    )
    assert code == 2
    assert "HTML page, not API JSON" in " ".join(capsys.readouterr().err.split())


def test_empty_page_is_stored(make_wiki: WikiFactory, db_path: Path) -> None:
    wiki = make_wiki({**SMALL, "Empty page": ""})
    report = extract_from_api(db_path, PageSelection(all_pages=True), fast_config(wiki))
    assert report.fetched == 13
    with read_only(db_path) as conn:
        text = conn.execute("SELECT wikitext FROM revisions WHERE title = 'Empty page'").fetchall()
    assert text == [("",)]


def test_page_deleted_after_discovery_is_reported(make_wiki: WikiFactory, db_path: Path) -> None:
    wiki = make_wiki(SMALL, FaultPlan(vanish={"Page 03"}))
    config = fast_config(wiki)
    report = extract_from_api(db_path, PageSelection(all_pages=True), config)
    assert report.discovered == 12  # listed by allpages, gone when swept
    assert report.missing == ["Page 03"]
    assert report.fetched == 11 and not report.failed

    # deleted between the info sweep and the content request
    with ApiClient(config) as client:
        swept = sweep(client, ["Page 05", "Page 06"])
        wiki.corpus.delete("Page 06")
        outcome = FetchOutcome()
        batches = list(fetch_batches(client, swept.pages, outcome=outcome))
    assert outcome.deleted == ["Page 06"]
    assert outcome.fetched == 1
    # fetching stores nothing: the one answered revision comes back as a batch
    assert [r.title for b in batches for r in b.revisions] == ["Page 05"]


@pytest.mark.slow
def test_sha1_mismatch_is_refetched_then_failed(
    make_wiki: WikiFactory, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wiki = make_wiki(SMALL, FaultPlan(bad_sha1={"Page 04"}))
    code = run_app(
        ["extract", "--api", wiki.url, "--all-pages", "--db", str(db_path), "--throttle", "0"]
    )
    assert code == 1
    captured = capsys.readouterr()
    assert "failed: Page 04: sha1 of the received text does not match" in captured.err
    assert "failed 1" in captured.out
    assert wiki.counts["content"] == 2  # the batch, then Page 04 once more
    assert "Page 04" not in dict(stored_titles(db_path))
    assert len(stored_titles(db_path)) == 11
    with read_only(db_path) as conn:
        problems = conn.execute("SELECT title, problem, detail FROM api_page_problems").fetchall()
    assert problems == [("Page 04", "failed", "sha1 of the received text does not match")]


@pytest.mark.slow
def test_page_changing_between_runs_is_fetched_again(make_wiki: WikiFactory, db_path: Path) -> None:
    wiki = make_wiki(SMALL, FaultPlan(changing={"Page 02"}))
    config = fast_config(wiki)
    extract_from_api(db_path, PageSelection(all_pages=True), config)
    report = extract_from_api(db_path, PageSelection(all_pages=True), config)
    assert report.fetched == 1 and report.unchanged == 11
    with read_only(db_path) as conn:
        current = conn.execute(
            "SELECT wikitext FROM current_revisions WHERE title = 'Page 02'"
        ).fetchall()
    assert dict(stored_titles(db_path))["Page 02"] == 2
    assert current == [(SMALL["Page 02"] + "\nEdited again.",)]


@pytest.mark.slow
def test_since_skips_untouched_pages_and_force_refetches(
    make_wiki: WikiFactory, db_path: Path
) -> None:
    wiki = make_wiki(SMALL)
    config = fast_config(wiki)
    wiki.corpus.edit("Page 09", "new text")  # edited in 2025, the rest in 2024
    report = extract_from_api(db_path, PageSelection(all_pages=True), config, since="2024-06-01")
    assert report.fetched == 1 and report.older_than_since == 11
    report = extract_from_api(db_path, PageSelection(all_pages=True), config, force=True)
    assert report.fetched == 12 and report.stored_new == 11
    assert all(n == 1 for _, n in stored_titles(db_path))


@pytest.mark.slow
def test_server_value_limit_lowers_the_batch_size(make_wiki: WikiFactory, db_path: Path) -> None:
    pages = {f"P{n:03d}": f"t{n}" for n in range(95)}
    wiki = make_wiki(pages, FaultPlan(value_limit=20))
    report = extract_from_api(db_path, PageSelection(all_pages=True), fast_config(wiki))
    assert report.fetched == 95
    assert wiki.counts["info"] == 1 + math.ceil((95 - 20) / 20)  # first ask with 50, then 20s
    assert wiki.counts["content"] == math.ceil(95 / 20)


@pytest.mark.slow
def test_cache_serves_content_without_the_server(make_wiki: WikiFactory, tmp_path: Path) -> None:
    wiki = make_wiki(SMALL)
    cache = tmp_path / "cache"
    config = fast_config(wiki, cache_dir=cache)
    extract_from_api(tmp_path / "a.duckdb", PageSelection(all_pages=True), config)
    report = extract_from_api(tmp_path / "b.duckdb", PageSelection(all_pages=True), config)
    assert report.cache_hits == 1 and report.fetched == 12
    assert wiki.counts["content"] == 1
    assert report.content_requests == 0  # a cache hit is not a request sent (docs/api.md)
    names = [p.name for p in cache.rglob("*") if p.is_file()]
    assert names and all(len(n) == 69 and n.endswith(".json") for n in names)
    assert all(int(n.removesuffix(".json"), 16) >= 0 for n in names)


def test_bad_since_and_empty_selection_are_bad_input(db_path: Path) -> None:
    assert run_app(["extract", "--all-pages", "--since", "yesterday", "--db", str(db_path)]) == 2
    assert run_app(["extract", "--db", str(db_path)]) == 2
    assert run_app(["extract", "--page", "Base game", "--lang", "xx-nope"]) == 2


def test_translation_statistics_per_language(
    make_wiki: WikiFactory, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pages = {
        "Rules": "<!--T:1--> one <!--T:2--> two <!--T:3--> three",
        "Rules/de": "<!--T:1--> eins <!--T:2--> zwei",
        "Rules/ro": "<!--T:1--> unu",
    }
    wiki = make_wiki(pages)
    code, report = _extract_json(
        capsys, "--api", wiki.url, "--page", "Rules", "--stats", "--lang", "en,de",
        "--db", str(db_path),
    )  # fmt: skip
    assert code == 0
    assert report["translation_stats"] == [
        {"page": "Rules", "language": "de", "total": 3, "translated": 2, "fuzzy": 0,
         "proofread": 0},
        {"page": "Rules", "language": "en", "total": 3, "translated": 3, "fuzzy": 0,
         "proofread": 0},
    ]  # fmt: skip
    assert report["fetched"] == 2


@pytest.mark.slow
def test_extraction_log_keeps_problems_and_stopped_runs(
    make_wiki: WikiFactory, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pages = {f"P{n:03d}": f"t{n}" for n in range(120)}
    # allpages, 3 info requests and the first content batch go through; then the server fails
    script = ["ok"] * 5 + ["500"] * 5
    wiki = make_wiki(pages, FaultPlan(script=script, vanish={"P007"}))
    code = run_app(
        ["extract", "--api", wiki.url, "--all-pages", "--db", str(db_path), "--throttle", "0",
         "--retry-budget", "2", "--max-wait", "0.01"]
    )  # fmt: skip
    # Work had started: the spent budget fails the pages not fetched yet (exit 1), not the run.
    assert code == 1
    assert "retry budget of 2 used up" in " ".join(capsys.readouterr().err.split())
    with read_only(db_path) as conn:
        runs = conn.execute(
            "SELECT outcome, fetched, retries, requests FROM api_extractions"
        ).fetchall()
        problems = conn.execute(
            "SELECT problem, count(*) FROM api_page_problems GROUP BY 1 ORDER BY 1"
        ).fetchall()
    assert runs == [("stopped", 50, 2, 8)]
    assert problems == [("failed", 69), ("missing", 1)]
    assert len(stored_titles(db_path)) == 50

    report = extract_from_api(db_path, PageSelection(all_pages=True), fast_config(wiki))
    assert report.fetched == 69 and report.unchanged == 50
    with read_only(db_path) as conn:
        outcomes = conn.execute(
            "SELECT extraction_id, outcome, fetched FROM api_extractions ORDER BY 1"
        ).fetchall()
    assert outcomes == [(1, "stopped", 50), (2, "complete", 69)]


def test_sweep_reports_invalid_and_missing_and_follows_normalisation(
    make_wiki: WikiFactory,
) -> None:
    wiki = make_wiki(SMALL)
    with ApiClient(fast_config(wiki)) as client:
        swept = sweep(client, ["page_01", "Bad#title", "No such page"])
    assert [page.title for page in swept.pages] == ["Page 01"]
    assert swept.invalid == ["Bad#title"]
    assert swept.missing == ["No such page"]


def test_workers_parsing_while_batches_are_stored_store_what_parsing_in_process_does(
    make_wiki: WikiFactory, sample_pages: dict[str, str], tmp_path: Path
) -> None:
    """An extraction's workers get each group's revisions before the group is stored
    (`StoreSession.store`); every table ends as a parse in this process leaves it."""
    pages = dict(sample_pages)
    pages.update(SMALL)
    wiki = make_wiki(pages)
    digests = {}
    for jobs in (0, 2):
        db = tmp_path / f"jobs{jobs}.duckdb"
        # Batches of 1 page: 16 batches in groups of up to 8, so several groups share a pool.
        report = extract_from_api(
            db, PageSelection(all_pages=True), fast_config(wiki), jobs=jobs, batch_size=1
        )
        assert report.fetched == len(pages) and not report.failed
        digests[jobs] = table_digests(db)
    assert differences(digests[0], digests[2]) == []
    assert digests[2]["main.tiles"].rows > 0 and digests[2]["main.rules"].rows > 0


def test_a_forced_extraction_sends_no_parsed_revision_to_the_workers_again(
    make_wiki: WikiFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--force` fetches every page again; their revisions are stored and parsed already, so
    none is pending and none goes to the workers (they would parse it for nothing)."""
    wiki = make_wiki(SMALL)
    db = tmp_path / "wh.duckdb"
    selection = PageSelection(all_pages=True)
    extract_from_api(db, selection, fast_config(wiki), jobs=2, batch_size=4)
    sent: list[int] = []
    real_close = early_parse.EarlyParse.close

    def close(self: early_parse.EarlyParse, *, kill: bool = False) -> None:
        sent.append(len(self.sent))
        real_close(self, kill=kill)

    monkeypatch.setattr(early_parse.EarlyParse, "close", close)
    again = extract_from_api(db, selection, fast_config(wiki), jobs=2, batch_size=4, force=True)
    assert again.fetched == len(SMALL) and not again.failed
    assert sum(sent) == 0  # (no early parse is even started when nothing is to be sent)
