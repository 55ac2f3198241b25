"""`carcdb export`: tables and views as files, a portable DuckDB copy, or JCloisterZone XML.

The work is in `pipeline.interchange`; it is imported inside the command so that
`carcdb --help` does not load it.
"""

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from carcdb.pipeline.cli.app import EXIT_CHECKS_FAILED, app
from carcdb.pipeline.cli.options import DEFAULT_DB, DbOption, QuietOption, output_path, warn
from carcdb.pipeline.cli.output import check_json, console, print_json


class ExportFormat(StrEnum):
    csv = "csv"
    parquet = "parquet"
    jsonl = "jsonl"
    sqlite = "sqlite"
    duckdb = "duckdb"
    jcz = "jcz"


def _names(values: list[str] | None) -> list[str]:
    """`--tables a,b --tables c` -> [a, b, c]."""
    return [name.strip() for value in values or [] for name in value.split(",") if name.strip()]


@app.command()
def export(
    fmt: Annotated[ExportFormat, typer.Option("--format", "-f", help="Output format.")],
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            "-o",
            parser=output_path,
            help="A folder (csv, parquet, jsonl) or a file (sqlite, duckdb, jcz).",
        ),
    ],
    tables: Annotated[
        list[str] | None,
        typer.Option("--tables", help="Only these tables/views (comma-separated, repeatable)."),
    ] = None,
    products: Annotated[
        list[str] | None,
        typer.Option("--products", help='jcz: products to write, e.g. "Base Game" (repeatable).'),
    ] = None,
    editions: Annotated[
        list[str] | None,
        typer.Option("--editions", help="jcz: only these editions, e.g. C3 (repeatable)."),
    ] = None,
    lang: Annotated[
        str | None, typer.Option("--lang", help="jcz: read tile lists in this language.")
    ] = None,
    db: DbOption = DEFAULT_DB,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
    quiet: QuietOption = False,
) -> None:
    """Export the warehouse: every table and view (or --tables) as CSV, Parquet, JSON lines or
    one SQLite file, with a manifest.json; a DuckDB copy any DuckDB >= 1.4 opens; or the tile
    shapes and counts of --products as JCloisterZone tile XML."""
    if fmt is ExportFormat.jcz:
        _export_jcz(db, out, _names(products), _names(editions), lang, json_out, quiet)
        return
    from carcdb.pipeline.interchange.tables import export_tables

    report = export_tables(db, fmt.value, out, _names(tables) or None)  # type: ignore[arg-type]
    if json_out:
        print_json(
            {
                "format": report.fmt,
                "out": str(report.out),
                "manifest": str(report.manifest_path),
                "tables": {r.name: r.rows for r in report.relations},
            }
        )
    elif not quiet:
        console.print(
            f"wrote {report.out}: {len(report.relations)} tables and views, "
            f"{report.rows} rows ({report.fmt}); manifest {report.manifest_path}"
        )


def _export_jcz(
    db: Path,
    out: Path,
    products: list[str],
    editions: list[str],
    lang: str | None,
    json_out: bool,
    quiet: bool,
) -> None:
    from carcdb.pipeline.errors import InputError
    from carcdb.pipeline.interchange.jcz_export import export_jcz

    if not products:
        raise InputError(
            "--products is required with --format jcz",
            fix='carcdb export --format jcz --products "Base Game" --out base.xml',
        )
    report = export_jcz(db, out, products, editions or None, lang)
    if json_out:
        print_json(report.summary())
    elif not quiet and report.written:
        sets = ", ".join(f"{s.set_id} ({s.tiles} tiles)" for s in report.sets)
        console.print(f"wrote {out}: {report.shapes} tile shapes; tile sets: {sets}")
    if not json_out:
        for note in report.notes:
            warn(note, label="note")
    if not report.written:
        # Nothing to write (exit 1), as engine-config exits 1 for tiles without a shape.
        print(
            f"error: {', '.join(products)}: no tile has a shape (unknown from public "
            f"descriptions, see pipeline/engine/shapes): nothing written to {out}",
            file=sys.stderr,
        )
        raise typer.Exit(EXIT_CHECKS_FAILED)


class ShapesFormat(StrEnum):
    jcz = "jcz"


@app.command("import-shapes")
def import_shapes(
    path: Annotated[Path, typer.Argument(help="A JCloisterZone tile definition XML file.")],
    fmt: Annotated[ShapesFormat, typer.Option("--format", "-f", help="The file's format.")] = (
        ShapesFormat.jcz
    ),
    sets: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            help='Compare a tile set with an edition: "SET_ID=PRODUCT:EDITION" (repeatable).',
        ),
    ] = None,
    db: DbOption = DEFAULT_DB,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
    quiet: QuietOption = False,
) -> None:
    """Read another engine's tile definitions into comparison tables, run the checks, and
    print every difference from the warehouse's shapes (up to rotation) and tile-set counts."""
    from carcdb.pipeline.cli.output import print_table
    from carcdb.pipeline.interchange.jcz_import import import_jcz, parse_set_map
    from carcdb.pipeline.run.build import check_warehouse
    from carcdb.schemas.checks import CheckStatus

    report = import_jcz(db, path, parse_set_map(sets or []))
    # This file's results only: the files imported before are compared too (and stored).
    results = [
        r
        for r in check_warehouse(db)
        if r.check.startswith("jcz.") and r.scope.startswith(f"{report.path}:")
    ]
    failed = [r for r in results if r.status is CheckStatus.FAIL]
    skipped = [r for r in results if r.status is CheckStatus.SKIP]
    if json_out:
        print_json(
            {
                "file": report.path,
                "tiles": report.tiles,
                "unsupported": report.unsupported,
                "sets": {k: None if v is None else list(v) for k, v in report.sets.items()},
                "differences": [check_json(r) for r in failed],
                "not_compared": [check_json(r) for r in skipped],
            }
        )
        return
    mapped = ", ".join(
        f"{name} -> {'not compared' if target is None else ' '.join(target)}"
        for name, target in report.sets.items()
    )
    console.print(
        f"imported {report.path}: {report.tiles} tiles ({report.unsupported} not comparable), "
        f"{report.refs} tile-set entries; sets: {mapped or 'none'}"
    )
    if failed:
        print_table(
            ["check", "where", "warehouse", "file", "message"],
            [(r.check, r.scope, r.expected, r.actual, r.message) for r in failed],
        )
    console.print(
        f"{len(failed)} difference(s), {len(results) - len(failed) - len(skipped)} agreeing, "
        f"{len(skipped)} not compared (stored as check results: carcdb check --all)"
    )
