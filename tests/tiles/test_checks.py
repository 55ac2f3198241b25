"""Checks on imported pages: the unbalanced-braces quirk, failing counts, other languages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcdb.pipeline.checks import failed_errors
from carcdb.pipeline.extract.corpus import SourceSpec
from carcdb.pipeline.extract.sources import InputFormat
from carcdb.pipeline.run.build import import_sources
from carcdb.schemas.checks import CheckResult, CheckStatus
from carcdb.warehouse.connection import read_only
from tests.tiles.helpers import FIXTURES

BASE = FIXTURES / "base_game_ro.wiki"


def _import(db: Path, *pages: tuple[Path, str]) -> list[CheckResult]:
    specs = [SourceSpec(path, title, None, InputFormat.WIKITEXT) for path, title in pages]
    return import_sources(db, specs, checks=True).checks


def _tiles_results(results: list[CheckResult], check: str) -> list[CheckResult]:
    return [r for r in results if r.check == check]


@pytest.mark.slow
def test_unbalanced_braces_recovered_with_findings(db_path: Path) -> None:
    results = _import(db_path, (FIXTURES / "base_game_ro_c2_unbalanced.wiki", "Base game/ro"))
    with read_only(db_path) as conn:
        c2 = conn.execute(
            "SELECT code, count, recovered FROM tiles WHERE product = 'Base Game' "
            "AND edition = 'C2' ORDER BY entry_index"
        ).fetchall()
        findings = conn.execute(
            "SELECT line, col, snippet FROM findings WHERE code = 'tiles.unbalanced-braces' "
            "ORDER BY line"
        ).fetchall()
    assert sum(count for _, count, _ in c2) == 72
    assert [code for code, _, recovered in c2 if recovered] == ["H", "N", "R"]
    assert [(line, col) for line, col, _ in findings] == [(496, 1), (502, 1), (506, 1)]
    assert all(snippet.endswith(")}") for _, _, snippet in findings)
    tiles_results = [r for r in results if r.check.startswith("tiles.")]
    assert tiles_results and all(r.status is not CheckStatus.FAIL for r in tiles_results)


@pytest.mark.slow
def test_wrong_count_fails_declared_total_and_reference(db_path: Path, tmp_path: Path) -> None:
    broken = tmp_path / "base.wiki"
    text = BASE.read_text("utf-8")
    broken.write_text(
        text.replace("Base_Game_C2_Tile_U.jpg|count=8", "Base_Game_C2_Tile_U.jpg|count=7")
    )
    results = _import(db_path, (broken, "Base game/ro"))
    failing = {(r.check, r.scope) for r in failed_errors(results)}
    assert ("tiles.declared_total", "Base game/ro list 2 (Base Game C2) tiles=") in failing
    assert ("tiles.reference_counts", "Base game/ro list 2 (Base Game C2)") in failing
    assert ("tiles.illustration_partition", "Base game/ro list 2 (Base Game C2)") in failing
    reference = next(r for r in results if r.check == "tiles.reference_counts" and "C2" in r.scope)
    assert json.loads(reference.evidence)["mismatches"] == {"U": {"expected": 8, "actual": 7}}


@pytest.mark.slow
def test_two_start_tiles_fail(db_path: Path, tmp_path: Path) -> None:
    broken = tmp_path / "base.wiki"
    text = BASE.read_text("utf-8").replace(
        "Base_Game_C3_Tile_E.png|count=5|config=(",
        "Base_Game_C3_Tile_E.png|count=5|config=({{TextS}}) + (",
    )
    broken.write_text(text)
    results = _import(db_path, (broken, "Base game/ro"))
    start = _tiles_results(results, "tiles.start_tile")
    assert [r.status for r in start] == [CheckStatus.FAIL, CheckStatus.PASS, CheckStatus.PASS]
    assert start[0].actual == "2 (D, E)"


@pytest.mark.slow
def test_same_distribution_in_every_language(db_path: Path, tmp_path: Path) -> None:
    german = tmp_path / "de.wiki"
    text = BASE.read_text("utf-8")
    german.write_text(
        text.replace("Base_Game_C3_Tile_V.png|count=9", "Base_Game_C3_Tile_V.png|count=8")
    )
    results = _import(db_path, (BASE, "Base game/ro"), (german, "Base game/de"))
    by_scope = {r.scope: r for r in _tiles_results(results, "tiles.same_in_every_language")}
    assert by_scope["Base Game C2"].status is CheckStatus.PASS
    c3 = by_scope["Base Game C3"]
    assert c3.status is CheckStatus.FAIL and c3.severity == "warning"
    assert json.loads(c3.evidence)["differing"] == {"ro": ["V"]}


def test_section_total_fails_when_a_list_is_short(db_path: Path, tmp_path: Path) -> None:
    winter = tmp_path / "we.wiki"
    text = (FIXTURES / "winter_edition_ro.wiki").read_text("utf-8")
    winter.write_text(text.replace("{{Tile|image=Winter_Edition_C3_Tile_Z12.png|count=1}}", ""))
    results = _import(db_path, (winter, "Winter Edition Base Game/ro"))
    sections = _tiles_results(results, "tiles.section_total")
    assert [r.status for r in sections] == [CheckStatus.FAIL, CheckStatus.PASS, CheckStatus.PASS]
    assert sections[0].actual == "83 (72 + 11)"


def _with_c3_list_twice(text: str, first_copy_edit: tuple[str, str] | None = None) -> str:
    """The page with its Base Game C3 list written twice in a row (optionally edited once)."""
    tile = text.index("Base_Game_C3_Tile_A.png")
    begin = text.rindex("{{BeginTileList", 0, tile)
    end = text.index("{{EndTileList}}", tile) + len("{{EndTileList}}")
    original = text[begin:end]
    first = original.replace(*first_copy_edit) if first_copy_edit else original
    assert first_copy_edit is None or first != original
    return text[:begin] + first + "\n" + original + text[end:]


def test_languages_compare_every_list_not_the_last_one(db_path: Path, tmp_path: Path) -> None:
    text = BASE.read_text("utf-8")
    romanian, german = tmp_path / "ro.wiki", tmp_path / "de.wiki"
    edit = ("Base_Game_C3_Tile_V.png|count=9", "Base_Game_C3_Tile_V.png|count=8")
    romanian.write_text(_with_c3_list_twice(text, edit))
    german.write_text(_with_c3_list_twice(text))
    results = _import(db_path, (romanian, "Base game/ro"), (german, "Base game/de"))
    by_scope = {r.scope: r for r in _tiles_results(results, "tiles.same_in_every_language")}
    assert by_scope["Base Game C2"].status is CheckStatus.PASS
    c3 = by_scope["Base Game C3"]
    assert c3.status is CheckStatus.FAIL
    evidence = json.loads(c3.evidence)
    assert evidence["reference"] == "de"
    assert evidence["differing"] == {"ro": ["V"]}
    assert evidence["lists"] == {"ro": ["Base game #1"]}


@pytest.mark.slow
def test_languages_pass_when_every_list_agrees(db_path: Path, tmp_path: Path) -> None:
    text = _with_c3_list_twice(BASE.read_text("utf-8"))
    romanian, german = tmp_path / "ro.wiki", tmp_path / "de.wiki"
    romanian.write_text(text)
    german.write_text(text)
    results = _import(db_path, (romanian, "Base game/ro"), (german, "Base game/de"))
    languages = _tiles_results(results, "tiles.same_in_every_language")
    assert languages and all(r.status is CheckStatus.PASS for r in languages)
