"""Rows read once for every tile set give the configurations that page-by-page reads give."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import duckdb
import pytest
from pydantic import ValidationError

from carcdb.pipeline.checks import engine as engine_checks
from carcdb.pipeline.configgen.data import ConfigData
from carcdb.pipeline.configgen.generate import engine_config, render
from carcdb.pipeline.engine.config_file import rules_from_engine_config
from carcdb.pipeline.engine.ruleset import RulesConfig
from carcdb.pipeline.errors import InputError
from carcdb.pipeline.run.build import build_corpus
from carcdb.pipeline.synth import generate_corpus
from carcdb.schemas.engine_config import ConfigTile, TileSource
from carcdb.warehouse.claims import claims_by_page
from carcdb.warehouse.connection import read_only


@pytest.fixture(scope="module")
def synth_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated corpus of 3 pages in 2 languages, some with defects, built once."""
    folder = tmp_path_factory.mktemp("synth")
    generate_corpus(folder / "corpus", pages=3, langs=2, seed=5, defect_rate=0.5)
    db = folder / "carcdb.duckdb"
    build_corpus(db, folder / "corpus", jobs=0)
    return db


def _configs(db: Path, shared: bool) -> list[str]:
    """Every base tile set's configuration (or its error), from shared or per-page rows."""
    out = []
    with read_only(db) as conn:
        data = ConfigData(conn)
        for title, product, edition, codes in engine_checks.base_tile_sets(conn):
            page, language = data.base_title(title)
            try:
                config = engine_config(
                    conn,
                    page,
                    edition,
                    language=language,
                    product=product,
                    codes=codes,
                    data=data if shared else None,
                )
            except InputError as exc:
                out.append(f"error: {exc}")
                continue
            out.append(render(config))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("which", ["sample", "synth"])
def test_shared_rows_give_the_same_configurations(
    which: str, sample_db: Path, synth_db: Path
) -> None:
    db = sample_db if which == "sample" else synth_db
    shared = _configs(db, shared=True)
    assert len(shared) >= 7
    assert shared == _configs(db, shared=False)


def test_claims_read_once_equal_claims_read_per_page(synth_db: Path) -> None:
    with read_only(synth_db) as conn:
        by_page = claims_by_page(conn)
        assert sum(len(claims) for claims in by_page.values()) > 0
        for page, claims in by_page.items():
            assert claims_by_page(conn, [page]) == {page: claims}
        assert claims_by_page(conn, []) == {}


@pytest.mark.parametrize("which", ["sample", "synth"])
def test_identical_tile_sets_share_one_board(
    which: str, sample_db: Path, synth_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A board is built once per product and draw pile; each set gets the board of its rules."""
    db = sample_db if which == "sample" else synth_db
    real = engine_checks.placed_on_board
    built: list[engine_checks.BoardKey] = []

    def counted(rules: RulesConfig) -> tuple[set[str], int]:
        built.append(engine_checks.board_key(rules))
        return real(rules)

    monkeypatch.setattr(engine_checks, "placed_on_board", counted)
    with read_only(db) as conn:
        results = engine_checks.check_tile_sets(conn)
        sets = {
            f"{title} {product} {edition}": (title, product, edition, codes)
            for title, product, edition, codes in engine_checks.base_tile_sets(conn)
        }
        data = ConfigData(conn)
        placeable = [r for r in results if r.check == "engine.placeable"]
        assert placeable
        assert len(built) == len(set(built)) <= len(placeable)
        for result in placeable:
            title, product, edition, codes = sets[result.scope]
            page, language = data.base_title(title)
            config = engine_config(
                conn, page, edition, language=language, product=product, codes=codes, data=data
            )
            # Built for this set alone, with its own scoring values.
            placed, count = real(rules_from_engine_config(config, "test"))
            assert result.actual == f"{len(placed)} types, {count} tiles placed"
    if which == "sample":
        # The sample's Base Game C3 and 20th Anniversary C3 sets are the same tiles.
        assert len(built) < len(placeable)


@pytest.mark.parametrize("which", ["sample", "synth"])
def test_tiles_validated_from_dicts_equal_tiles_built_by_the_models(
    which: str, sample_db: Path, synth_db: Path
) -> None:
    """`ConfigData.tiles` gives what `ConfigTile(..., source=TileSource(...))` gives."""
    with read_only(sample_db if which == "sample" else synth_db) as conn:
        data = ConfigData(conn)
        rows = conn.execute(
            "SELECT t.title, t.revision_key, t.list_index, t.code, t.count, t.start_tile, "
            "t.special, t.features, t.illustrations, t.line, t.col, t.image FROM tiles t "
            "JOIN current_revisions c ON c.revision_key = t.revision_key "
            "ORDER BY t.title, t.list_index, t.entry_index"
        ).fetchall()
        keys = sorted({(str(r[0]), str(r[1]), int(r[2])) for r in rows})
        built = [tile for key in keys for tile in data.tiles(key)]
    expected = [
        ConfigTile(
            code=str(r[3]),
            count=int(r[4]),
            start_tile=bool(r[5]),
            special=bool(r[6]),
            features=json.loads(r[7]),
            illustrations=json.loads(r[8]),
            source=TileSource(list_index=int(r[2]), line=int(r[9]), col=int(r[10]), image=r[11]),
        )
        for r in sorted(rows, key=lambda r: (str(r[0]), str(r[1]), int(r[2])))
    ]
    assert len(built) == len(rows) > 100
    assert built == expected
    assert [t.model_fields_set for t in built] == [t.model_fields_set for t in expected]
    assert all(type(tile.source) is TileSource for tile in built)


def test_tiles_are_still_validated(sample_db: Path, tmp_path: Path) -> None:
    """A row the model rejects (a negative count) is still a validation error, not a tile."""
    copy = tmp_path / "carcdb.duckdb"
    shutil.copy(sample_db, copy)
    conn = duckdb.connect(str(copy))
    try:
        key = conn.execute(
            "SELECT t.title, t.revision_key, t.list_index FROM tiles t "
            "JOIN current_revisions c ON c.revision_key = t.revision_key LIMIT 1"
        ).fetchone()
        assert key is not None
        conn.execute(
            "UPDATE tiles SET count = -1 WHERE title = ? AND revision_key = ? AND list_index = ?",
            list(key),
        )
        with pytest.raises(ValidationError, match="count"):
            ConfigData(conn).tiles((str(key[0]), str(key[1]), int(key[2])))
    finally:
        conn.close()


def test_tiles_of_some_codes_are_those_tiles_of_the_whole_list(sample_db: Path) -> None:
    """`tiles(key, codes)` is `tiles(key)` filtered to `codes`, in the same order."""
    with read_only(sample_db) as conn:
        data = ConfigData(conn)
        keys = conn.execute(
            "SELECT DISTINCT t.title, t.revision_key, t.list_index FROM tiles t "
            "JOIN current_revisions c ON c.revision_key = t.revision_key ORDER BY 1, 2, 3"
        ).fetchall()
        checked = 0
        for title, revision, index in keys:
            key = (str(title), str(revision), int(index))
            whole = data.tiles(key)
            assert data.tile_codes(key) == [tile.code for tile in whole]
            some = set(data.tile_codes(key)[::2]) | {"not-a-code"}
            assert data.tiles(key, some) == [tile for tile in whole if tile.code in some]
            checked += len(whole)
    assert checked > 100
