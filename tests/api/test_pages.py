"""Golden: a MediaWiki formatversion=2 content answer -> verified PageRevision records."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from carcdb.pipeline.extract.api.pages import import_batch, read_content_answer
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
    given = {
        "Real": (real, text),
        "Upper": (real.upper(), text),
        "Absent": (None, text),  # unverifiable: rejected
        "Zeros": ("0" * 40, text),
        "Edited": (real, text + " "),
    }
    pages = [
        {
            "title": title,
            "revisions": [
                {"revid": revid, "slots": {"main": {"content": content}}}
                | ({} if sha1 is None else {"sha1": sha1})
            ],
        }
        for revid, (title, (sha1, content)) in enumerate(given.items(), start=1)
    ]
    answer = read_content_answer({"query": {"pages": pages}}, "answer.json")
    assert [r.title for r in answer.revisions] == ["Real", "Upper"]
    assert [r.title for r in answer.sha1_mismatch] == ["Absent", "Zeros", "Edited"]
