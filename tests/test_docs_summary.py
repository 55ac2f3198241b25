"""The `make run` summary the docs show is the one a build of the bundled sample prints."""

from __future__ import annotations

from pathlib import Path

import pytest

from carcdb.pipeline.cli.core import RECORD_TABLES
from carcdb.warehouse.connection import read_only
from carcdb.warehouse.queries import status
from tests.conftest import ROOT

DOCS = ("README.md", "docs/tiles.md")


def _summary(db: Path) -> dict[str, str]:
    with read_only(db) as conn:
        data = status(conn)
    rows = data["table_rows"]
    assert isinstance(rows, dict)
    return {
        "records:": " ".join(f"{name}={rows[name]}" for name in RECORD_TABLES if name in rows),
        "findings:": str(data["findings_by_severity"]),
        "checks:": str(data["checks_by_status"]),
    }


@pytest.mark.parametrize("doc", DOCS)
def test_documented_summary_is_the_sample_build(doc: str, sample_db: Path) -> None:
    lines = (ROOT / doc).read_text("utf-8").splitlines()
    for label, value in _summary(sample_db).items():
        shown = [line for line in lines if line.startswith(label) and "  " in line]
        assert shown, f"{doc} shows no {label} line"
        assert [line.removeprefix(label).strip() for line in shown] == [value], doc
