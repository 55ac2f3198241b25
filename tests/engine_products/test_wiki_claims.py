"""The wiki's scoring statements of a product's page are checked against the engine's numbers
(`engine.scoring_claims`, docs/config.md): an Inns and Cathedrals page in English and Spanish, with
their real scoring sentences, passes `engine.scoring_claims` (the inns' and cathedrals' rates
are the `inns_cathedrals` module's), and a falsified inn rate fails it naming the sentence.

A page's numbers are the ones most of its claims state (every language), so a falsified
statement shows where another statement disagrees with it: here the Spanish page's."""

from __future__ import annotations

from pathlib import Path

import pytest

from carcdb.pipeline.api import Warehouse
from carcdb.schemas.checks import CheckResult, CheckStatus

FIXTURES = Path(__file__).parents[1] / "fixtures" / "products"
ENGLISH = FIXTURES / "inns_and_cathedrals.wiki"
SPANISH = FIXTURES / "inns_and_cathedrals_es.wiki"


def _results(tmp_path: Path, english: str) -> dict[str, CheckResult]:
    """The `engine.scoring_claims` results of the sample with the two pages added, by scope."""
    warehouse = Warehouse(tmp_path / "ic.duckdb")
    warehouse.build()
    page = tmp_path / "inns_and_cathedrals.wiki"
    page.write_text(english, "utf-8")
    warehouse.import_files(page, title="Inns and Cathedrals", fmt="wikitext")
    warehouse.import_files(SPANISH, title="Inns and Cathedrals/es", fmt="wikitext")
    return {r.scope: r for r in warehouse.check() if r.check == "engine.scoring_claims"}


@pytest.mark.slow
def test_the_pages_inn_and_cathedral_rates_are_the_modules(tmp_path: Path) -> None:
    results = _results(tmp_path, ENGLISH.read_text("utf-8"))
    for scope in ("Inns and Cathedrals (en)", "Inns and Cathedrals (es)"):
        assert results[scope].status is CheckStatus.PASS, results[scope].message
    warehouse = Warehouse(tmp_path / "ic.duckdb")
    read = {
        (c.feature, c.state, c.unit, c.points)
        for c in warehouse.scoring_claims("Inns and Cathedrals")
    }
    assert {
        ("inn", "completed", "tile", 2),
        ("cathedral", "completed", "tile", 3),
        ("cathedral", "completed", "coat_of_arms", 3),
    } <= read


@pytest.mark.slow
def test_a_falsified_inn_rate_fails_naming_its_sentence(tmp_path: Path) -> None:
    text = ENGLISH.read_text("utf-8").replace(
        "'''2 points per tile forming", "'''3 points per tile forming"
    )
    result = _results(tmp_path, text)["Inns and Cathedrals (en)"]
    assert result.status is CheckStatus.FAIL
    assert "receive each 3 points per tile forming this completed road" in result.message
    assert "the configuration says 2" in result.message
