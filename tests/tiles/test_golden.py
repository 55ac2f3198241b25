"""Golden tests: each sample page's real wikitext -> the reviewed expected records."""

from __future__ import annotations

import json
import os

import pytest

from tests.tiles.helpers import FIXTURES, run_stage, summary

PAGES = {
    "base_game_ro": "Base game/ro",
    "base_game_ro_c2_unbalanced": "Base game/ro",
    "winter_edition_ro": "Winter Edition Base Game/ro",
    "the_courier_ro": "The Courier (Fan Expansion)/ro",
    "abbey_and_mayor_ro": "Abbey and the Mayor/ro",
}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_page_matches_golden(name: str) -> None:
    wikitext = (FIXTURES / f"{name}.wiki").read_text("utf-8")
    actual = summary(run_stage(wikitext, PAGES[name]))
    golden = FIXTURES / f"{name}.expected.json"
    if os.environ.get("CARCDB_UPDATE_GOLDEN"):
        golden.write_text(json.dumps(actual, indent=1, ensure_ascii=False) + "\n", "utf-8")
    assert actual == json.loads(golden.read_text("utf-8"))
