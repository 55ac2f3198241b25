"""Hostile wiki data: findings, never a traceback, never a number the warehouse cannot hold,
never a revision silently dropped or silently replacing a whole one."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pytest

from carcdb.warehouse.connection import read_only, write_transaction
from tests.conftest import SAMPLE
from tests.hostile.conftest import Run, matrix

PAGE = """== Tile distribution ==
=== Ediția C3 ===
{{{{BeginTileList|tiles={total}|special={special}}}}}
{{{{Tile|image=Base_Game_C3_Tile_A.png|count={count}|config={prefix}{{{{Feature|name=Monastery{feature}}}}}}}}}
{{{{Tile|image=Base_Game_C3_Tile_B.png|count=4}}}}
{{{{EndTileList}}}}
{{{{RulesScoring|title=Scoring|rules=A completed road earns you {points} points per tile.}}}}
"""


def _page(**values: str) -> str:
    defaults = {"total": "6", "special": "0", "count": "2", "prefix": "", "feature": "",
                "points": "2"}  # fmt: skip
    return PAGE.format(**{**defaults, **values})


def _findings(db: Path) -> dict[str, list[str]]:
    with read_only(db) as conn:
        rows = conn.execute("SELECT code, message FROM findings ORDER BY code").fetchall()
    found: dict[str, list[str]] = {}
    for code, message in rows:
        found.setdefault(str(code), []).append(str(message))
    return found


HUGE = ["99999999999999999999", "2147483648", "9223372036854775808", "9" * 5000]
ODD = ["\u00b2", "\u0663", "\u2463"]  # superscript two, Arabic-Indic three, circled four


FIELDS = ["count", "total", "special", "feature", "prefix", "points"]
# Each case imports and reads back a page: one in the fast lane, all in `make test-all`.
FAST_NUMBERS = {("count", "2147483648")}


@pytest.mark.parametrize(
    ("field", "value"), matrix(FIELDS, HUGE + ODD, FAST_NUMBERS, label=lambda v: repr(v[:12]))
)
def test_numbers_the_warehouse_cannot_hold_become_findings(
    cli: Run, tmp_path: Path, field: str, value: str
) -> None:
    page = tmp_path / "page.wiki"
    written = {"prefix": f"{value}x", "feature": f"|count={value}"}.get(field, value)
    page.write_text(_page(**{field: written}), "utf-8")
    db = tmp_path / "wh.duckdb"
    outcome = cli("import", str(page), "--title", "Hostile/ro", "--jobs", "0", "--db", str(db))
    assert outcome.code == 0, outcome.err
    assert "Traceback" not in outcome.err
    found = _findings(db)
    expected = {
        "count": "tiles.invalid-count",
        "total": "tiles.invalid-total",
        "special": "tiles.invalid-total",
        "feature": "tiles.invalid-count",
        "prefix": "tiles.invalid-count" if value.isascii() else "tiles.config-unparsed",
        "points": "rules.unread-number",
    }[field]
    assert expected in found, found
    # The rest of the page is stored, and every command reading it works.
    for command in (["check"], ["tiles", "--page", "Hostile/ro"], ["status"]):
        result = cli(*command, "--db", str(db))
        assert result.code in (0, 1), result
        assert "Traceback" not in result.err


def test_a_list_whose_counts_overflow_is_skipped_with_a_finding(cli: Run, tmp_path: Path) -> None:
    entries = "\n".join(
        f"{{{{Tile|image=Base_Game_C3_Tile_{c}.png|count=2147483647}}}}" for c in "AB"
    )
    page = tmp_path / "page.wiki"
    page.write_text(f"{{{{BeginTileList}}}}\n{entries}\n{{{{EndTileList}}}}\n", "utf-8")
    db = tmp_path / "wh.duckdb"
    assert cli("import", str(page), "--title", "Sum", "--jobs", "0", "--db", str(db)).code == 0
    assert "tiles.total-out-of-range" in _findings(db)


def test_two_pages_with_one_revision_id_are_two_revisions(cli: Run, tmp_path: Path) -> None:
    """Revisions are keyed by page and id: the second page's revision is not dropped."""

    def page(title: str, text: str) -> dict[str, object]:
        return {"title": title, "revisions": [{"revid": 777, "content": text}]}

    answer = {
        "query": {"pages": [page("Base game/de", "== De =="), page("Base game/fr", "== Fr ==")]}
    }
    source = tmp_path / "api.json"
    source.write_text(json.dumps(answer), "utf-8")
    db = tmp_path / "wh.duckdb"
    outcome = cli("import", str(source), "--jobs", "0", "--db", str(db))
    assert outcome.code == 0, outcome.err
    with read_only(db) as conn:
        rows = conn.execute(
            "SELECT title, revision_key, wikitext FROM revisions ORDER BY title"
        ).fetchall()
    assert rows == [
        ("Base game/de", "rev:777/Base game/de", "== De =="),
        ("Base game/fr", "rev:777/Base game/fr", "== Fr =="),
    ]


@pytest.mark.slow
def test_old_revision_keys_are_migrated_with_the_ids_built_on_them(
    cli: Run, tmp_path: Path
) -> None:
    """A warehouse from before migration 009 keyed id-bearing revisions `rev:<id>`; the
    migration rewrites every key (and the rule and claim ids that start with one)."""
    db = tmp_path / "wh.duckdb"
    source = tmp_path / "api.json"
    text = (SAMPLE / "002_bf3e05963fce1bff.txt").read_text("utf-8").split("\n", 2)[2]
    answer = {"query": {"pages": [{"title": "Base game/ro",
                                   "revisions": [{"revid": 42, "content": text}]}]}}  # fmt: skip
    source.write_text(json.dumps(answer), "utf-8")
    assert cli("import", str(source), "--jobs", "0", "--db", str(db)).code == 0
    new = "rev:42/Base game/ro"
    tables = ["revisions", "parsed_revisions", "findings", "tile_lists", "tiles", "rules",
              "rule_dates", "scoring_claims"]  # fmt: skip
    with duckdb.connect(str(db)) as conn:  # back to the old keys, as an old carcdb wrote them
        before = {t: conn.execute(f"SELECT count(*) FROM {t}").fetchall()[0][0] for t in tables}
        for table in tables:
            conn.execute(
                f"UPDATE {table} SET revision_key = 'rev:42' WHERE revision_key = ?", [new]
            )
        for table, columns in (("rules", ["rule_id", "parent_id"]), ("rule_dates", ["rule_id"]),
                               ("scoring_claims", ["rule_id", "claim_id"])):  # fmt: skip
            for column in columns:
                conn.execute(f"UPDATE {table} SET {column} = replace({column}, ?, 'rev:42')", [new])
        conn.execute("DELETE FROM schema_migrations WHERE version = 9")
    assert before["tile_lists"] > 0 and before["scoring_claims"] > 0
    with write_transaction(db) as conn:  # opening it to write applies migration 009
        for table in tables:
            keys = conn.execute(f"SELECT DISTINCT revision_key FROM {table}").fetchall()
            assert keys == [(new,)], table
            count = conn.execute(f"SELECT count(*) FROM {table}").fetchall()[0][0]
            assert count == before[table]
        ids = conn.execute(
            "SELECT rule_id FROM rules UNION ALL SELECT claim_id FROM scoring_claims"
        ).fetchall()
        assert all(str(rule_id).startswith(new + ":") for (rule_id,) in ids)
    assert cli("check", "--db", str(db)).code in (0, 1)


@pytest.mark.slow
def test_a_revision_that_loses_every_tile_list_fails_a_check(cli: Run, tmp_path: Path) -> None:
    db = tmp_path / "wh.duckdb"
    whole = SAMPLE / "002_bf3e05963fce1bff.txt"
    assert cli("import", str(whole), "--jobs", "0", "--db", str(db)).code == 0
    assert cli("check", "--db", str(db)).code == 0
    # A later capture of the page (whole, with its footer) that has no tile list any more.
    text = whole.read_text("utf-8")
    gutted = text[: text.index("== Ansamblul cartonașelor ==")] + "\n[[Category:Finalizate]]\n"
    later = tmp_path / "later.txt"
    later.write_text(gutted + 'Retrieved from "https://wikicarpedia.com/car/Base_game/ro"\n')
    assert cli("import", str(later), "--jobs", "0", "--db", str(db)).code == 0
    outcome = cli("check", "--json", "--db", str(db))
    assert outcome.code == 1
    failed = [r for r in json.loads(outcome.out) if r["status"] == "fail"]
    assert [(r["check"], r["scope"]) for r in failed] == [
        ("history.no_lost_records", "Base game/ro")
    ]
    assert "lost every one of its predecessor's tile lists" in failed[0]["message"]
