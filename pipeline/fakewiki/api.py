"""The answers of the fake wiki: the subset of MediaWiki's `action=query` carcdb uses.

`list=allpages` (prefix, namespace 0), `list=categorymembers`, `meta=messagegroupstats`,
`prop=info` and `prop=revisions` (by titles or revision ids), in `formatversion=2` form, each
honouring value limits (with MediaWiki's "Too many values" warning) and `continue`. Data
faults live here too: pages that vanish after discovery, report a wrong sha1, or get a new
revision each time they are served; answers that hold what was not asked for (a page served
under another page's title, other pages riding along with it); listings whose `continue`
repeats, alternates or never ends. Transport faults are the server's (`fakewiki`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from carcdb.pipeline.extract.titles import namespace_of
from carcdb.pipeline.fakewiki.corpus import FakeCorpus, Revision
from carcdb.pipeline.fakewiki.faults import FAULT_KINDS, RANDOM_FAULT_MIX
from carcdb.pipeline.numbers import is_ascii_digits

_BAD_TITLE_CHARS = set("#<>[]|{}")


@dataclass
class FaultPlan:
    """What goes wrong, and when. `script` faults hit the next requests in order ("ok": none)."""

    rate: float = 0.0
    mix: tuple[str, ...] = RANDOM_FAULT_MIX
    seed: int = 0
    script: list[str] = field(default_factory=list)
    retry_after: int = 1
    slow_seconds: float = 2.0
    delay_seconds: float = 0.0  # added to every API answer (a slow server, not a fault)
    vanish: set[str] = field(default_factory=set)  # listed by discovery, missing on fetch
    bad_sha1: set[str] = field(default_factory=set)
    changing: set[str] = field(default_factory=set)  # a new revision after each content fetch
    value_limit: int = 50  # titles/revids per request, like MediaWiki for non-bots
    list_limit: int = 500  # aplimit/cmlimit maximum
    # page -> the title its revisions carry in content answers (a foreign title)
    foreign: dict[str, str] = field(default_factory=dict)
    # page -> other pages whose entries (latest revision) ride along with it, unasked
    extra: dict[str, tuple[str, ...]] = field(default_factory=dict)
    listed: tuple[str, ...] = ()  # titles every listing answer gives too, asked for or not
    continuation: str = ""  # "repeat", "alternate" or "endless": see `faults.CONTINUATIONS`
    trickle_seconds: float = 1.0  # between two bytes of a "trickle" answer
    bomb_mb: int = 1536  # what a "gzip-bomb" answer decodes to


def _normalise(title: str) -> str:
    cleaned = " ".join(title.replace("_", " ").split())
    return cleaned[:1].upper() + cleaned[1:]


def _invalid_reason(title: str) -> str | None:
    if not title.strip():
        return "The requested page title is empty or contains only the name of a namespace."
    if any(c in _BAD_TITLE_CHARS or ord(c) < 32 for c in title):
        return "The requested page title contains invalid characters."
    return None


class FakeApi:
    """Answers decoded `api.php` parameters from a corpus; `count` tallies what was asked."""

    def __init__(self, corpus: FakeCorpus, faults: FaultPlan, count: Callable[[str], None]) -> None:
        self.corpus = corpus
        self.faults = faults
        self.count = count
        self.tokens_given = 0  # by an endless continuation

    def answer(self, params: dict[str, str]) -> dict[str, Any]:
        if params.get("action") != "query":
            return error_answer(
                "badvalue", f'Unrecognized value for parameter "action": {params.get("action")}.'
            )
        result: dict[str, Any] = {"batchcomplete": True, "query": {}}
        if params.get("list") == "allpages":
            self.count("list")
            self._allpages(params, result)
        elif params.get("list") == "categorymembers":
            self.count("list")
            self._categorymembers(params, result)
        elif "list" in params:
            return error_answer(
                "badvalue", f'Unrecognized value for parameter "list": {params["list"]}.'
            )
        if params.get("meta") == "messagegroupstats":
            self.count("stats")
            self._messagegroupstats(params, result)
        elif "meta" in params:
            return error_answer(
                "badvalue", f'Unrecognized value for parameter "meta": {params["meta"]}.'
            )
        if params.get("prop") == "info":
            self.count("info")
            self._pages(params, result, content=False)
        elif params.get("prop") == "revisions":
            self.count("content")
            self._pages(params, result, content=True)
        elif "prop" in params:
            return error_answer(
                "badvalue", f'Unrecognized value for parameter "prop": {params["prop"]}.'
            )
        return result

    def _limit(self, params: dict[str, str], key: str) -> int:
        raw = params.get(key, "10")
        return (
            self.faults.list_limit
            if raw == "max"
            else max(1, min(int(raw), self.faults.list_limit))
        )

    def _listing(
        self,
        titles: list[str],
        start: str | None,
        limit: int,
        cont_key: str,
        result: dict[str, Any],
        list_name: str,
    ) -> None:
        loop = self.faults.continuation
        if start and not loop:
            titles = [t for t in titles if t >= start]
        shown, rest = titles[:limit], titles[limit:]
        items = []
        for title in shown:
            page = self.corpus.page(title)
            items.append({"pageid": page.pageid if page else 0, "ns": 0, "title": title})
        items += [{"pageid": 0, "ns": namespace_of(t), "title": t} for t in self.faults.listed]
        result["query"][list_name] = items
        if loop:  # the same first titles again and again, with a token that never ends
            if loop == "repeat":
                token = "Loop"
            elif loop == "alternate":
                token = "B" if start == "A" else "A"
            else:  # endless: a new token each time
                self.tokens_given += 1
                token = f"Next {self.tokens_given}"
            result["continue"] = {cont_key: token, "continue": "-||"}
        elif rest:
            result["continue"] = {cont_key: rest[0], "continue": "-||"}

    def _allpages(self, params: dict[str, str], result: dict[str, Any]) -> None:
        prefix = _normalise(params.get("apprefix", "")) if params.get("apprefix") else ""
        if params.get("apnamespace", "0") != "0":
            result["query"]["allpages"] = []
            return
        titles = [t for t in self.corpus.titles() if t.startswith(prefix)]
        titles += [
            t for t in sorted(self.faults.vanish) if t.startswith(prefix) and t not in titles
        ]
        self._listing(
            sorted(titles),
            params.get("apcontinue"),
            self._limit(params, "aplimit"),
            "apcontinue",
            result,
            "allpages",
        )

    def _categorymembers(self, params: dict[str, str], result: dict[str, Any]) -> None:
        category = _normalise(params.get("cmtitle", "").partition(":")[2])
        titles = []
        for title in self.corpus.titles():
            page = self.corpus.page(title)
            if page and category in page.categories():
                titles.append(title)
        self._listing(
            titles,
            params.get("cmcontinue"),
            self._limit(params, "cmlimit"),
            "cmcontinue",
            result,
            "categorymembers",
        )

    def _messagegroupstats(self, params: dict[str, str], result: dict[str, Any]) -> None:
        """Per-language counts of translation units (`<!--T:n-->`) of a translatable page."""
        group = params.get("mgsgroup", "")
        if not group.startswith("page-"):
            result["query"]["messagegroupstats"] = []
            return
        base = group.removeprefix("page-")
        found = {}
        for title in self.corpus.titles():
            code = "en" if title == base else title.removeprefix(base + "/")
            page = self.corpus.page(title)
            if page and (title == base or (title.startswith(base + "/") and "/" not in code)):
                found[code] = page.latest.text.count("<!--T:")
        total = found.get("en", max(found.values(), default=0))
        result["query"]["messagegroupstats"] = [
            {"group": group, "code": code, "language": code, "total": total,
             "translated": min(units, total) if code != "en" else total,
             "fuzzy": 0, "proofread": 0}
            for code, units in sorted(found.items())
        ]  # fmt: skip

    def _values(self, params: dict[str, str], key: str, result: dict[str, Any]) -> list[str]:
        values = params[key].split("|") if key in params else []
        limit = self.faults.value_limit
        if len(values) > limit:
            result.setdefault("warnings", {})["main"] = {
                "warnings": f'Too many values supplied for parameter "{key}". The limit is {limit}.'
            }
            values = values[:limit]
        return values

    def _pages(self, params: dict[str, str], result: dict[str, Any], *, content: bool) -> None:
        pages: list[dict[str, Any]] = []
        served: list[Revision] = []
        if "revids" in params:
            bad: dict[str, Any] = {}
            for raw in self._values(params, "revids", result):
                number = is_ascii_digits(raw)  # (`str.isdigit` takes '²', which int() refuses)
                revision = self.corpus.revision(int(raw)) if number else None
                if revision is None or revision.title in self.faults.vanish:
                    bad[raw] = {"revid": int(raw) if number else raw, "missing": True}
                    continue
                pages += self._entries(revision, content)
                served.append(revision)
            if bad:
                result["query"]["badrevids"] = bad
        else:
            normalized = []
            for raw in self._values(params, "titles", result):
                reason = _invalid_reason(raw)
                if reason:
                    pages.append({"title": raw, "invalid": True, "invalidreason": reason})
                    continue
                title = _normalise(raw)
                if title != raw:
                    normalized.append({"fromencoded": False, "from": raw, "to": title})
                page = self.corpus.page(title)
                if page is None or title in self.faults.vanish:
                    pages.append({"ns": 0, "title": title, "missing": True})
                    continue
                pages += self._entries(page.latest, content)
                served.append(page.latest)
            if normalized:
                result["query"]["normalized"] = normalized
        result["query"]["pages"] = pages
        if content:
            for revision in served:
                if revision.title in self.faults.changing:
                    self.corpus.edit(revision.title, revision.text + "\nEdited again.")

    def _entries(self, revision: Revision, content: bool) -> list[dict[str, Any]]:
        """The page entry of `revision` (its content under a foreign title if the faults say
        so), and the entries of the pages that ride along with it."""
        entry = self._page_entry(revision, content)
        if content and revision.title in self.faults.foreign:
            entry["title"] = self.faults.foreign[revision.title]
        entries = [entry]
        for other in self.faults.extra.get(revision.title, ()):
            page = self.corpus.page(other)
            if page is not None:
                entries.append(self._page_entry(page.latest, content))
        return entries

    def _page_entry(self, revision: Revision, content: bool) -> dict[str, Any]:
        page = self.corpus.page(revision.title)
        entry: dict[str, Any] = {
            "pageid": page.pageid if page else 0,
            "ns": 0,
            "title": revision.title,
        }
        if not content:
            latest = page.latest if page else revision
            entry.update(
                contentmodel="wikitext",
                touched=latest.timestamp,
                lastrevid=latest.revid,
                length=len(latest.text.encode("utf-8")),
            )
            return entry
        sha1 = revision.sha1
        if revision.title in self.faults.bad_sha1:
            sha1 = "0" * 40
        entry["revisions"] = [
            {
                "revid": revision.revid,
                "parentid": revision.parentid,
                "timestamp": revision.timestamp,
                "sha1": sha1,
                "slots": {
                    "main": {
                        "contentmodel": "wikitext",
                        "contentformat": "text/x-wiki",
                        "content": revision.text,
                    }
                },
            }
        ]
        return entry


def error_answer(code: str, info: str) -> dict[str, Any]:
    return {"error": {"code": code, "info": info}}


__all__ = ["FAULT_KINDS", "RANDOM_FAULT_MIX", "FakeApi", "FaultPlan", "error_answer"]
