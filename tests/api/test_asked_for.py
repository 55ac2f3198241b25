"""Answers only for what was asked: a page or revision that an answer holds but the run did
not ask for is refused (a problem row, exit 1) and never stored, whatever it claims to be.

Each case runs `carcdb extract` against the fake wiki (a real HTTP server) on a copy of the
sample warehouse, and checks that no stored table changed but the extraction log."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from benchmarks.digest import TableDigest, table_digests
from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.fakewiki.server import FaultPlan
from carcdb.warehouse.connection import read_only
from tests.api.conftest import WikiFactory
from tests.hostile.conftest import watchdog

EVIL = {"Evil page": "== Evil ==\nNothing here.\n", "Evil page/de": "== Böse ==\nNichts.\n"}
LOG_TABLES = ("main.api_extractions", "main.api_page_problems")


def _stored(db: Path) -> dict[str, TableDigest]:
    """Every table but the extraction log (which records the refusals)."""
    return {k: v for k, v in table_digests(db).items() if k not in LOG_TABLES}


def _extract(url: str, db: Path, *args: str) -> int:
    with watchdog(120):
        return run_app(
            ["extract", "--api", url, "--db", str(db), "--throttle", "0", "--max-wait", "0.01",
             "-q", "-j", "0", *args]
        )  # fmt: skip


def _problems(db: Path) -> list[tuple[str, str, str]]:
    with read_only(db) as conn:
        rows = conn.execute(
            "SELECT title, problem, detail FROM api_page_problems ORDER BY ALL"
        ).fetchall()
    return [(str(t), str(p), str(d)) for t, p, d in rows]


def test_a_revision_under_a_foreign_title_replaces_no_page(
    make_wiki: WikiFactory, sample_pages: dict[str, str], warehouse: Path
) -> None:
    """`--page "Evil page"`, answered with a revision titled `Base game/ro`: it used to become
    that page's current revision, its 72 tiles gone, exit 0."""
    wiki = make_wiki({**sample_pages, **EVIL}, FaultPlan(foreign={"Evil page": "Base game/ro"}))
    before = _stored(warehouse)
    assert _extract(wiki.url, warehouse, "--page", "Evil page", "--lang", "en") == 1
    assert _stored(warehouse) == before
    problems = _problems(warehouse)
    assert ("Evil page", "failed", "the server did not return this revision") in problems
    refused = [d for t, p, d in problems if p == "refused"]
    assert refused and all("'Base game/ro'" in d and "not stored" in d for d in refused)


def test_pages_and_revisions_never_asked_for_are_refused(
    make_wiki: WikiFactory, sample_pages: dict[str, str], warehouse: Path
) -> None:
    """Pages outside `--lang` riding along in the info sweep and in the content answer, and
    another page's revision: the page asked for is stored, nothing else."""
    faults = FaultPlan(extra={"Evil page": ("Evil page/de", "Base game/ro")})
    wiki = make_wiki({**sample_pages, **EVIL}, faults)
    assert _extract(wiki.url, warehouse, "--page", "Evil page", "--lang", "en") == 1
    with read_only(warehouse) as conn:
        titles = conn.execute("SELECT title FROM pages ORDER BY 1").fetchall()
        base_game = conn.execute(
            "SELECT count(*) FROM revisions WHERE title = 'Base game/ro'"
        ).fetchall()
    assert ("Evil page",) in titles and ("Evil page/de",) not in titles
    assert base_game == [(1,)]  # the sample's capture, nothing from the wiki
    refused = {
        (t, re.sub("[0-9]+", "N", d.split(":")[0]))
        for t, p, d in _problems(warehouse)
        if p == "refused"
    }
    assert refused == {
        ("Evil page/de", "not asked for in this request"),
        ("Base game/ro", "not asked for in this request"),
        ("Evil page/de", "revision N was not asked for"),
        ("Base game/ro", "revision N was not asked for"),
    }


@pytest.mark.parametrize(
    ("selection", "listed", "why"),
    [
        (["--prefix", "Evil"], "Base game/ro", "not asked for: the listing was of titles starting"),
        (["--all-pages"], "Template:Tile", "the listing gave a page of namespace 10"),
        pytest.param(
            ["--page", "Evil page"], "Base game/ro", "not asked for", marks=pytest.mark.slow
        ),
    ],
)
def test_a_listing_gives_only_what_it_was_asked_for(
    make_wiki: WikiFactory,
    sample_pages: dict[str, str],
    warehouse: Path,
    selection: list[str],
    listed: str,
    why: str,
) -> None:
    wiki = make_wiki({**sample_pages, **EVIL}, FaultPlan(listed=(listed,)))
    before = table_digests(warehouse)["main.revisions"]
    assert _extract(wiki.url, warehouse, *selection) == 1
    assert (listed, "refused") in {(t, p) for t, p, _d in _problems(warehouse)}
    assert any(why in d for t, p, d in _problems(warehouse) if t == listed)
    with read_only(warehouse) as conn:
        stored = conn.execute("SELECT count(*) FROM pages WHERE title = ?", [listed]).fetchall()
    assert stored == [(1 if listed == "Base game/ro" else 0,)]  # the sample's, untouched
    assert wiki.counts["info"] >= 1 and table_digests(warehouse)["main.revisions"] != before


def test_a_live_title_is_normalised_as_a_file_import_normalises_it(
    make_wiki: WikiFactory, db_path: Path, tmp_path: Path
) -> None:
    """`Evil_page/de` in a live answer used to be stored as is, where a file import stored
    `Evil page/de`."""
    wiki = make_wiki(EVIL, FaultPlan(foreign={"Evil page/de": "evil_page/de"}))
    assert _extract(wiki.url, db_path, "--page", "Evil page") == 0
    page = tmp_path / "evil_de.wiki"
    page.write_text(EVIL["Evil page/de"], "utf-8")
    imported = tmp_path / "imported.duckdb"
    with watchdog(120):
        code = run_app(["import", str(page), "--title", "evil_page/de", "-q", "-j", "0",
                        "--db", str(imported)])  # fmt: skip
    assert code == 0

    def pages(db: Path) -> set[tuple[str, str, str]]:
        with read_only(db) as conn:
            rows = conn.execute("SELECT title, base_title, language FROM pages").fetchall()
        return {(str(t), str(b), str(lang)) for t, b, lang in rows}

    assert ("Evil page/de", "Evil page", "de") in pages(db_path)
    assert pages(imported) == {("Evil page/de", "Evil page", "de")}


def test_x_slash_en_is_the_source_page(make_wiki: WikiFactory, db_path: Path) -> None:
    """`Page/en` is the English page, which is the source page itself: one page, not two."""
    wiki = make_wiki({"Page": "== Page ==\n", "Page/en": "== Page ==\n", "Page/de": "== S ==\n"})
    assert _extract(wiki.url, db_path, "--page", "Page") == 0
    with read_only(db_path) as conn:
        titles = conn.execute("SELECT title, language FROM pages ORDER BY 1").fetchall()
    assert titles == [("Page", "en"), ("Page/de", "de")]


def test_a_title_of_another_namespace_is_refused_not_fetched(
    make_wiki: WikiFactory, db_path: Path, tmp_path: Path
) -> None:
    """A template page named in `--titles-from` was fetched and parsed as a tile page."""
    wiki = make_wiki({**EVIL, "Template:Tile": "{{Tile|image=A.png|count=9}}"})
    titles = tmp_path / "titles.txt"
    titles.write_text("Evil page\ntemplate:Tile\n", "utf-8")
    assert _extract(wiki.url, db_path, "--titles-from", str(titles)) == 1
    assert _problems(db_path) == [
        ("Template:Tile", "refused", "a page of namespace 10, not the main one: not read")
    ]
    with read_only(db_path) as conn:
        assert conn.execute("SELECT title FROM pages").fetchall() == [("Evil page",)]
