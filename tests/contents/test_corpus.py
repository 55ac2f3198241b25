"""The Contents reader on the real Contents sentences: bars asserted per half (both halves'
tables are printed at the end of every run that includes this test).

The reader was tuned on the development half only; the test half (held out, read once the
grammar and lexicons were written) is the figure docs/contents.md reports. The bars are the
measured figures rounded down to the next 5 points, so a change that reads the corpus worse
fails, and one that reads it better can raise them.
"""

from __future__ import annotations

import pytest

from tests.contents.real_contents import HALVES, scores, statements

# half -> (recall, precision) the reader must reach over all items of the half: the figures
# measured after the reader was tuned on the development half, rounded down to 5 points
# (docs/contents.md); the test recall bar went from 0.70 to 0.65 when batch rf-sla added its
# held-out half (test 69.0% with it, read before any tuning on rf-sla), and back to 0.70 and the
# dev recall bar from 0.80 to 0.90 after session 18's pass (dev 92.6% / 94.8%, test 74.5% /
# 86.2%).
BARS = {"dev": (0.90, 0.90), "test": (0.70, 0.85)}


def test_corpus_size() -> None:
    found = statements()
    assert len(found) == 450  # 413, batch rf-sla's 25, rf-rom's 9 and rm's 3
    assert {s.half for s in found} == set(HALVES)
    assert len({s.language for s in found}) >= 10


@pytest.mark.parametrize("half", HALVES)
def test_half_reaches_its_bar(half: str) -> None:
    # The tables are printed at the end of the run (`pytest_terminal_summary`, tests/conftest.py).
    overall = scores(half)["all"]
    recall, precision = BARS[half]
    assert overall.recall >= recall, overall.misses
    assert overall.precision >= precision, overall.misses
