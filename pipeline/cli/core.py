"""Core commands: import, build, check, status, sql."""

import json
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from carcdb.pipeline.cli.app import EXIT_CHECKS_FAILED, app
from carcdb.pipeline.cli.options import (
    DEFAULT_DB,
    DEFAULT_PAGE_TIMEOUT,
    DbOption,
    JobsOption,
    JsonOption,
    PageTimeoutOption,
    QuietOption,
)
from carcdb.pipeline.cli.output import check_json, console, print_json, print_table, progress_for
from carcdb.pipeline.extract.formats import InputFormat

# The commands import the library (DuckDB, pyarrow, the parser, the checks) when they run:
# `carcdb --help` and a mistyped command answer without loading it.
if TYPE_CHECKING:
    from carcdb.schemas.checks import CheckResult

# The parsed records a summary shows, in reading order.
RECORD_TABLES = (
    "tile_lists",
    "tiles",
    "rules",
    "rule_dates",
    "scoring_claims",
    "box_contents_items",
)


def _print_status(data: dict[str, object]) -> None:
    langs = data["pages_per_language"]
    assert isinstance(langs, dict)
    lang_text = ", ".join(f"{k}: {v}" for k, v in langs.items()) or "none"
    console.print(f"pages:             {data['pages']} ({lang_text})")
    console.print(f"revisions:         {data['revisions']}")
    console.print(f"source files:      {data['source_files']}")
    per_source = data["catalog_pages_per_source"]
    assert isinstance(per_source, dict)
    seen = ", ".join(f"{Path(k).name}: {v}" for k, v in per_source.items())
    console.print(f"catalog pages:     {data['catalog_pages']} (union; per capture: {seen or '-'})")
    console.print(f"catalog languages: {data['catalog_languages']}")
    rows = data["table_rows"]
    assert isinstance(rows, dict)
    records = " ".join(f"{name}={rows[name]}" for name in RECORD_TABLES if name in rows)
    console.print(f"records:           {records or 'none'}")
    console.print(f"findings:          {data['findings_by_severity'] or 'none'}")
    console.print(f"checks:            {data['checks_by_status'] or 'not run'}")


def _print_checks(results: "list[CheckResult]", *, verbose: bool) -> None:
    from carcdb.pipeline.checks import failed_errors
    from carcdb.schemas.checks import CheckStatus

    shown = [r for r in results if verbose or r.status is CheckStatus.FAIL]
    if shown:
        print_table(
            ["check", "scope", "status", "severity", "expected", "actual", "message"],
            [
                (r.check, r.scope, r.status.value, r.severity, r.expected, r.actual, r.message)
                for r in shown
            ],
        )
    counts: dict[str, int] = {}
    for r in results:
        counts[r.status.value] = counts.get(r.status.value, 0) + 1
    errors = len(failed_errors(results))
    console.print(
        f"checks: {sum(counts.values())} results "
        + " ".join(f"{k}={v}" for k, v in sorted(counts.items()))
        + f"; failing errors: {errors}"
    )


def _finish_checks(results: "list[CheckResult]") -> None:
    from carcdb.pipeline.checks import failed_errors

    if failed_errors(results):
        raise typer.Exit(EXIT_CHECKS_FAILED)


@app.command("import")
def import_command(
    paths: Annotated[
        list[Path],
        typer.Argument(help="Input files (captures, wikitext, XML, JSON; .gz/.bz2); - is stdin."),
    ],
    title: Annotated[str | None, typer.Option(help="Page title, e.g. 'Base game/ro'.")] = None,
    lang: Annotated[str | None, typer.Option(help="Language code, e.g. ro.")] = None,
    fmt: Annotated[
        InputFormat | None, typer.Option("--format", help="Override format detection.")
    ] = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
    quiet: QuietOption = False,
    jobs: JobsOption = None,
    page_timeout: PageTimeoutOption = DEFAULT_PAGE_TIMEOUT,
) -> None:
    """Store page revisions from files and parse them, so the warehouse is current after it."""
    from carcdb.pipeline.extract.corpus import SourceSpec
    from carcdb.pipeline.run import build as build_lib
    from carcdb.pipeline.run.page_parse import ParseLimits

    specs = [SourceSpec(path, title, lang, fmt) for path in paths]
    limits = ParseLimits(seconds_per_page=page_timeout)
    with progress_for(quiet) as progress:
        report = build_lib.import_sources(db, specs, progress=progress, jobs=jobs, limits=limits)
    if json_out:
        print_json(report.summary())
    elif not quiet:
        s = report.store
        console.print(
            f"imported {report.files} file(s): {s.revisions_new} new revision(s), "
            f"{s.revisions_known} already stored; parsed {report.parse.parsed}, "
            f"findings {report.parse.findings}"
        )


@app.command()
def build(
    corpus: Annotated[
        Path | None, typer.Option(help="Corpus folder (default: the bundled sample).")
    ] = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
    quiet: QuietOption = False,
    jobs: JobsOption = None,
    page_timeout: PageTimeoutOption = DEFAULT_PAGE_TIMEOUT,
) -> None:
    """Import a corpus, parse it, run every check and print a summary."""
    from carcdb.pipeline.run import build as build_lib
    from carcdb.pipeline.run.page_parse import ParseLimits
    from carcdb.warehouse.connection import read_only
    from carcdb.warehouse.queries import status

    limits = ParseLimits(seconds_per_page=page_timeout)
    with progress_for(quiet) as progress:
        report = build_lib.build_corpus(db, corpus, progress=progress, jobs=jobs, limits=limits)
    with read_only(db) as conn:
        data = status(conn)
    if json_out:
        print_json({"build": report.summary(), "status": data})
    else:
        console.print(f"carcdb build -> {db}")
        _print_status(data)
        _print_checks(report.checks, verbose=False)
        if report.checks_reused:
            console.print(
                f"checks reused: nothing they read changed since {report.checks_computed_at} "
                "UTC (`carcdb check` runs them again)"
            )
    _finish_checks(report.checks)


@app.command()
def check(
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
    verbose: Annotated[bool, typer.Option("--all", help="Show passing checks too.")] = False,
    quiet: QuietOption = False,
) -> None:
    """Run every check on the warehouse as it stands (exit 1 when an error-level check fails)."""
    from carcdb.pipeline.run import build as build_lib

    results = build_lib.check_warehouse(db)
    if json_out:
        print_json([check_json(r) for r in results])
    else:
        _print_checks(results, verbose=verbose)
    _finish_checks(results)


@app.command("status")
def status_command(
    db: DbOption = DEFAULT_DB, json_out: JsonOption = False, quiet: QuietOption = False
) -> None:
    """What the warehouse holds: pages per language, revisions, findings by severity."""
    from carcdb.warehouse.connection import read_only
    from carcdb.warehouse.queries import status

    with read_only(db) as conn:
        data = status(conn)
    if json_out:
        print_json(data)
    else:
        _print_status(data)


class SqlFormat(StrEnum):
    table = "table"
    tsv = "tsv"
    csv = "csv"
    json = "json"
    jsonl = "jsonl"


@app.command()
def sql(
    query: Annotated[str, typer.Argument(help="A read-only SQL query.")],
    db: DbOption = DEFAULT_DB,
    fmt: Annotated[
        SqlFormat | None,
        typer.Option(
            "--format",
            "-f",
            help="Output format (default: table on a terminal, else tsv).",
        ),
    ] = None,
    json_out: Annotated[
        bool, typer.Option("--json", help="One JSON array of row objects (--format json).")
    ] = False,
    jsonl: Annotated[
        bool, typer.Option("--jsonl", help="One JSON object per line (--format jsonl).")
    ] = False,
    csv_out: Annotated[
        bool, typer.Option("--csv", help="CSV with a header line (--format csv).")
    ] = False,
    quiet: QuietOption = False,
) -> None:
    """Run a read-only SQL query and print its rows as they are read.

    On a terminal: a table. Piped or redirected: tab-separated lines with a header, NULL as
    \\N (or --format csv, json, jsonl, table). JSON columns and lists come out as JSON.
    """
    import duckdb

    from carcdb.pipeline.cli.output import RowFormat, write_rows
    from carcdb.pipeline.errors import InputError
    from carcdb.warehouse.connection import read_only
    from carcdb.warehouse.user_sql import stream_sql

    flags: dict[RowFormat, bool] = {"json": json_out, "jsonl": jsonl, "csv": csv_out}
    chosen: list[str] = [f"--{name}" for name, on in flags.items() if on]
    if fmt is not None:
        chosen.insert(0, f"--format {fmt.value}")
    if len(chosen) > 1:
        raise InputError(
            " and ".join(chosen) + " both given",
            path="sql",
            fix="pick one output format",
        )
    default: RowFormat = "table" if console.is_terminal else "tsv"
    picked = [name for name, on in flags.items() if on]
    fmt_name: RowFormat = fmt.value if fmt is not None else (picked[0] if picked else default)
    with read_only(db, sandboxed=True) as conn:
        try:
            result = stream_sql(conn, query)
            write_rows(result.columns, result.types, result.batches, fmt_name)
        except duckdb.Error as exc:
            first_lines = " | ".join(line.strip() for line in str(exc).splitlines()[:2])
            raise InputError(
                f"query failed: {first_lines}", path="sql", fix=_sql_fix(str(exc))
            ) from None


def _sql_fix(error: str) -> str:
    lowered = error.lower()
    if "read-only" in lowered:
        return "carcdb sql only reads; the warehouse changes through build and import"
    if "external access" in lowered or "permission" in lowered:
        return (
            "carcdb sql reads the warehouse only (no COPY TO, ATTACH or file reads): "
            "write files with `carcdb export`, or redirect `carcdb sql --csv ... > FILE`"
        )
    return 'check the SQL (tables and views: carcdb sql "SHOW TABLES")'


__all__ = ["build", "check", "import_command", "json", "sql", "status_command"]
