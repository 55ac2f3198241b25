"""The contents checks: the sample's Contents agree with its lists and the engine; an altered
Contents total, a wrong feature count and a wrong figure count fail naming both places."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from carcdb.pipeline.checks.contents import chosen_edition
from carcdb.pipeline.checks.contents_engine import reference_count, supplies
from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.engine.reference_sets import reference_set
from carcdb.pipeline.extract.corpus import sample_corpus_dir
from carcdb.schemas.checks import CheckStatus
from carcdb.warehouse.check_state import stored_check_results
from carcdb.warehouse.connection import read_only

WINTER = "000_afd8b4923b42bd32.txt"
ABBEY = "004_463e2d43ade5f599.txt"


def _contents_results(db: Path) -> dict[tuple[str, str], tuple[CheckStatus, str]]:
    with read_only(db) as conn:
        results = stored_check_results(conn)
    return {
        (r.check, r.scope): (r.status, r.message)
        for r in results
        if r.check.startswith("contents.")
    }


def test_sample_contents_pass(sample_db: Path) -> None:
    results = _contents_results(sample_db)
    assert not [key for key, (status, _) in results.items() if status is CheckStatus.FAIL]
    passing = {key for key, (status, _) in results.items() if status is CheckStatus.PASS}
    assert {
        ("contents.tile_total", "Winter Edition Base Game/ro Contents tiles (Winter Edition)"),
        (
            "contents.tile_total",
            "Abbey and the Mayor/ro Contents tiles (Abbey and the Mayor C2)",
        ),
        (
            "contents.tile_feature",
            "Abbey and the Mayor/ro Contents abbey (Abbey and the Mayor C2)",
        ),
        ("contents.tile_total", "The Courier (Fan Expansion)/ro Contents tiles (The Courier)"),
        ("contents.figure_supply", "Abbey and the Mayor/ro line 1:1309 Contents mayor"),
        ("contents.figure_supply", "Winter Edition Base Game/ro line 1:2793 Contents meeple"),
    } <= passing
    letter = (
        "contents.tile_feature",
        "The Courier (Fan Expansion)/ro Contents letter (The Courier)",
    )
    assert results[letter] == (
        CheckStatus.SKIP,
        "no tile list of the page marks CourierLetterSymbol",
    )


def test_engine_supplies_per_product() -> None:
    abbey = supplies("Abbey and the Mayor")
    assert {item: s.per_colour for item, s in abbey.items()} == {
        "meeple": 8,
        "abbey": 1,
        "mayor": 1,
        "wagon": 1,
        "barn": 1,
    }
    assert supplies("Base Game")["meeple"].per_player == 7


def test_reference_counts_from_the_shape_data() -> None:
    inns = reference_set("Inns and Cathedrals", "C2")
    assert reference_count(inns, "tiles") == (18, inns.unknown())
    counted = reference_count(inns, "inn")
    assert counted is not None and counted[0] == 6
    goods = reference_set("Traders and Builders", "C2")
    wine, grain, cloth = (reference_count(goods, g) for g in ("wine", "grain", "cloth"))
    assert (wine, grain, cloth) == ((9, []), (6, []), (5, []))
    assert reference_count(inns, "scoreboard") is None


def test_chosen_edition() -> None:
    assert chosen_edition("Winter Edition", "WE1", ["WE3"]) == ("WE1", "")
    edition, why = chosen_edition("Winter Edition", None, ["WE1", "WE2", "WE3", "WD"])
    assert edition == "WE3" and "default WE3" in why
    edition, why = chosen_edition("Winter Edition", None, ["WE1", "WD"])
    assert edition is None and "not its default WE3" in why


def _failing_after(
    capsys: pytest.CaptureFixture[str],
    db: Path,
    tmp_path: Path,
    file: str,
    *changes: tuple[str, str],
) -> dict[str, str]:
    """Build the sample with `changes` made to one capture; `carcdb check` exits 1: its
    failing results' messages by check (several of one check joined by ` | `)."""
    corpus = tmp_path / "corpus"
    shutil.copytree(sample_corpus_dir(), corpus)
    capture = corpus / file
    text = capture.read_text("utf-8")
    for old, new in changes:
        assert text.count(old) == 1
        text = text.replace(old, new)
    capture.write_text(text, "utf-8")
    assert run_app(["build", "--db", str(db), "--corpus", str(corpus), "--quiet"]) == 1
    capsys.readouterr()
    assert run_app(["check", "--db", str(db), "--json"]) == 1
    out, _ = capsys.readouterr()
    failing: dict[str, str] = {}
    for result in json.loads(out):
        if result["status"] == "fail":
            failing[result["check"]] = " | ".join(
                part for part in (failing.get(result["check"]), result["message"]) if part
            )
    return failing


@pytest.mark.slow
def test_altered_contents_total_fails(
    capsys: pytest.CaptureFixture[str], db_path: Path, tmp_path: Path
) -> None:
    change = ("* '''12 cartonașe de teren''' cu", "* '''13 cartonașe de teren''' cu")
    failing = _failing_after(capsys, db_path, tmp_path, WINTER, change)
    # the lists and the bundled reference set both disagree with the altered total
    assert sorted(failing) == ["contents.reference_set", "contents.tile_total"]
    assert "the Contents counts 85 tiles" in failing["contents.reference_set"]
    assert "the reference set of Winter Edition WE3" in failing["contents.reference_set"]
    message = failing["contents.tile_total"]
    # the sentences and where they stand, and the lists the total disagrees with
    assert (
        'the Contents counts 85 tiles (Winter Edition Base Game/ro line 1:1995 "72 cartonașe de '
        in message
    )
    assert 'line 1:2137 "13 cartonașe de teren cu animale de iarnă pe ele.")' in message
    assert "but the tile lists of Winter Edition WE3" in message
    assert "hold 84 (list 1 line 1:" in message
    assert "(Ansamblul cartonașelor > Ediția 2022 (WE3)): 72; list 2 line 1:" in message


@pytest.mark.slow
def test_wrong_feature_and_figure_counts_fail(
    capsys: pytest.CaptureFixture[str], db_path: Path, tmp_path: Path
) -> None:
    failing = _failing_after(
        capsys,
        db_path,
        tmp_path,
        ABBEY,
        ("* '''6 cartonase cu abație'''", "* '''5 cartonase cu abație'''"),
        ("* '''6 primari'''", "* '''7 primari'''"),
    )
    assert sorted(failing) == [
        "contents.figure_supply",
        "contents.reference_set",
        "contents.tile_feature",
    ]
    assert "the Contents counts 5 abbey" in failing["contents.reference_set"]
    assert "holds 6" in failing["contents.reference_set"]
    assert '"5 cartonase cu abație"' in failing["contents.tile_feature"]
    assert "mark Abbey on 6 tiles" in failing["contents.tile_feature"]
    assert '"5 cartonase cu abație"' in failing["contents.figure_supply"]  # one per player
    assert '"7 primari"' in failing["contents.figure_supply"]
    assert "give 6: mayor mayors_per_player 1" in failing["contents.figure_supply"]
