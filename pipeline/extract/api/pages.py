"""API content responses -> verified `PageRevision`s in an `ImportBatch` (one per request).

The revision parsing itself is `pipeline.extract.apijson` (shared with saved API JSON
files); this module adds what live extraction needs: the sha1 check, ids the server could
not serve (`badrevids`), the checks a file import makes (the title normalised, the
timestamp, the size of the text) and the provenance of the batch. Whether each revision is
one the run asked for is the fetch's (`fetch.py`) to decide.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from carcdb.pipeline.errors import InputError
from carcdb.pipeline.extract import apijson
from carcdb.pipeline.extract.apijson import ApiRevision, parse_api_pages
from carcdb.pipeline.extract.timestamps import wiki_timestamp
from carcdb.pipeline.extract.titles import normalise_title, split_title
from carcdb.pipeline.limits import check_revision_size
from carcdb.pipeline.numbers import INT64_MAX, ascii_int, int_in_range
from carcdb.schemas.pages import ImportBatch, PageRevision, SourceFile, SourceKind, sha256_text

API_FORMAT = "api"


@dataclass(frozen=True)
class ContentAnswer:
    """What one content response held: good revisions, and revisions it could not give."""

    revisions: tuple[ApiRevision, ...]
    sha1_mismatch: tuple[ApiRevision, ...]
    missing_revids: tuple[int, ...]
    missing_titles: tuple[str, ...]
    # (revision, why) not stored: a title MediaWiki could not hold, a malformed timestamp,
    # a text beyond the revision size limit
    refused: tuple[tuple[ApiRevision, str], ...] = ()


def read_content_answer(payload: dict[str, Any], origin: str) -> ContentAnswer:
    """A content answer's revisions, checked; an answer of another shape is an `InputError`
    (the client retries it like a server error: `content_shape`)."""
    pages = parse_api_pages(payload, origin)
    good, refused = [], []
    for revision in pages.revisions:
        try:
            good.append(checked_revision(revision))
        except InputError as exc:
            refused.append((revision, str(exc)))
    # We asked the API for the sha1 (`rvprop=sha1`): a revision without one is unverified.
    checked = [(r, apijson.sha1_matches(r.text, r.sha1, required=True)) for r in good]
    sound = tuple(r for r, ok in checked if ok)
    bad = tuple(r for r, ok in checked if not ok)
    missing_ids = _bad_revids(payload["query"], origin)
    return ContentAnswer(sound, bad, missing_ids, pages.missing, tuple(refused))


def checked_revision(revision: ApiRevision) -> ApiRevision:
    """The revision with its title normalised and its timestamp in the stored form; an
    `InputError` says why it cannot be stored."""
    title = normalise_title(revision.title, origin="title")
    what = f"revision {revision.revision_id} of {title!r}"
    check_revision_size(revision.text, what=what, origin="the answer")
    timestamp = revision.timestamp
    if timestamp is not None:
        timestamp = wiki_timestamp(timestamp, origin="the answer", what=f"the timestamp of {what}")
    if title == revision.title and timestamp == revision.timestamp:
        return revision
    return replace(revision, title=title, timestamp=timestamp)


def _bad_revids(query: dict[str, Any], origin: str) -> tuple[int, ...]:
    """`badrevids`: an object keyed by revision id (formatversion 1 and 2) or a list of
    `{"revid": N}` objects; an id that is not a revision id at all is a malformed answer."""
    raw = query.get("badrevids") or {}
    if isinstance(raw, dict):
        keys: list[object] = list(raw)
    elif isinstance(raw, list):
        keys = [item.get("revid") if isinstance(item, dict) else item for item in raw]
    else:
        raise InputError(f"'badrevids' is {type(raw).__name__}", path=origin)
    ids = []
    for key in keys:
        number = ascii_int(key, INT64_MAX) if isinstance(key, str) else key
        if not int_in_range(number, INT64_MAX, 1):
            raise InputError(f"'badrevids' names {str(key)[:40]!r}, not a revision id", path=origin)
        assert isinstance(number, int)
        ids.append(number)
    return tuple(ids)


def content_shape(payload: dict[str, Any]) -> None:
    """The `shape` check of a content request: raises `InputError` unless readable (its
    revisions' titles, timestamps and sha1s are the fetch's to judge, one by one)."""
    parse_api_pages(payload, "the content answer")
    _bad_revids(payload["query"], "the content answer")


def content_is_sound(payload: dict[str, Any]) -> bool:
    """Cache a content answer only when every revision in it passed the sha1 check."""
    try:
        answer = read_content_answer(payload, "cache")
    except InputError:  # an answer we cannot read is not cached; the fetch reports it
        return False
    return not answer.sha1_mismatch


def page_revision(revision: ApiRevision, endpoint: str) -> PageRevision:
    base, language = split_title(revision.title)
    return PageRevision(
        title=revision.title,
        base_title=base,
        language=language,
        wikitext=revision.text,
        source_kind=SourceKind.API,
        source_path=f"{endpoint}?action=query&revids={revision.revision_id}",
        sha256=sha256_text(revision.text),
        revision_id=revision.revision_id,
        timestamp=revision.timestamp,
    )


def import_batch(revisions: tuple[ApiRevision, ...], endpoint: str) -> ImportBatch:
    """One content request's revisions as a batch whose source is that request."""
    ids = sorted(r.revision_id or 0 for r in revisions)
    identity = json.dumps([endpoint, [(r.revision_id, r.sha1) for r in revisions]], sort_keys=True)
    return ImportBatch(
        source=SourceFile(
            sha256=sha256_text(identity),
            path=f"{endpoint} revids {ids[0]}..{ids[-1]} ({len(ids)})" if ids else endpoint,
            format=API_FORMAT,
            size_bytes=sum(len(r.text.encode("utf-8")) for r in revisions),
            revisions=len(revisions),
        ),
        revisions=tuple(page_revision(r, endpoint) for r in revisions),
    )
