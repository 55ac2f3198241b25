"""Golden tests: each sample page's rules and claims against its reviewed expected output.

The expected files hold, per rule, where it is, what it is and the start of its text, and
every claim's meaning. To accept a deliberate change, run with CARCDB_REGEN_GOLDEN=1 and
review the diff of tests/fixtures/rules/*.expected.json.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

from tests.rules.pages import FIXTURES, PAGES, claims, parsed, rules

TEXT_PREFIX = 80


def summary(slug: str) -> dict[str, Any]:
    return {
        "rules": [
            {
                "at": f"{r.location.line}:{r.location.col}",
                "kind": r.kind.value,
                "form": r.form,
                "template": r.template,
                "title": r.rule_title,
                "section": r.section_path,
                "text": r.text[:TEXT_PREFIX],
                "in_ref": r.in_ref,
                "parent": r.parent_id.split(":", 1)[1] if r.parent_id else None,
                "expansion": r.other_expansion,
                "dates": r.ruling_dates,
            }
            for r in rules(slug)
        ],
        "claims": [
            [c.feature, c.state.value, c.unit, c.points, c.bonus, c.sentence[:TEXT_PREFIX]]
            for c in claims(slug)
        ],
        "findings": [f"{f.code} {f.line}:{f.col}" for f in parsed(slug).findings],
    }


@pytest.mark.parametrize("slug", sorted(PAGES))
def test_page_matches_golden(slug: str) -> None:
    path = FIXTURES / f"{slug}.expected.json"
    actual = summary(slug)
    if os.environ.get("CARCDB_REGEN_GOLDEN"):
        path.write_text(json.dumps(actual, ensure_ascii=False, indent=1) + "\n", "utf-8")
    expected = json.loads(path.read_text("utf-8"))
    assert actual["findings"] == expected["findings"]
    assert actual["rules"] == expected["rules"]
    assert actual["claims"] == expected["claims"]
