"""The report's translation section: which languages have which pages (revisions, tile
entries and lists, rules and claims of each), rules per kind per language, and where a
translation is behind the fullest language of its page. The data only: `coverage.html.j2`
draws it."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Any

import duckdb

from carcdb.pipeline.report.charts import Chart, bar_chart
from carcdb.pipeline.report.keys import series_keys
from carcdb.warehouse.report_queries import catalog_counts, page_coverage, rules_by_kind
from carcdb.warehouse.tiles import current_lists

SERIES = series_keys(
    "series-",
    [
        ("tile entries", "#59a14f", "plain"),
        ("rules", "#4e79a7", "stripes"),
        ("scoring claims", "#f28e2b", "dots"),
    ],
)
STATS = ("pages", "revisions", "tiles", "rules", "claims", "findings")


def plural(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one}" if count == 1 else f"{count} {many or one + 's'}"


@dataclass(frozen=True)
class CoverageData:
    pages: list[dict[str, Any]]
    languages: list[str]
    per_language: dict[str, dict[str, int]]
    matrix: list[tuple[str, list[str | None]]]  # page, its cell per language (None: missing)
    kinds: list[dict[str, Any]]
    behind: int
    catalog: dict[str, int]
    chart: Chart | None


def _cell(page: dict[str, Any], lists: int) -> str:
    return (
        f"{plural(int(page['revisions']), 'revision')} · "
        f"{plural(int(page['tiles']), 'tile entry', 'tile entries')} in "
        f"{plural(lists, 'list')} · {plural(int(page['rules']), 'rule')} · "
        f"{plural(int(page['claims']), 'scoring claim')}"
    )


def coverage_data(conn: duckdb.DuckDBPyConnection) -> CoverageData:
    pages = page_coverage(conn)
    lists = Counter(row.title for row in current_lists(conn))
    languages = sorted({p["language"] for p in pages})
    per_language: dict[str, dict[str, int]] = {lang: dict.fromkeys(STATS, 0) for lang in languages}
    by_base: dict[str, dict[str, str]] = defaultdict(dict)
    for page in pages:
        stats = per_language[page["language"]]
        stats["pages"] += 1
        for key in STATS[1:]:
            stats[key] += int(page[key])
        by_base[page["base_title"]][page["language"]] = _cell(page, lists[page["title"]])
    chart = bar_chart(
        "Records per language (current revisions)",
        [
            (
                f"{lang} ({plural(per_language[lang]['pages'], 'page')})",
                [
                    ("tile entries", per_language[lang]["tiles"]),
                    ("rules", per_language[lang]["rules"]),
                    ("scoring claims", per_language[lang]["claims"]),
                ],
            )
            for lang in languages
        ],
        chart_id="chart-languages",
        keys=SERIES,
    )
    kinds = rules_by_kind(conn)
    return CoverageData(
        pages=pages,
        languages=languages,
        per_language=per_language,
        matrix=[
            (base, [by_base[base].get(lang) for lang in languages]) for base in sorted(by_base)
        ],
        kinds=kinds,
        behind=sum(1 for r in kinds if r["behind"]),
        catalog=catalog_counts(conn),
        chart=chart,
    )
