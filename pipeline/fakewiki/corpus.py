"""The pages a local fake wiki serves: a corpus folder (e.g. the sample) plus generated pages.

Every page keeps its revision history, so a client can ask for an old revision by id after
the page was edited, as on a real wiki. Revision ids are assigned in title order, so the same
corpus always gets the same ids.
"""

from __future__ import annotations

import hashlib
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path

from carcdb.pipeline.extract.corpus import read_corpus, read_sources
from carcdb.pipeline.progress import NoProgress

GENERATED_PREFIX = "Generated page"
GENERATED_LANGUAGES = ("en", "de", "fr")
_CATEGORY = re.compile(r"\[\[\s*Category\s*:\s*([^\]|]+)", re.IGNORECASE)
_BASE_TIMESTAMP = "2024-01-01T00:00:00Z"


def sha1_hex(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Revision:
    revid: int
    parentid: int
    title: str
    text: str
    timestamp: str

    @property
    def sha1(self) -> str:
        return sha1_hex(self.text)


@dataclass
class WikiPage:
    pageid: int
    title: str
    history: list[Revision] = field(default_factory=list)

    @property
    def latest(self) -> Revision:
        return self.history[-1]

    def categories(self) -> set[str]:
        return {m.strip().replace("_", " ") for m in _CATEGORY.findall(self.latest.text)}


def generated_pages(count: int) -> dict[str, str]:
    """`count` small pages over three languages: `Generated page 0001`, `.../de`, `.../fr`."""
    pages = {}
    for index in range(count):
        number, language = divmod(index, len(GENERATED_LANGUAGES))
        code = GENERATED_LANGUAGES[language]
        base = f"{GENERATED_PREFIX} {number + 1:04d}"
        title = base if code == "en" else f"{base}/{code}"
        pages[title] = (
            f"== {base} ==\nGenerated test page {number + 1} in language {code}.\n"
            f"<!--T:1-->\nIt holds no tiles.\n\n[[Category:Generated]]\n"
        )
    return pages


def corpus_pages(folder: Path) -> dict[str, str]:
    """Title -> wikitext of every page in a corpus folder (captures, wikitext, exports)."""
    batches = read_sources(read_corpus(folder), NoProgress())
    return {rev.title: rev.wikitext for batch in batches for rev in batch.revisions}


class FakeCorpus:
    """The fake wiki's pages, safe to read and edit from the server's threads."""

    def __init__(self, pages: dict[str, str]) -> None:
        self._lock = threading.Lock()
        self._pages: dict[str, WikiPage] = {}
        self._revisions: dict[int, Revision] = {}
        self._next_revid = 1001
        for pageid, title in enumerate(sorted(pages), start=1):
            self._pages[title] = WikiPage(pageid, title)
            self._append(title, pages[title], _BASE_TIMESTAMP)

    def _append(self, title: str, text: str, timestamp: str) -> Revision:
        page = self._pages[title]
        parent = page.history[-1].revid if page.history else 0
        revision = Revision(self._next_revid, parent, title, text, timestamp)
        self._next_revid += 1
        page.history.append(revision)
        self._revisions[revision.revid] = revision
        return revision

    def titles(self) -> list[str]:
        with self._lock:
            return sorted(self._pages)

    def page(self, title: str) -> WikiPage | None:
        with self._lock:
            return self._pages.get(title)

    def revision(self, revid: int) -> Revision | None:
        with self._lock:
            return self._revisions.get(revid)

    def edit(self, title: str, text: str) -> Revision:
        """Save a new revision of a page (creating the page if needed)."""
        with self._lock:
            if title not in self._pages:
                self._pages[title] = WikiPage(len(self._pages) + 1, title)
            number = self._next_revid - 1000
            return self._append(
                title, text, f"2025-01-01T00:{number // 60 % 60:02d}:{number % 60:02d}Z"
            )

    def delete(self, title: str) -> None:
        with self._lock:
            page = self._pages.pop(title, None)
            for revision in page.history if page else []:
                self._revisions.pop(revision.revid, None)

    def __len__(self) -> int:
        with self._lock:
            return len(self._pages)
