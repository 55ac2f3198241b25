"""The report's HTML without a browser: sections, drawings defined once, nothing fetched from
the network, hostile warehouse text escaped, counts that say what they count, readable
booleans, feature labels that wrap, a key to the illustration bars, findings located by
section and offset, the engine's products and reference sets, box contents, the same bytes
for the same warehouse."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import duckdb
import pytest

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.engine.shape_data import bundled_products
from carcdb.pipeline.outputs import MARKER
from carcdb.pipeline.products import modules_of
from carcdb.pipeline.report.build import build_report
from carcdb.pipeline.report.render import environment
from carcdb.pipeline.report.tiles import BAR_WIDTH
from carcdb.warehouse.connection import read_only
from tests.report.htmltext import Element, parse, table_header, table_rows

HOSTILE = '</script><script>window.pwned = 1</script><img src=x onerror=alert(1)> & "q"'


@pytest.fixture
def hostile_db(sample_db: Path, tmp_path: Path) -> Path:
    """The sample warehouse plus a finding whose every text field is markup."""
    copy = tmp_path / "hostile.duckdb"
    shutil.copy(sample_db, copy)
    conn = duckdb.connect(str(copy))
    conn.execute(
        "INSERT INTO findings (stage, revision_key, severity, code, message, title, language, "
        "line, col, snippet) VALUES ('tiles', ?, 'warning', 'x.hostile', ?, ?, 'ro', 1, 1, ?)",
        ["<b>rev</b>", HOSTILE, "Base game/ro", HOSTILE],
    )
    conn.close()
    return copy


@pytest.fixture(scope="module")
def sample_html(sample_db: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("report")
    return build_report(sample_db, out).path.read_text("utf-8")


@pytest.fixture(scope="module")
def document(sample_html: str) -> Element:
    return parse(sample_html)


def test_report_has_every_section_and_defines_each_drawing_once(
    capsys: pytest.CaptureFixture[str], sample_db: Path, tmp_path: Path
) -> None:
    assert run_app(["report", "--out", str(tmp_path), "--db", str(sample_db)]) == 0
    assert "index.html" in capsys.readouterr().out
    text = (tmp_path / "index.html").read_text("utf-8")
    for anchor in ("tiles", "editions", "contents", "translations", "findings", "checks"):
        assert f'<section id="{anchor}">' in text
    assert '<section id="engine">' in text
    symbols = re.findall(r'<symbol id="(shape-[^"]+)"', text)
    # Every shape of the sample's tiles, each once: the base game's 24 (the Winter Edition's
    # and 20th Anniversary's letters reuse them), Abbey and the Mayor's 13, the Winter
    # Edition's 12 animal tiles; The Courier's tiles have no shape.
    assert len(symbols) == len(set(symbols)) == 24 + 13 + 12
    assert text.count('class="tile-card"') == 229
    assert "field_per_completed_city" in text  # the engine configuration's scoring table
    assert 'id="chart-languages"' in text and 'id="chart-findings"' in text
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", text)  # nothing from the network
    assert sorted(p.name for p in tmp_path.iterdir()) == [MARKER, "index.html"]


def test_warehouse_text_is_escaped(hostile_db: Path, tmp_path: Path) -> None:
    text = build_report(hostile_db, tmp_path / "report").path.read_text("utf-8")
    assert HOSTILE not in text
    assert "window.pwned" in text  # shown, as text
    assert text.count("<script") == 2  # the data block and the page's script
    assert "&lt;b&gt;rev&lt;/b&gt;" in text
    data = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', text, re.S)
    assert data is not None and json.loads(data.group(1))["findings"] == 12


def test_templates_autoescape() -> None:
    template = environment().from_string(
        '{% import "macros.html.j2" as m %}'
        "{% call(row) m.table(['<h>'], rows) %}<tr>{{ m.td(row[0]) }}</tr>{% endcall %}"
    )
    markup = template.render(rows=[["<td>"], [True], [False], [None], [3]])
    assert "&lt;h&gt;" in markup and "<h>" not in markup
    cells = re.findall(r"<td[^>]*>(.*?)</td>", markup)
    assert cells == ["&lt;td&gt;", "yes", "no", "", "3"]


def test_counts_say_what_they_count(sample_db: Path, document: Element) -> None:
    """ "72 tiles" for the Base game page meant 72 tile entries (3 lists of 24 types): the
    matrix says entries and lists, the distributions copies and types."""
    with read_only(sample_db) as conn:
        entries, lists = conn.execute(
            "SELECT (SELECT count(*) FROM tiles t JOIN current_revisions c USING (revision_key) "
            "WHERE c.title = 'Base game/ro'), (SELECT count(*) FROM tile_lists t JOIN "
            "current_revisions c USING (revision_key) WHERE c.title = 'Base game/ro')"
        ).fetchone() or (0, 0)
    assert (entries, lists) == (72, 3)
    matrix = {row[0]: row[1:] for row in table_rows(document, "coverage-matrix")}
    assert matrix["Base game"] == [
        "1 revision · 72 tile entries in 3 lists · 56 rules · 30 scoring claims"
    ]
    assert table_header(document, "edition-totals") == [
        "product", "edition", "language", "copies (draw pile)", "special copies", "types",
        "tile entries", "page",
    ]  # fmt: skip
    c3 = next(
        d
        for d in document.find_all(tag="details", cls="edition")
        if (d.attrs["data-product"], d.attrs["data-edition"]) == ("Base Game", "C3")
    )
    summary = " ".join(c3.find_all(tag="summary")[0].text.split())
    assert "72 tile copies in the draw pile, 24 types" in summary
    engine_heads = [p.text for p in document.by_id("engine").find_all(tag="p", cls="config-head")]
    assert engine_heads and all("tile copies in the draw pile" in p for p in engine_heads)
    diffs = document.by_id("editions").text
    assert "(72 vs 72 tile copies)" in diffs
    assert not re.search(r"\d tiles\b", summary + " ".join(engine_heads) + diffs)


def test_booleans_read_yes_or_no(sample_html: str, document: Element) -> None:
    assert not re.search(r">\s*(True|False)\s*<", sample_html)
    footnote = [r for r in table_rows(document, "diffs-0") if r[:2] == ["V", "footnote"]]
    assert footnote == [["V", "footnote", "no", "yes"]]
    counts = table_rows(document, "engine-counts-0")
    start = {row[0]: row[2] for row in counts}
    assert start["D"] == "yes" and {start[c] for c in start if c != "D"} == {"no"}


def test_feature_labels_wrap_and_keep_their_full_name(sample_html: str) -> None:
    """A long feature name breaks between its words and keeps the whole name as a tooltip."""
    label = re.search(
        r'<li class="feature" title="OverpassingCityBridge">([^/]*?)</li>', sample_html
    )
    assert label is not None
    assert label.group(1) == "Overpassing<wbr>City<wbr>Bridge"


def test_illustration_bars_have_a_key_patterns_and_labels(
    sample_db: Path, document: Element
) -> None:
    with read_only(sample_db) as conn:
        names = {
            name
            for (row,) in conn.execute("SELECT illustrations FROM tile_distribution").fetchall()
            for name in json.loads(row or "{}")
        }
    key = document.by_id("illustration-key")
    items = {li.attrs["data-name"]: li for li in key.find_all(tag="li")}
    assert set(items) == names and len(names) > 5
    looks = {(li.attrs["data-colour"], li.attrs["data-pattern"]) for li in items.values()}
    assert len(looks) == len(names)  # no two illustrations look the same
    patterns = {p.attrs["id"] for p in document.find_all(tag="pattern")}
    for card in document.find_all(cls="tile-card"):
        segments = card.find_all(tag="rect", cls="share")
        labels = card.find_all(tag="li", cls="share")
        assert [s.attrs["data-name"] for s in segments] == [li.attrs["data-name"] for li in labels]
        total = sum(int(li.attrs["data-copies"]) for li in labels)
        for segment, label in zip(segments, labels, strict=True):
            fill = segment.attrs["fill"]
            assert fill.startswith("url(#") and fill[5:-1] in patterns
            name, copies = label.attrs["data-name"], int(label.attrs["data-copies"])
            assert label.text.strip() == f"{name}\N{NO-BREAK SPACE}{copies}"
            assert float(segment.attrs["width"]) == pytest.approx(
                BAR_WIDTH * copies / total, abs=0.01
            )


def _line_start(text: str, line: int) -> int:
    start = 0
    for _ in range(line - 1):
        start = text.index("\n", start) + 1
    return start


def test_findings_name_their_section_and_an_offset(sample_db: Path, document: Element) -> None:
    header = table_header(document, "findings")
    assert header[4:8] == ["section", "offset", "line", "col"]
    rows = {}
    for row in document.by_id("findings").find_all(tag="tr"):
        if "data-code" in row.attrs:
            cells = [c.text for c in row.find_all(tag="td")]
            rows[(row.attrs["data-code"], row.attrs["data-title"], cells[7])] = cells
    wd = rows[("tiles.edition-conflict", "Winter Edition Base Game/ro", "45233")]
    assert wd[4:8] == ["Ansamblul cartonașelor > Ediția 2011 (WD)", "45232", "1", "45233"]
    with read_only(sample_db) as conn:
        texts = dict(
            conn.execute(
                "SELECT c.title, r.wikitext FROM current_revisions c JOIN revisions r "
                "USING (revision_key)"
            ).fetchall()
        )
    for (_code, title, _col), cells in rows.items():
        section, offset, line, col = cells[4:8]
        text = texts[title]
        assert int(offset) == _line_start(text, int(line)) + int(col) - 1
        last = section.rsplit(" > ", 1)[-1]
        assert last and (last in text[: int(offset)] or f"{{{{{last}}}}}" in text[: int(offset)])


def test_the_engine_section_shows_its_products_and_reference_sets(
    sample_db: Path, document: Element
) -> None:
    products = table_rows(document, "engine-products")
    assert [row[0] for row in products] == [entry.product for entry in bundled_products()]
    assert len(products) == 10
    by_name = {row[0]: row for row in products}
    assert by_name["Abbey and the Mayor"][2] == ", ".join(
        ("base", *modules_of("Abbey and the Mayor"))
    )
    assert "C3: 72 copies" in by_name["Base Game"][3]
    with read_only(sample_db) as conn:
        results = conn.execute(
            "SELECT scope, status FROM check_results WHERE check_name = 'engine.reference_sets' "
            "ORDER BY position"
        ).fetchall()
    shown = table_rows(document, "reference-sets")
    assert [(row[0], row[1]) for row in shown] == [tuple(r) for r in results]
    assert len(results) == 9


def test_box_contents_have_their_section(sample_db: Path, document: Element) -> None:
    with read_only(sample_db) as conn:
        stored = conn.execute(
            "SELECT title, item, count, basis FROM box_contents ORDER BY title, ordinal"
        ).fetchall()
        checks = conn.execute(
            "SELECT count(*) FROM check_results WHERE check_name LIKE 'contents.%'"
        ).fetchone()
    rows = table_rows(document, "box-contents")
    assert [(r[0], r[3], int(r[4]), r[5]) for r in rows] == [tuple(s) for s in stored]
    assert ["Abbey and the Mayor/ro", "Abbey and the Mayor", "C2", "mayor", "6"] in [
        r[:5] for r in rows
    ]
    assert checks is not None and len(table_rows(document, "contents-checks")) == checks[0]


def test_the_same_warehouse_gives_the_same_bytes(sample_db: Path, tmp_path: Path) -> None:
    first = build_report(sample_db, tmp_path / "a").path.read_bytes()
    second = build_report(sample_db, tmp_path / "b").path.read_bytes()
    assert first == second


def test_no_html_is_joined_in_python() -> None:
    """The markup lives in the templates: the modules pass data."""
    package = Path(__file__).resolve().parents[2] / "pipeline" / "report"
    tags = re.compile(r"<(/?)(html|body|section|table|tr|td|th|div|span|p|a|code|svg|rect|li|ul)\b")
    found = [
        f"{path.name}:{number}"
        for path in sorted(package.glob("*.py"))
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if tags.search(line)
    ]
    assert found == []


def test_the_readme_shows_what_a_run_prints(
    capsys: pytest.CaptureFixture[str], sample_db: Path, tmp_path: Path
) -> None:
    """README's `carcdb report` line is the sample's: the same counts, the size within 2 KiB
    (the page shows the warehouse's path and last run, which differ from run to run)."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text("utf-8")
    shown = re.search(r"wrote report/index\.html: (.*), (\d+) KiB", readme)
    assert shown is not None
    assert run_app(["report", "--out", str(tmp_path / "report"), "--db", str(sample_db)]) == 0
    out = " ".join(capsys.readouterr().out.split())  # whether or not the console wraps
    printed = re.search(r"index\.html: (.*), (\d+) KiB", out)
    assert printed is not None
    assert shown.group(1) == printed.group(1)
    assert abs(int(shown.group(2)) - int(printed.group(2))) <= 2
