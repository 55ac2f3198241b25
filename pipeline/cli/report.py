"""`carcdb report`: the warehouse as a static HTML page (opens in any browser, offline)."""

from pathlib import Path
from typing import Annotated

import typer

from carcdb.pipeline.cli.app import app
from carcdb.pipeline.cli.options import DEFAULT_DB, DbOption, QuietOption, output_path
from carcdb.pipeline.cli.output import console, print_json


@app.command()
def report(
    out: Annotated[
        Path,
        typer.Option("--out", "-o", parser=output_path, help="Folder to write index.html into."),
    ],
    db: DbOption = DEFAULT_DB,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
    quiet: QuietOption = False,
) -> None:
    """Write an HTML report of the warehouse: tile distributions with drawings, edition
    differences, translation coverage, findings, checks and the engine configuration."""
    from carcdb.pipeline.report.build import build_report

    summary = build_report(db, out)
    if json_out:
        print_json({k: str(v) if isinstance(v, Path) else v for k, v in summary.__dict__.items()})
        return
    console.print(
        f"wrote {summary.path}: {summary.editions} tile distributions "
        f"({summary.tile_entries} entries, {summary.drawings} tile drawings), "
        f"{summary.findings} findings, {summary.bytes // 1024} KiB"
    )
