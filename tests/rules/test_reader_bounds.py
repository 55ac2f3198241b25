"""The reader on sentences far longer than rules text holds: a sentence of more amounts than
Python's recursion limit is read, not a RecursionError (each amount's unit depends on the one
before's, once read by a recursion as deep as the amounts), and a long run of articles or
numbers is read with a window around each number, not the whole sentence once per number
(`claim_elliptic`)."""

from __future__ import annotations

import subprocess
import sys

from carcdb.pipeline.parse.rules.claims import extract_claims
from carcdb.pipeline.parse.rules.vocabulary import vocabulary
from carcdb.schemas.rules import ClaimState

# Run in a process whose recursion limit is below the number of amounts: cheaper than a
# sentence of a thousand amounts under the default limit.
LOW_LIMIT = """
import sys
sys.setrecursionlimit(300)
from carcdb.pipeline.parse.rules.claims import extract_claims
from carcdb.pipeline.parse.rules.vocabulary import vocabulary
from carcdb.schemas.rules import ClaimState
text = "2 points per tile, " * 400
found = extract_claims(text, ["City"], ClaimState.COMPLETED, vocabulary("en"))
print(len(found), sorted({(c.feature, c.unit, c.points) for c in found}))
"""


def test_a_sentence_of_more_amounts_than_the_recursion_limit_is_read() -> None:
    done = subprocess.run(
        [sys.executable, "-c", LOW_LIMIT], capture_output=True, text=True, check=False, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "400 [('city', 'tile', 2)]"


def test_each_amount_keeps_the_unit_before_it_that_is_not_the_amount_before_s() -> None:
    # "each road is 1 point per tile, each cloister is 9": the chain of own units, read in a loop
    text = "Each road is 1 point per tile, each cloister is 9 points, each city 2 per tile."
    claims = extract_claims(text, [], ClaimState.COMPLETED, vocabulary("en"))
    assert [(c.feature, c.unit, c.points) for c in claims] == [
        ("road", "tile", 1),
        ("monastery", "fixed", 9),
        ("city", "tile", 2),
    ]


def test_a_long_run_of_articles_before_an_amount_is_read() -> None:
    text = "a " * 5000 + "city scores 2 points per tile."
    claims = extract_claims(text, [], ClaimState.COMPLETED, vocabulary("en"))
    assert [(c.feature, c.unit, c.points) for c in claims] == [("city", "tile", 2)]


def test_a_long_run_of_numbers_before_a_leading_gap_is_read() -> None:
    # each number before the first amount asks whether it leads the amount after it ("Roads
    # score 1, cities 2 points per tile"): the gap's words are counted up to the few the shape
    # allows and the segment before is found from the number back, not the whole sentence
    # scanned once per number
    text = "Roads score " + "1, " * 3000 + "cities 2 points per tile."
    claims = extract_claims(text, [], ClaimState.COMPLETED, vocabulary("en"))
    assert [(c.feature, c.unit, c.points) for c in claims] == [("city", "tile", 2)]
