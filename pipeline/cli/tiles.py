"""Tile commands: `carcdb tiles` (a page's distribution) and `carcdb diff editions`."""

from collections import defaultdict
from dataclasses import asdict
from typing import TYPE_CHECKING, Annotated

import typer

from carcdb.pipeline.cli.app import app
from carcdb.pipeline.cli.options import DEFAULT_DB, DbOption, JsonOption, QuietOption
from carcdb.pipeline.cli.output import console, print_json, print_table
from carcdb.pipeline.errors import InputError
from carcdb.warehouse.hints import EDITIONS, sql_command

if TYPE_CHECKING:  # the commands import the warehouse when they run (`carcdb --help` does not)
    from carcdb.warehouse.tiles import TileRow

PageOption = Annotated[str, typer.Option("--page", help="Page title, e.g. 'Base game'.")]
LangOption = Annotated[
    str | None, typer.Option("--lang", help="Language code of the translation, e.g. ro.")
]

diff_app = typer.Typer(help="Compare tile distributions.", no_args_is_help=True)
app.add_typer(diff_app, name="diff")


def _join(counts: dict[str, int]) -> str:
    return ", ".join(name if n == 1 else f"{name}×{n}" for name, n in counts.items())


def _illustrations(counts: dict[str, int]) -> str:
    return ", ".join(f"{name} {n}" for name, n in counts.items())


def _tile_json(row: "TileRow") -> dict[str, object]:
    return {
        "product": row.product,
        "edition": row.edition,
        "list_index": row.list_index,
        "code": row.code,
        "special": row.special,
        **row.shape(),
    }


@app.command()
def tiles(
    page: PageOption,
    lang: LangOption = None,
    edition: Annotated[str | None, typer.Option(help="Only this edition, e.g. C3.")] = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
    quiet: QuietOption = False,
) -> None:
    """Print a page's tile distribution: one table per tile list."""
    from carcdb.warehouse.connection import read_only
    from carcdb.warehouse.pages import resolve_page
    from carcdb.warehouse.tiles import current_tiles

    with read_only(db) as conn:
        title = resolve_page(conn, page, lang)
        rows = current_tiles(conn, title=title, edition=edition)
    if not rows:
        raise InputError(
            f"{title} has no tile distribution" + (f" for edition {edition}" if edition else ""),
            path="--edition" if edition else "--page",
            fix=f"check `{sql_command(EDITIONS)}`",
        )
    if json_out:
        print_json({"title": title, "tiles": [_tile_json(row) for row in rows]})
        return
    by_list: dict[int, list[TileRow]] = defaultdict(list)
    for row in rows:
        by_list[row.list_index].append(row)
    for list_index, list_rows in by_list.items():
        first = list_rows[0]
        kind = " (special: outside the draw pile)" if first.special else ""
        print_table(
            ["code", "count", "features", "illustrations", "start", "note"],
            [
                (
                    row.code,
                    row.count,
                    _join(row.features),
                    _illustrations(row.illustrations),
                    "yes" if row.start_tile else "",
                    "*" if row.footnote else "",
                )
                for row in list_rows
            ],
            title=f"{title}: {first.product} {first.edition}, list {list_index}{kind}",
        )
        console.print(f"{sum(row.count for row in list_rows)} tiles in {len(list_rows)} types")


def _edition_rows(
    rows: "list[TileRow]", edition: str, base: str, product: str | None
) -> "list[TileRow]":
    chosen = [row for row in rows if row.edition == edition and not row.special]
    products = sorted({row.product or "" for row in chosen})
    if product is not None:
        chosen = [row for row in chosen if row.product == product]
    elif len(products) > 1:
        # Several products share the edition (Base Game C3 and 20th Anniversary C3): the one
        # named like the page is meant, otherwise the user has to say.
        named = [name for name in products if name.lower() == base.lower()]
        if len(named) != 1:
            raise InputError(
                f"edition {edition} has several products here: {', '.join(products)}",
                path="--product",
                fix="pass --product",
            )
        chosen = [row for row in chosen if row.product == named[0]]
    if not chosen:
        raise InputError(
            f"no tiles for edition {edition}" + (f" of {product}" if product else ""),
            path=edition,
            fix="see `carcdb tiles --page ...` for the editions present",
        )
    return chosen


@diff_app.command("editions")
def diff_editions(
    left: Annotated[str, typer.Argument(help="Edition to compare from, e.g. C2.")],
    right: Annotated[str, typer.Argument(help="Edition to compare to, e.g. C3.")],
    page: PageOption,
    lang: LangOption = None,
    product: Annotated[
        str | None, typer.Option(help="Product, when several share an edition on the page.")
    ] = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
    quiet: QuietOption = False,
) -> None:
    """Tile-level differences between two editions of a page (a report, never a failure)."""
    from carcdb.warehouse.connection import read_only
    from carcdb.warehouse.pages import base_title_of, resolve_page
    from carcdb.warehouse.tiles import current_tiles, tile_differences

    with read_only(db) as conn:
        title = resolve_page(conn, page, lang)
        base = base_title_of(conn, title)
        rows = current_tiles(conn, title=title)
    a = _edition_rows(rows, left, base, product)
    b = _edition_rows(rows, right, base, product)
    differences = tile_differences(a, b)
    if json_out:
        print_json(
            {
                "title": title,
                "left": {"edition": left, "product": a[0].product},
                "right": {"edition": right, "product": b[0].product},
                "differences": [asdict(d) for d in differences],
            }
        )
        return
    print_table(
        ["code", "what", left, right],
        [(d.code, d.field, d.left, d.right) for d in differences],
        title=f"{title}: {a[0].product} {left} -> {b[0].product} {right}",
    )
    codes = sorted({d.code for d in differences})
    console.print(
        f"{len(codes)} tile type(s) differ: {', '.join(codes) or 'none'} "
        f"({sum(r.count for r in a)} vs {sum(r.count for r in b)} tiles)"
    )
