"""Content batches: up to 50 revisions per request, sha1-verified, yielded one by one.

Content is asked for by revision id (the ids the info sweep found), so an answer is immutable
and may be cached, and the stored revision is exactly the one the sweep decided to fetch: a
revision in the answer is kept only when its id was asked for in that request, once, and it
carries the title the sweep found for that id. Anything else (a revision of another page,
one never asked for, one given twice) is refused: a problem row of the run, never stored.
This module fetches and yields; the caller (`pipeline.run.extract`) stores every batch on its
own, so a run killed half-way loses at most the batch in flight and the next run's sweep
finds the stored revisions and fetches only the rest.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from carcdb.pipeline.errors import InputError
from carcdb.pipeline.extract.api.client import ApiClient, RequestFailed
from carcdb.pipeline.extract.api.pages import (
    ContentAnswer,
    content_is_sound,
    content_shape,
    import_batch,
    read_content_answer,
)
from carcdb.pipeline.extract.api.sweep import MAX_VALUES, PageInfo, server_limit
from carcdb.pipeline.extract.apijson import ApiRevision
from carcdb.pipeline.extract.titles import normalise_title
from carcdb.pipeline.progress import NoProgress, Progress
from carcdb.schemas.pages import ImportBatch

RVPROP = "ids|timestamp|sha1|content"
_ATTEMPTS_PER_REVISION = 2  # a revision refetched once after a sha1 mismatch or no answer


@dataclass
class FetchOutcome:
    content_requests: int = 0
    fetched: int = 0
    deleted: list[str] = field(default_factory=list)  # gone between the sweep and the fetch
    failed: list[tuple[str, str]] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)  # in an answer, not stored


def fetch_batches(
    client: ApiClient,
    pages: Sequence[PageInfo],
    *,
    batch_size: int = MAX_VALUES,
    progress: Progress | None = None,
    outcome: FetchOutcome | None = None,
) -> Iterator[ImportBatch]:
    """Yield each answered batch as one ImportBatch; `outcome` (filled as it goes) stays
    readable if the run stops. Progress advances once the caller has taken the batch."""
    progress = progress or NoProgress()
    endpoint = client.config.endpoint
    outcome = outcome if outcome is not None else FetchOutcome()
    queue = deque(pages)
    tries: Counter[int] = Counter()
    while queue:
        batch = [queue.popleft() for _ in range(min(batch_size, len(queue)))]
        by_id = {page.lastrevid: page for page in batch}
        params = {
            "prop": "revisions",
            "revids": "|".join(str(page.lastrevid) for page in batch),
            "rvprop": RVPROP,
            "rvslots": "main",
        }
        for page in batch:
            tries[page.lastrevid] += 1
        sent = client.stats.requests
        try:
            payload = client.query(params, cache_if=content_is_sound, shape=content_shape)
            answer = read_content_answer(payload, f"{endpoint} (content)")
        except (RequestFailed, InputError) as exc:  # (the shape check already read it)
            # this batch is lost, its pages reported; the run goes on (after a spent retry
            # budget, every later batch fails at once, without a request)
            _fail(outcome, progress, batch, str(exc))
            continue
        finally:  # requests that went out: neither cache hits nor requests never sent
            outcome.content_requests += client.stats.requests > sent
        limit = server_limit(payload)
        if limit and limit < len(batch):
            for page in reversed(batch[limit:]):
                tries[page.lastrevid] -= 1  # not answered by the server's choice: no try used
                queue.appendleft(page)
            batch, batch_size = batch[:limit], limit
        kept, refused = _asked_for(answer, by_id)
        outcome.refused += [r for r in refused if r not in outcome.refused]  # (a retry: again)
        answered = {r.revision_id for r in kept}
        for revid in answer.missing_revids:
            if revid in by_id:
                outcome.deleted.append(by_id[revid].title)
                progress.advance("pages")
        for revision, why in answer.refused:
            unusable = by_id.get(revision.revision_id or 0)
            if unusable and unusable.title == _title_or_none(revision):
                _fail(outcome, progress, [unusable], f"the wiki's answer cannot be stored: {why}")
        again = []
        for revision in answer.sha1_mismatch:
            mismatched = by_id.get(revision.revision_id or 0)
            if mismatched and mismatched.title != revision.title:
                continue  # refused above; the page itself is unanswered
            if mismatched and tries[mismatched.lastrevid] < _ATTEMPTS_PER_REVISION:
                again.append(mismatched)
            elif mismatched:
                _fail(outcome, progress, [mismatched], "sha1 of the received text does not match")
        settled = set(answered) | set(answer.missing_revids)
        settled |= {r.revision_id for r in answer.sha1_mismatch if _matches(r, by_id)}
        settled |= {r.revision_id for r, _ in answer.refused if _matches(r, by_id)}
        for page in batch:
            if page.lastrevid in settled:
                continue
            if tries[page.lastrevid] < _ATTEMPTS_PER_REVISION:
                again.append(page)
            else:
                _fail(outcome, progress, [page], "the server did not return this revision")
        queue.extend(again)
        if kept:
            yield import_batch(tuple(kept), endpoint)
            outcome.fetched += len(kept)
            progress.advance("pages", len(kept))


def _title_or_none(revision: ApiRevision) -> str | None:
    try:
        return normalise_title(revision.title)
    except InputError:
        return None


def _matches(revision: ApiRevision, by_id: dict[int, PageInfo]) -> bool:
    """Is this the revision asked for under its id, of the page the sweep found for it?"""
    asked = by_id.get(revision.revision_id or 0)
    return asked is not None and asked.title == _title_or_none(revision)


def _asked_for(
    answer: ContentAnswer, by_id: dict[int, PageInfo]
) -> tuple[list[ApiRevision], list[tuple[str, str]]]:
    """The answer's good revisions that were asked for, and (title, why) of the others."""
    kept: list[ApiRevision] = []
    refused: list[tuple[str, str]] = []
    seen: set[int] = set()
    for revision in answer.revisions:
        revid = revision.revision_id
        asked = by_id.get(revid or 0)
        if revid is None or asked is None:
            refused.append((revision.title, f"revision {revid} was not asked for: not stored"))
        elif asked.title != revision.title:
            refused.append(
                (
                    asked.title,
                    f"the answer gave revision {revid} as a revision of {revision.title!r}, "
                    f"but it was asked for as a revision of {asked.title!r}: not stored",
                )
            )
        elif revid in seen:
            refused.append((asked.title, f"the answer gave revision {revid} twice"))
        else:
            seen.add(revid)
            kept.append(revision)
    for revision in answer.sha1_mismatch:
        if not _matches(revision, by_id):
            refused.append(
                (revision.title, f"revision {revision.revision_id} was not asked for: not stored")
            )
    for revision, _why in answer.refused:
        if not _matches(revision, by_id):
            refused.append(
                (
                    revision.title[:300],
                    f"revision {revision.revision_id} was not asked for: not stored",
                )
            )
    return kept, refused


def _fail(
    outcome: FetchOutcome, progress: Progress, pages: Sequence[PageInfo], reason: str
) -> None:
    for page in pages:
        outcome.failed.append((page.title, reason))
        progress.advance("pages")
