"""A revision's sha256 is checked against its text once, when it is built, wherever it is built."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

import carcdb.schemas.pages as pages
from carcdb.schemas.pages import ImportBatch, PageRevision, SourceFile, SourceKind, sha256_text

TEXT = "{{Tile|A|2}} une tuile, ŝ\n"


def _fields(**changes: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "title": "Base Game/fr",
        "base_title": "Base Game",
        "language": "fr",
        "wikitext": TEXT,
        "source_kind": SourceKind.WIKITEXT,
        "source_path": "base.wiki",
        "sha256": sha256_text(TEXT),
    }
    fields.update(changes)
    return fields


def _source() -> SourceFile:
    return SourceFile(
        sha256="0" * 64, path="base.wiki", format="wikitext", size_bytes=1, revisions=1
    )


def test_a_sha256_that_is_not_the_texts_is_refused_built_alone_or_inside_a_batch() -> None:
    wrong = _fields(sha256=sha256_text(TEXT + "x"))
    with pytest.raises(ValidationError, match="sha256 does not match the wikitext"):
        PageRevision(**wrong)
    with pytest.raises(ValidationError, match="sha256 does not match the wikitext"):
        PageRevision.model_validate(wrong)
    with pytest.raises(ValidationError, match="sha256 does not match the wikitext") as raised:
        ImportBatch.model_validate({"source": _source(), "revisions": [wrong]})
    assert raised.value.errors()[0]["loc"] == ("revisions", 0)


def test_a_built_revision_put_in_a_batch_is_not_hashed_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hashed: list[str] = []

    def counting(text: str) -> str:
        hashed.append(text)
        return sha256_text(text)

    monkeypatch.setattr(pages, "sha256_text", counting)
    revision = PageRevision(**_fields())
    assert hashed == [TEXT]
    batch = ImportBatch(source=_source(), revisions=(revision,))
    assert batch.revisions[0] is revision
    assert hashed == [TEXT]  # pydantic's re-run of the check on nesting is skipped
