"""Every input format read from real or realistic files, detected from content."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from carcdb.pipeline.errors import InputError, UnknownFormatError
from carcdb.pipeline.extract.sources import InputFormat, detect_format, read_source
from carcdb.schemas.pages import SourceKind
from tests.conftest import FIXTURES, SAMPLE

INPUTS = FIXTURES / "inputs"
BASE_GAME = SAMPLE / "002_bf3e05963fce1bff.txt"
ABBEY = SAMPLE / "004_463e2d43ade5f599.txt"


def test_view_source_capture_names_its_page() -> None:
    batch = read_source(BASE_GAME)
    (rev,) = batch.revisions
    assert (rev.title, rev.base_title, rev.language) == ("Base game/ro", "Base game", "ro")
    assert rev.source_kind is SourceKind.VIEW_SOURCE
    assert rev.wikitext.startswith("{{UX\n")
    assert "View source for" not in rev.wikitext
    assert rev.revision_key.startswith("sha:")


def test_export_translations_capture_yields_text_and_catalogs() -> None:
    batch = read_source(ABBEY, title="Abbey and the Mayor", language="ro")
    (rev,) = batch.revisions
    assert rev.title == "Abbey and the Mayor/ro"
    assert rev.wikitext.startswith("{{DISPLAYTITLE:Abația și primarul}}")
    assert "Navigation menu" not in rev.wikitext
    assert "\n" not in rev.wikitext  # the capture flattens the page onto one line
    assert len(batch.catalog_pages) == 625
    assert len(batch.catalog_languages) == 460
    assert ("ro", "Romanian") in {(c.code, c.name) for c in batch.catalog_languages}


def test_format_is_detected_from_content_not_name(tmp_path: Path) -> None:
    disguised = tmp_path / "page.json"
    shutil.copy(INPUTS / "export.xml", disguised)
    batch = read_source(disguised)
    assert batch.source.format == InputFormat.XML.value
    assert detect_format(BASE_GAME.read_text("utf-8")[:5000], "x") is InputFormat.VIEW_SOURCE


def test_xml_export_reads_every_page_and_revision() -> None:
    batch = read_source(INPUTS / "export.xml")
    got = [(r.title, r.language, r.revision_id, r.timestamp) for r in batch.revisions]
    assert got == [
        ("Base game/de", "de", 5001, "2024-03-01T10:00:00Z"),
        ("Base game/de", "de", 5002, "2024-04-01T10:00:00Z"),
        ("Base game", "en", 4000, "2024-01-01T10:00:00Z"),
    ]
    assert batch.revisions[1].wikitext.endswith("}} & mehr")
    assert batch.revisions[1].revision_key == "rev:5002/Base game/de"


@pytest.mark.parametrize(
    ("name", "title", "revid", "text"),
    [
        ("api_v1.json", "The Courier (Fan Expansion)/fr", 777, "== Règles ==\nTexte"),
        ("api_v2.json", "Abbey and the Mayor/de", 888, "== Regeln ==\nText"),
    ],
)
def test_api_json_both_format_versions(name: str, title: str, revid: int, text: str) -> None:
    batch = read_source(INPUTS / name)
    (rev,) = batch.revisions
    assert (rev.title, rev.revision_id, rev.wikitext) == (title, revid, text)
    (missing,) = batch.findings
    assert missing.code == "import.missing-page"


def test_plain_wikitext_takes_title_and_language(tmp_path: Path) -> None:
    page = tmp_path / "page.wiki"
    page.write_text("== Reguli ==\n{{Tile|image=X.png|count=1}}\n", "utf-8")
    (rev,) = read_source(page, title="Base game", language="ro").revisions
    assert (rev.title, rev.base_title, rev.language) == ("Base game/ro", "Base game", "ro")
    (en,) = read_source(page, title="Base game").revisions
    assert en.language == "en"


def _write(tmp_path: Path, data: bytes, name: str = "input.txt") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(
    ("data", "kwargs", "words"),
    [
        (b"", {}, ["empty"]),
        (b"  \n\n", {}, ["empty"]),
        (b"abc\x00def", {"title": "X"}, ["binary", "offset 3"]),
        (b"caf\xc3\xa9 \xff more", {"title": "X"}, ["UTF-8", "byte offset 6"]),
        (b"View source for Base game/ro\n\n\n", {}, ["no wikitext"]),
        (b"<!DOCTYPE html><html><body>hi</body></html>", {"title": "X"}, ["unknown format"]),
        (b"<?xml version='1.0'?><rss></rss>", {}, ["<rss>"]),
        (b'{"hello": 1}', {}, ["not a MediaWiki API"]),
        (b"== X ==\ntext", {}, ["does not name its page", "--title"]),
        (b"== X ==", {"title": "Base game/../secret"}, ["relative path"]),
        (b"== X ==", {"title": "Base\x07game"}, ["control characters"]),
        (b"== X ==", {"title": "A|B"}, ["'|'"]),
        (b"== X ==", {"title": "Base game", "language": "xx-nope"}, ["unknown language"]),
    ],
)
def test_bad_input_names_file_and_fix(
    tmp_path: Path, data: bytes, kwargs: dict[str, str], words: list[str]
) -> None:
    path = _write(tmp_path, data)
    with pytest.raises(InputError) as caught:
        read_source(path, **kwargs)  # type: ignore[arg-type]
    message = str(caught.value)
    assert str(path) in message
    assert "\n" not in message
    for word in words:
        assert word in message


def test_export_capture_without_language_is_refused() -> None:
    with pytest.raises(InputError, match="missing --lang"):
        read_source(ABBEY, title="Abbey and the Mayor")


def test_export_capture_without_wikitext(tmp_path: Path) -> None:
    text = ABBEY.read_text("utf-8")
    head = text[: text.index("\nFetch\n") + len("\nFetch\n")]
    path = _write(tmp_path, (head + "Navigation menu\n").encode())
    with pytest.raises(InputError, match="no wikitext"):
        read_source(path, title="Abbey and the Mayor/ro")


BOMB = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
]>
<mediawiki><page><title>Bomb</title><revision><id>1</id><text>&lol2;</text></revision></page></mediawiki>
"""


def test_xml_entity_bomb_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, BOMB, "dump.xml")
    with pytest.raises(InputError, match="DOCTYPE or entity"):
        read_source(path)


def test_truncated_xml_names_line(tmp_path: Path) -> None:
    text = (INPUTS / "export.xml").read_bytes()[:-40]
    with pytest.raises(InputError, match="malformed XML at line"):
        read_source(_write(tmp_path, text, "cut.xml"))


def test_unknown_xml_root_is_unknown_format(tmp_path: Path) -> None:
    with pytest.raises(UnknownFormatError):
        read_source(_write(tmp_path, b"<?xml version='1.0'?><rss/>", "feed.xml"))


def test_wikitext_starting_with_template_is_not_json(tmp_path: Path) -> None:
    page = _write(tmp_path, b"{{UX|seotitle=x}}\n== A ==\n", "page.txt")
    (rev,) = read_source(page, title="Base game/ro").revisions
    assert rev.source_kind is SourceKind.WIKITEXT


def test_sha1_mismatch_is_refused(tmp_path: Path) -> None:
    payload = (
        b'{"query": {"pages": [{"title": "Base game/de", "revisions": [{"revid": 9, '
        b'"sha1": "0000000000000000000000000000000000000000", '
        b'"slots": {"main": {"content": "text"}}}]}]}}'
    )
    with pytest.raises(InputError, match="sha1 does not match"):
        read_source(_write(tmp_path, payload, "api.json"))
    xml = (INPUTS / "export.xml").read_text("utf-8")
    xml = xml.replace("<id>4000</id>", "<id>4000</id><sha1>abc</sha1>")
    with pytest.raises(InputError, match="sha1 does not match"):
        read_source(_write(tmp_path, xml.encode(), "dump.xml"))
