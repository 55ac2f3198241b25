"""Where a feature word right after a unit stands to the unit (for `claim_context`): the
tile's own feature after a genitive word or none ("par tuile de ville", "za kafelek miasta":
`of_tile`), or the place the units are counted in after a place word ("per fish in the lake":
`without_places`). All words come from the language's vocabulary file.
"""

from __future__ import annotations

import re

from carcdb.pipeline.parse.rules.claim_feature_words import Found
from carcdb.pipeline.parse.rules.claim_mention import Mention
from carcdb.pipeline.parse.rules.claim_text import WORDS
from carcdb.pipeline.parse.rules.claim_units import UnitPhrase
from carcdb.pipeline.parse.rules.vocabulary import Vocabulary

__all__ = ["TILE_UNITS", "of_tile", "without_places"]

TILE_UNITS = frozenset({"tile", "surrounding_tile"})  # units that may name their feature


OF_WORDS = 2  # "de la", "of the": words between a tile unit and the feature it is of


def of_tile(
    sentence: str, unit: UnitPhrase | None, f: Found, named: list[Found], vocab: Vocabulary
) -> bool:
    """The feature right after a tile unit, with nothing or a genitive word between (the
    lexicon's `genitive`: "par tuile de ville", "per tessera di città", "za kafelek miasta"): the
    tile's, as "city tile" is."""
    if unit is None or not set(unit.meanings) <= TILE_UNITS or f[0] < unit.end:
        return False
    word = sentence[f[0] : f[1]].lower()
    if any(sentence[g[0] : g[1]].lower().endswith(f" {word}") for g in named if g[1] <= unit.start):
        return False  # "Pán německého hradu ... za kartičku hradu": the castle named before
    gap = sentence[unit.end : f[0]]
    if PLACE_GAP_STOP.search(gap) is not None:
        return False
    words = WORDS.findall(gap)
    return len(words) <= OF_WORDS and all(vocab.genitive.fullmatch(w) for w in words)


PLACE_WORDS = 3  # words between a unit and the feature that says where it is counted
PLACE_GAP_STOP = re.compile(r"[,;:.()|\d]")


def without_places(
    sentence: str, outside: list[Found], mention: Mention, unit: UnitPhrase, vocab: Vocabulary
) -> list[Found]:
    """Without a feature right after the unit and a place word (the lexicon's `places`) that
    says where it is counted ("a river scores one point per fish in the lake", "pro Fisch in den
    Seen") when another feature before the amount is the subject; after "of" the feature is the
    unit's ("un punto por ficha de camino")."""
    if not any(f[1] <= mention.start for f in outside):
        return outside

    def place(f: Found) -> bool:
        if f[0] < unit.end:
            return False
        gap = sentence[unit.end : f[0]]
        words = WORDS.findall(gap)
        return (
            PLACE_GAP_STOP.search(gap) is None
            and 0 < len(words) <= PLACE_WORDS
            and vocab.place.fullmatch(words[0]) is not None  # "in", not "of": "tile of road"
            and not any(vocab.per.fullmatch(w) or vocab.score_verb.match(w) for w in words)
        )

    return [f for f in outside if not place(f)] or outside
