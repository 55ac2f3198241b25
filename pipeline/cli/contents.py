"""`carcdb contents --page P`: what a page's Contents sections say its box holds."""

from carcdb.pipeline.cli.app import app
from carcdb.pipeline.cli.options import DEFAULT_DB, DbOption, JsonOption, QuietOption
from carcdb.pipeline.cli.output import console, print_json, print_table
from carcdb.pipeline.cli.rules import LangOption, PageOption


@app.command("contents")
def contents_command(
    page: PageOption,
    lang: LangOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
    quiet: QuietOption = False,
) -> None:
    """A page's box contents: item, count, product, edition, and the sentence with its place."""
    from carcdb.warehouse.connection import read_only
    from carcdb.warehouse.pages import require_pages
    from carcdb.warehouse.records import box_contents

    with read_only(db) as conn:
        records = box_contents(conn, require_pages(conn, page, lang))
    if json_out:
        print_json([record.model_dump(mode="json") for record in records])
        return
    print_table(
        ["where", "item", "count", "basis", "product", "edition", "section", "sentence"],
        [
            (
                f"{r.location.title} {r.location.line}:{r.location.col}",
                r.item,
                r.count,
                r.basis.value + (f", {r.colours} colours" if r.colours else ""),
                r.product or "",
                r.edition or "",
                r.section,
                r.sentence,
            )
            for r in records
        ],
    )
    if not quiet:
        console.print(f"{len(records)} item(s)")
