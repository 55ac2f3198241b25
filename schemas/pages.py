"""Page revisions as read from any input format, and the wiki's page and language catalogs."""

from __future__ import annotations

import hashlib
from enum import StrEnum
from functools import cached_property
from typing import Any, Self

from pydantic import Field, ModelWrapValidatorHandler, model_validator

from carcdb.schemas.base import Record
from carcdb.schemas.findings import Finding


class SourceKind(StrEnum):
    VIEW_SOURCE = "view_source"
    EXPORT_TRANSLATIONS = "export_translations"
    WIKITEXT = "wikitext"
    XML_DUMP = "xml_dump"
    API_JSON = "api_json"
    API = "api"


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class PageRevision(Record):
    """One revision of one wiki page, wherever it came from.

    `revision_key` identifies the stored revision by page and revision: `rev:<id>/<title>`
    when the wiki's revision id is known (ids are the wiki's, and a file can carry any id: two
    pages giving the same id stay two revisions), else `sha:` and the sha256 of title and
    wikitext (two pages with the same text, such as two empty translations, stay two).
    """

    title: str = Field(min_length=1)
    base_title: str = Field(min_length=1)
    language: str = Field(min_length=2)
    wikitext: str
    source_kind: SourceKind
    source_path: str
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    revision_id: int | None = Field(default=None, ge=1)
    timestamp: str | None = None

    @model_validator(mode="wrap")
    @classmethod
    def _sha_matches_text(cls, data: Any, handler: ModelWrapValidatorHandler[Self]) -> Self:
        # A revision already built was checked when it was: pydantic runs a model's "after"
        # validators again each time an instance is put in another record (an `ImportBatch`),
        # which hashed every text once more.
        if isinstance(data, cls):
            return data
        revision = handler(data)
        if sha256_text(revision.wikitext) != revision.sha256:
            raise ValueError("sha256 does not match the wikitext")
        return revision

    # Cached: a build asks for it several times a revision (reading, ordering, storing), and
    # each time hashed the whole text again.
    @cached_property
    def revision_key(self) -> str:
        if self.revision_id is not None:
            return f"rev:{self.revision_id}/{self.title}"
        return "sha:" + sha256_text(f"{self.title}\x00{self.wikitext}")


class CatalogPage(Record):
    """A page title listed by a capture's Group list (every translatable page of the wiki)."""

    title: str
    seen_in: str = Field(description="sha256 of the source file whose list named it")


class CatalogLanguage(Record):
    """A language code offered by the wiki, with its display name."""

    code: str
    name: str
    seen_in: str


class SourceFile(Record):
    """An input file as imported: its bytes' hash, the format read, and what it held."""

    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    path: str
    format: str
    size_bytes: int = Field(ge=0)
    revisions: int = Field(ge=0)


class ImportBatch(Record):
    """Everything one input file yields."""

    source: SourceFile
    revisions: tuple[PageRevision, ...]
    catalog_pages: tuple[CatalogPage, ...] = ()
    catalog_languages: tuple[CatalogLanguage, ...] = ()
    findings: tuple[Finding, ...] = Field(
        default=(), description="Problems in the file's data (e.g. a missing page)"
    )
    ends_whole: bool = Field(
        default=False,
        description="A capture that shows the page's footer after its wikitext: it is whole "
        "even where its text is the beginning of a stored revision (an older version)",
    )
