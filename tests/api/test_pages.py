"""Golden: a MediaWiki formatversion=2 content answer -> verified PageRevision records."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pipeline.extract.api.pages import import_batch, read_content_answer, sha1_matches
from pipeline.extract.apijson import ApiRevision
from tests.conftest import FIXTURES

ENDPOINT = "https://wikicarpedia.com/api.php"


def _load(name: str) -> Any:
    return json.loads((FIXTURES / "api" / name).read_text("utf-8"))


def test_content_answer_golden() -> None:
    payload = _load("revisions_fv2.json")
    expected = _load("revisions_fv2.expected.json")
    answer = read_content_answer(payload, "revisions_fv2.json")
    batch = import_batch(answer.revisions, ENDPOINT)
    assert [r.model_dump(mode="json", exclude={"wikitext"}) for r in batch.revisions] == expected[
        "revisions"
    ]
    contents = {
        page["title"]: page["revisions"][0]["slots"]["main"]["content"]
        for page in payload["query"]["pages"]
    }
    assert all(r.wikitext == contents[r.title] for r in batch.revisions)
    assert [r.title for r in answer.sha1_mismatch] == expected["sha1_mismatch"]
    assert list(answer.missing_revids) == expected["missing_revids"]
    assert batch.source.model_dump(mode="json") == expected["source"]


def test_sha1_check_is_case_insensitive_and_rejects_absent_sha1() -> None:
    text = "{{Tile|image=Base_Game_C3_Tile_A.png|count=2}}"
    real = hashlib.sha1(text.encode("utf-8")).hexdigest()
    assert sha1_matches(ApiRevision("A", 1, None, real, text))
    assert sha1_matches(ApiRevision("A", 1, None, real.upper(), text))
    assert not sha1_matches(ApiRevision("A", 1, None, None, text))  # unverifiable: rejected
    assert not sha1_matches(ApiRevision("A", 1, None, "0" * 40, text))
    assert not sha1_matches(ApiRevision("A", 1, None, real, text + " "))
