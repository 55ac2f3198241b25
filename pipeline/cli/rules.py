"""Rules commands: `carcdb rules` (rules of a page), `carcdb scoring-claims` and
`carcdb diff translations` (what one language of a page states that another does not)."""

from pathlib import Path
from typing import Annotated, Any

import typer

from carcdb.pipeline.cli.app import app
from carcdb.pipeline.cli.options import DEFAULT_DB, DbOption, JsonOption, QuietOption
from carcdb.pipeline.cli.output import console, print_json, print_table
from carcdb.pipeline.cli.tiles import diff_app
from carcdb.pipeline.errors import InputError
from carcdb.schemas.rule_kinds import RuleKind

PageOption = Annotated[
    str, typer.Option("--page", help="Page title ('Base game/ro') or base title ('Base game').")
]
LangOption = Annotated[str | None, typer.Option("--lang", help="Only this language, e.g. ro.")]
TEXT_WIDTH = 160


def _titles(db: Path, page: str, lang: str | None) -> list[str]:
    from carcdb.warehouse.connection import read_only
    from carcdb.warehouse.pages import require_pages

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
    quiet: QuietOption = False,
) -> None:
    """Rules of a page: turn-phase blocks, notes, FAQ, house rules, interactions, history."""
    titles = _titles(db, page, lang)
    from carcdb.warehouse.connection import read_only
    from carcdb.warehouse.rules import rules_of

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


def _amount(row: dict[str, Any]) -> str:
    sign = "-" if row.get("sign") == -1 else ("+" if row["bonus"] else "")
    points = "" if row["points"] is None else sign + str(row["points"])
    factor = row.get("multiplier")
    return points + ("" if factor is None else f" ×{factor}")


@app.command("scoring-claims")
def scoring_claims_command(
    page: PageOption,
    lang: LangOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
    quiet: QuietOption = False,
) -> None:
    """Scoring claims of a page: points per unit of feature in state, with their sentence."""
    titles = _titles(db, page, lang)
    from carcdb.warehouse.connection import read_only
    from carcdb.warehouse.rules import claims_of

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
                _amount(r),
                _short(r["sentence"]),
            )
            for r in rows
        ],
    )
    console.print(f"{len(rows)} claim(s) in {', '.join(titles)}")


def _languages(langs: str | None, base: str, available: list[str]) -> list[str]:
    """The languages `--lang` names (all the page's when None): none twice (a language
    compared with itself finds nothing), each stored for the page, at least two."""
    chosen = [lang.strip() for lang in langs.split(",") if lang.strip()] if langs else available
    stored = f"{base!r} is stored in {', '.join(available) or 'no language'}"
    example = f" (e.g. --lang {','.join(available[:2])})" if len(available) > 1 else ""
    twice = sorted({lang for lang in chosen if chosen.count(lang) > 1})
    if twice:
        raise InputError(
            f"{', '.join(twice)} given twice: a language compared with itself has no differences",
            path="--lang",
            fix=f"name two different languages; {stored}{example}",
        )
    unknown = [lang for lang in chosen if lang not in available]
    if unknown:
        raise InputError(
            f"{', '.join(unknown)}: the page is not stored in {', '.join(unknown)}; {stored}",
            path="--lang",
            fix=f"pass two of its languages{example}"
            if len(available) > 1
            else "import or extract the page in another language first",
        )
    if len(available) < 2:
        raise InputError(
            f"{stored} only: a translation diff needs the page in two languages",
            path="--lang",
            fix="import or extract the page in another language first",
        )
    if len(chosen) < 2:
        raise InputError(
            f"{langs}: one language; {stored}", path="--lang", fix=f"pass two{example}"
        )
    return chosen


@diff_app.command("translations")
def diff_translations_command(
    page: PageOption,
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="Two languages to compare, e.g. en,fr (default: all)."),
    ] = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
    quiet: QuietOption = False,
) -> None:
    """Rules and scoring claims one language of a page has and another lacks, per section."""
    from carcdb.warehouse.connection import read_only
    from carcdb.warehouse.pages import base_title_of, require_pages
    from carcdb.warehouse.translations import aligned_rules, differences, page_languages

    with read_only(db) as conn:
        base = base_title_of(conn, require_pages(conn, page)[0])
        available = page_languages(conn, base)
        chosen = _languages(lang, base, available)
        rules = aligned_rules(conn, base, chosen)
    first = chosen[0]
    found = [(other, d) for other in chosen[1:] for d in differences(rules[first], rules[other])]
    if json_out:
        print_json(
            [
                {
                    "languages": [first, other],
                    "section": d.section,
                    "kind": d.kind,
                    "nth": d.nth,
                    "difference": d.what,
                    "only_" + first: list(d.only_left),
                    "only_" + other: list(d.only_right),
                    "text_" + first: d.left.text if d.left else None,
                    "text_" + other: d.right.text if d.right else None,
                }
                for other, d in found
            ]
        )
        return
    print_table(
        ["languages", "section", "rule", "difference", f"only in {first}", "only in the other"],
        [
            (
                f"{first} / {other}",
                _short(d.section),
                f"{d.kind} #{d.nth}",
                d.what,
                "; ".join(d.only_left),
                "; ".join(d.only_right),
            )
            for other, d in found
        ],
    )
    console.print(f"{len(found)} difference(s) in {base} ({', '.join(chosen)})")


__all__ = ["diff_translations_command", "rules_command", "scoring_claims_command"]
