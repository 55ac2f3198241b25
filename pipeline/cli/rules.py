"""Rules commands: `carcdb rules` (rules of a page) and `carcdb scoring-claims`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from pipeline.cli.app import app
from pipeline.cli.output import console, print_json, print_table
from schemas.rules import RuleKind
from warehouse.connection import DEFAULT_DB, read_only
from warehouse.pages import require_pages
from warehouse.rules import claims_of, rules_of

DbOption = Annotated[Path, typer.Option("--db", help="Warehouse file.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
PageOption = Annotated[
    str, typer.Option("--page", help="Page title ('Base game/ro') or base title ('Base game').")
]
LangOption = Annotated[str | None, typer.Option("--lang", help="Only this language, e.g. ro.")]
TEXT_WIDTH = 160


def _titles(db: Path, page: str, lang: str | None) -> list[str]:
    with read_only(db) as conn:
        return require_pages(conn, page, lang)


def _short(text: str | None) -> str:
    flat = " ".join((text or "").split())
    return flat if len(flat) <= TEXT_WIDTH else flat[: TEXT_WIDTH - 1] + "…"


def _where(row: dict[str, Any]) -> str:
    return f"{row['title']} {row['line']}:{row['col']}"


@app.command("rules")
def rules_command(
    page: PageOption,
    lang: LangOption = None,
    kind: Annotated[RuleKind | None, typer.Option("--kind", help="Only this kind of rule.")] = None,
    search: Annotated[
        str | None, typer.Option("--search", help="Only rules whose text or title has this.")
    ] = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Rules of a page: turn-phase blocks, notes, FAQ, house rules, interactions, history."""
    titles = _titles(db, page, lang)
    with read_only(db) as conn:
        rows = rules_of(conn, titles, kind=kind.value if kind else None, search=search)
    if json_out:
        print_json(rows)
        return
    print_table(
        ["#", "where", "kind", "section", "title / expansion", "text"],
        [
            (
                r["ordinal"],
                _where(r),
                r["kind"] + (" (ref)" if r["in_ref"] else ""),
                " > ".join(r["section_path"][-2:]),
                _short(r["rule_title"] or r["other_expansion"]),
                _short(r["text"]),
            )
            for r in rows
        ],
    )
    console.print(f"{len(rows)} rule(s) in {', '.join(titles)}")


@app.command("scoring-claims")
def scoring_claims_command(
    page: PageOption,
    lang: LangOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Scoring claims of a page: points per unit of feature in state, with their sentence."""
    titles = _titles(db, page, lang)
    with read_only(db) as conn:
        rows = claims_of(conn, titles)
    if json_out:
        print_json(rows)
        return
    print_table(
        ["where", "feature", "state", "unit", "points", "sentence"],
        [
            (
                _where(r),
                r["feature"],
                r["state"],
                r["unit"],
                ("+" if r["bonus"] else "") + ("" if r["points"] is None else str(r["points"])),
                _short(r["sentence"]),
            )
            for r in rows
        ],
    )
    console.print(f"{len(rows)} claim(s) in {', '.join(titles)}")


__all__ = ["rules_command", "scoring_claims_command"]
