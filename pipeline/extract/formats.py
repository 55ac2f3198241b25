"""The input formats carcdb reads: a name each, for `--format` and manifests.

Apart from `pipeline.extract.sources` (which reads them) so that the command line can offer
the names without importing the readers.
"""

from __future__ import annotations

from enum import StrEnum


class InputFormat(StrEnum):
    VIEW_SOURCE = "view-source"
    EXPORT_TRANSLATIONS = "export-translations"
    WIKITEXT = "wikitext"
    XML = "xml"
    API_JSON = "api-json"
