"""The tiles around a feature counted after its own tile ("1 point for the monastery tile and
all eight tiles around it", "für das Klosterplättchen sowie alle acht Plättchen drumherum"):
the flat amount is also a rate per surrounding tile (for `claim_shapes`). All words come from
the language's vocabulary.
"""

from __future__ import annotations

import re

from carcdb.pipeline.parse.rules.claim_units import NUMBER
from carcdb.pipeline.parse.rules.vocabulary import Vocabulary

TILES_AROUND_WINDOW = 40  # characters from "and" to the "around" of "and the 8 tiles around"
TILES_AROUND_END = re.compile(r"[()+|.;]")


def tiles_around_after(sentence: str, end: int, vocab: Vocabulary) -> bool:
    """A flat amount for a feature's own tile, then "and" the counted tiles around it ("1
    point for the monastery tile and all eight tiles around it", "für das Klosterplättchen
    sowie alle acht Plättchen drumherum"): the tiles around score the amount too."""
    joint = vocab.conjunction.search(sentence, end, end + TILES_AROUND_WINDOW)
    if joint is None or TILES_AROUND_END.search(sentence, end, joint.start()):
        return False
    stop = TILES_AROUND_END.search(sentence, joint.end())
    limit = min(stop.start() if stop else len(sentence), joint.end() + TILES_AROUND_WINDOW)
    number = NUMBER.search(sentence, joint.end(), limit)
    words = [w for w in sentence[joint.end() : limit].split() if vocab.number(w) is not None]
    if number is None and not any(w.lower() not in vocab.numbers.articles for w in words):
        return False  # no count of the tiles: "and the tile" is the feature's own
    for phrase in vocab.units:
        if phrase.meaning != "tile":
            continue
        unit = phrase.pattern.search(sentence, joint.end(), limit)
        if unit is not None and vocab.around.search(sentence, unit.end(), limit) is not None:
            return True
    return False
