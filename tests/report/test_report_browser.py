"""The HTML report of the sample, loaded from disk in headless Chromium: no console errors,
tile counts per edition and a drawing per tile in the rendered DOM, a known finding's row
(with its section and offset), sorting and search working, counts worded as copies, types or
entries, booleans as yes/no, feature labels inside their cards, the illustration key shown
and every bar segment patterned; a screenshot is kept in the test's folder."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from carcdb.pipeline.report.build import build_report
from carcdb.warehouse.connection import read_only
from tests.conftest import in_ci
from tests.report.chromium import Browser, chromium_path
from tests.report.test_report_html import HOSTILE
from tests.report.test_report_html import hostile_db as hostile_db  # the fixture


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    executable = chromium_path()
    if executable is None:
        if in_ci():
            pytest.fail("chromium is missing in CI: scripts/setup-system.sh installs it")
        pytest.skip("no chromium on PATH (install it with scripts/setup-system.sh)")
    with Browser(executable) as opened:
        yield opened


@pytest.fixture(scope="module")
def loaded(browser: Browser, sample_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Browser:
    out = tmp_path_factory.mktemp("report")
    summary = build_report(sample_db, out)
    browser.load(summary.path.resolve().as_uri())
    return browser


@pytest.mark.slow
def test_no_javascript_errors_and_a_screenshot(loaded: Browser, tmp_path: Path) -> None:
    assert loaded.errors() == []
    shot = tmp_path / "report.png"
    loaded.screenshot(shot)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert shot.stat().st_size > 20_000  # a rendered page, not a blank one
    artifacts = Path("data") / "test-artifacts"
    if in_ci():  # kept where CI can pick it up
        artifacts.mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, artifacts / "report.png")


@pytest.mark.slow
def test_tile_counts_per_edition_match_the_warehouse(loaded: Browser, sample_db: Path) -> None:
    shown = loaded.evaluate(
        """[...document.querySelectorAll('details.edition')].map(d => [
            d.dataset.title, d.dataset.product, d.dataset.edition,
            Number(d.querySelector('.total').textContent),
            [...d.querySelectorAll('.tile-card')].reduce((n, c) => n + Number(c.dataset.count), 0)
                - Number(d.dataset.special)])"""
    )
    with read_only(sample_db) as conn:
        expected = conn.execute(
            "SELECT title, product, edition, tiles FROM edition_totals ORDER BY ALL"
        ).fetchall()
    assert sorted((t, p, e, n) for t, p, e, n, _ in shown) == [tuple(r) for r in expected]
    assert all(total == cards for *_, total, cards in shown)  # cards add up to the total


@pytest.mark.slow
def test_every_tile_has_a_rendered_drawing(loaded: Browser, sample_db: Path) -> None:
    cards = loaded.evaluate(
        """[...document.querySelectorAll('.tile-card')].map(c => {
            const svg = c.querySelectorAll('svg.tile-drawing');
            const use = c.querySelector('svg.tile-drawing use');
            const box = use ? use.getBBox() : null;
            return [svg.length, use !== null, box ? box.width : 0,
                    use ? document.querySelector(use.getAttribute('href')) !== null : null];
        })"""
    )
    with read_only(sample_db) as conn:
        entries = conn.execute("SELECT count(*) FROM tile_distribution").fetchone()
        # Every tile with a shape is drawn: all but The Courier's (their shapes are unknown).
        shaped = conn.execute(
            "SELECT count(*) FROM tile_distribution WHERE product <> 'The Courier'"
        ).fetchone()
    assert entries is not None and shaped is not None
    assert len(cards) == entries[0]
    assert all(count == 1 for count, *_ in cards)  # exactly one drawing per tile
    drawn = [card for card in cards if card[1]]
    assert len(drawn) == shaped[0]
    assert all(width > 50 and found for _, _, width, found in drawn)  # symbol exists, rendered
    cities = loaded.evaluate(
        "document.querySelectorAll('#shape-Base-Game-C [data-kind=city]').length"
    )
    assert cities == 1


FINDING_ROW = """(() => {{ const r = document.querySelector(
    '#findings tr[data-code="{code}"][data-title="{title}"]');
    return r ? [...r.cells].map(c => c.innerText) : null; }})()"""


@pytest.mark.slow
def test_a_known_finding_has_its_row(loaded: Browser) -> None:
    row = loaded.evaluate(FINDING_ROW.format(code="tiles.edition-conflict", title="Base game/ro"))
    assert row is not None
    severity, code, title, revision, section, offset, line, col, message, snippet = row
    assert (severity, code, title, section, offset, line, col) == (
        "warning",
        "tiles.edition-conflict",
        "Base game/ro",
        "Ansamblul cartonașelor > Ediția pentru 20-a aniversare",
        "41937",
        "466",
        "1",
    )
    assert revision.startswith("sha:566ccafc")
    assert "tile L" in message
    assert snippet.startswith("{{Tile|image=20AE_Base_Game_C2_Tile_L.png")


@pytest.mark.slow
def test_a_finding_in_a_flattened_capture_names_its_section(loaded: Browser) -> None:
    """A capture on one line: "line 1, col 45233" alone says nothing; the heading it falls
    under and its offset in the page's wikitext do."""
    row = loaded.evaluate(
        FINDING_ROW.format(code="tiles.edition-conflict", title="Winter Edition Base Game/ro")
    )
    assert row is not None
    assert row[4:8] == ["Ansamblul cartonașelor > Ediția 2011 (WD)", "45232", "1", "45233"]


@pytest.mark.slow
def test_counts_are_worded_as_what_they_count(loaded: Browser) -> None:
    cell = loaded.evaluate(
        """[...document.querySelectorAll('#coverage-matrix tbody tr')]
             .find(r => r.cells[0].innerText === 'Base game').cells[1].innerText"""
    )
    assert cell == "1 revision · 72 tile entries in 3 lists · 56 rules · 30 scoring claims"
    summaries = loaded.evaluate(
        "[...document.querySelectorAll('details.edition > summary')].map(s => s.innerText)"
    )
    assert summaries and all("tile copies in the draw pile" in s for s in summaries)
    assert not any(re.search(r"\d tiles\b", s) for s in summaries)


@pytest.mark.slow
def test_booleans_read_yes_or_no(loaded: Browser) -> None:
    cells = loaded.evaluate(
        "[...document.querySelectorAll('td')].map(c => c.innerText.trim())"
        ".filter(t => t === 'True' || t === 'False').length"
    )
    assert cells == 0
    assert loaded.evaluate(
        "[...document.querySelectorAll('#diffs-0 tbody tr')].filter(r => r.cells[1].innerText"
        " === 'footnote').map(r => r.cells[2].innerText + '/' + r.cells[3].innerText)"
    ) == ["no/yes"]


@pytest.mark.slow
def test_feature_labels_stay_inside_their_cards(loaded: Browser) -> None:
    """ "OverpassingCityBridge" ran out of its 112-pixel card: labels now wrap between words
    and keep the full name as a tooltip."""
    outside = loaded.evaluate(
        """[...document.querySelectorAll('.tile-card')].flatMap(card => {
            const box = card.getBoundingClientRect();
            const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
            const out = [];
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                if (!node.textContent.trim() || node.parentElement.closest('svg')) continue;
                const range = document.createRange();
                range.selectNodeContents(node);
                const r = range.getBoundingClientRect();
                if (r.left < box.left - 0.5 || r.right > box.right + 0.5)
                    out.push(card.dataset.code + ': ' + node.textContent);
            }
            return out;
        })"""
    )
    assert outside == []
    bridge = loaded.evaluate(
        "[...document.querySelectorAll('.feat li')]"
        ".filter(li => li.title === 'OverpassingCityBridge').length"
    )
    assert bridge > 0


@pytest.mark.slow
def test_the_illustration_key_is_shown_and_every_segment_patterned(loaded: Browser) -> None:
    key = loaded.evaluate(
        """(() => { const key = document.getElementById('illustration-key');
            const box = key.getBoundingClientRect();
            return [box.width > 0 && box.height > 0,
                    [...key.querySelectorAll('li')].map(li => li.innerText.trim())]; })()"""
    )
    visible, names = key
    assert visible and "Farmhouse" in names and "None" in names
    segments = loaded.evaluate(
        """[...document.querySelectorAll('.tile-card rect.share')].map(rect => {
            const fill = rect.getAttribute('fill');
            const id = fill.slice(5, -1);
            const pattern = document.getElementById(id);
            return [rect.dataset.name, pattern !== null && pattern.tagName === 'pattern',
                    rect.getBoundingClientRect().width > 0];
        })"""
    )
    assert segments and all(found and drawn for _, found, drawn in segments)
    assert {name for name, *_ in segments} <= set(names)


@pytest.mark.slow
def test_sorting_and_search(loaded: Browser) -> None:
    lines = loaded.evaluate(
        """(() => { const th = [...document.querySelectorAll('#findings th')]
              .find(h => h.textContent === 'col');
            th.click();
            return [...document.querySelectorAll('#findings tbody tr')]
              .map(r => Number(r.cells[7].textContent)); })()"""
    )
    assert lines == sorted(lines)
    visible = loaded.evaluate(
        """(() => { const input = document.getElementById('search');
            input.value = 'DonkeyStable';
            input.dispatchEvent(new Event('input'));
            const cards = [...document.querySelectorAll('.tile-card')];
            return [cards.filter(c => !c.classList.contains('hidden-by-search')).length,
                    cards.length, document.getElementById('search-count').textContent]; })()"""
    )
    shown, total, counter = visible
    assert 0 < shown < total
    assert "match" in counter
    assert loaded.errors() == []


@pytest.mark.slow
def test_hostile_text_stays_text(browser: Browser, hostile_db: Path, tmp_path: Path) -> None:
    summary = build_report(hostile_db, tmp_path / "hostile")
    browser.load(summary.path.resolve().as_uri())
    assert browser.errors() == []
    snippet = browser.evaluate(
        "document.querySelector('#findings tr[data-code=\\'x.hostile\\'] .snippet').textContent"
    )
    assert snippet == HOSTILE
    assert browser.evaluate("document.scripts.length") == 2  # the page's own two
    assert browser.evaluate("window.pwned === undefined")
