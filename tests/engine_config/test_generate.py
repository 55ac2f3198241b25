"""Generating engine configurations from the warehouse built from the bundled sample."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from carcdb.pipeline.checks.tiles import reference_counts
from carcdb.pipeline.configgen.generate import parse_codes, render
from carcdb.pipeline.errors import InputError
from carcdb.pipeline.run.build import build_corpus
from carcdb.schemas.engine_config import EngineConfig
from carcdb.warehouse.connection import read_only
from carcdb.warehouse.rows import execute
from tests.conftest import FIXTURES
from tests.engine_config.helpers import differing_paths, generate


def test_base_game_c3_tile_set(sample_db: Path) -> None:
    config = generate(sample_db, "Base game", "C3")
    tiles = config.tile_set
    assert (tiles.product, tiles.edition, tiles.page_source().title) == (
        "Base Game",
        "C3",
        "Base game/ro",
    )
    assert {t.code: t.count for t in tiles.tiles} == reference_counts()
    assert tiles.declared_total == tiles.draw_pile_total == 72
    assert tiles.start_tile == "D" == config.geometry.start_tile
    assert set(config.geometry.tiles) == set(reference_counts())
    for tile in tiles.tiles:
        if tile.illustrations:  # per-copy illustrations partition the copies
            assert sum(tile.illustrations.values()) == tile.count


def test_c2_and_c3_differ_only_in_tile_v_illustrations_and_provenance(sample_db: Path) -> None:
    c2 = generate(sample_db, "Base game", "C2").model_dump(mode="json")
    c3 = generate(sample_db, "Base game", "C3").model_dump(mode="json")
    paths = differing_paths(c2, c3)
    provenance = [p for p in paths if ".source." in p or p.startswith(".tile_set.page_source().")]
    rest = sorted(set(paths) - set(provenance))
    assert rest == [
        ".tile_set.edition",
        ".tile_set.tiles[V].illustrations.Cowshed",
        ".tile_set.tiles[V].illustrations.Pigsty",
    ]
    v2, v3 = (next(t for t in c["tile_set"]["tiles"] if t["code"] == "V") for c in (c2, c3))
    assert (v2["illustrations"]["Pigsty"], v2["illustrations"].get("Cowshed", 0)) == (2, 0)
    assert (v3["illustrations"]["Pigsty"], v3["illustrations"]["Cowshed"]) == (1, 1)


def test_winter_edition_base_72(sample_db: Path) -> None:
    config = generate(
        sample_db,
        "Winter Edition Base Game",
        "WE3",
        product="Winter Edition",
        codes=parse_codes("A-X"),
    )
    assert config.tile_set.draw_pile_total == 72
    assert {t.code: t.count for t in config.tile_set.tiles} == reference_counts()
    assert config.geometry.product == "Base Game"
    assert len(config.geometry.tiles) == 24
    # Only part of the section is selected: the page declares no total for these 72 alone.
    assert config.tile_set.declared_total is None


def test_winter_edition_whole_section_declares_84(sample_db: Path) -> None:
    config = generate(sample_db, "Winter Edition Base Game", "WE3")
    assert config.tile_set.declared_total == config.tile_set.draw_pile_total == 84
    # Every code has a shape now: the letters reuse the base game's, the animal tiles are the
    # Winter Edition's own (pipeline/engine/shapes/winter_edition.json).
    assert set(config.geometry.tiles) == {t.code for t in config.tile_set.tiles}
    assert config.geometry.product == "Winter Edition"
    assert config.geometry.tiles["Z05"].monastery


def test_scoring_values_carry_claim_provenance(sample_db: Path) -> None:
    config = generate(sample_db, "Base game", "C3")
    with read_only(sample_db) as conn:
        claim_ids = {str(row[0]) for row in execute(conn, "SELECT claim_id FROM scoring_claims")}
    by_key = {v.engine_key: v for v in config.scoring}
    city = by_key["city_completed_per_tile"]
    assert (city.points, city.provenance.status) == (2, "claims")
    assert city.provenance.supporting
    for value in config.scoring:
        for ref in value.provenance.supporting + value.provenance.disagreeing:
            assert ref.claim_id in claim_ids
            assert (ref.title, ref.language) == ("Base game/ro", "ro")
            assert ref.points == value.points or ref in value.provenance.disagreeing
    # The Romanian base page states no farmer value: the built-in one, marked as such.
    field = by_key["field_per_completed_city"]
    assert (field.points, field.provenance.status, field.provenance.supporting) == (
        3,
        "default",
        [],
    )
    assert config.claim_languages == ["ro"]


@pytest.mark.slow
def test_output_is_byte_identical_across_runs_and_rebuilds(sample_db: Path, tmp_path: Path) -> None:
    first = render(generate(sample_db, "Base game", "C3"))
    assert render(generate(sample_db, "Base game", "C3")) == first
    rebuilt = tmp_path / "again.duckdb"
    build_corpus(rebuilt)
    assert render(generate(rebuilt, "Base game", "C3")) == first
    assert json.loads(first)["format"] == "carcdb-engine-config"


@pytest.mark.parametrize(
    ("page", "edition", "options", "message"),
    [
        ("Base gam", "C3", {}, "no page 'Base gam'"),
        ("Base game", "C9", {}, "no tile list of edition 'C9'"),
        ("Base game", "C3", {"language": "de"}, "has no language 'de'"),
        ("Base game", "C3", {"product": "Winter Edition"}, "has no product 'Winter Edition'"),
        ("Base game", "C3", {"codes": ["A", "Y"]}, "has no tile Y"),
    ],
)
def test_bad_selection_is_input_error(
    sample_db: Path, page: str, edition: str, options: dict[str, object], message: str
) -> None:
    with pytest.raises(InputError, match=message):
        generate(sample_db, page, edition, **options)


def test_code_ranges() -> None:
    assert parse_codes("A-X") == [chr(c) for c in range(ord("A"), ord("X") + 1)]
    assert parse_codes("Z01-Z03, Q") == ["Z01", "Z02", "Z03", "Q"]
    for bad in ("X-A", "A-Z01", ""):
        with pytest.raises(InputError):
            parse_codes(bad)


@given(st.integers(0, 200), st.integers(0, 200), st.sampled_from(["Z", "T", ""]))
def test_numbered_ranges_keep_width_and_length(start: int, length: int, prefix: str) -> None:
    end = start + length
    codes = parse_codes(f"{prefix}{start:03d}-{prefix}{end:03d}")
    assert len(codes) == length + 1
    assert codes[0] == f"{prefix}{start:03d}" and codes[-1] == f"{prefix}{end:03d}"
    assert all(len(code) == len(prefix) + 3 for code in codes)


def test_rendered_document_reads_back_equal(sample_db: Path) -> None:
    for page, edition, codes in (
        ("Base game", "C2", None),
        ("Winter Edition Base Game", "WE3", parse_codes("A-X")),
    ):
        config = generate(sample_db, page, edition, codes=codes)
        assert EngineConfig.model_validate_json(render(config)) == config


@pytest.mark.parametrize(
    ("golden", "page", "edition", "options"),
    [
        ("base_game_c3", "Base game", "C3", {}),
        (
            "winter_edition_we3_base",
            "Winter Edition Base Game",
            "WE3",
            {"product": "Winter Edition", "codes": parse_codes("A-X")},
        ),
    ],
)
def test_golden_configurations(
    sample_db: Path, golden: str, page: str, edition: str, options: dict[str, Any]
) -> None:
    expected = (FIXTURES / "engine_config" / f"{golden}.expected.json").read_text("utf-8")
    assert render(generate(sample_db, page, edition, **options)) == expected, (
        f"regenerate tests/fixtures/engine_config/{golden}.expected.json "
        "(see tests/fixtures/engine_config/README.md) if the change is intended"
    )
