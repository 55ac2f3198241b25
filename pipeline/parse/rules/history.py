"""Rules history entries (`'''04/2024''' text` after `{{RulesHistoryHeading}}`) and ruling dates.

A ruling date is written in text as `(1/2013)` or `(12/2014)`; a history entry starts with a
bold `MM/YYYY`. Both become `RuleDate` rows; history entries also become `history` rules.
"""

from __future__ import annotations

import re

from carcdb.pipeline.parse.document import ParsedDocument
from carcdb.pipeline.parse.rules.blocks import STAGE
from carcdb.pipeline.parse.rules.drafts import Draft, HistoryDate
from carcdb.pipeline.parse.rules.plaintext import plain_text
from carcdb.pipeline.parse.rules.regions import PageRegions
from carcdb.schemas.findings import Finding, Severity
from carcdb.schemas.rules import RuleKind

HISTORY_ENTRY = re.compile(r"'''\s*([0-9]{1,2})\s*/\s*([0-9]{4})\s*'''")
RULING_DATE = re.compile(r"\(\s*([0-9]{1,2})\s*/\s*([0-9]{4})\s*\)")
TRAILING_MARKERS = re.compile(r"[\s:*#]+$")
HISTORY_HEADING = "RulesHistoryHeading"


def valid_month_year(month: int, year: int) -> bool:
    return 1 <= month <= 12 and 1990 <= year <= 2100


def ruling_dates(text: str) -> list[HistoryDate]:
    if "/" not in text:  # every date has one; most rules' texts have none
        return []
    found = []
    for match in RULING_DATE.finditer(text):
        month, year = int(match.group(1)), int(match.group(2))
        if valid_month_year(month, year):
            found.append(HistoryDate(year, month, match.group(0)))
    return found


def history_drafts(doc: ParsedDocument, regions: PageRegions) -> tuple[list[Draft], list[Finding]]:
    drafts: list[Draft] = []
    findings: list[Finding] = []
    wikitext = doc.revision.wikitext
    for heading in regions.heading_templates:
        if heading.name != HISTORY_HEADING:
            continue
        end = regions.boundaries_after(heading.offset)
        body = wikitext[heading.end : end]
        matches = list(HISTORY_ENTRY.finditer(body))
        if not matches:
            findings.append(
                doc.finding(
                    STAGE,
                    Severity.WARNING,
                    "rules.history_without_dates",
                    f"{HISTORY_HEADING} is followed by no '''MM/YYYY''' entry",
                    offset=heading.offset,
                    snippet=wikitext[heading.offset : heading.end + 200],
                )
            )
        for i, match in enumerate(matches):
            stop = matches[i + 1].start() if i + 1 < len(matches) else len(body)
            raw = TRAILING_MARKERS.sub("", body[match.start() : stop])
            month, year = int(match.group(1)), int(match.group(2))
            offset = heading.end + match.start()
            if not valid_month_year(month, year):
                findings.append(
                    doc.finding(
                        STAGE,
                        Severity.WARNING,
                        "rules.bad_history_date",
                        f"history entry date {match.group(0)} is not a month/year",
                        offset=offset,
                        snippet=raw,
                    )
                )
                continue
            drafts.append(
                Draft(
                    offset=offset,
                    kind=RuleKind.HISTORY,
                    form="history_entry",
                    template=None,
                    title=f"{month:02d}/{year}",
                    text=plain_text(raw[match.end() - match.start() :]),
                    raw=raw,
                    history_date=HistoryDate(year, month, match.group(0)),
                )
            )
    return drafts, findings
