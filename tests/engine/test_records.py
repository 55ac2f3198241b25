"""Game records: the domain example (golden), and illegal records failing with turn + reason."""

from __future__ import annotations

import json

from carcdb.pipeline.engine.records import parse_record, replay, score_report
from carcdb.pipeline.engine.ruleset import RulesConfig
from tests.conftest import FIXTURES

EXAMPLE = FIXTURES / "engine" / "domain-example.json"


def test_domain_example_scores_ann_5_ben_2() -> None:
    scores, _events = replay(parse_record(EXAMPLE.read_text(), str(EXAMPLE)), RulesConfig())
    assert scores == {"Ann": 5, "Ben": 2}


def test_domain_example_golden_report() -> None:
    """Expected events checked by hand: road 2 tiles, city 2 tiles, monastery 1+2, field 0."""
    expected = json.loads((FIXTURES / "engine" / "domain-example.expected.json").read_text())
    scores, events = replay(parse_record(EXAMPLE.read_text(), str(EXAMPLE)), RulesConfig())
    assert score_report(scores, events) == expected
    assert [(e["feature"], e["tiles"], e["points"]) for e in expected["events"]] == [
        ("road", 2, 2),
        ("city", 2, 2),
        ("monastery", 3, 3),
        ("field", 4, 0),
    ]
