"""The checks `carcdb check` runs over the warehouse, and storing their results.

A check reads the warehouse (each page's current revision) and returns `CheckResult`s.
Register new checks in `registered_checks()`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import duckdb

from pipeline.checks.engine import (
    check_scoring_claims,
    check_tile_sets,
    check_worked_examples,
)
from pipeline.checks.foundation import check_data_findings, check_pages_in_catalog
from pipeline.checks.rules import check_icon_notes_recorded
from pipeline.checks.tiles import (
    check_declared_totals,
    check_languages,
    check_partitions,
    check_reference_counts,
    check_start_tiles,
)
from schemas.checks import CheckResult, CheckStatus
from warehouse.store import replace_check_results


@dataclass(frozen=True)
class Check:
    name: str
    run: Callable[[duckdb.DuckDBPyConnection], list[CheckResult]]


def registered_checks() -> list[Check]:
    return [
        Check("pages_in_catalog", check_pages_in_catalog),
        Check("data_findings", check_data_findings),
        Check("tiles.declared_totals", check_declared_totals),
        Check("tiles.illustration_partition", check_partitions),
        Check("tiles.start_tile", check_start_tiles),
        Check("tiles.reference_counts", check_reference_counts),
        Check("tiles.same_in_every_language", check_languages),
        Check("rules_icon_notes_recorded", check_icon_notes_recorded),
        Check("engine.tile_sets", check_tile_sets),
        Check("engine.scoring_claims", check_scoring_claims),
        Check("engine.worked_examples", check_worked_examples),
    ]


def run_checks(
    conn: duckdb.DuckDBPyConnection, checks: Sequence[Check] | None = None
) -> list[CheckResult]:
    """Run every check, replace the stored results, return them."""
    results: list[CheckResult] = []
    for check in registered_checks() if checks is None else checks:
        results.extend(check.run(conn))
    replace_check_results(conn, results)
    return results


def failed_errors(results: Sequence[CheckResult]) -> list[CheckResult]:
    return [r for r in results if r.status is CheckStatus.FAIL and r.severity == "error"]
