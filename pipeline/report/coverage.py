"""The report's translation section: which languages have which pages (revisions, tile
entries, rules and claims of each), rules per kind per language, and where a translation is
behind the fullest language of its page."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import duckdb

from pipeline.report.html import Raw, bar_chart, esc, table
from warehouse.report_queries import catalog_counts, page_coverage, rules_by_kind

SERIES = {"tile entries": "#59a14f", "rules": "#4e79a7", "scoring claims": "#f28e2b"}


def _cell(page: dict[str, Any] | None) -> Raw:
    if page is None:
        return Raw('<span class="empty">—</span>')
    return Raw(
        f"{page['revisions']} rev · {page['tiles']} tiles · {page['rules']} rules · "
        f"{page['claims']} claims"
    )


def coverage_section(conn: duckdb.DuckDBPyConnection) -> tuple[str, dict[str, Any]]:
    pages = page_coverage(conn)
    catalog = catalog_counts(conn)
    languages = sorted({p["language"] for p in pages})
    per_language: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for page in pages:
        stats = per_language[page["language"]]
        stats["pages"] += 1
        for key in ("revisions", "tiles", "rules", "claims", "findings"):
            stats[key] += int(page[key])
    chart = bar_chart(
        "Records per language (current revisions)",
        [
            (
                f"{lang} ({per_language[lang]['pages']} pages)",
                [
                    ("tile entries", per_language[lang]["tiles"]),
                    ("rules", per_language[lang]["rules"]),
                    ("scoring claims", per_language[lang]["claims"]),
                ],
            )
            for lang in languages
        ],
        chart_id="chart-languages",
        colours=SERIES,
    )
    language_table = table(
        ["language", "pages", "revisions", "tile entries", "rules", "scoring claims", "findings"],
        [
            (
                lang,
                *(
                    per_language[lang][k]
                    for k in ("pages", "revisions", "tiles", "rules", "claims", "findings")
                ),
            )
            for lang in languages
        ],
        table_id="languages",
    )
    by_base: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    for page in pages:
        by_base[page["base_title"]][page["language"]] = page
    matrix = table(
        ["page", *languages],
        [
            (base, *(_cell(by_base[base].get(lang)) for lang in languages))
            for base in sorted(by_base)
        ],
        table_id="coverage-matrix",
    )
    revisions = table(
        ["page", "language", "revisions stored", "current revision", "revision id", "timestamp"],
        [
            (
                p["title"],
                p["language"],
                p["revisions"],
                Raw(f"<code>{esc(p['revision_key'])}</code>"),
                p["revision_id"],
                p["timestamp"],
            )
            for p in pages
        ],
        table_id="revisions",
    )
    kinds = rules_by_kind(conn)
    alignment = table(
        ["page", "kind", "language", "rules", "most in any language", "behind"],
        [
            (
                r["base_title"],
                r["kind"],
                r["language"],
                r["rules"],
                r["most"],
                Raw('<span class="behind">behind</span>') if r["behind"] else "",
            )
            for r in kinds
        ],
        table_id="alignment",
        empty="no rules records",
    )
    behind = sum(1 for r in kinds if r["behind"])
    body = (
        '<div class="cards">'
        f'<div class="card"><b>{len(pages)}</b><span>pages stored</span></div>'
        f'<div class="card"><b>{len(languages)}</b><span>languages stored</span></div>'
        f'<div class="card"><b>{catalog["pages"]}</b><span>pages in the catalog</span></div>'
        f'<div class="card"><b>{catalog["languages"]}</b><span>catalog languages</span></div>'
        f'<div class="card"><b>{behind}</b><span>page kinds behind in a language</span></div>'
        "</div>"
        f"{chart}<h3>Per language</h3>{language_table}"
        f"<h3>Pages × languages</h3>{matrix}<h3>Revisions</h3>{revisions}"
        "<h3>Rules per kind and language (alignment)</h3>"
        '<p class="legend">A language is <i>behind</i> when it has fewer rules of a kind than '
        "the fullest language of the same page.</p>"
        f"{alignment}"
    )
    return body, {"languages": languages, "pages": len(pages)}
