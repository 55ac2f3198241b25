"""Performance commands: `gen-corpus` writes a synthetic corpus for benchmarks and tests."""

from pathlib import Path
from typing import Annotated

import typer

from carcdb.pipeline.cli.app import app
from carcdb.pipeline.cli.options import JsonOption, QuietOption, output_path
from carcdb.pipeline.cli.output import console, print_json, print_table, progress_for
from carcdb.pipeline.errors import InputError
from carcdb.pipeline.outputs import OutputKind

CORPUS = OutputKind(key="corpus", name="a generated corpus", folder=True)


@app.command("gen-corpus")
def gen_corpus(
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            parser=output_path,
            help="Folder to write (new, empty, or a corpus gen-corpus wrote, which is replaced).",
        ),
    ],
    pages: Annotated[int, typer.Option(min=1, help="Distinct pages.")] = 100,
    langs: Annotated[
        int, typer.Option("--lang-count", min=1, help="Languages per page (up to 12).")
    ] = 10,
    seed: Annotated[int, typer.Option(help="Same seed, same corpus.")] = 1,
    defect_rate: Annotated[
        float, typer.Option(min=0.0, max=1.0, help="Share of pages with one defect.")
    ] = 0.1,
    json_out: JsonOption = False,
    quiet: QuietOption = False,
) -> None:
    """Write pages x languages synthetic revisions (the sample pages varied) and a manifest."""
    from carcdb.pipeline.outputs import check_output, folder_output
    from carcdb.pipeline.synth import EXPECTED, generate_corpus
    from carcdb.pipeline.synth.corpus import LANGUAGES

    if langs > len(LANGUAGES):
        raise InputError(
            f"{langs} languages per page: the generator knows {len(LANGUAGES)}",
            path="--lang-count",
            fix=f"pass --lang-count {len(LANGUAGES)} or fewer",
        )
    check_output(out, CORPUS)  # before the progress bar starts drawing
    with progress_for(quiet) as progress, folder_output(out, CORPUS) as staging:
        summary = generate_corpus(
            staging, pages=pages, langs=langs, seed=seed, defect_rate=defect_rate, progress=progress
        )
    if json_out:
        print_json({"out": str(out), **summary.as_json()})
        return
    print_table(
        ["revisions", "MB", "tiles", "with defects", "flattened"],
        [
            (
                summary.revisions,
                f"{summary.bytes / 1e6:.1f}",
                summary.tiles,
                summary.defects,
                summary.flattened,
            )
        ],
    )
    console.print(f"wrote {out}/manifest.json and {out}/{EXPECTED}; build it with:")
    console.print(f"  carcdb build --corpus {out}")
