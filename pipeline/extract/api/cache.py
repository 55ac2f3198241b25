"""On-disk cache of API responses, keyed by a hash of the request (never by a page title).

Only responses that cannot change are cached: the extractor asks for content by revision id,
and a revision's content is immutable, so a cached answer is as good as a fresh one. Titles
never reach the file system: a file is named by the SHA-256 of the endpoint and the sorted
request parameters.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path


def cache_key(endpoint: str, params: Mapping[str, str]) -> str:
    canonical = json.dumps([endpoint, sorted(params.items())], ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class ResponseCache:
    """Response bodies in `<dir>/<2 hex>/<64 hex>.json`, written atomically."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def get(self, key: str) -> str | None:
        try:
            return self._path(key).read_text("utf-8")
        except (FileNotFoundError, UnicodeDecodeError):
            return None

    def put(self, key: str, body: str) -> None:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".tmp{os.getpid()}")
        temporary.write_text(body, "utf-8")
        # rename is atomic: a killed run never leaves a half-written cache entry behind
        temporary.replace(path)
