"""`carcdb sql` output: tab-separated when piped, CSV, JSON, JSON lines; never markup; streamed."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from carcdb.pipeline.cli import output
from carcdb.pipeline.cli.app import run_app


def sql(
    capsys: pytest.CaptureFixture[str], db: Path, query: str, *flags: str
) -> tuple[int, str, str]:
    code = run_app(["sql", query, "--db", str(db), *flags])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.slow
def test_piped_output_is_tab_separated_and_never_markup(
    capsys: pytest.CaptureFixture[str], sample_db: Path
) -> None:
    code, out, _ = sql(
        capsys,
        sample_db,
        "SELECT '[/x]' AS v, '[bold]b[/bold]' AS w, NULL AS n, 'a' || chr(9) || 'b' AS t",
    )
    assert code == 0
    assert out == "v\tw\tn\tt\n[/x]\t[bold]b[/bold]\t\\N\ta\\tb\n"


def test_terminal_table_prints_values_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    output.write_rows(["v"], ["VARCHAR"], [[("[/x]",), ("[red]r",)]], "table")
    out = capsys.readouterr().out
    assert "[/x]" in out and "[red]r" in out
    assert "2 row(s)" in out


def test_json_columns_and_lists_come_out_as_json(
    capsys: pytest.CaptureFixture[str], sample_db: Path
) -> None:
    query = (
        "SELECT code, illustrations, [1, 2] AS l, {'a': 1} AS s FROM tile_distribution "
        "WHERE product = 'Base Game' AND edition = 'C3' AND code = 'D'"
    )
    code, out, _ = sql(capsys, sample_db, query, "--jsonl")
    assert code == 0
    (row,) = [json.loads(line) for line in out.splitlines()]
    assert row == {
        "code": "D",
        "illustrations": {"Farmhouse": 1, "None": 2, "Pigsty": 1},
        "l": [1, 2],
        "s": {"a": 1},
    }
    code, out, _ = sql(capsys, sample_db, query, "--json")
    assert json.loads(out) == [row]
    code, out, _ = sql(capsys, sample_db, query, "--csv")
    (parsed,) = list(csv.DictReader(io.StringIO(out)))
    assert json.loads(parsed["illustrations"]) == row["illustrations"]
    assert json.loads(parsed["l"]) == [1, 2]


def test_empty_results_and_format_conflicts(
    capsys: pytest.CaptureFixture[str], sample_db: Path
) -> None:
    assert json.loads(sql(capsys, sample_db, "SELECT 1 AS x WHERE false", "--json")[1]) == []
    assert sql(capsys, sample_db, "SELECT 1 AS x WHERE false", "--jsonl")[1] == ""
    assert sql(capsys, sample_db, "SELECT 1 AS x WHERE false", "--csv")[1] == "x\n"
    code, _, err = sql(capsys, sample_db, "SELECT 1", "--csv", "--json")
    assert code == 2
    assert "--json and --csv" in err


def test_copy_is_refused_with_a_pointer_to_export(
    capsys: pytest.CaptureFixture[str], sample_db: Path, tmp_path: Path
) -> None:
    target = tmp_path / "x.csv"
    code, _, err = sql(capsys, sample_db, f"COPY tiles TO '{target}'")
    assert code == 2
    assert "carcdb export" in err
    assert not target.exists()


def test_rows_are_written_batch_by_batch() -> None:
    stream = io.StringIO()
    seen: list[str] = []

    def batches() -> Iterator[list[tuple[Any, ...]]]:
        yield [(1,), (2,)]
        seen.append(stream.getvalue())  # what was written before the second batch was read
        yield [(3,)]

    for fmt in ("tsv", "csv", "jsonl", "json"):
        seen.clear()
        stream.seek(0)
        stream.truncate()
        assert output.write_rows(["n"], ["INTEGER"], batches(), fmt, stream) == 3
        assert "2" in seen[0], fmt


def test_stream_sql_fetches_in_batches(sample_db: Path) -> None:
    from carcdb.warehouse.connection import read_only
    from carcdb.warehouse.user_sql import stream_sql

    with read_only(sample_db, sandboxed=True) as conn:
        result = stream_sql(conn, "SELECT * FROM range(5000) t(i)", batch_rows=2048)
        sizes = [len(batch) for batch in result.batches]
    assert sizes == [2048, 2048, 904]
    assert result.columns == ["i"]
    assert result.types == ["BIGINT"]


NULL_AND_EMPTY = "SELECT NULL AS n, '' AS e, 'a,b' AS c, 1 AS i, '\\N' AS b"


def test_null_is_visible_and_differs_from_an_empty_string(
    capsys: pytest.CaptureFixture[str], sample_db: Path
) -> None:
    # TSV: NULL is \N, '' an empty field, a stored backslash-N is \\N (PostgreSQL's COPY)
    code, out, _ = sql(capsys, sample_db, NULL_AND_EMPTY)
    assert code == 0
    assert out == "n\te\tc\ti\tb\n\\N\t\ta,b\t1\t\\\\N\n"
    # CSV: NULL an empty field, '' a quoted empty field (DuckDB's COPY does the same)
    code, out, _ = sql(capsys, sample_db, NULL_AND_EMPTY, "--format", "csv")
    assert out == 'n,e,c,i,b\n,"","a,b",1,\\N\n'
    assert list(csv.reader(io.StringIO(out)))[1] == ["", "", "a,b", "1", "\\N"]
    # a table (asked for off a terminal): NULL is written, '' is an empty cell
    code, out, _ = sql(capsys, sample_db, NULL_AND_EMPTY, "--format", "table")
    (row,) = [line for line in out.splitlines() if "a,b" in line]
    cells = [cell.strip() for cell in row.strip("│ ").split("│")]
    assert cells == ["NULL", "", "a,b", "1", "\\N"]


@pytest.mark.parametrize(
    ("flags", "expect"),
    [
        (["--format", "json"], '[\n  {"x": 1}\n]\n'),
        (["-f", "jsonl"], '{"x": 1}\n'),
        (["--format", "csv"], "x\n1\n"),
        (["--format", "tsv"], "x\n1\n"),
        (["--json"], '[\n  {"x": 1}\n]\n'),  # the flags of before still work
        (["--jsonl"], '{"x": 1}\n'),
        (["--csv"], "x\n1\n"),
        ([], "x\n1\n"),  # piped: tsv
    ],
)
def test_format_option_and_the_older_flags(
    capsys: pytest.CaptureFixture[str], sample_db: Path, flags: list[str], expect: str
) -> None:
    assert sql(capsys, sample_db, "SELECT 1 AS x", *flags)[:2] == (0, expect)


def test_format_table_and_conflicting_formats(
    capsys: pytest.CaptureFixture[str], sample_db: Path
) -> None:
    code, out, _ = sql(capsys, sample_db, "SELECT 1 AS x", "--format", "table")
    assert code == 0 and "┃ x ┃" in out and "1 row(s)" in out
    code, out, err = sql(capsys, sample_db, "SELECT 1", "--format", "csv", "--jsonl")
    assert (code, out) == (2, "")
    assert "--format csv and --jsonl both given" in err
    code, _, err = sql(capsys, sample_db, "SELECT 1", "--format", "xml")
    assert code == 2 and "xml" in err
