"""The `carcdb` command end to end: exit codes, one-line errors, JSON, nothing half-written."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from carcdb.pipeline.cli.app import run_app
from tests.conftest import FIXTURES, SAMPLE

ABBEY = SAMPLE / "004_463e2d43ade5f599.txt"


def carcdb(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = run_app(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.slow
def test_build_prints_summary_and_status_json(
    capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    code, out, err = carcdb(capsys, "build", "--db", str(db_path), "--quiet")
    assert (code, out, err) == (0, "", "")  # --quiet: nothing but errors
    code, out, _ = carcdb(capsys, "build", "--db", str(db_path))
    assert code == 0
    assert "pages:             4 (ro: 4)" in out
    assert "catalog languages: 460" in out
    code, out, _ = carcdb(capsys, "status", "--db", str(db_path), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["pages"] == 4
    assert data["catalog_languages"] == 460


def test_sql_json_and_read_only(capsys: pytest.CaptureFixture[str], sample_db: Path) -> None:
    code, out, _ = carcdb(
        capsys,
        "sql",
        "SELECT language, count(*) AS n FROM pages GROUP BY 1",
        "--db",
        str(sample_db),
        "--json",
    )
    assert code == 0
    assert json.loads(out) == [{"language": "ro", "n": 4}]
    code, _, err = carcdb(capsys, "sql", "DELETE FROM pages", "--db", str(sample_db))
    assert code == 2
    assert "read-only" in err.lower()


def _table_rows(capsys: pytest.CaptureFixture[str], db: Path) -> dict[str, int]:
    code, out, _ = carcdb(capsys, "status", "--db", str(db), "--json")
    assert code == 0
    rows: dict[str, int] = json.loads(out)["table_rows"]
    return rows


@pytest.mark.slow
@pytest.mark.parametrize(
    ("content", "extra", "expect"),
    [
        (b"", [], "empty"),
        (b"\x00\x01\x02", ["--title", "X"], "binary"),
        (b"ok \xfe", ["--title", "X"], "byte offset 3"),
        (b"== T ==", ["--title", "A/../B"], "relative path"),
        (b"== T ==", [], "--title"),
    ],
)
def test_bad_import_exits_2_and_writes_nothing(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    content: bytes,
    extra: list[str],
    expect: str,
) -> None:
    db = tmp_path / "wh.duckdb"
    assert carcdb(capsys, "build", "--db", str(db), "-q")[0] == 0
    before = _table_rows(capsys, db)
    good = FIXTURES / "inputs" / "export.xml"  # names its own pages, ignores --title
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)
    code, _, err = carcdb(capsys, "import", str(good), str(bad), *extra, "--db", str(db))
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert str(bad) in lines[0]
    assert expect in lines[0]
    after = _table_rows(capsys, db)
    after.pop("runs")
    before.pop("runs")
    assert after == before


def test_export_capture_needs_language(capsys: pytest.CaptureFixture[str], db_path: Path) -> None:
    code, _, err = carcdb(
        capsys, "import", str(ABBEY), "--title", "Abbey and the Mayor", "--db", str(db_path)
    )
    assert code == 2
    assert "missing --lang" in err
    assert not db_path.exists()
    code, out, _ = carcdb(
        capsys,
        "import",
        str(ABBEY),
        "--title",
        "Abbey and the Mayor",
        "--lang",
        "ro",
        "--db",
        str(db_path),
    )
    assert code == 0
    assert "1 new revision" in out


@pytest.mark.slow
def test_locked_warehouse_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "locked.duckdb"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); "
            "print('held', flush=True); time.sleep(60)",
            str(db),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "held"
        deadline = time.monotonic() + 30
        code, _, err = carcdb(capsys, "build", "--db", str(db), "-q")
        assert time.monotonic() < deadline
    finally:
        holder.kill()
        holder.wait()
        assert holder.stdout is not None
        holder.stdout.close()
    assert code == 2
    assert "locked by another process" in err
    assert str(db) in err


def test_check_and_status_without_warehouse(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "none.duckdb"
    for command in ("check", "status"):
        code, _, err = carcdb(capsys, command, "--db", str(missing))
        assert code == 2
        assert "carcdb build" in err
    assert not missing.exists()


def test_usage_error_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert carcdb(capsys, "import")[0] == 2
    assert carcdb(capsys, "no-such-command")[0] == 2


def test_the_cli_default_warehouse_is_the_library_default() -> None:
    from carcdb.pipeline.cli.options import DEFAULT_DB as CLI_DEFAULT
    from carcdb.warehouse.connection import DEFAULT_DB

    assert CLI_DEFAULT == DEFAULT_DB


def test_help_loads_neither_duckdb_nor_the_parser() -> None:
    """`carcdb --help` answers without importing what the commands use (docs/cli.md, its timing)."""
    code = (
        "import sys\n"
        "from carcdb.pipeline.cli import run_app\n"
        "run_app(['--help'])\n"
        "heavy = sorted(m for m in ('duckdb', 'pyarrow', 'mwparserfromhell', 'requests', "
        "'carcdb.pipeline.engine', 'carcdb.pipeline.run', 'carcdb.pipeline.checks', 'carcdb.schemas.pages') "  # noqa: E501
        "if m in sys.modules)\n"
        "print('HEAVY', heavy)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, stdout=subprocess.PIPE, text=True
    ).stdout
    assert "HEAVY []" in out


def _commands() -> list[tuple[str, object]]:
    import typer.main

    from carcdb.pipeline.cli import app

    found: list[tuple[str, object]] = []

    def walk(command: object, name: str) -> None:
        children = getattr(command, "commands", None)
        if children:
            for child_name, child in children.items():
                walk(child, f"{name} {child_name}".strip())
        else:
            found.append((name, command))

    walk(typer.main.get_command(app), "")
    return found


def test_every_command_has_quiet_and_reads_the_db_from_the_environment() -> None:
    commands = _commands()
    assert len(commands) > 15
    for name, command in commands:
        params = {param.name: param for param in getattr(command, "params", [])}
        assert "quiet" in params, f"carcdb {name} has no --quiet"
        assert "-q" in params["quiet"].opts, name
        if "db" in params:
            assert params["db"].envvar == "CARCDB_DB", f"carcdb {name} --db ignores CARCDB_DB"
