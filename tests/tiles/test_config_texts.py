"""`parse_config` reads the same config with the document's node texts as with `str()`.

The stage passes `ParsedDocument.text_of` (texts the walk computed once) instead of `str`;
both must give equal results, problems and snippets included, on every config of the
fixture pages and on configs whose problems quote the whole config text.
"""

from __future__ import annotations

from carcdb.pipeline.parse.document import ParsedDocument, RevisionText
from carcdb.pipeline.parse.tiles.config import parse_config
from carcdb.pipeline.parse.values import TemplateParams, is_template
from tests.tiles.helpers import FIXTURES

ODD_CONFIGS = (
    "({{Feature|name=Garden}};2x{{Feature|name=None}}",  # never closed
    "{{Feature|name=Monastery}}) ; 3x + <b>x</b> {{Other}}",  # stray ), ;, 3x, tag, template
    "({{Feature|name=Farmhouse}}) + ({{Feature|name=Cowshed}}) <sup>'''*'''</sup>",
)


def _configs(wikitext: str) -> list[tuple[ParsedDocument, TemplateParams]]:
    doc = ParsedDocument(RevisionText("sha:t", "Page/ro", "Page", "ro", wikitext))
    tiles = [item.node for item in doc.located if is_template(item.node, "Tile")]
    return [(doc, TemplateParams(tile)) for tile in tiles]


def test_fixture_configs_read_alike() -> None:
    compared = 0
    for page in sorted(FIXTURES.glob("*.wiki")):
        for doc, params in _configs(page.read_text(encoding="utf-8")):
            code = params.raw("config")
            if code is None:
                continue
            assert parse_config(code, doc.text_of) == parse_config(code)
            compared += 1
    assert compared > 100


def test_odd_configs_read_alike() -> None:
    wikitext = "".join(f"{{{{Tile|count=1|config={config}}}}}\n" for config in ODD_CONFIGS)
    found = _configs(wikitext)
    assert len(found) == len(ODD_CONFIGS)
    for doc, params in found:
        code = params.raw("config")
        assert code is not None
        fast, reference = parse_config(code, doc.text_of), parse_config(code)
        assert fast == reference
        assert reference.problems  # every odd config has problems quoting its text
