"""`find_sites` finds what a plain walk of every node finds (same nodes, containers, indexes
and enclosures), and a site's list-item state is what a scan back along its line says."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from mwparserfromhell.nodes import Heading, Node, Tag, Template, Text, Wikilink
from mwparserfromhell.wikicode import Wikicode

from carcdb.pipeline.parse.document import ParsedDocument
from carcdb.pipeline.parse.rules.plaintext import template_name
from carcdb.pipeline.parse.rules.regions import PageRegions
from carcdb.pipeline.parse.rules.stage import TEMPLATE_HANDLERS
from carcdb.pipeline.parse.rules.tree import find_sites
from tests.rules.pages import PAGES, revision

Reference = tuple[Node, Wikicode, int, tuple[tuple[Node, str], ...]]


def _reference_walk(
    code: Wikicode, enclosures: tuple[tuple[Node, str], ...] = ()
) -> Iterator[Reference]:
    """Every node with its container, index and enclosures (the walk before find_sites)."""
    for index, node in enumerate(code.nodes):
        yield node, code, index, enclosures
        if isinstance(node, Template):
            for param in node.params:
                inner = (*enclosures, (node, str(param.name).strip()))
                yield from _reference_walk(param.value, inner)
        elif isinstance(node, Tag):
            if node.contents is not None:
                inner = (*enclosures, (node, str(node.tag).strip().lower()))
                yield from _reference_walk(node.contents, inner)
        elif isinstance(node, Wikilink):
            if node.text is not None:
                yield from _reference_walk(node.text, (*enclosures, (node, "text")))
        elif isinstance(node, Heading):
            yield from _reference_walk(node.title, (*enclosures, (node, "title")))


def _scan_back_in_list(container: Wikicode, index: int) -> bool:
    for node in reversed(container.nodes[:index]):
        if isinstance(node, Tag) and (node.wiki_markup or "").strip()[:1] in ("*", "#"):
            return True
        if isinstance(node, Text) and "\n" in node.value:
            return False
    return False


@pytest.mark.parametrize("slug", sorted(PAGES))
def test_sites_are_the_walked_rules_nodes(slug: str) -> None:
    doc = ParsedDocument(revision(slug))
    expected = [
        found
        for found in _reference_walk(doc.tree)
        if isinstance(found[0], Wikilink)
        or (isinstance(found[0], Template) and template_name(found[0]) in TEMPLATE_HANDLERS)
    ]
    sites = find_sites(doc.tree, TEMPLATE_HANDLERS)
    assert len(sites) == len(expected) > 0
    for site, (node, container, index, enclosures) in zip(sites, expected, strict=True):
        assert site.node is node and site.container is container and site.index == index
        assert site.template == (template_name(node) if isinstance(node, Template) else None)
        assert site.nearest_template("RulesScoring", "OtherExpansionRule") is next(
            (
                e.node
                for e in reversed(site.enclosures)
                if isinstance(e.node, Template)
                and template_name(e.node) in ("RulesScoring", "OtherExpansionRule")
            ),
            None,
        )
        assert site.siblings.nodes[index] is node
        assert [(e.node, e.part) for e in site.enclosures] == list(enclosures)
        assert site.top_level == (not enclosures)
        assert site.siblings.in_list_item[index] == _scan_back_in_list(container, index)
    # the sites of one container share its siblings (made once, for the first site there)
    by_container = {id(site.container): site.siblings for site in sites}
    assert all(site.siblings is by_container[id(site.container)] for site in sites)


@pytest.mark.parametrize("slug", sorted(PAGES))
def test_the_walk_gives_regions_the_top_level_template_names(slug: str) -> None:
    doc = ParsedDocument(revision(slug))
    names: dict[int, str] = {}
    find_sites(doc.tree, TEMPLATE_HANDLERS, names)
    top = [node for node in doc.tree.nodes if isinstance(node, Template)]
    assert names == {id(node): template_name(node) for node in top}
    shared = PageRegions(doc, names).heading_templates
    assert shared == PageRegions(doc).heading_templates
