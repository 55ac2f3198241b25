"""The sample pages' wikitext (tests/fixtures/rules) run through the real rules stage."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from carcdb.pipeline.parse.document import ParsedDocument, RevisionText
from carcdb.pipeline.parse.rules.stage import extract
from carcdb.pipeline.parse.stage import StageOutput
from carcdb.schemas.rules import Rule, RuleDate, ScoringClaim

FIXTURES = Path(__file__).parent.parent / "fixtures" / "rules"
PAGES: dict[str, dict[str, str]] = json.loads((FIXTURES / "pages.json").read_text("utf-8"))["pages"]


def wikitext(slug: str) -> str:
    return (FIXTURES / f"{slug}.wiki").read_text("utf-8")


def revision(slug: str, text: str | None = None) -> RevisionText:
    page = PAGES[slug]
    return RevisionText(
        revision_key=f"test:{slug}",
        title=page["title"],
        base_title=page["base_title"],
        language=page["language"],
        wikitext=wikitext(slug) if text is None else text,
    )


def run(text: str, *, title: str = "Page/ro", language: str = "ro") -> StageOutput:
    base = title.rsplit("/", 1)[0]
    return extract(ParsedDocument(RevisionText("test:inline", title, base, language, text)))


@cache
def parsed(slug: str) -> StageOutput:
    return extract(ParsedDocument(revision(slug)))


def rules(slug: str) -> list[Rule]:
    return [r for r in parsed(slug).rows.get("rules", []) if isinstance(r, Rule)]


def dates(slug: str) -> list[RuleDate]:
    return [r for r in parsed(slug).rows.get("rule_dates", []) if isinstance(r, RuleDate)]


def claims(slug: str) -> list[ScoringClaim]:
    return [c for c in parsed(slug).rows.get("scoring_claims", []) if isinstance(c, ScoringClaim)]
