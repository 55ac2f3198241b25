"""One Contents sentence -> the items it counts: one grammar, every language's words as data.

A count is a number (digits or a number word) and the noun phrase after it:
- `18 landscape tiles` -> tiles; a land tile noun with a feature (`12 land tiles showing
  river segments`) counts both; a tile noun naming a feature (`6 carte ristorante`, `2
  квадрата с собором`) counts the feature; `points` makes score tiles, `start` the start
  tile (already among the tiles: not counted); `2 tile types` counts nothing;
- a feature or a good alone (`6 posadas`, `9 s vínem`, `9x vin`): the feature, or the good's
  token after a token noun (`20 jetons (9 x vin ...)`);
- a figure noun: the figure it names, `meeple` for a figure of no kind, `large_meeple` with a
  large modifier (`sei grandi subordinati`);
- `6 of the 18 tiles include images of an Inn` (partitive): the first feature after the tiles;
- `Inn on the Lake (6 tiles)`, `płytki terenu (18 sztuk)`: the noun before the parenthesis;
- a tower word beside a pieces word (`30 piezas de torre`, `30 Turm-Ebenen`): tower pieces;
- a start modifier on a board (`1 start board`, `1 Starttafel`): the start board; a good right
  before another noun is its material (`1 cloth bag`: a bag);
- `N colours`, `N players` count no item: they say how many colours the box holds;
- coordination: `a Pig and Builder figure` counts both with one number;
- a count alone after its noun: `Tessere Paesaggio (72)`, `Landschaftskarten: 72`, `Meeples x 40`;
- copies after a phrase multiply its count (`4 Katapultplättchen in jeweils sechs Exemplaren`);
  a number right after a times count is a face value, not a count (`5x 2 Schafe`).
Colours and players: `in each of the six colours` multiplies the counts just before it in its
clause (`a builder and a pig` -> 6 each, `8 meeples` -> 48); a count whose list member ends
with "each" (`8 meeples cadascun`) is multiplied by the colours the sentence names; `per
player`, `each player`, `po`/`câte` make the nearest count a count per player (`basis`
`per_player`); an indefinite article counts 1 only for an item a box holds once (a scoreboard,
a bag, a neutral figure), never a player's figure or a tile; an item a box holds once (`once`:
a scoreboard, the rules, a bag) that a list names with no number counts 1 (`72 płytki, plansza
punktacji i instrukcja`), as in the languages without articles. A number the grammar places
nowhere is returned as unplaced.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from dataclasses import dataclass, field

from carcdb.pipeline.parse.contents.lexicon import Lexicon, vocabulary
from carcdb.pipeline.parse.contents.members import bare_once, coordinated
from carcdb.pipeline.parse.contents.phrases import (
    PHRASE_LIMIT,
    Phrase,
    TokenSentence,
    kind_of,
    per_player_item,
)
from carcdb.pipeline.parse.contents.tokens import Token
from carcdb.schemas.contents import ContentsBasis

LIST_COMMAS = 2  # commas that make a sentence of no count a list of contents


@dataclass(frozen=True)
class ReadItem:
    item: str
    count: int
    basis: ContentsBasis
    colours: int | None
    start: int  # the count's offset in the sentence


@dataclass
class Reading:
    items: list[ReadItem] = field(default_factory=list)
    unplaced: list[Token] = field(default_factory=list)  # numbers counting nothing known


def _article_counts(item: str) -> bool:
    """An indefinite article counts 1 of an item a box holds once: not a player's figure set,
    not tiles (`a tile` in a Contents sentence is one of those already counted)."""
    info = vocabulary().items[item]
    return info.kind in ("other", "figure") and not info.per_player


def read_sentence(text: str, lex: Lexicon) -> Reading:
    """The items one sentence counts (see the module docstring), in reading order."""
    sentence = TokenSentence(text, lex)
    tokens = sentence.tokens
    markers, held = sentence.markers()
    # `5x 2 Schafe`: a number right after a times count is the face value of what it counts.
    held |= {i + 1 for i in range(len(tokens) - 1) if tokens[i].times and tokens[i + 1].value}
    counts = [
        index
        for index in range(len(tokens))
        if index not in held and sentence.number(index) is not None
    ]
    distributive = {
        index for index in counts if index > 0 and sentence.word(index - 1, "distributive")
    }
    phrases: dict[int, Phrase] = {}
    colours: int | None = None
    context: str | None = None
    skip_until = -1
    copies: dict[int, int] = {}  # `4 Katapultplättchen in jeweils sechs Exemplaren`: 4 x 6
    for index in counts:
        if index < skip_until:
            continue
        phrase = sentence.phrase(index, context)
        phrases[index] = phrase
        copied = None if phrase.colours is not None else sentence.copies(phrase.stop)
        if copied is not None:
            copies[index] = sentence.number(copied) or 1
            skip_until = copied + 2
            context = phrase.context or context
            continue
        context = phrase.context or context
        colours = colours or phrase.colours
        skip_until = phrase.stop if phrase.colours is None else -1
    colours = colours or next((m.number for m in markers if m.number), None)
    per_player = set(distributive)
    multiplied: dict[int, int] = {}
    # Counts and "in each of N colours" per clause, in token order: each marker is bound by a
    # binary search, so a long hostile sentence costs no more than its length times a log.
    counted: dict[int, list[int]] = defaultdict(list)
    for index, phrase in phrases.items():
        if not phrase.colours:
            counted[sentence.clauses[index]].append(index)
    previous: dict[int, int] = {}  # clause -> the index of its last marker so far
    for marker in markers:  # in token order
        clause = sentence.clauses[marker.index]
        same = counted.get(clause, [])
        position = bisect.bisect_left(same, marker.index)
        if marker.number is not None:
            # `a builder and a pig in each of the six colours`, `8 meeples in each of 5
            # colours`: the counts just before it, after the clause's previous marker.
            floor = max(previous.get(clause, -1), marker.index - PHRASE_LIMIT)
            start = bisect.bisect_right(same, floor)
            for index in same[start:position]:
                multiplied[index] = marker.number
        elif position:
            per_player.add(same[position - 1])
        elif position < len(same):
            per_player.add(same[position])
        previous[clause] = marker.index
    if colours:
        # `5 sets de diferents colors format per 8 meeples cadascun`: a count whose list member
        # ends with an "each" word is per colour, times the colours the sentence names.
        for index, phrase in phrases.items():
            stop = phrase.stop
            trailing = stop < len(tokens) and sentence.word(stop, "each")
            if not trailing or phrase.colours is not None:
                continue
            if stop + 1 == len(tokens) or tokens[stop + 1].kind == "punct":
                multiplied.setdefault(index, colours)
    reading = Reading()
    last_figure: str | None = None
    # An article counts only in a list of contents: at the sentence's start (`O tablă de
    # scor`) or beside other counts (`sei maialini e un sacchetto`), not in prose (`placed
    # in a bag`).
    listing = any(not sentence.article(index) for index in counts) or (
        bool(counts) and counts[0] == 0
    )
    covered: set[int] = set()
    for index, phrase in phrases.items():
        covered.update(range(index, max(phrase.stop, index + 1)))
        counting = phrase.colours is None and not phrase.dropped
        if counting and coordinated(sentence, phrase.stop) is not None:
            covered.update((phrase.stop, phrase.stop + 1))
    # A list of contents: counts beside each other, or members cut by two commas or more
    # (`стопка тайлов, горсть жетонов, пакетик с фишками, правила игры и ...`).
    # Such a list opens the sentence only when it has counts (`The rules, as usual, are short`).
    commas = sum(1 for token in tokens if token.text == ",")
    counted_list = any(not sentence.article(index) for index in counts)
    numbered = counted_list or commas >= LIST_COMMAS
    for index, phrase in phrases.items():
        if phrase.colours is not None or phrase.dropped:
            continue
        count = sentence.number(index)
        assert count is not None
        items = list(phrase.items)
        if phrase.generic and index in per_player and last_figure:
            items = [last_figure]
        if not items and (index in per_player or index in multiplied) and last_figure:
            items = [last_figure]
            multiplied.pop(index, None)  # "8 in each of 5 colours": 8 per colour, elided
            per_player.add(index)
        extra = coordinated(sentence, phrase.stop)
        if extra is not None:
            items.append(extra)
        if not items:
            if not sentence.article(index):
                reading.unplaced.append(tokens[index])
            continue
        for item in items:
            if kind_of(item) == "figure":
                last_figure = item
            basis, total = ContentsBasis.BOX, count * copies.get(index, 1)
            if index in multiplied and per_player_item(item):
                total = count * multiplied[index]
            elif sentence.article(index) and not (_article_counts(item) and listing):
                continue  # `a meeple of each colour marks the score`: no count
            elif index in per_player and per_player_item(item):
                basis = ContentsBasis.PER_PLAYER
            figure = kind_of(item) == "figure" or per_player_item(item)
            reading.items.append(
                ReadItem(item, total, basis, colours if figure else None, tokens[index].start)
            )
    # A once-held item a list names with no number (`..., plansza punktacji i instrukcja`).
    for index in bare_once(sentence, covered, numbered, counted_list):
        once = sentence.item(index)
        assert once is not None
        reading.items.append(ReadItem(once, 1, ContentsBasis.BOX, None, tokens[index].start))
    reading.items.sort(key=lambda read: read.start)
    return reading
