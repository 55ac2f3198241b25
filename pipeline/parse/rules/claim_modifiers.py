"""Modifiers and refinements of a scored feature (`features.json`, for `claims`): a modifier
named with its base feature makes the base its own ("a road with an inn" is an `inn`, "Cesta s
hostincem"), and a refiner in the context scores the features it refines (in a barn's context
fields and cities score for the barn; in a field's, cities for the field).
"""

from __future__ import annotations

from carcdb.pipeline.parse.rules.vocabulary import Vocabulary


def modifiers_in(features: list[str], vocab: Vocabulary) -> dict[str, str]:
    """The modifiers among `features`, by the base feature they modify."""
    return {vocab.relations.modifiers[f]: f for f in features if f in vocab.relations.modifiers}


def resolve_modifiers(features: list[str], vocab: Vocabulary) -> list[str]:
    """Features named together, a base feature replaced by its modifier ("Cesta s hostincem":
    `inn`), in order, once each."""
    modifying = modifiers_in(features, vocab)
    return list(dict.fromkeys(modifying.get(f, f) for f in features))


def base_of(feature: str, vocab: Vocabulary) -> str | None:
    """The feature a modifier modifies (an inn's road), None for any other feature."""
    return vocab.relations.modifiers.get(feature)


def refined(
    feature: str, context_features: list[str], sentence_features: list[str], vocab: Vocabulary
) -> str:
    """A barn's field or city, a field's city (`features.json` refinements): in the context,
    or for a barn also named in the sentence itself."""
    for name, scored in vocab.relations.refinements.items():
        named = name in context_features or (
            name in vocab.relations.sentence_refinements and name in sentence_features
        )
        if named and feature in scored:
            return name
    return feature
