"""Structure validated at the edge (docs/hardening.md): what an input holds is what it says it
holds.

A deleted text is recorded, not stored as an empty current revision; a page outside the main
namespace is recorded, not parsed as a tile page; one revision id with two texts is a
conflict; titles are MediaWiki's, so look-alikes of one page are that page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from carcdb.warehouse.connection import read_only
from tests.conftest import FIXTURES
from tests.hostile.conftest import Run

Refused = Callable[..., str]
EXPORT = (FIXTURES / "inputs" / "export.xml").read_text("utf-8")


def _rows(db: Path, sql: str) -> list[tuple[object, ...]]:
    with read_only(db) as conn:
        return [tuple(row) for row in conn.execute(sql).fetchall()]


def _import(cli: Run, db: Path, path: Path, *extra: str) -> None:
    outcome = cli("import", str(path), "--jobs", "0", "-q", "--db", str(db), *extra)
    assert outcome.code == 0, outcome.err


def test_a_deleted_text_is_recorded_not_an_empty_current_revision(cli: Run, tmp_path: Path) -> None:
    newest = EXPORT.replace(
        "</revision>\n  </page>\n  <page>",
        "</revision>\n    <revision><id>5003</id><timestamp>2024-05-01T10:00:00Z</timestamp>"
        '<text deleted="deleted" /></revision>\n  </page>\n  <page>',
        1,
    )
    assert newest != EXPORT
    dump = tmp_path / "export.xml"
    dump.write_text(newest, "utf-8")
    db = tmp_path / "wh.duckdb"
    _import(cli, db, dump)
    assert _rows(db, "SELECT title, revision_id FROM current_revisions ORDER BY 1") == [
        ("Base game", 4000),
        ("Base game/de", 5002),  # not the deleted 5003
    ]
    assert _rows(db, "SELECT count(*) FROM revisions WHERE wikitext = ''") == [(0,)]
    findings = _rows(db, "SELECT code, title FROM findings WHERE stage = 'import'")
    assert findings == [("import.text-deleted", "Base game/de")]


def test_pages_outside_the_main_namespace_are_recorded_not_parsed(cli: Run, tmp_path: Path) -> None:
    template = EXPORT.replace(
        "<title>Base game</title>\n    <ns>0</ns>",
        "<title>Template:Tile list</title>\n    <ns>10</ns>",
    ).replace("== Rules ==", "{{BeginTileList}}{{Tile|image=A.png|count=9}}{{EndTileList}}")
    dump = tmp_path / "export.xml"
    dump.write_text(template, "utf-8")
    wikitext = tmp_path / "tile.wiki"
    wikitext.write_text("{{Tile|image=B.png|count=3}}", "utf-8")
    db = tmp_path / "wh.duckdb"
    _import(cli, db, dump)
    _import(cli, db, wikitext, "--title", "template:Tile")
    assert _rows(db, "SELECT title FROM pages ORDER BY 1") == [("Base game/de",)]
    assert _rows(db, "SELECT count(*) FROM tiles WHERE image IN ('A.png', 'B.png')") == [(0,)]
    assert _rows(db, "SELECT code, title FROM findings WHERE stage = 'import' ORDER BY 2") == [
        ("import.other-namespace", "Template:Tile"),
        ("import.other-namespace", "Template:Tile list"),
    ]


def test_one_revision_id_with_another_text_is_a_conflict(
    cli: Run, warehouse: Path, refused: Refused, tmp_path: Path
) -> None:
    """The second file used to be dropped as "already stored", exit 0."""
    first = tmp_path / "export.xml"
    first.write_text(EXPORT, "utf-8")
    _import(cli, warehouse, first)
    altered = tmp_path / "altered.xml"
    altered.write_text(EXPORT.replace("&amp; mehr", "&amp; weniger"), "utf-8")
    line = refused("import", str(altered), "--jobs", "0")
    assert "revision 5002 of 'Base game/de'" in line and "one revision id with two texts" in line
    assert str(altered) in line


@pytest.mark.parametrize(
    "title",
    ["base game/ro", "Base\u00a0game/ro",
     *(pytest.param(t, marks=pytest.mark.slow)
       for t in ("Base_game/ro", "Base  game/ro", " Base game/ro "))],
)  # fmt: skip
def test_look_alike_titles_are_the_same_page(cli: Run, warehouse: Path, tmp_path: Path,
                                             title: str) -> None:  # fmt: skip
    page = tmp_path / "page.wiki"
    page.write_text("== Tiles ==\nnew text\n", "utf-8")
    _import(cli, warehouse, page, "--title", title)
    assert _rows(warehouse, "SELECT count(*) FROM pages WHERE title LIKE '%ase%game/ro'") == [(1,)]
    assert _rows(warehouse, "SELECT title FROM current_revisions WHERE wikitext LIKE '%new%'") == [
        ("Base game/ro",)
    ]


def test_nfd_and_nfc_and_x_slash_en_are_one_page(cli: Run, tmp_path: Path) -> None:
    db = tmp_path / "wh.duckdb"
    for number, title in enumerate(["Caf\u00e9", "Cafe\u0301", "Caf\u00e9/en", "caf\u00e9"]):
        page = tmp_path / f"page{number}.wiki"
        page.write_text(f"== Version {number} ==\n", "utf-8")
        _import(cli, db, page, "--title", title)
    assert _rows(db, "SELECT title, base_title, language FROM pages") == [
        ("Caf\u00e9", "Caf\u00e9", "en")
    ]
    assert _rows(db, "SELECT count(*) FROM revisions") == [(4,)]
