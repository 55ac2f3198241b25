"""`carcdb draw`: a tile shape as an SVG drawing (one tile, or every shape into a folder)."""

import sys
from pathlib import Path
from typing import Annotated

import typer

from carcdb.pipeline.cli.app import app
from carcdb.pipeline.cli.options import QuietOption, output_path
from carcdb.pipeline.cli.output import console
from carcdb.pipeline.outputs import OutputKind

DRAWING = OutputKind(key="drawing", name="an SVG drawing", marks=(b"<svg",))
DRAWINGS = OutputKind(key="drawings", name="tile drawings", folder=True)


def _complete_tile(incomplete: str) -> list[str]:
    """Shell completion of --tile: the tile names starting so (case aside)."""
    from carcdb.pipeline.draw.tiles import tile_names

    return [name for name in tile_names() if name.casefold().startswith(incomplete.casefold())]


@app.command()
def draw(
    tile: Annotated[
        str | None,
        typer.Option(
            "--tile",
            help='The tile, PRODUCT/CODE: "Base Game/D".',
            autocompletion=_complete_tile,
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            "-o",
            parser=output_path,
            help="SVG file (default: stdout); with --all, a folder.",
        ),
    ] = None,
    rotation: Annotated[
        int, typer.Option("--rotation", "-r", help="Degrees clockwise: 0, 90, 180 or 270.")
    ] = 0,
    size: Annotated[int, typer.Option("--size", min=16, help="Width and height in pixels.")] = 200,
    every: Annotated[
        bool, typer.Option("--all", help="Draw every tile shape into the --out folder.")
    ] = False,
    quiet: QuietOption = False,
) -> None:
    """Draw a tile shape as SVG: cities, roads, fields, monastery and coats of arms."""
    from carcdb.pipeline.draw.tile_svg import tile_svg
    from carcdb.pipeline.draw.tiles import resolve_tile, tile_names
    from carcdb.pipeline.errors import InputError
    from carcdb.pipeline.outputs import folder_output, write_file

    if rotation % 90 or not 0 <= rotation < 360:
        raise InputError(f"rotation {rotation}", path="--rotation", fix="use 0, 90, 180 or 270")
    if every == (tile is not None):
        raise InputError(
            "give either --tile or --all",
            fix='carcdb draw --tile "Base Game/D" --out D.svg, or carcdb draw --all --out DIR',
        )
    if every:
        if out is None:
            raise InputError("--all needs --out DIR", fix="carcdb draw --all --out tiles/")
        names = tile_names()
        with folder_output(out, DRAWINGS) as staging:
            for name in names:
                file = staging / (name.replace("/", "_").replace(" ", "_") + ".svg")
                file.write_text(
                    tile_svg(resolve_tile(name), label=name, rotation=rotation, size=size), "utf-8"
                )
        console.print(f"wrote {len(names)} drawings to {out}")
        return
    assert tile is not None
    svg = tile_svg(resolve_tile(tile), label=tile, rotation=rotation, size=size)
    if out is None:
        sys.stdout.write(svg)
        return
    write_file(out, svg, DRAWING)
    console.print(f"wrote {out}: {tile}, rotated {rotation} degrees")
