"""Malformed files and foreign warehouses: clear exit-2 errors, never tracebacks or leaks."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pytest

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.errors import InputError
from carcdb.pipeline.extract.corpus import read_corpus
from carcdb.pipeline.extract.sources import InputFormat, read_source
from carcdb.warehouse.connection import read_only, write_transaction
from carcdb.warehouse.errors import WarehouseError
from tests.conftest import FIXTURES, SAMPLE


def _write(tmp_path: Path, name: str, data: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(data, str):
        path.write_text(data, "utf-8")
    else:
        path.write_bytes(data)
    return path


@pytest.mark.parametrize(
    "payload",
    [
        {"query": {"pages": ["not a page"]}},
        {"query": {"pages": [{"title": "A/de", "revisions": [{"revid": "abc", "content": "x"}]}]}},
        {"query": {"pages": [{"title": "A/de", "revisions": [{"timestamp": 5, "content": "x"}]}]}},
    ],
)
def test_malformed_api_json_is_input_error(tmp_path: Path, payload: object) -> None:
    with pytest.raises(InputError, match=r"api\.json"):
        read_source(_write(tmp_path, "api.json", json.dumps(payload)))


def test_non_numeric_ids_in_xml(tmp_path: Path) -> None:
    xml = (
        (FIXTURES / "inputs" / "export.xml")
        .read_text("utf-8")
        .replace("<id>5001</id>", "<id>x1</id>")
    )
    with pytest.raises(InputError, match="revision id 'x1' is not a whole number"):
        read_source(_write(tmp_path, "dump.xml", xml))


def test_forced_xml_format_on_a_folder(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="is a directory"):
        read_source(tmp_path, fmt=InputFormat.XML)


def test_manifest_with_non_string_title(tmp_path: Path) -> None:
    _write(tmp_path, "manifest.json", json.dumps({"files": [{"path": "a.txt", "title": 5}]}))
    with pytest.raises(InputError, match="'title' must be a string"):
        read_corpus(tmp_path)
    _write(tmp_path, "manifest.json", "{files")
    with pytest.raises(InputError, match="not JSON"):
        read_corpus(tmp_path)


def test_view_source_keeps_content_that_mentions_return(tmp_path: Path) -> None:
    text = (
        "View source for Base game/ro\n\n== A ==\nReturn to the city.\nmore text\n\n"
        "Return to Base game/ro.\nNavigation menu\n"
    )
    (rev,) = read_source(_write(tmp_path, "vs.txt", text)).revisions
    assert rev.wikitext == "== A ==\nReturn to the city.\nmore text\n"


def test_score_record_that_is_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = _write(tmp_path, "game.json", b'{"players": ["\xff"]}')
    assert run_app(["score", str(game)]) == 2
    assert "invalid UTF-8 at byte offset 14" in capsys.readouterr().err
    assert (
        run_app(["score", str(FIXTURES / "inputs" / "export.xml"), "--config", str(tmp_path)]) == 2
    )
    assert "is a directory" in capsys.readouterr().err


def test_user_sql_cannot_touch_other_files(
    sample_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "leak.csv"
    code = run_app(["sql", f"COPY (SELECT * FROM pages) TO '{target}'", "--db", str(sample_db)])
    assert code == 2
    assert not target.exists()
    code = run_app(["sql", "SELECT * FROM read_csv('/etc/hostname')", "--db", str(sample_db)])
    assert code == 2
    assert "query failed" in capsys.readouterr().err


def test_foreign_duckdb_file_is_refused(tmp_path: Path) -> None:
    foreign = tmp_path / "other.duckdb"
    with duckdb.connect(str(foreign)) as conn:
        conn.execute("CREATE TABLE accounts (id INTEGER)").fetchall()
    with pytest.raises(WarehouseError, match="not a carcdb warehouse"), write_transaction(foreign):
        pass
    with pytest.raises(WarehouseError, match="not a carcdb warehouse"), read_only(foreign):
        pass
    with duckdb.connect(str(foreign)) as conn:
        assert conn.execute("SELECT count(*) FROM duckdb_tables()").fetchall() == [(1,)]


def test_old_warehouse_must_be_migrated_before_reading(db_path: Path) -> None:
    with write_transaction(db_path):
        pass
    with duckdb.connect(str(db_path)) as conn:
        conn.execute("DELETE FROM schema_migrations WHERE version > 1").fetchall()
    with pytest.raises(WarehouseError, match="predates this carcdb"), read_only(db_path):
        pass


@pytest.mark.slow
def test_sample_import_findings_are_checked(tmp_path: Path) -> None:
    from carcdb.pipeline.extract.corpus import SourceSpec
    from carcdb.pipeline.run.build import import_sources

    db = tmp_path / "wh.duckdb"
    report = import_sources(
        db,
        [
            SourceSpec(FIXTURES / "inputs" / "api_v1.json"),
            SourceSpec(SAMPLE / "002_bf3e05963fce1bff.txt"),
        ],
        checks=True,
    )
    scopes = {r.scope for r in report.checks if r.check == "data_findings"}
    assert any(scope.startswith("file ") and scope.endswith("api_v1.json") for scope in scopes)
