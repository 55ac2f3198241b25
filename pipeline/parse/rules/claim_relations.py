"""How `features.json`'s relations name a claim (for `claims`): the unit an amount's unit
names give a feature (`unit_name`: a flat amount's `fixed`, `majority` or `unknown`, a zero's
rate per tile, a multiplier's unit, a count of cities as a field's `completed_city`), whether
a feature listed with others owns a unit (`owned`: a coat of arms is a city's), and the one
feature that counts a feature's own kind (`counter`: the robber baron's completed roads); a
"most" word before a flat amount makes it a majority's (`most_before`).
"""

from __future__ import annotations

import re

from carcdb.pipeline.parse.rules.claim_amounts import Mention
from carcdb.pipeline.parse.rules.claim_modifiers import base_of
from carcdb.pipeline.parse.rules.claim_shapes import FLAT, Amount, Sentence
from carcdb.pipeline.parse.rules.claim_unit_start import follower_word
from carcdb.pipeline.parse.rules.vocabulary import Vocabulary
from carcdb.schemas.rules import ClaimState


def unit_name(
    name: str,
    feature: str,
    state: ClaimState,
    flat: str,
    mention: Mention,
    vocab: Vocabulary,
    worded: bool = False,
) -> str:
    """`worded`: the multiplier is a word ("double"), not a bare "(x2)"."""
    if name == "multiplier" and flat == "unknown" and mention.multiplier:
        return "unknown"  # "As an example, the tile ... will only double points"
    if name == "multiplier" and mention.multiplier and feature in vocab.relations.zero_units:
        return vocab.relations.zero_units[feature]  # "doubles the road's points": per tile
    if name == "multiplier" and mention.multiplier and worded:
        for per_feature in vocab.relations.feature_units.values():  # "doubles the farmers'
            for unit, of in per_feature.items():  # points": a field's, barn's, pig's rate is
                if feature in of:  # per completed city
                    return unit
    if name == "unknown" and feature in vocab.relations.flat_units and flat != "unknown":
        return vocab.relations.flat_units[feature]  # goods' "10 points for each type": a majority
    if name == "multiplier" and not mention.multiplier:
        name = FLAT  # "..., maar ... levert niets op" after a doubling: no factor of its own
    own = name in (feature, vocab.relations.modifiers.get(feature))
    if own and not mention.multiplier and all(u.meaning != name for u in vocab.units):
        name = FLAT  # "za drogę" of a road or of its inn: for the feature itself, no unit
    if name == FLAT:
        if feature == "unknown" or flat == "unknown":
            return "unknown"
        if feature in vocab.relations.never_flat and mention.points and not mention.bonus:
            return "unknown"  # "my farmers earned her 27 points": a score reached
        zero = mention.points == 0 and not mention.bonus
        if zero and feature in vocab.relations.zero_units:
            if state is ClaimState.INCOMPLETE:
                return vocab.relations.zero_units[feature]  # "scores nothing when incomplete"
            return "unknown"  # a completed road or city is never worth nothing: a player is
        return vocab.relations.flat_units.get(feature, flat)
    counted = vocab.relations.feature_units.get(name)
    if counted is not None:  # "4 points per castle": a field's completed cities
        counting = next((unit for unit, of in counted.items() if feature in of), None)
        if counting is None and mention.multiplier and feature in vocab.relations.zero_units:
            return vocab.relations.zero_units[feature]  # "doubles the points for the road"
        return name if counting is None else counting
    return name


def counter(feature: str, names: tuple[str, ...], vocab: Vocabulary) -> str:
    """A feature's rate per its own kind at the end of the game is the one feature's that
    counts them (`features.json` feature_units with a single counter): "at the end, the robber
    scores a point for every completed road" is the robber baron's (a road is never scored per
    road; during the game Slavic "1 punkt za drogę" is a road's flat point); the completed
    cities a field, a barn, a pig or the king count name no single one."""
    counted = vocab.relations.feature_units.get(feature)
    if counted is None or not any(name == feature or name in counted for name in names):
        return feature
    counters = [of for of in counted.values() if len(of) == 1]
    return next(iter(counters[0])) if len(counters) == 1 else feature


def named_by_unit(
    features: list[str], amount: Amount, sentence: str, vocab: Vocabulary
) -> str | None:
    """The feature a unit names when nothing else is the amount's subject: "Each completed
    city gives its owner 5 points" is the city's flat amount (`features.json` feature_units:
    per completed city only for a field, a barn, a pig or the king, none of them named); not
    where a pronoun stands for the subject ("it scores 4 points for each completed city")."""
    names = amount.names
    if features != ["unknown"] or len(names) != 1:
        return None
    if vocab.pronoun.search(sentence, amount.clause[0], amount.mention.start):
        return None
    return next(
        (feature for feature, units in vocab.relations.feature_units.items() if names[0] in units),
        None,
    )


def owned(name: str, feature: str, features: list[str], vocab: Vocabulary) -> bool:
    """A unit that belongs to one feature (`features.json` unit_features: a coat of arms is a
    city's) counts, of features listed together, for that feature only: "roads and cities
    score 1 point per tile and per coat of arms" gives no road a coat of arms."""
    owner = vocab.relations.unit_features.get(name)
    if owner is None or len(features) < 2:
        return True

    def owns(found: str) -> bool:
        return found == owner or base_of(found, vocab) == owner

    return owns(feature) or not any(owns(found) for found in features)


def most_before(read: Sentence, amount: Amount, vocab: Vocabulary) -> bool:
    """A "most" word ("the most", "die meisten", "najwięcej") before the amount in its clause:
    a flat amount for having the most of something."""
    most = vocab.most.search(read.text, amount.clause[0], amount.mention.start)
    if most is None:
        return False
    # "the player with the most knights there": who wins the feature, no majority's award
    words = re.findall(r"\w+", read.text[most.end() : amount.mention.start])[:4]
    words = [w for w in words if not vocab.genitive.fullmatch(w)]  # "mayor número de caballeros"
    return not words or not follower_word(words[0], vocab)
