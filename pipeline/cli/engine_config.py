"""`carcdb engine-config`: write the engine configuration of a page and edition, or its schema."""

import sys
from pathlib import Path
from typing import Annotated

import typer

from carcdb.pipeline.cli.app import EXIT_CHECKS_FAILED, app
from carcdb.pipeline.cli.options import DEFAULT_DB, DbOption, QuietOption, output_path
from carcdb.pipeline.cli.output import console
from carcdb.pipeline.errors import InputError
from carcdb.pipeline.outputs import OutputKind

ENGINE_CONFIG = OutputKind(
    key="engine-config",
    name="an engine configuration",
    marks=(b'"format": "carcdb-engine-config"',),
)


@app.command("engine-config")
def engine_config(
    page: Annotated[
        str | None, typer.Option("--page", help='Source page, e.g. "Base game".')
    ] = None,
    edition: Annotated[str | None, typer.Option("--edition", help="e.g. C3, C2, WE3.")] = None,
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="Only this language (tile list and scoring claims)."),
    ] = None,
    product: Annotated[
        str | None, typer.Option("--product", help="When the edition has several products.")
    ] = None,
    codes: Annotated[
        str | None,
        typer.Option("--codes", help="Only these tile codes, e.g. A-X (Winter Edition base)."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", parser=output_path, help="Write here (default: stdout)."),
    ] = None,
    schema: Annotated[
        bool, typer.Option("--schema", help="Print the document's JSON Schema and stop.")
    ] = False,
    reference: Annotated[
        bool,
        typer.Option(
            "--reference",
            help="From the engine's reference set of --product's box (no page, no warehouse).",
        ),
    ] = False,
    db: DbOption = DEFAULT_DB,
    quiet: QuietOption = False,
) -> None:
    """Write the tile set, geometry and scoring values of a page's edition as versioned JSON
    (or, with --reference, of a product's box as the engine's reference set holds it).

    Exits 1 (after writing) when a tile of the set has no shape the engine could play."""
    from carcdb.pipeline.configgen.generate import engine_config as generate
    from carcdb.pipeline.configgen.generate import json_schema, parse_codes, render
    from carcdb.pipeline.outputs import check_output, write_file
    from carcdb.warehouse.connection import read_only

    if schema:
        sys.stdout.write(json_schema())
        return
    if reference:
        from carcdb.pipeline.configgen.reference import reference_config

        if product is None or page is not None or codes is not None or lang is not None:
            raise InputError(
                "--reference takes --product (and --edition), not --page, --codes or --lang",
                fix='carcdb engine-config --reference --product "Inns and Cathedrals" '
                "--edition C2 --out ic.json",
            )
        if out is not None:
            check_output(out, ENGINE_CONFIG, warehouse=db)
        config = reference_config(product, edition)
    else:
        if page is None or edition is None:
            raise InputError(
                "--page and --edition are required (or --reference --product P)",
                fix='carcdb engine-config --page "Base game" --edition C3 --out c3.json',
            )
        if not db.exists():
            raise InputError(
                "no warehouse", path=str(db), fix="run `carcdb build` first or pass --db"
            )
        if out is not None:
            check_output(out, ENGINE_CONFIG, warehouse=db)
        selected = None if codes is None else parse_codes(codes)
        with read_only(db) as conn:
            config = generate(conn, page, edition, language=lang, product=product, codes=selected)
    text = render(config)
    shapeless = [t.code for t in config.tile_set.tiles if t.code not in config.geometry.tiles]
    if out is None:
        sys.stdout.write(text)
    else:
        write_file(out, text, ENGINE_CONFIG, warehouse=db)
        tiles = config.tile_set
        supported = sum(1 for v in config.scoring if v.provenance.status == "claims")
        modules = ""
        if config.module_values:
            from_claims = sum(1 for v in config.module_values if v.provenance.status == "claims")
            modules = (
                f"; rule modules {', '.join(config.rules_modules)}: {len(config.module_values)} "
                f"values, {from_claims} from claims"
            )
        origin = "the reference set" if tiles.source is None else tiles.source.title
        console.print(
            f"wrote {out}: {tiles.product} {tiles.edition} from {origin}, "
            f"{tiles.draw_pile_total} tiles in {len(tiles.tiles)} types "
            f"({len(config.geometry.tiles)} with geometry), scoring values: {supported} from "
            f"claims, {len(config.scoring) - supported} default{modules}"
        )
    if shapeless:
        # The document is written (its tile set and numbers are still of use), but the
        # engine cannot play it: exit 1 and name the tiles.
        print(
            f"error: {config.tile_set.product} {config.tile_set.edition}: no tile shape for "
            f"{', '.join(shapeless)} (unknown from public descriptions, see "
            "pipeline/engine/shapes): the engine cannot play this tile set",
            file=sys.stderr,
        )
        raise typer.Exit(EXIT_CHECKS_FAILED)
