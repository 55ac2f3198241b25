"""What a scoring sentence's amount is about: the feature scored (for `claims`).

The feature is, the first that gives one:
1. the feature word nearest the amount outside its unit phrase, outside a clause qualifying
   the unit ("tile with a farmhouse") and outside a parenthesised aside the amount is not in;
   features listed together ("Straße, Stadt und Kloster", "monastery or garden") are each
   scored;
   a feature inside a tile unit ("2 points × size of city", "1 point / road section") comes
   first, and one the rule's title or headings are about first of all;
2. the feature its units imply (coats of arms: a city's), first of all when the amount's
   comma segment names no feature ("Stadt 2 Punkte pro Karte, Wappen 2 Punkte, Kloster 9");
3. the features of the sentence before that names one (the statement's subject said
   earlier; a table row's label line starts anew);
4. the table row's label;
5. the rule's title and headings;
6. the features of the qualifying clause ("квадрат с участком дороги с таверной").
A modifier (an inn, a cathedral, a pig: `features.json`) named in the amount's clause, or in
the two sentences before when the sentence names none, makes its base feature its own: "a
road with an inn" is an `inn`. In a barn's context fields and cities score for the barn; in a
field's, cities score for the field. All words come from the language's vocabulary file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from carcdb.pipeline.parse.rules.claim_amounts import Mention
from carcdb.pipeline.parse.rules.claim_feature_words import (
    Found,
    feature_words,
    heading_features,
    longest,
    text_features,
)
from carcdb.pipeline.parse.rules.claim_modifiers import resolve_modifiers
from carcdb.pipeline.parse.rules.claim_objects import opening_subject
from carcdb.pipeline.parse.rules.claim_phase import outside_unit, state_words_in
from carcdb.pipeline.parse.rules.claim_text import LIST_ITEM, comma_segment
from carcdb.pipeline.parse.rules.claim_unit_places import TILE_UNITS, of_tile, without_places
from carcdb.pipeline.parse.rules.claim_units import UnitPhrase
from carcdb.pipeline.parse.rules.vocabulary import Vocabulary

__all__ = [
    "Found",
    "feature_words",
    "heading_features",
    "longest",
    "row_label",
    "state_words_in",
    "text_features",
]

LABEL_WORDS = 8  # a label line (a table row's feature) is short
QUALIFIER_END = re.compile(r"\((?!s\))|(?<!\(s)\)|\||\d")  # "segment(s)" goes on
QUOTED = re.compile(r"„[^”“\n]*[”“]|“[^”\n]*”|\"[^\"\n]*\"|«[^»\n]*»")  # a name: „Drum lung”
NAMED = re.compile(r"„[^”“\n]*[”“]|“[^”\n]*”|«[^»\n]*»")  # typeset quotes: a scoring tile's name
JOINT = re.compile(r"\w|[/&]")  # a gap between listed features with a conjunction
FIGURE_UNITS = frozenset({"follower"})  # a figure counted ("per knight") names its feature last


def qualified_span(
    sentence: str, unit: UnitPhrase | None, vocab: Vocabulary
) -> tuple[int, int] | None:
    """The clause qualifying a unit ("tile with a farmhouse", "cartonaș cu o gospodărie", a
    relative clause: "jedes Gebäude, das sich auf ... der Wiese befindet"): it says which
    count, so a feature word in it is not the feature scored. It runs to a parenthesis, a cell
    border or the next number."""
    if unit is None:
        return None
    match = vocab.qualifier.match(sentence, unit.end) or vocab.relative.match(sentence, unit.end)
    if match is None:
        return None
    stop = QUALIFIER_END.search(sentence, match.end())
    return unit.end, stop.start() if stop else len(sentence)


def _listed(sentence: str, candidates: list[Found], nearest: int, vocab: Vocabulary) -> list[str]:
    """The features listed together with `candidates[nearest]` ("Straße, Stadt und Kloster",
    "monastery or garden"): neighbours whose gap holds only a joiner (a comma, "and", "or"),
    with an "and", "or", "/" or "&" in one of the gaps (a comma alone ends a clause: "la o
    catedrală, tâlharul ..."), or three or more with commas alone ("angefangene Wege,
    Türme, Häuser")."""
    first = last = nearest
    while first > 0 and _joined(sentence, candidates[first - 1][1], candidates[first][0], vocab):
        first -= 1
    while last + 1 < len(candidates) and _joined(
        sentence, candidates[last][1], candidates[last + 1][0], vocab
    ):
        last += 1
    gaps = [
        sentence[a[1] : b[0]]
        for a, b in zip(candidates[first:last], candidates[first + 1 : last + 1], strict=True)
    ]
    if not any(JOINT.search(gap) for gap in gaps) and len(gaps) < 2:
        return [candidates[nearest][2]]  # three or more with commas alone are a list too
    return list(dict.fromkeys(c[2] for c in candidates[first : last + 1]))


def _joined(sentence: str, end: int, start: int, vocab: Vocabulary) -> bool:
    """Only a joiner between two features, or a joiner and the state words each of them takes
    ("le città incomplete e le strade incomplete", "incomplete cities and incomplete roads")."""
    if vocab.joiner.match(sentence, end, start):
        return True
    gap = sentence[end:start]
    return vocab.any_state.search(gap) is not None and bool(
        vocab.joiner.match(vocab.any_state.sub(" ", gap))
    )


def _asides(sentence: str) -> list[tuple[int, int]]:
    """Parenthesised asides ("1 point / tile (except for German cathedral tiles)"); an aside
    left open runs to the end of the sentence."""
    spans: list[tuple[int, int]] = []
    depth = start = 0
    for index, char in enumerate(sentence):
        if char == "(":
            start = index if depth == 0 else start
            depth += 1
        elif char == ")" and depth:
            depth -= 1
            if depth == 0:
                spans.append((start, index + 1))
    if depth:
        spans.append((start, len(sentence)))
    return spans


@dataclass(frozen=True)
class FeatureContext:
    """What a sentence's features may come from besides its own words (the same for every
    amount of the sentence): the table row's label, the two sentences before, the rule's
    title and headings."""

    label: str | None
    recent: list[str]
    headings: list[str]
    pronoun: bool = False  # the sentence opens with a pronoun: the sentence before's subject
    together: bool = False  # the sentence before scored its `recent` features together


def _nearest(
    sentence: str,
    candidates: list[Found],
    mention: Mention,
    vocab: Vocabulary,
    preferred: tuple[int, int] | None = None,
) -> list[str]:
    """The candidate nearest the amount (a feature before it on a tie), in the `preferred`
    span when one is there, with the features listed together with it."""

    def distance(index: int) -> tuple[bool, bool, int]:
        f = candidates[index]
        away = preferred is not None and not preferred[0] <= f[0] < preferred[1]
        # a feature after the amount and an "and" or another amount is the next rate's subject
        # ("le strade incomplete valgono 1 punto per tessera e le città 2", "1 point for each
        # tile, or 2 points per tile with an inn"): one before the amount comes first
        gap = sentence[mention.end : f[0]]
        next_rate = f[0] >= mention.end and bool(
            vocab.conjunction.search(gap) or vocab.points.search(gap)
        )
        return (
            away,
            next_rate,
            max(f[0] - mention.end, mention.start - f[1], 0) + (f[0] >= mention.end),
        )

    nearest = min(range(len(candidates)), key=distance)
    return _listed(sentence, candidates, nearest, vocab)


def _cell_of(sentence: str, position: int) -> tuple[int, int] | None:
    """The cell of a rendered table row (`Label || 1 point / tile || ...`) holding `position`."""
    if "||" not in sentence:
        return None
    start = sentence.rfind("||", 0, position)
    end = sentence.find("||", position)
    return (0 if start < 0 else start + 2), (len(sentence) if end < 0 else end)


def scored_features(
    sentence: str,
    found: list[Found],
    mention: Mention,
    unit: UnitPhrase | None,
    context: FeatureContext,
    vocab: Vocabulary,
    clause: tuple[int, int] | None = None,
) -> list[str]:
    """`found`: the sentence's `feature_words` (the same for every mention, so computed
    once); `clause`: the amount's clause (a feature named in it is preferred). One feature,
    or several listed together; `unknown` when nothing names one."""
    qualified = qualified_span(sentence, unit, vocab)
    # a feature named in an aside the amount is not in is an exception or an explanation
    # ("(except for German cathedral tiles)"), not the feature scored
    asides = [a for a in _asides(sentence) if not a[0] <= mention.start < a[1]] if found else []
    cell = _cell_of(sentence, mention.start)
    outside, inside, in_qualifier, row, figures = [], [], [], [], []
    compared = vocab.as_many.search(sentence) is None  # "so viele Punkte wie die Straße ..."
    for f in longest(found):
        if compared and vocab.likeness.search(sentence[max(0, f[0] - 30) : f[0]]):
            continue  # "wird wie ein Kloster gewertet": a comparison, not the feature scored
        if cell is not None and not cell[0] <= f[0] < cell[1]:
            if f[0] < cell[0]:
                row.append(f)  # the row's label cell
        elif qualified is not None and qualified[0] <= f[0] < qualified[1]:
            in_qualifier.append(f)
        elif any(start <= f[0] < end for start, end in asides):
            continue
        elif outside_unit((f[0], f[1]), unit) and not of_tile(sentence, unit, f, found, vocab):
            outside.append(f)
        elif unit is not None and f[0] >= unit.end:
            inside.append(f)  # "par tuile de ville", "za kafelek miasta": the tile's feature
        elif unit is not None and set(unit.meanings) <= TILE_UNITS:
            inside.append(f)  # "2 points × size of city", "1 point / road section"
        elif unit is not None and set(unit.meanings) == FIGURE_UNITS:
            figures.append(f)  # "5 points for each of his acrobats": the acrobat's, if no other
    segment = None
    if clause is not None and outside:
        outside = [f for f in outside if clause[0] <= f[0] < clause[1]] or outside
        segment = comma_segment(sentence, (mention.start, mention.end), clause)
    if unit is not None and len(outside) > 1:
        outside = without_places(sentence, outside, mention, unit, vocab)
    own_unit = [  # the feature the amount's own unit implies
        vocab.relations.unit_features[m]
        for m in (unit.meanings if unit is not None else ())
        if m in vocab.relations.unit_features
    ]
    implied = own_unit or _implied_feature(sentence, vocab)
    if (
        own_unit
        and segment is not None
        and not inside
        and not any(segment[0] <= f[0] < segment[1] for f in outside)
    ):
        return own_unit[:1]  # "Stadt 2 Punkte pro Karte, Wappen 2 Punkte, Kloster 9 Punkte"
    head = _head_feature(sentence, mention, vocab)
    for candidates in (inside, outside):
        if not candidates:
            continue
        chosen = _nearest(sentence, candidates, mention, vocab, segment)
        if candidates is outside and len(chosen) == 1:
            chosen = [opening_subject(sentence, outside, chosen[0], mention, vocab) or chosen[0]]
        if head is not None and len(chosen) == 1 and head not in chosen:
            modified = vocab.relations.modifiers.get(chosen[0])
            refining = vocab.relations.refinements.get(chosen[0], frozenset())
            if modified != head and head not in refining:
                return [head]  # "Der König: Wer die größte Stadt fertigstellt, erhält ..."
        about = [  # a feature the rule's title or headings are about ("...FeatureGermanCathedral"),
            f[2]  # named in the amount's comma segment when it has one
            for f in inside + outside
            if f[2] in context.headings
            and f[2] not in vocab.relations.modifiers
            and (segment is None or f in inside or segment[0] <= f[0] < segment[1])
        ]
        if len(chosen) == 1 and about and chosen[0] not in about:
            return about[:1]
        if (
            unit is not None
            and len(unit.meanings) == 1
            and own_unit
            and len(chosen) == 1
            and chosen[0] != own_unit[0]
            and vocab.relations.modifiers.get(chosen[0]) != own_unit[0]
            and own_unit[0] not in vocab.relations.refinements.get(chosen[0], frozenset())
        ):
            return own_unit[:1]  # "für jedes Schaf auf seiner Wiese einen Punkt": the flock's
        return chosen
    if row:
        return [resolve_modifiers([f[2] for f in row], vocab)[0]]
    if implied:
        return implied[:1]
    if context.recent and context.pronoun:
        return context.recent[:1]  # "The fairy protects ... from the dragon. She brings 1 point"
    if context.recent:
        about_recent = [  # the one the title or headings are about, if the sentence before names it
            f
            for f in context.recent
            if f in context.headings and f not in vocab.relations.modifiers
        ]
        if context.together and not about_recent:
            return context.recent  # "... a path or bush scores 1. With two kinds, 3."
        return (about_recent or context.recent)[:1]
    if context.label is not None:
        return [context.label]
    if context.headings:
        return context.headings[:1]
    if figures:
        return [resolve_modifiers([f[2] for f in figures], vocab)[0]]
    if in_qualifier:
        return [resolve_modifiers([f[2] for f in in_qualifier], vocab)[0]]
    return ["unknown"]


def scored_together(rates: list[tuple[str, tuple[object, ...]]]) -> list[str]:
    """The features the last rate of a sentence was claimed for together ("a path or bush
    scores 1 point"), in order; `rates`: each claim's feature and its rate."""
    if not rates:
        return []
    last = rates[-1][1]
    return list(dict.fromkeys(f for f, rate in rates if rate == last and f != "unknown"))


HEAD_WORDS = 3  # words of a head before a colon ("Der König: ...")
HEAD_DASH = re.compile(r"\s*(?:[-–•*#]\s+)?([^\W\d][^\d:;|()]{0,40}?)\s+[-–—]\s+")  # "Fortune – "


def _head_feature(sentence: str, mention: Mention, vocab: Vocabulary) -> str | None:
    """The feature a short head before a colon, or opening the sentence before a spaced dash,
    names, for an amount after it ("Der König: Wer die größte Stadt fertigstellt, erhält ... 1
    Punkt", "• Fortune – The player who moved the pig ... gets three points"): what the
    sentence is about."""
    colon = sentence.rfind(":", 0, mention.start)
    dashed = HEAD_DASH.match(sentence)
    if colon >= 0:
        start = max(sentence.rfind(mark, 0, colon) for mark in ";|(:") + 1
        head = sentence[start:colon]
    elif dashed is not None and dashed.end() <= mention.start:
        head = dashed.group(1)  # "• Fortune – The player who ... gets three points"
    else:
        return None
    if len(head.split()) > HEAD_WORDS:
        return None
    found = longest(text_features(head, vocab))
    return resolve_modifiers([f[2] for f in found], vocab)[0] if len(found) == 1 else None


def _implied_feature(sentence: str, vocab: Vocabulary) -> list[str]:
    """A feature the sentence names only through a unit ("blazoanele": a city's)."""
    for phrase in vocab.units:
        if phrase.meaning in vocab.relations.unit_features and phrase.pattern.search(sentence):
            return [vocab.relations.unit_features[phrase.meaning]]
    return []


def row_label(sentence: str, mentions: list[Mention], vocab: Vocabulary) -> str | None:
    """The feature a table row's label line names: a line ending in `|` (a rendered cell), or
    a short line with no number that names a feature; None for any other line. A label naming
    a feature and its modifier ("Route avec une auberge") names the modifier."""
    if mentions or LIST_ITEM.match(sentence):
        return None  # a list item ("- Cathedrals → yes") is a note, not a row's label
    cell = sentence.rstrip().endswith("|")
    head, colon, _ = sentence.partition(":")
    if colon and not cell and len(head.split()) <= LABEL_WORDS:
        sentence = head  # "Garden: Player(s) with the majority ...": the row names its feature
    if not cell and (len(sentence.split()) > LABEL_WORDS or any(c.isdigit() for c in sentence)):
        return None
    found = [f[2] for f in longest(text_features(QUOTED.sub(" ", sentence), vocab))]
    return resolve_modifiers(found, vocab)[0] if found else None
