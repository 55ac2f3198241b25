"""The check fingerprint: a function of what the tables hold, not of the order rows came in."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from random import Random

import duckdb
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcdb.warehouse.check_state import inputs_fingerprint
from carcdb.warehouse.migrate import apply_migrations
from carcdb.warehouse.rows import insert_rows

FINDING = st.fixed_dictionaries(
    {
        "stage": st.sampled_from(["import", "tiles", "rules"]),
        "revision_key": st.sampled_from(["rev:1", "rev:2", "src:ab"]),
        "severity": st.sampled_from(["error", "warning", "info"]),
        "code": st.sampled_from(["tiles.count", "parse.timeout"]),
        "message": st.text(max_size=8),
        "line": st.integers(1, 50),
        "col": st.integers(1, 50),
    }
)


@contextmanager
def _warehouse(findings: list[dict[str, object]]) -> Iterator[duckdb.DuckDBPyConnection]:
    """A fresh, migrated in-memory warehouse holding `findings` (inserted in that order)."""
    conn = duckdb.connect(":memory:")
    try:
        apply_migrations(conn, Path(":memory:"))
        insert_rows(conn, "findings", findings)
        yield conn
    finally:
        conn.close()


def _fingerprint(findings: list[dict[str, object]], salt: str = "checks 1") -> str:
    with _warehouse(findings) as conn:
        return inputs_fingerprint(conn, salt)


@pytest.mark.slow
@settings(max_examples=10, deadline=None)
@given(st.lists(FINDING, min_size=1, max_size=6), st.randoms(use_true_random=False), FINDING)
def test_fingerprint_ignores_row_order_and_sees_every_added_row(
    findings: list[dict[str, object]], rng: Random, extra: dict[str, object]
) -> None:
    shuffled = list(findings)
    rng.shuffle(shuffled)
    same = _fingerprint(findings)
    assert _fingerprint(shuffled) == same
    # One more row, even a copy of one already there, is a change.
    assert _fingerprint([*findings, extra]) != same
    assert _fingerprint([*findings, findings[0]]) != same
    assert _fingerprint(findings, salt="checks 2") != same


def test_current_revision_and_parser_version_are_in_the_fingerprint() -> None:
    with _warehouse([]) as conn:
        empty = inputs_fingerprint(conn, "s")
        conn.execute(
            "INSERT INTO revisions (revision_key, title, sha256, wikitext, source_kind, "
            "source_path, import_seq) VALUES ('sha:1', 'P/de', 'x', 'text', 'wikitext', 'f', 1)"
        ).fetchall()
        stored = inputs_fingerprint(conn, "s")
        conn.execute("INSERT INTO parsed_revisions VALUES ('sha:1', 'v1')").fetchall()
        parsed = inputs_fingerprint(conn, "s")
        conn.execute("UPDATE parsed_revisions SET parser_version = 'v2'").fetchall()
        reparsed = inputs_fingerprint(conn, "s")
        assert len({empty, stored, parsed, reparsed}) == 4
        assert inputs_fingerprint(conn, "s") == reparsed
