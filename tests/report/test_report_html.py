"""The report's HTML without a browser: sections, drawings defined once, nothing fetched from
the network, hostile warehouse text escaped."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import duckdb
import pytest

from pipeline.cli.app import run_app
from pipeline.outputs import MARKER
from pipeline.report.build import build_report
from pipeline.report.html import attr, esc, table

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


def test_report_has_every_section_and_defines_each_drawing_once(
    capsys: pytest.CaptureFixture[str], sample_db: Path, tmp_path: Path
) -> None:
    assert run_app(["report", "--out", str(tmp_path), "--db", str(sample_db)]) == 0
    assert "index.html" in capsys.readouterr().out
    text = (tmp_path / "index.html").read_text("utf-8")
    for anchor in ("tiles", "editions", "translations", "findings", "checks", "engine"):
        assert f'<section id="{anchor}">' in text
    symbols = re.findall(r'<symbol id="([^"]+)"', text)
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


def test_escaping_helpers() -> None:
    assert esc('<a href="x">&') == "&lt;a href=&quot;x&quot;&gt;&amp;"
    assert attr("a\"b'c") == '"a&quot;b&#x27;c"'
    markup = table(["<h>"], [["<td>"]])
    assert "&lt;h&gt;" in markup and "&lt;td&gt;" in markup
