"""`pipeline.parse.fast` with `MIRRORED` forced false: each module falls back to the library's
own public code, and the outputs are the same as with the mirrors.

The per-module tests (test_tree_builder, test_spans, test_tokenplain) compare each mirror with
its reference on made-up and real wikitext; these check the switch itself and that a whole
build stores the same rows either way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from benchmarks.digest import differences, table_digests
from carcdb.pipeline.parse import fast
from carcdb.pipeline.parse.fast import spans, tokenplain
from carcdb.pipeline.parse.fast.spans import locate_nodes
from carcdb.pipeline.parse.fast.tokenplain import Unsupported, render_string
from carcdb.pipeline.parse.fast.tree_builder import parse_wikitext
from carcdb.pipeline.parse.locate import NodeSpans
from carcdb.pipeline.parse.rules.plaintext import VISIBLE, plain_text
from carcdb.pipeline.run.build import build_corpus
from tests.rules.pages import PAGES, wikitext

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
WIKI_PAGES = sorted((FIXTURES / "rules").glob("*.wiki")) + sorted(
    (FIXTURES / "tiles").glob("*.wiki")
)


def _unmirrored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fast, "MIRRORED", False)


def _columns(found: NodeSpans) -> tuple[Any, ...]:
    return (found.text, found.nodes, found.starts, found.ends, found.depths, found.markup)


@pytest.mark.parametrize("page", WIKI_PAGES, ids=lambda p: p.name)
def test_spans_without_the_mirror_are_the_search_walks_and_the_same(
    page: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = page.read_text(encoding="utf-8")
    tree = parse_wikitext(source)
    mirrored = locate_nodes(tree, source)

    def not_called(*args: object) -> None:
        raise AssertionError("the linear walk reads private attributes: not without MIRRORED")

    _unmirrored(monkeypatch)
    monkeypatch.setattr(spans, "linear_walk", not_called)
    reference = locate_nodes(tree, source)
    assert len(reference) > 100
    assert _columns(reference) == _columns(mirrored)


@pytest.mark.parametrize("slug", sorted(PAGES))
def test_plain_text_without_the_token_renderer_is_the_same(
    slug: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pieces = [line for line in wikitext(slug).split("\n") if line.strip()]
    mirrored = [plain_text(piece) for piece in pieces]
    _unmirrored(monkeypatch)
    with pytest.raises(Unsupported):
        render_string(pieces[0], VISIBLE)
    assert [plain_text(piece) for piece in pieces] == mirrored
    assert any(mirrored)


def test_the_token_renderer_is_not_reached_without_the_mirror(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []

    class Counted(tokenplain._Reader):
        def build(self) -> list[tokenplain.Item]:
            calls.append("tokens read")
            return super().build()

    monkeypatch.setattr(tokenplain, "_Reader", Counted)
    assert plain_text("''a'' [[b|c]]") == "a c"
    assert calls == ["tokens read"]
    _unmirrored(monkeypatch)
    assert plain_text("''a'' [[b|c]]") == "a c"
    assert calls == ["tokens read"]  # the reference built the node tree instead


@pytest.mark.slow
def test_a_build_without_the_mirrors_stores_the_same_tables(
    sample_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every sample page through every stage and check, the library's own code only
    (`jobs=0`: parse workers are other processes, which the switch does not reach)."""
    _unmirrored(monkeypatch)
    reference = tmp_path / "reference.duckdb"
    build_corpus(reference, jobs=0)
    ours, theirs = table_digests(sample_db), table_digests(reference)
    assert differences(ours, theirs) == []
    assert ours["main.tiles"].rows > 0 and ours["main.rules"].rows > 0
