"""The checks `carcdb check` runs over the warehouse, and storing their results.

A check reads the warehouse (each page's current revision) and returns `CheckResult`s.
Register new checks in `registered_checks()`, and bump `CHECKS_VERSION` whenever a check
is added or changes what it reports: a build reuses the stored results while the checks'
version, names and inputs (`warehouse.check_state.inputs_fingerprint`) are unchanged.

A check that can run in another process also registers how to detach it (`Check.detach`);
given a `Helper`, `run_checks` hands it that work first and runs the other checks meanwhile.
The results are the same, in the same order, either way.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import BrokenExecutor, Future
from dataclasses import dataclass
from datetime import UTC

import duckdb

from carcdb.pipeline.checks.contents import check_contents_features, check_contents_tiles
from carcdb.pipeline.checks.contents_engine import check_contents_reference, check_contents_supplies
from carcdb.pipeline.checks.engine import (
    check_scoring_claims,
    check_tile_sets,
    check_worked_examples,
    detach_tile_sets,
)
from carcdb.pipeline.checks.engine_expansions import (
    check_expansion_tile_sets,
    check_shape_features,
    detach_expansion_tile_sets,
)
from carcdb.pipeline.checks.foundation import check_data_findings, check_pages_in_catalog
from carcdb.pipeline.checks.history import check_no_lost_records
from carcdb.pipeline.checks.inputs import CheckInputs, Detached, Helper
from carcdb.pipeline.checks.reference import check_reference_sets
from carcdb.pipeline.checks.rules import check_icon_notes_recorded, check_no_markup_in_text
from carcdb.pipeline.checks.tiles import (
    check_declared_totals,
    check_languages,
    check_partitions,
    check_reference_counts,
    check_start_tiles,
)
from carcdb.pipeline.interchange.jcz_compare import compare_jcz
from carcdb.schemas.checks import CheckResult, CheckStatus
from carcdb.warehouse.check_state import (
    clear_check_state,
    inputs_fingerprint,
    save_check_state,
    stored_check_results,
    stored_check_state,
)
from carcdb.warehouse.store import replace_check_results

# Bump when a check is added or changes its results: builds then run the checks again.
# 3: interchange.jcz (imported JCloisterZone files); 4: expansion tile sets, shape features,
# the rule modules' claims; 5: history.no_lost_records; 6: engine.reference_sets; 7: box
# contents (contents.*)
CHECKS_VERSION = 7


@dataclass(frozen=True)
class Check:
    name: str
    # Every check takes the run's shared inputs; a check reading none of them ignores them.
    run: Callable[[duckdb.DuckDBPyConnection, CheckInputs], list[CheckResult]]
    # The same work for another process, where it can be detached (`inputs.Detached`).
    detach: Callable[[duckdb.DuckDBPyConnection, CheckInputs], Detached] | None = None


def _conn_only(
    check: Callable[[duckdb.DuckDBPyConnection], list[CheckResult]],
) -> Callable[[duckdb.DuckDBPyConnection, CheckInputs], list[CheckResult]]:
    """A check that reads none of the shared inputs, in the registry's shape."""
    return lambda conn, _inputs: check(conn)


def registered_checks() -> list[Check]:
    return [
        Check("pages_in_catalog", _conn_only(check_pages_in_catalog)),
        Check("data_findings", _conn_only(check_data_findings)),
        Check("history.no_lost_records", _conn_only(check_no_lost_records)),
        Check("tiles.declared_totals", _conn_only(check_declared_totals)),
        Check("tiles.illustration_partition", check_partitions),
        Check("tiles.start_tile", check_start_tiles),
        Check("tiles.reference_counts", check_reference_counts),
        Check("tiles.same_in_every_language", check_languages),
        Check("rules_icon_notes_recorded", _conn_only(check_icon_notes_recorded)),
        Check("rules_no_markup_in_text", _conn_only(check_no_markup_in_text)),
        Check("engine.tile_sets", check_tile_sets, detach_tile_sets),
        Check("engine.expansion_tile_sets", check_expansion_tile_sets, detach_expansion_tile_sets),
        Check("engine.shape_features", check_shape_features),
        Check("engine.reference_sets", check_reference_sets),
        Check("engine.scoring_claims", check_scoring_claims),
        Check("engine.worked_examples", check_worked_examples),
        Check("interchange.jcz", _conn_only(compare_jcz)),
        Check("contents.tile_total", check_contents_tiles),
        Check("contents.tile_feature", check_contents_features),
        Check("contents.figure_supply", check_contents_supplies),
        Check("contents.reference_set", check_contents_reference),
    ]


@dataclass(frozen=True)
class CheckRun:
    """The results a build reports, and whether they were reused rather than run."""

    results: list[CheckResult]
    reused: bool
    seconds: float  # running the checks (0 when reused)
    computed_at: str | None = None  # when reused results were computed (UTC)


def checks_fingerprint(conn: duckdb.DuckDBPyConnection) -> str:
    """What the registered checks' results depend on, as one sha256."""
    names = ",".join(check.name for check in registered_checks())
    return inputs_fingerprint(conn, f"checks {CHECKS_VERSION}: {names}")


def run_checks(
    conn: duckdb.DuckDBPyConnection,
    checks: Sequence[Check] | None = None,
    *,
    run_id: int | None = None,
    helper: Helper | None = None,
) -> list[CheckResult]:
    """Run every check, replace the stored results, return them.

    Running every registered check records the fingerprint the results were computed from;
    running a chosen few forgets it, as the stored results are then partial. `helper`: runs
    the checks that can be detached while this process runs the others.
    """
    started = time.perf_counter()
    selected = registered_checks() if checks is None else checks
    results: list[CheckResult] = []
    inputs = CheckInputs(conn)
    elsewhere: dict[str, Future[list[CheckResult]]] = {}
    if helper is not None:
        detached = [check for check in selected if check.detach is not None]
        if detached:
            helper.start()  # the process starts while the work is read
        works = [check.detach(conn, inputs) for check in detached if check.detach is not None]
        futures = helper.submit(works) if works else []
        elsewhere = {check.name: future for check, future in zip(detached, futures, strict=True)}
    # The checks run here first and the helper's results are waited for last, each put in
    # its place: the results keep the registry's order wherever they were computed.
    # The detached checks' items nobody has started yet are then shared out (`Helper.share`).
    parts: dict[str, list[CheckResult]] = {}
    for check in selected:
        if check.name not in elsewhere:
            parts[check.name] = check.run(conn, inputs)
    if helper is not None:
        helper.share()
    for check in selected:
        if check.name in elsewhere:
            parts[check.name] = _results(conn, inputs, check, elsewhere[check.name])
    for check in selected:
        results.extend(parts[check.name])
    # Freed here, not at return: when the caller runs this with the collector paused
    # (`pipeline.run.tuning`), the collection that follows walks the results alone.
    del inputs
    replace_check_results(conn, results)
    if checks is None:
        save_check_state(
            conn,
            fingerprint=checks_fingerprint(conn),
            checks_version=CHECKS_VERSION,
            results=len(results),
            seconds=time.perf_counter() - started,
            run_id=run_id,
        )
    else:
        clear_check_state(conn)
    return results


def _results(
    conn: duckdb.DuckDBPyConnection,
    inputs: CheckInputs,
    check: Check,
    elsewhere: Future[list[CheckResult]],
) -> list[CheckResult]:
    """A detached check's results, from the helper (whichever process computed each item), or
    run here again when the helper's process died: they do not depend on where they are
    computed."""
    try:
        return elsewhere.result()
    except BrokenExecutor:
        return check.run(conn, inputs)


def checks_for_build(
    conn: duckdb.DuckDBPyConnection, *, run_id: int | None = None, helper: Helper | None = None
) -> CheckRun:
    """The stored results when nothing the checks read has changed, else a fresh run
    (`helper`: as in `run_checks`)."""
    state = stored_check_state(conn)
    if state is not None and state.fingerprint == checks_fingerprint(conn):
        stored = stored_check_results(conn)
        if len(stored) == state.results:  # else someone edited check_results: run again
            return CheckRun(
                stored,
                reused=True,
                seconds=0.0,
                # UTC without its zone: messages say "UTC" after it.
                computed_at=state.computed_at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S"),
            )
    started = time.perf_counter()
    results = run_checks(conn, run_id=run_id, helper=helper)
    return CheckRun(results, reused=False, seconds=time.perf_counter() - started)


def failed_errors(results: Sequence[CheckResult]) -> list[CheckResult]:
    return [r for r in results if r.status is CheckStatus.FAIL and r.severity == "error"]
