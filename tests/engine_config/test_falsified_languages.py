"""A falsified number in a real scoring sentence fails `carcdb check`, in every language family.

Each page holds two real sentences of the corpus's development half (tests/fixtures/real),
read as the wiki writes scoring: one as published (its rates agree with the configuration)
and one with a number changed (a digit or a number word). The build imports the three pages
beside the bundled sample; `carcdb check` exits 1 and its failure for the page's language
names the changed sentence and both numbers, and not the unchanged one.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.extract.corpus import SourceSpec
from carcdb.pipeline.extract.sources import InputFormat
from carcdb.pipeline.run.build import build_corpus, check_warehouse, import_sources
from carcdb.schemas.checks import CheckResult, CheckStatus
from tests.rules.real_corpus import REAL

# family: (language, block title, the sentence as published, the published one changed,
# what the check says of the change, the excerpt both come from)
FAMILIES = {
    "Germanic": (
        "de",
        "Städte",
        "Wird eine Stadt bis zum Spielende nicht fertig, so gibt es nur einen Punkt pro "
        "Wappen/Feld.",
        "Sobald eine Stadt fertig ist, gibt es für die Spieler Punkte, die dort die meisten "
        "Ritter haben. Es gibt dann für jedes Feld und jedes Wappen drei Punkte.",
        "says 3 points per tile (city, completed), the configuration says 2",
        "de_brettspielwelt_carcassonne_punkte.txt",
    ),
    "Romance": (
        "es",
        "Puntuación",
        "El jugador cuyo meeple está en la carretera obtiene 1 punto por cada casilla de la "
        "carretera.",
        "El jugador que ocupa la ciudad recibe 3 puntos de cada casilla y dos puntos "
        "adicionales por cada escudo dibujado en la loseta.",
        "says 3 points per tile (city, completed), the configuration says 2",
        "es_hobbygaiety_scoring.txt",
    ),
    "Slavic": (
        "pl",
        "Punktacja",
        "Gracz, którego podwładny znajduje się na drodze, otrzymuje 1 punkt za każde pole drogi.",
        "Gracz, który zajmuje miasto, otrzymuje 2 punkty za każde pole i dodatkowe cztery "
        "punkty za każdą tarczę wylosowaną na płytce.",
        "says 4 points per coat_of_arms (city, completed), the configuration says 2",
        "pl_hobbygaiety_scoring.txt",
    ),
}


def _published(changed: str) -> str:
    return changed.replace("drei", "zwei").replace("3 puntos", "2 puntos").replace("cztery", "dwa")


def test_the_sentences_are_real_and_only_one_number_is_changed() -> None:
    for language, _, published, changed, _, excerpt in FAMILIES.values():
        text = (REAL / "excerpts" / excerpt).read_text("utf-8")
        assert published in text, (language, published)
        assert _published(changed) in text and changed not in text, (language, changed)


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[CheckResult]]:
    folder = tmp_path_factory.mktemp("falsified")
    db = folder / "carcdb.duckdb"
    build_corpus(db)
    specs = []
    for language, title, published, changed, _, _ in FAMILIES.values():
        page = folder / f"base_game_{language}.wiki"
        page.write_text(
            f"== {title} ==\n{{{{RulesScoring|title={title}|rules={published}}}}}\n"
            f"{{{{RulesScoring|title={title}|rules={changed}}}}}\n",
            "utf-8",
        )
        specs.append(SourceSpec(page, f"Base game/{language}", language, InputFormat.WIKITEXT))
    import_sources(db, specs)
    return db, check_warehouse(db)


@pytest.mark.slow
@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_a_falsified_number_fails_naming_the_sentence(
    family: str, checked: tuple[Path, list[CheckResult]]
) -> None:
    language, _, published, changed, says, _ = FAMILIES[family]
    _, results = checked
    [result] = [
        r
        for r in results
        if (r.check, r.scope) == ("engine.scoring_claims", f"Base game ({language})")
    ]
    assert result.status is CheckStatus.FAIL
    named = changed.rsplit(". ", 1)[-1]  # the sentence holding the changed number
    assert f'"{named}" {says}' in result.message
    assert published not in result.message
    disagreements = json.loads(result.evidence)["disagreements"]
    assert {d["sentence"] for d in disagreements} == {named}


@pytest.mark.slow
def test_check_exits_1_on_the_falsified_pages(
    checked: tuple[Path, list[CheckResult]], capsys: pytest.CaptureFixture[str]
) -> None:
    db, _ = checked
    assert run_app(["check", "--db", str(db)]) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert "drei Punkte" in out and "3 puntos" in out and "cztery" in out
